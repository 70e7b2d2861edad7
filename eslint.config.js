// ESLint for every JavaScript and TypeScript workspace (`make lint`). Go is checked by
// go vet and staticcheck; formatting is Prettier's job, so no stylistic rules here.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const jsxA11y = require('eslint-plugin-jsx-a11y');
const importPlugin = require('eslint-plugin-import');
const globals = require('globals');
const path = require('node:path');
const { defineConfig } = require('eslint/config');
const { workspaces } = require('./package.json');

// The React workspaces: the kit, the shell (host), the federated remotes and the ops
// console (a plain bundle on the edge's admin address).
const remotes = workspaces.filter((w) => w.startsWith('mf-'));
const reactWorkspaces = ['kit', 'shell', ...remotes, 'ops-console'];
const src = (exts) => reactWorkspaces.map((w) => `${w}/src/**/*.${exts}`);

// Test code: jest files and each workspace's src/test helpers (the kit's harness among them).
const testFiles = reactWorkspaces.flatMap((w) => [`${w}/src/**/*.test.{ts,tsx}`, `${w}/src/test/**/*.{ts,tsx}`]);

// Arrows the architecture forbids (docs/architecture.md, "Module contract"): a remote
// imports only the kit, npm packages and its own files; the shell imports the kit, never a
// remote's source; the kit imports no workspace. None of them reaches into the browser
// tests or the Go edge, except that tests read the answers the edge's Go tests record
// under testdata/, so both sides are tested against the same JSON. Checked on resolved
// file paths, so `../../mf-menu/src/x` counts as well.
function zones({ tests }) {
  const from = (self, allowed) => workspaces.filter((w) => w !== self && !allowed.includes(w)).map((w) => `./${w}`);
  const edge = tests ? { from: './edge/**', except: ['**/testdata/**'] } : { from: './edge' };
  const zone = (target, allowed, message) => [
    { target: `./${target}`, from: from(target, allowed), message },
    { target: `./${target}`, ...edge, message },
  ];
  return [
    ...zone('kit', [], 'The kit depends on no workspace.'),
    ...zone('hosted-fields', [], "The card processor's hosted fields depend on no workspace."),
    ...zone('shell', ['kit'], 'The shell imports only the kit and npm packages.'),
    ...remotes.flatMap((r) => zone(r, ['kit'], 'A remote imports only @henhouse/kit, npm packages and its own files.')),
    ...zone('ops-console', ['kit'], 'The ops console imports only @henhouse/kit, npm packages and its own files.'),
  ];
}

// `@henhouse/<workspace>` other than the kit: missed by a path-based check, because the
// workspace packages do not resolve to source.
const onlyThroughKit = {
  regex: '^@henhouse/(?!kit(/|$))',
  message: 'Workspaces share code only through @henhouse/kit.',
};

// How eslint-plugin-import finds a module: Node's resolution, with TypeScript's
// extensions, through the workspace links to the real files (so a module is one file
// wherever it is imported from), and `@henhouse/kit/<name>` to kit/src/<name> as
// TypeScript's paths and the kit's package exports map it. Without that last step a
// kit module's imports of the kit, which all go by that name, would lead nowhere, and
// neither the cycles nor the forbidden paths among them would be seen.
const resolver = {
  node: {
    extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    preserveSymlinks: false,
    packageIterator: (request, _start, candidates) => {
      const kit = /^@henhouse\/kit\/(?!build\/)(.+)$/.exec(request);
      return kit ? [path.join(__dirname, 'kit', 'src', kit[1])] : candidates();
    },
  },
};

// Casts that switch the type checker off: the value then reaches code typed for something
// it may not be, and renaming a field no longer breaks the build. Tests may build partial
// fakes this way; production code types the value or narrows it.
const typeEscapes = [
  {
    selector: 'TSAsExpression > TSAsExpression.expression[typeAnnotation.type="TSUnknownKeyword"]',
    message: '`as unknown as X` hides a type mismatch: type the value or narrow it.',
  },
  {
    selector: 'TSAsExpression[typeAnnotation.type="TSNeverKeyword"]',
    message: '`as never` accepts anything: type the value or narrow it.',
  },
];

module.exports = defineConfig(
  {
    ignores: [
      '**/node_modules/',
      'build/',
      'bin/',
      'coverage/',
      'e2e/artifacts/',
      'edge/',
      // Generated from the API contract.
      'kit/src/api/schema.d.ts',
    ],
  },
  {
    // A disable comment that no longer silences anything must go.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks a parameter a signature requires but the body does not
      // use (a screen's ScreenProps); a rest sibling drops a property on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  // Browser code: kit, shell and remotes.
  {
    files: src('{ts,tsx}'),
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: src('{ts,tsx}'),
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: globals.browser },
  },
  {
    files: src('{ts,tsx}'),
    plugins: { import: importPlugin },
    settings: { 'import/resolver': resolver },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [onlyThroughKit],
        },
      ],
      'import/no-restricted-paths': ['error', { zones: zones({ tests: false }) }],
      'no-restricted-syntax': ['error', ...typeEscapes],
    },
  },
  {
    // Every kit module is shared with the page one by one, under its name. A kit module
    // that reached another by a relative path would bundle a copy of it beside the
    // shared one: a remote then downloaded the announcer, the tokens or the history a
    // second time (and a module with state would hold it twice). Stylesheets stay local.
    files: ['kit/src/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            onlyThroughKit,
            {
              regex: '^\\.\\.?/(?!.*\\.css$)',
              message: 'Import a kit module by its shared name (@henhouse/kit/…), so the page holds one copy of it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: testFiles,
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
    rules: {
      'no-restricted-syntax': 'off',
      'import/no-restricted-paths': ['error', { zones: zones({ tests: true }) }],
    },
  },

  {
    // No import cycles in any workspace's code. Two modules that import each other run in
    // an order that depends on which one was asked for first: one of them meets the
    // other's bindings before they are set (a TDZ error, or undefined). A cycle through a
    // dynamic import() counts as well: it ties code loaded later to the code that loads
    // it, which is how a chunk meant for later becomes part of the first load.
    files: workspaces.map((w) => `${w}/**/*.{ts,tsx,js,mjs,cjs}`),
    plugins: { import: importPlugin },
    // The modules it reads to follow imports: every kind of source the workspaces hold
    // (the plugin reads only .js files unless told); npm packages are not read, as no
    // import of theirs leads back into ours.
    settings: {
      'import/resolver': resolver,
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import/ignore': ['node_modules'],
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },

  // Node code: build configs, scripts, browser tests, benchmarks.
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: globals.node },
  },
  {
    // The browser tests and the bundle benchmark drive Chromium: the callbacks they hand
    // to page.evaluate run in the page, where window and document exist.
    files: ['e2e/**', 'bench/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Runtime code the federation build puts into the page (kit/build/webpack.cjs,
    // SharedBundlerRuntimePlugin): ES modules in the browser, with the Module Federation
    // version the build defines.
    files: ['kit/build/federation/**'],
    languageOptions: {
      sourceType: 'module',
      globals: { ...globals.browser, __FEDERATION_VERSION__: 'readonly' },
    },
  },
  {
    // The service worker runs in its own global scope.
    files: ['shell/src/pwa/sw.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
);
