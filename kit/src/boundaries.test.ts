// Remotes depend on kit, never on each other or on the shell; kit depends on no
// workspace. This keeps every remote shippable alone (docs/architecture.md).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
// The workspaces with source, as the root package.json lists them (e2e has none).
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
const workspaces = rootPackage.workspaces.filter((w) => existsSync(path.join(root, w, 'src')));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(tsx?|jsx?)$/.test(n) ? [p] : [];
  });
}

const importRe =
  /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

function violations(ws: string): string[] {
  const out: string[] = [];
  for (const f of files(path.join(root, ws, 'src'))) {
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(importRe)) {
      const spec = m[1] ?? m[2] ?? m[3];
      let target: string | null = null;
      if (spec.startsWith('@henhouse/')) target = spec.split('/')[1];
      else if (spec.startsWith('.')) {
        const rel = path.relative(root, path.resolve(path.dirname(f), spec)).split(path.sep)[0];
        if (workspaces.includes(rel)) target = rel;
      }
      if (!target || target === ws) continue;
      const allowed = ws !== 'kit' && target === 'kit';
      if (!allowed) out.push(`${path.relative(root, f)} imports ${spec}`);
    }
  }
  return out;
}

describe('workspace boundaries', () => {
  it.each(workspaces)('%s imports only kit and itself', (ws) => {
    expect(violations(ws)).toEqual([]);
  });
});

// Test code: *.test.* files and the helpers in a src/test/ folder.
const isTestCode = (f: string) => /\.test\.[jt]sx?$/.test(f) || f.split(path.sep).includes('test');
const kitTest = path.join(root, 'kit', 'src', 'test');

/** The kit's test harness (kit/src/test, jest globals and testing libraries) is for
 *  tests only, so no production build of any workspace contains it. */
function testHarnessInProduction(ws: string): string[] {
  const out: string[] = [];
  for (const f of files(path.join(root, ws, 'src'))) {
    if (isTestCode(f)) continue;
    for (const m of readFileSync(f, 'utf8').matchAll(importRe)) {
      const spec = m[1] ?? m[2] ?? m[3];
      const target = spec.startsWith('@henhouse/kit/')
        ? path.join(root, 'kit', 'src', spec.slice('@henhouse/kit/'.length))
        : spec.startsWith('.')
          ? path.resolve(path.dirname(f), spec)
          : null;
      if (target && (target === kitTest || target.startsWith(kitTest + path.sep)))
        out.push(`${path.relative(root, f)} imports ${spec}`);
    }
  }
  return out;
}

// Runtime imports of packages: `import type` is erased and does not count.
const runtimeImportRe =
  /^\s*(?:import|export)\s+(?!type\s)[^'";]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;
const packageOf = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

describe('kit', () => {
  it.each(workspaces)('%s: only tests import the kit test harness', (ws) => {
    expect(testHarnessInProduction(ws)).toEqual([]);
  });

  it('loads at run time only its peer dependencies (the shared singletons), other packages as types', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'kit', 'package.json'), 'utf8')) as {
      peerDependencies: Record<string, string>;
    };
    const allowed = new Set(Object.keys(pkg.peerDependencies));
    const out: string[] = [];
    for (const f of files(path.join(root, 'kit', 'src'))) {
      if (isTestCode(f)) continue;
      for (const m of readFileSync(f, 'utf8').matchAll(runtimeImportRe)) {
        const spec = m[1] ?? m[2] ?? m[3];
        if (spec.startsWith('.') || spec.startsWith('@henhouse/kit/')) continue;
        if (!allowed.has(packageOf(spec))) out.push(`${path.relative(root, f)} imports ${spec}`);
      }
    }
    expect(out).toEqual([]);
  });
});
