import type { Bootstrap, RouteEntry } from '@henhouse/kit/bootstrap';
import table from '../../../edge/internal/routes/testdata/routes.json';
import { resolve } from './resolve';

const boot = (over: Partial<Bootstrap>) =>
  ({ routes: table as RouteEntry[], path: '/', status: 200, layout: 'default', ...over }) as Bootstrap;

describe('resolve', () => {
  it('picks the layout and screen from the edge table', () => {
    const r = resolve(boot({}), '/app/checkout');
    expect(r.layout).toBe('app');
    expect(r.route?.module).toBe('mf-checkout');
    expect(resolve(boot({}), '/order/checkout').layout).toBe('minimal');
  });
  it('keeps the edge 404 decision for the served path only', () => {
    const b = boot({ path: '/no-such-page', status: 404 });
    expect(resolve(b, '/no-such-page').notFound).toBe(true);
    expect(resolve(b, '/catering').notFound).toBe(false);
  });
  it('follows redirects and reports unknown paths', () => {
    expect(resolve(boot({}), '/checkout/order').redirect).toBe('/order/checkout');
    expect(resolve(boot({}), '/checkout/order', '?store=clear').redirect).toBe('/order/checkout?store=clear');
    expect(resolve(boot({}), '/menu/%zz').notFound).toBe(true);
  });
  it('sends the sign-in to its webview variant on ?webview=1 or inside a webview', () => {
    expect(resolve(boot({}), '/account/signin').redirect).toBeUndefined();
    expect(resolve(boot({}), '/account/signin', '?webview=0').redirect).toBeUndefined();
    expect(resolve(boot({}), '/account/signin', '?return=%2Forder&webview=1').redirect).toBe(
      '/app/signin?return=%2Forder',
    );
    const webview = boot({ path: '/app/subscribe', layout: 'app' });
    expect(resolve(webview, '/account/signin', '?return=%2Fapp%2Fsubscribe').redirect).toBe(
      '/app/signin?return=%2Fapp%2Fsubscribe',
    );
    // Other pages keep their own layout: only routes with a variant move.
    expect(resolve(webview, '/account/signup').redirect).toBeUndefined();
    const app = resolve(boot({}), '/app/signin');
    expect(app).toMatchObject({ layout: 'app', notFound: false, route: { module: 'mf-account', screen: 'SignIn' } });
  });
});
