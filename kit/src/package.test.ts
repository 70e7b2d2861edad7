// kit/package.json's exports map: every kit module a remote may import as
// `@henhouse/kit/<path>` resolves to its source file, for webpack's resolver and for
// TypeScript alike, without the build aliases or tsconfig paths that normally short-cut it.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { create } from 'enhanced-resolve';
import ts from 'typescript';
import pkg from '../package.json';

const root = path.resolve(__dirname, '..', '..');
const src = path.join(root, 'kit', 'src');

function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    if (statSync(p).isDirectory()) return n === 'test' ? [] : modules(p);
    return /\.(tsx?|css)$/.test(n) && !/\.test\.|\.d\.ts$/.test(n) ? [p] : [];
  });
}

const specifier = (file: string) =>
  '@henhouse/kit/' +
  path
    .relative(src, file)
    .split(path.sep)
    .join('/')
    .replace(/\.tsx?$/, '');
const all = modules(src);

describe('kit/package.json exports', () => {
  it('has no main pointing at a missing file', () => {
    expect((pkg as { main?: string }).main).toBeUndefined();
    expect(pkg.exports).toBeDefined();
  });

  it('resolves every module for webpack', () => {
    const resolve = create.sync({
      extensions: ['.tsx', '.ts', '.js'],
      conditionNames: ['webpack', 'production', 'browser', 'import', 'module'],
      exportsFields: ['exports'],
    });
    const wrong = all.filter((f) => resolve(root, specifier(f)) !== f);
    expect(wrong).toEqual([]);
    expect(resolve(root, '@henhouse/kit/build/webpack.cjs')).toBe(path.join(root, 'kit', 'build', 'webpack.cjs'));
  });

  it('resolves every TypeScript module for tsc', () => {
    const options: ts.CompilerOptions = {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    };
    const from = path.join(root, 'mf-menu', 'src', 'index.ts');
    const wrong = all
      .filter((f) => !f.endsWith('.css'))
      .filter((f) => ts.resolveModuleName(specifier(f), from, options, ts.sys).resolvedModule?.resolvedFileName !== f);
    expect(wrong).toEqual([]);
  });
});
