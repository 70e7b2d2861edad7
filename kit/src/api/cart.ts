// The visitor's cart (docs/api.md, "Cart"). Each call answers the cart as the edge now
// has it; callers put it in the store.
//
// Every change says which version of the cart it was made on (If-Match, the version
// of the cart the store shows). When the cart changed meanwhile in another tab or on
// another device, the edge answers 412 cart_changed with the cart as it is now: the
// store shows that cart, a change that means the same on it (adding a product, the
// quantity or removal of a line it still holds) is made again once on it, and any
// other is given up with the edge's message in the polite live region, so the guest
// checks the cart before going on (docs/api.md, "Concurrent changes").
import { ApiError, http } from '@henhouse/kit/api/client';
import type { AddProductRequest, Cart, LineInput, TimeWanted } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';
import { announce } from '@henhouse/kit/ui/announce';

type Body<T> = T extends { body?: infer B } ? B : never;
/** What PUT /api/cart/handoff takes: the mode and, for it, the vehicle or the delivery address. */
export type HandoffInput = NonNullable<Body<Parameters<typeof http.put<'/cart/handoff'>>[1]>>;

export const getCart = (signal?: AbortSignal) => http.get('/cart', { signal });

type Headers = Record<string, string> | undefined;

/** ifMatch is the If-Match of a change to cart (the store's): none without a cart. */
function ifMatch(cart: Cart | null | undefined): Headers {
  return cart ? { 'If-Match': `"${cart.version}"` } : undefined;
}

/** versioned makes a change on the version of the cart the store shows. On 412
 *  cart_changed the store takes the current cart; when again(current) says the change
 *  still means the same on it, the change is made once more on its version, else the
 *  guest is told (the edge's message, polite live region) and the ApiError is thrown. */
export async function versioned<T>(
  change: (headers: Headers) => Promise<T>,
  again?: (current: Cart) => boolean,
): Promise<T> {
  const current = (e: unknown): Cart | null => {
    if (!(e instanceof ApiError) || e.status !== 412 || e.code !== 'cart_changed') return null;
    return (e.body as { cart?: Cart } | undefined)?.cart ?? null;
  };
  try {
    return await change(ifMatch(useAppStore.getState().cart));
  } catch (e) {
    const now = current(e);
    if (!now) throw e;
    useAppStore.getState().set({ cart: now });
    if (again?.(now)) {
      try {
        return await change(ifMatch(now));
      } catch (e2) {
        const later = current(e2);
        if (!later) throw e2;
        useAppStore.getState().set({ cart: later });
        announce((e2 as ApiError).message);
        throw e2;
      }
    }
    announce((e as ApiError).message);
    throw e;
  }
}

const holds = (lineId: string) => (c: Cart) => c.products.some((l) => l.id === lineId);

export const abandonCart = () => versioned((headers) => http.del('/cart', { headers }));
export const transferCart = (menuId: string, locationId?: string) =>
  versioned((headers) => http.post('/cart/transfer', { body: { menu_id: menuId, location_id: locationId }, headers }));
/** createCart starts a cart; over an open cart that holds items only with `replace` (else 409 cart_open). */
export const createCart = (menuId: string, locationId?: string, replace?: boolean) =>
  versioned((headers) =>
    http.post('/cart', {
      body: { menu_id: menuId, ...(locationId ? { location_id: locationId } : {}), ...(replace ? { replace } : {}) },
      headers,
    }),
  );
/** addProduct adds a line; without `modifiers` the edge takes the product's default choices
 *  (quick add). Adding means the same on any version: made again after a 412. */
export const addProduct = (productId: string, line: Omit<AddProductRequest, 'product_id'> = {}) =>
  versioned(
    (headers) => http.post('/cart/products', { body: { product_id: productId, ...line }, headers }),
    () => true,
  );
/** updateLine changes a line; omitted fields keep the line's. */
export const updateLine = (lineId: string, body: LineInput) =>
  versioned((headers) => http.put('/cart/products/{lineId}', { params: { path: { lineId } }, body, headers }));
/** setLineQuantity: made again after a 412 while the cart still holds the line. */
export const setLineQuantity = (lineId: string, quantity: number) =>
  versioned(
    (headers) => http.put('/cart/products/{lineId}', { params: { path: { lineId } }, body: { quantity }, headers }),
    holds(lineId),
  );
/** removeLine: made again after a 412 while the cart still holds the line. */
export const removeLine = (lineId: string) =>
  versioned((headers) => http.del('/cart/products/{lineId}', { params: { path: { lineId } }, headers }), holds(lineId));
export const setHandoff = (body: HandoffInput) => versioned((headers) => http.put('/cart/handoff', { body, headers }));
export const setTime = (body: TimeWanted) => versioned((headers) => http.put('/cart/time', { body, headers }));
/** cartTimes: the times the cart can be wanted for, each labelled with its day; those its
 *  products' notice rules out are left out, and `notice` says why. */
export const cartTimes = (signal?: AbortSignal) => http.get('/cart/times', { signal });
/** validateCart checks the cart for checkout now, as placing it would, without placing it:
 *  `blockers` stop checkout (the first is what submit would refuse with), `warnings` do not. */
export const validateCart = () => http.post('/cart/validate', {});
/** send is the generic send: any /api call described as data, answered as {status, body}. */
export const send = (method: string, path: string, body?: unknown) =>
  http.post('/send', {
    body: body === undefined ? { method: method as 'GET', path } : { method: method as 'GET', path, body },
  });
