// Records the edge's real answers for the menu screens' jest tests into menu-api.json:
// the standard menu at oh-dayton, two products (one whose groups all have defaults, one
// whose family sides have none), a new cart, a configured line added, and the edge's
// refusal of a line with a group left incomplete. The edge's clock is 7:00 AM in Dayton,
// so breakfast is served and leads the menu, whatever the hour of the recording.
//
//   go build -o bin/edge ./edge/cmd/edge && node mf-menu/src/test/record-menu.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEdge } from '../../../e2e/tests/harness.mjs';
import { guestSession, writeRecorded } from '../../../e2e/tests/recorder.mjs';

const edge = await startEdge({ ORDER_CLOCK_START: '2026-11-25T07:00:00-05:00' });
const out = {};
try {
  const { ok } = await guestSession(edge);
  out['GET /api/menus/{menuId}'] = await ok('GET', '/api/menus/m-standard?location_id=oh-dayton');
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
writeRecorded(path.join(path.dirname(fileURLToPath(import.meta.url)), 'menu-api.json'), out);
