// One visit of every route of the route table (edge/internal/routes/testdata/routes.json,
// docs/routes.md) as a guest with an item in the cart: the path to open, what shows the
// screen is ready, and a name for it. Used by the controls sweep (controls.test.mjs) and
// the screenshots (../screens.mjs), so both see the same pages.
import { readFileSync } from 'node:fs';
import { chooseLocation, pageApi } from './harness.mjs';

const screen = (name) => `[data-screen="${name}"]`;

/** [name, path, ready selector, route id]: at least one per route of the table. */
export const visits = [
  ['home', '/', screen('mf-content/ContentPage'), 'home'],
  ['not-found', '/404', 'text=This page could not be found', 'not-found'],
  // A guest asking for a member page is sent to sign in (routes.test.mjs).
  ['account', '/account', screen('mf-account/SignIn'), 'account'],
  ['account-confirmed', '/account/confirmed', screen('mf-account/Confirmed'), 'account-confirmed'],
  ['account-forgot', '/account/forgot', `${screen('mf-account/Forgot')} form`, 'account-forgot'],
  ['account-settings', '/account/settings', screen('mf-account/SignIn'), 'account-settings'],
  ['signin', '/account/signin', `${screen('mf-account/SignIn')} form`, 'account-signin'],
  ['signup', '/account/signup', `${screen('mf-account/SignUp')} form`, 'account-signup'],
  ['contact', '/contact', 'select[name="topic"]:enabled', 'contact'],
  ['jobs-louisville', '/henhouse-louisville-jobs', `${screen('mf-content/Jobs')} h2`, 'jobs'],
  ['locations', '/locations', screen('mf-locations/Search'), 'locations'],
  ['locations-all', '/locations/all', screen('mf-locations/All'), 'locations-all'],
  ['locations-louisville', '/locations/ky/louisville', screen('mf-locations/Browse'), 'locations-browse'],
  ['location-page', '/locations/ky/louisville/louisville', '.hh-loc-page', 'locations-browse'],
  ['order', '/order', screen('mf-checkout/Order'), 'order'],
  ['checkout', '/order/checkout', screen('mf-checkout/Checkout'), 'checkout'],
  ['order-confirm', '/order/confirm', screen('mf-checkout/Confirmation'), 'order-confirm'],
  ['checkout-alias', '/checkout/order', screen('mf-checkout/Checkout'), 'checkout-alias'],
  ['giftcards-buy', '/gift-cards/buy', screen('mf-checkout/GiftCardsBuy'), 'giftcards-buy'],
  ['giftcards-balance', '/gift-cards/balance', screen('mf-checkout/GiftCardsBalance'), 'giftcards-balance'],
  // A guest who chose a location gets that location's menu (docs/routes.md).
  ['menu-index', '/menu', `${screen('mf-locations/Search')}, [data-screen^="mf-menu/"] h2`, 'menu-index'],
  ['menu-category', '/menu/m-standard/category/sides', '.hh-product-card', 'menu-category'],
  ['product', '/menu/m-standard/product/tenders-3', 'role=group[name=/^Flavor/]', 'menu-product'],
  ['menu', '/menu/m-standard', 'h2:text-is("Chicken")', 'menu'],
  // A group order's link with a code no group has: the page a mistyped link opens (the
  // controls sweep also opens a real group's page, controls.test.mjs).
  ['group', '/group/NoSuchGroup00000', 'text=Check the link.', 'group'],
  ['app-group', '/app/group/NoSuchGroup00000', 'text=Check the link.', 'app-group'],
  ['app-checkout', '/app/checkout', screen('mf-checkout/Checkout'), 'app-checkout'],
  ['app-code', '/app/code', screen('mf-account/AppCode'), 'app-code'],
  ['app-signin', '/app/signin', `${screen('mf-account/SignIn')} form`, 'app-signin'],
  ['app-subscribe', '/app/subscribe', screen('mf-account/Subscribe'), 'app-subscribe'],
  ['app-testcheckout', '/app/testcheckout', screen('mf-checkout/TestCheckout'), 'app-testcheckout'],
  ['sitemap', '/sitemap', screen('mf-content/Sitemap'), 'sitemap'],
  ['typography', '/typography', screen('mf-content/Typography'), 'typography'],
  ['about', '/about', screen('mf-content/ContentPage'), 'content'],
  ['catering', '/catering', screen('mf-content/ContentPage'), 'content'],
];

/** The route ids of the table that no visit above covers (a new route must be added). */
export function unvisitedRoutes() {
  const table = JSON.parse(readFileSync(new URL('../../edge/internal/routes/testdata/routes.json', import.meta.url)));
  return table.filter((r) => !visits.some(([, , , id]) => id === r.id)).map((r) => r.id);
}

/** withCart starts a cart at Columbus Downtown with two 3-piece tenders in it and makes
 *  that the guest's chosen location, as a guest who ordered would have it. */
export async function withCart(page, base) {
  await page.goto(base + '/locations');
  const cart = await pageApi(page, 'POST', '/cart', { menu_id: 'm-standard', location_id: 'oh-columbus-downtown' });
  if (cart.status !== 201) throw new Error(`POST /cart: ${cart.status} ${JSON.stringify(cart.body)}`);
  const item = await pageApi(page, 'POST', '/cart/products', {
    product_id: 'tenders-3',
    quantity: 2,
    modifiers: [{ id: 'flv-spicy' }],
  });
  if (item.status !== 201) throw new Error(`POST /cart/products: ${item.status} ${JSON.stringify(item.body)}`);
  const here = await pageApi(page, 'GET', '/locations/oh-columbus-downtown');
  await chooseLocation(page, here.body.location);
}

/** visit opens path and waits until its screen is there, the prerendered copy gone and
 *  the network quiet, so what is measured is what the guest gets. */
export async function visit(page, base, path, ready) {
  await page.goto(base + path);
  await page.locator(ready).first().waitFor({ timeout: 20000 });
  await page.locator('#main [data-prerendered]').waitFor({ state: 'detached', timeout: 20000 });
  await page.waitForLoadState('networkidle');
}

/** openCartDrawer opens the cart drawer from the header's cart button and answers it. */
export async function openCartDrawer(page) {
  await page.locator('.hh-cart-button').first().click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await drawer.getByRole('heading', { name: 'Order Time' }).waitFor({ timeout: 20000 });
  await page.waitForLoadState('networkidle');
  return drawer;
}
