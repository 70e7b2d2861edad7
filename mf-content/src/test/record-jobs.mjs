// Records the edge's real answers for the jobs screen's jest tests into jobs-api.json:
// Dayton (one restaurant), Columbus (two), Toledo (a restaurant, no openings) and a city
// without a restaurant. Posting dates are moved to count back from 2030-01-15, keeping how
// many days ago each was posted, so the tests can read "Posted 3 days ago".
//
//   go build -o bin/edge ./edge/cmd/edge && node mf-content/src/test/record-jobs.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEdge } from '../../../e2e/tests/harness.mjs';
import { guestSession } from '../../../e2e/tests/recorder.mjs';

const DAY = 86_400_000;
const today = Math.floor(Date.now() / DAY);
const anchor = Date.parse('2030-01-15T00:00:00Z') / DAY;
const moved = (iso) => new Date((anchor - (today - Math.floor(Date.parse(iso) / DAY))) * DAY).toISOString();

const edge = await startEdge();
const out = {};
try {
  const { ok } = await guestSession(edge);
  for (const city of ['dayton', 'columbus', 'toledo']) {
    const r = await ok('GET', `/api/careers/cities/${city}/jobs`);
    for (const o of r.body.city.openings) {
      o.posted_at = moved(o.posted_at);
      o.valid_through = moved(o.valid_through);
    }
    out[`GET /api/careers/cities/{city}/jobs ${city}`] = r;
  }
  out['GET /api/careers/cities/{city}/jobs not_found'] = await ok(
    'GET',
    '/api/careers/cities/atlantis/jobs',
    undefined,
    404,
  );
} finally {
  edge.stop();
}
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'jobs-api.json');
writeFileSync(file, JSON.stringify(out, null, 1) + '\n');
console.log('wrote', Object.keys(out).join(', '));
