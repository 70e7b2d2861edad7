// Menus, categories, products and catering (docs/api.md, "Menus" and "Catering").
// locationId is where part-day products (breakfast) are judged.
import { http } from '@henhouse/kit/api/client';
import type { EstimateInput } from '@henhouse/kit/api/types';

/** getMenu answers the menu and the location it is shown for, in one request. */
export const getMenu = (menuId: string, locationId?: string, signal?: AbortSignal) =>
  http.get('/menus/{menuId}', { params: { path: { menuId }, query: { location_id: locationId } }, signal });

export const getCategory = (menuId: string, categoryId: string, locationId?: string, signal?: AbortSignal) =>
  http.get('/menus/{menuId}/categories/{categoryId}', {
    params: { path: { menuId, categoryId }, query: { location_id: locationId } },
    signal,
  });

/** getProduct answers the product and the products suggested with it (upsells). */
export const getProduct = (menuId: string, productId: string, signal?: AbortSignal, locationId?: string) =>
  http.get('/menus/{menuId}/products/{productId}', {
    params: { path: { menuId, productId }, query: { location_id: locationId } },
    signal,
  });

/** getNutrition: the calories and markers of every product (docs/menu.md, "Nutrition and allergens"). */
export const getNutrition = (menuId?: string, signal?: AbortSignal) =>
  http.get('/nutrition', { params: { query: { menu_id: menuId } }, signal });

export const getCatering = (menuId?: string, signal?: AbortSignal) =>
  http.get('/catering', { params: { query: { menu_id: menuId } }, signal });

export const searchCatering = (
  query: { q?: string; occasion?: string; headcount?: number; menu_id?: string },
  signal?: AbortSignal,
) => http.get('/catering/search', { params: { query }, signal });

export const estimateCatering = (body: EstimateInput) => http.post('/catering/estimate', { body });
