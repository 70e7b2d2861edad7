// Records the edge's real answer for the nutrition table's jest tests into
// nutrition-api.json: every product's calories and markers.
//
//   make build && node mf-content/src/test/record-nutrition.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEdge } from '../../../e2e/tests/harness.mjs';
import { guestSession, writeRecorded } from '../../../e2e/tests/recorder.mjs';

const edge = await startEdge();
const out = {};
try {
  const { ok } = await guestSession(edge);
  out['GET /api/nutrition'] = await ok('GET', '/api/nutrition');
  out['GET /api/menus/m-standard/products/tenders-3'] = await ok('GET', '/api/menus/m-standard/products/tenders-3');
} finally {
  edge.stop();
}
writeRecorded(path.join(path.dirname(fileURLToPath(import.meta.url)), 'nutrition-api.json'), out);
