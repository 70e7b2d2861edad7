// Records the edge's real answers for the catering blocks' jest tests into
// catering-api.json: the standard menu's catering, a search by occasion and headcount, an
// estimate for 30 hearty guests, and those packages added to a new cart at oh-dayton.
//
//   go build -o bin/edge ./edge/cmd/edge && node mf-content/src/test/record-catering.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEdge } from '../../../e2e/tests/harness.mjs';
import { guestSession, writeRecorded } from '../../../e2e/tests/recorder.mjs';

const edge = await startEdge();
const out = {};
try {
  const { ok } = await guestSession(edge);
  out['GET /api/catering'] = await ok('GET', '/api/catering?menu_id=m-standard');
  out['GET /api/catering/search'] = await ok(
    'GET',
    '/api/catering/search?occasion=birthday&headcount=30&menu_id=m-standard',
  );
  out['GET /api/catering/search tray'] = await ok('GET', '/api/catering/search?q=tray&menu_id=m-standard');
  const est = await ok('POST', '/api/catering/estimate', {
    headcount: 30,
    occasion: '',
    appetite: 'hearty',
    menuId: 'm-standard',
  });
  out['POST /api/catering/estimate'] = est;
  out['POST /api/catering/estimate invalid'] = await ok(
    'POST',
    '/api/catering/estimate',
    { headcount: 2, occasion: '' },
    400,
  );
  out['POST /api/cart'] = await ok('POST', '/api/cart', { menuId: 'm-standard', locationId: 'oh-dayton' }, 201);
  for (const l of est.body.estimate.lines) {
    out['POST /api/cart/products'] = await ok(
      'POST',
      '/api/cart/products',
      { productId: l.package_id, quantity: l.quantity },
      201,
    );
  }
} finally {
  edge.stop();
}
writeRecorded(path.join(path.dirname(fileURLToPath(import.meta.url)), 'catering-api.json'), out);
