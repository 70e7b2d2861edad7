// Records the edge's real answers for the rewards-in-the-cart calls into
// rewards-api.json, which the cart drawer's jest tests answer their fake /api from.
// A new member (100 welcome points, +1000 from the dev endpoint) with a cart at
// oh-dayton redeems "Free Buttermilk Biscuit", fails a reward they cannot afford,
// removes the biscuit again, then takes the welcome reward offer. Ids and times are replaced with stable placeholders.
//
//   go build -o bin/edge ./edge/cmd/edge && node mf-checkout/src/test/record-rewards.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEdge } from '../../../e2e/tests/harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const edge = await startEdge();
const jar = new Map();
let csrf = '';

async function send(method, p, body, headers = {}) {
  const r = await fetch(edge.base + p, {
    method,
    redirect: 'manual',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-CSRF-Token': csrf,
      Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  for (const c of r.headers.getSetCookie()) {
    const [kv] = c.split(';');
    const i = kv.indexOf('=');
    const [k, v] = [kv.slice(0, i), kv.slice(i + 1)];
    if (v === '' || /max-age=0|max-age=-/i.test(c)) jar.delete(k);
    else jar.set(k, v);
  }
  const text = await r.text();
  return {
    status: r.status,
    body: text && (r.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text,
  };
}
async function ok(method, p, body, want = 200, headers) {
  const r = await send(method, p, body, headers);
  if (r.status !== want) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
}

const out = {};
try {
  const page = await send('GET', '/');
  csrf = JSON.parse(/<script id="bootstrap"[^>]*>([\s\S]*?)<\/script>/.exec(page.body)[1]).csrf;
  const bot = async (action) => (await ok('POST', '/api/botcheck/token', { action })).body.token;
  const up = await ok(
    'POST',
    '/api/auth/signup',
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '5135550100',
      password: 'chicken123',
      favoriteLocationId: 'oh-dayton',
    },
    201,
    { 'X-Bot-Check': await bot('signup') },
  );
  out['POST /api/auth/signup'] = up;
  // Confirming the email address brings the welcome reward offer.
  const mail = (await ok('GET', '/api/dev/outbox?email=ada%40example.com')).body.messages.find(
    (m) => m.kind === 'confirm',
  );
  await ok('POST', '/api/auth/confirm', { code: mail.code });
  out['POST /api/rewards/{id}/redeem no_cart'] = await ok('POST', '/api/rewards/free-biscuit/redeem', undefined, 422);
  await ok('POST', '/api/dev/points', { memberId: up.body.user.id, points: 1000 });
  out['GET /api/rewards'] = await ok('GET', '/api/rewards');
  await ok('POST', '/api/cart', { menuId: 'm-standard', locationId: 'oh-dayton' }, 201);
  out['POST /api/cart/products'] = await ok(
    'POST',
    '/api/cart/products',
    { productId: 'tenders-3', quantity: 2, modifiers: [{ id: 'flv-spicy' }] },
    201,
  );
  out['POST /api/rewards/{id}/redeem not_enough_points'] = await ok(
    'POST',
    '/api/rewards/free-family-8/redeem',
    undefined,
    422,
  );
  const red = await ok('POST', '/api/rewards/free-biscuit/redeem');
  out['POST /api/rewards/{id}/redeem'] = red;
  out['DELETE /api/rewards/redemptions/{id}'] = await ok(
    'DELETE',
    `/api/rewards/redemptions/${red.body.redemption.id}`,
  );
  const offer = out['GET /api/rewards'].body.reward_offers[0];
  out['POST /api/rewards/offers/{id}/redeem'] = await ok('POST', `/api/rewards/offers/${offer.id}/redeem`);
} finally {
  edge.stop();
}

// Stable placeholders for what changes from run to run.
const ids = new Map();
const placeholder = (prefix) => {
  const n = [...ids.values()].filter((v) => v.startsWith(prefix + '_')).length + 1;
  return `${prefix}_${n}`;
};
const json = JSON.stringify(
  out,
  (k, v) => {
    if (typeof v !== 'string') return v;
    if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v)) return '2030-01-15T12:00:00Z';
    const m = /^(m|c|l|rd)_[A-Za-z0-9_-]{6,}$/.exec(v);
    if (m) {
      if (!ids.has(v)) ids.set(v, placeholder(m[1]));
      return ids.get(v);
    }
    if (k === 'member_number') return 'HH1234567890';
    return v;
  },
  1,
);
writeFileSync(path.join(here, 'rewards-api.json'), json + '\n');
console.log('wrote', Object.keys(out).join(', '));
