// Remotes depend on kit, never on each other or on the shell; kit depends on no
// workspace. This keeps every remote shippable alone (docs/architecture.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const workspaces = ['shell', 'mf-locations', 'mf-menu', 'mf-checkout', 'mf-account', 'mf-content', 'kit'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(tsx?|jsx?)$/.test(n) ? [p] : [];
  });
}

const importRe = /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

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
