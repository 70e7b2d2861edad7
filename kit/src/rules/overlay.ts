// The site overlay's "Order Now" action (docs/shell.md, "Site overlay").

const hiddenAccountPages = ['/account/signin', '/account/signup', '/account/forgot', '/account/confirmed'];

/** overlayHidden: hidden on the account sign-in, sign-up, forgot and confirmed pages
 *  (with or without a trailing slash) and on any path containing location, menu or order. */
export function overlayHidden(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (hiddenAccountPages.includes(p)) return true;
  return /location|menu|order/.test(pathname);
}

interface CartLike {
  menu_id?: string;
  products?: unknown[];
}
interface LocationLike {
  menu_id?: string;
}

/** orderNowDestination: the destination table (docs/shell.md, "Site overlay"), checked in its order. */
export function orderNowDestination(
  cart: CartLike | null | undefined,
  location: LocationLike | null | undefined,
): string {
  if (cart && (cart.products?.length ?? 0) > 0) return '/checkout/order';
  if (cart && cart.menu_id) return `/menu/${encodeURIComponent(cart.menu_id)}`;
  if (location?.menu_id) return `/menu/${encodeURIComponent(location.menu_id)}`;
  return '/locations';
}
