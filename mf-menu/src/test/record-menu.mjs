// Records the edge's real answers for the menu screens' jest tests into menu-api.json:
// the standard menu at oh-dayton, two products (one whose groups all have defaults, one
// whose family sides have none), a new cart, a configured line added, and the edge's
// refusal of a line with a group left incomplete. Ids and times become placeholders.
//
//   go build -o bin/edge ./edge/cmd/edge && node mf-menu/src/test/record-menu.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEdge } from '../../../e2e/tests/harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const edge = await startEdge();
const jar = new Map();
let csrf = '';

async function send(method, p, body) {
  const r = await fetch(edge.base + p, {
    method,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-CSRF-Token': csrf,
      Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  for (const c of r.headers.getSetCookie()) {
    const [kv] = c.split(';');
    const i = kv.indexOf('=');
    jar.set(kv.slice(0, i), kv.slice(i + 1));
  }
  const text = await r.text();
  return { status: r.status, body: (r.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
}
async function ok(method, p, body, want = 200) {
  const r = await send(method, p, body);
  if (r.status !== want) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
}

const out = {};
try {
  const page = await send('GET', '/');
  csrf = JSON.parse(/<script id="bootstrap"[^>]*>([\s\S]*?)<\/script>/.exec(page.body)[1]).csrf;
  out['GET /api/menus/{menuId}'] = await ok('GET', '/api/menus/m-standard?locationId=oh-dayton');
  out['GET /api/menus/{menuId}/products/two-piece'] = await ok('GET', '/api/menus/m-standard/products/two-piece');
  out['GET /api/menus/{menuId}/products/family-8'] = await ok('GET', '/api/menus/m-standard/products/family-8');
  out['POST /api/cart'] = await ok('POST', '/api/cart', { menuId: 'm-standard', locationId: 'oh-dayton' }, 201);
  out['POST /api/cart/products'] = await ok(
    'POST',
    '/api/cart/products',
    {
      productId: 'two-piece',
      quantity: 1,
      modifiers: [{ id: 'flv-honey-butter' }, { id: 'pcs-mixed' }, { id: 'dip-ranch' }],
    },
    201,
  );
  out['POST /api/cart/products incomplete'] = await ok(
    'POST',
    '/api/cart/products',
    { productId: 'family-8', modifiers: [{ id: 'flv-original' }, { id: 'pcs-mixed' }] },
    400,
  );
} finally {
  edge.stop();
}

const ids = new Map();
const json = JSON.stringify(
  out,
  (k, v) => {
    if (typeof v !== 'string') return v;
    if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v)) return '2030-01-15T12:00:00Z';
    const m = /^(c|l)_[A-Za-z0-9_-]{6,}$/.exec(v);
    if (m) {
      if (!ids.has(v)) ids.set(v, `${m[1]}_${[...ids.values()].filter((x) => x.startsWith(m[1] + '_')).length + 1}`);
      return ids.get(v);
    }
    return v;
  },
  1,
);
writeFileSync(path.join(here, 'menu-api.json'), json + '\n');
console.log('wrote', Object.keys(out).join(', '));
