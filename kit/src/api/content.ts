// Content-managed pages and popups (docs/api.md, "Content").
import { http, request, type ApiResponse } from '@henhouse/kit/api/client';

/** getPage: a content page by its slug, which may hold slashes (about/history); "" is home. */
export function getPage(slug: string, signal?: AbortSignal) {
  // Each segment is encoded on its own, so the slashes between them stay path separators.
  const path = slug.split('/').map(encodeURIComponent).join('/');
  return request<ApiResponse<'/content/pages/{slug}', 'get'>>(`/content/pages/${path}`, { signal });
}
export const getSlugs = (signal?: AbortSignal) => http.get('/content/slugs', { signal });
export const getPopups = (signal?: AbortSignal) => http.get('/content/popups', { signal });
