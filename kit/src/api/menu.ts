// Menus, categories and products (docs/api.md, "Menus").
import { http } from '@henhouse/kit/api/client';

/** getProduct answers the product and the products suggested with it (upsells). */
export const getProduct = (menuId: string, productId: string, signal?: AbortSignal) =>
  http.get('/menus/{menuId}/products/{productId}', { params: { path: { menuId, productId } }, signal });
