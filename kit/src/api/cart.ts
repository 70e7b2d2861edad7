// The visitor's cart (docs/api.md, "Cart"). Each call answers the cart as the edge now
// has it; callers put it in the store.
import { http } from '@henhouse/kit/api/client';
import type { AddProductRequest, LineInput, TimeWanted } from '@henhouse/kit/api/types';

type Body<T> = T extends { body?: infer B } ? B : never;
/** What PUT /api/cart/handoff takes: the mode and, for it, the vehicle or the delivery address. */
export type HandoffInput = NonNullable<Body<Parameters<typeof http.put<'/cart/handoff'>>[1]>>;

export const getCart = (signal?: AbortSignal) => http.get('/cart', { signal });
export const abandonCart = () => http.del('/cart');
export const transferCart = (menuId: string, locationId?: string) =>
  http.post('/cart/transfer', { body: { menu_id: menuId, location_id: locationId } });
/** createCart starts a cart; over an open cart that holds items only with `replace` (else 409 cart_open). */
export const createCart = (menuId: string, locationId?: string, replace?: boolean) =>
  http.post('/cart', {
    body: { menu_id: menuId, ...(locationId ? { location_id: locationId } : {}), ...(replace ? { replace } : {}) },
  });
/** addProduct adds a line; without `modifiers` the edge takes the product's default choices (quick add). */
export const addProduct = (productId: string, line: Omit<AddProductRequest, 'product_id'> = {}) =>
  http.post('/cart/products', { body: { product_id: productId, ...line } });
/** updateLine changes a line; omitted fields keep the line's. */
export const updateLine = (lineId: string, body: LineInput) =>
  http.put('/cart/products/{lineId}', { params: { path: { lineId } }, body });
export const setLineQuantity = (lineId: string, quantity: number) =>
  http.put('/cart/products/{lineId}', { params: { path: { lineId } }, body: { quantity } });
export const removeLine = (lineId: string) => http.del('/cart/products/{lineId}', { params: { path: { lineId } } });
export const setHandoff = (body: HandoffInput) => http.put('/cart/handoff', { body });
export const setTime = (body: TimeWanted) => http.put('/cart/time', { body });
/** cartTimes: the times the cart can be wanted for, each labelled with its day; those its
 *  products' notice rules out are left out, and `notice` says why. */
export const cartTimes = (signal?: AbortSignal) => http.get('/cart/times', { signal });
/** send is the generic send: any /api call described as data, answered as {status, body}. */
export const send = (method: string, path: string, body?: unknown) =>
  http.post('/send', {
    body: body === undefined ? { method: method as 'GET', path } : { method: method as 'GET', path, body },
  });
