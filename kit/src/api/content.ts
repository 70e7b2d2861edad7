// Content-managed pages and popups (docs/api.md, "Content").
import { http, request, type ApiResponse } from '@henhouse/kit/api/client';
import type { components, operations } from '@henhouse/kit/api/schema';

/** getPage: a content page by its slug, which may hold slashes (about/history); "" is home. */
export function getPage(slug: string, signal?: AbortSignal) {
  // Each segment is encoded on its own, so the slashes between them stay path separators.
  const path = slug.split('/').map(encodeURIComponent).join('/');
  return request<ApiResponse<'/content/pages/{slug}', 'get'>>(`/content/pages/${path}`, { signal });
}
export const getSlugs = (signal?: AbortSignal) => http.get('/content/slugs', { signal });
export const getPopups = (signal?: AbortSignal) => http.get('/content/popups', { signal });

/** Something a contact message can be about: the id to send and the words to show. */
export type ContactTopic = components['schemas']['ContactTopic'];
/** What the contact form sends (docs/contact.md). */
export type ContactMessage = NonNullable<
  operations['sendContactMessage']['requestBody']
>['content']['application/json'];
export const contactTopics = (signal?: AbortSignal) => http.get('/contact/topics', { signal });
/** sendContactMessage files a message with guest relations; botCheck is botHeaders('contact'). */
export const sendContactMessage = (body: ContactMessage, botCheck: Record<string, string>) =>
  http.post('/contact', { body, params: { header: botCheck } });
