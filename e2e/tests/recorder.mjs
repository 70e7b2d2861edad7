// Records the real edge's answers for a remote's jest tests: a guest session (cookies and
// the page's CSRF token) on a started edge, and the answers written with stable
// placeholders for ids and times. Used by the remotes' src/test/record-*.mjs scripts.
import { writeFileSync } from 'node:fs';

export async function guestSession(edge) {
  const jar = new Map();
  let csrf = '';
  /** send makes one request of the session; headers adds to its own (an X-Bot-Check token). */
  async function send(method, p, body, headers = {}) {
    const r = await fetch(edge.base + p, {
      method,
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
      jar.set(kv.slice(0, i), kv.slice(i + 1));
    }
    const text = await r.text();
    return { status: r.status, body: (r.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
  }
  const page = await send('GET', '/');
  csrf = JSON.parse(/<script id="bootstrap"[^>]*>([\s\S]*?)<\/script>/.exec(page.body)[1]).csrf;
  return {
    send,
    /** ok sends and insists on the status. */
    async ok(method, p, body, want = 200) {
      const r = await send(method, p, body);
      if (r.status !== want) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(r.body)}`);
      return r;
    },
  };
}

/** writeRecorded writes the answers with every time as 2030-01-15T12:00:00Z and cart and
 *  line ids as c_1, l_1, … */
export function writeRecorded(file, out) {
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
  writeFileSync(file, json + '\n');
  console.log('wrote', Object.keys(out).join(', '));
}
