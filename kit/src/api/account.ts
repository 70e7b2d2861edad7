// Signing in and the member's account (docs/identity.md, "API"), and the app state the
// native app hands over (docs/webview.md). Guarded calls take the bot-check headers.
import { http } from '@henhouse/kit/api/client';
import type { AddressInput } from '@henhouse/kit/api/types';

type Headers = Record<string, string>;
type Body<T> = T extends { body?: infer B } ? B : never;
export type SignUpInput = NonNullable<Body<Parameters<typeof http.post<'/auth/signup'>>[1]>>;
export type ProfileInput = NonNullable<Body<Parameters<typeof http.patch<'/user'>>[1]>>;
export type SettingsInput = NonNullable<Body<Parameters<typeof http.patch<'/user/settings'>>[1]>>;

export const signUp = (body: SignUpInput, headers: Headers) => http.post('/auth/signup', { body, headers });
export const signIn = (email: string, password: string, headers: Headers) =>
  http.post('/auth/signin', { body: { email, password }, headers });
export const passwordless = (identifier: string, headers: Headers) =>
  http.post('/auth/passwordless', { body: { identifier }, headers });
export const submitCode = (challengeId: string, code: string) =>
  http.post('/auth/code', { body: { challenge_id: challengeId, code } });
export const resendCode = (challengeId: string) =>
  http.post('/auth/code/resend', { body: { challenge_id: challengeId } });
export const forgotPassword = (email: string, headers: Headers) =>
  http.post('/auth/forgot', { body: { email }, headers });
export const resetPassword = (email: string, code: string, password: string) =>
  http.post('/auth/reset', { body: { email, code, password } });
export const confirmEmail = (code: string) => http.post('/auth/confirm', { body: { code } });
export const ssoExchange = (code: string, state: string) => http.post('/auth/sso/exchange', { body: { code, state } });
export const logout = () => http.post('/auth/logout');

export const getUser = () => http.get('/user');
export const updateProfile = (body: ProfileInput) => http.patch('/user', { body });
/** Changes only the settings sent (PATCH): the others keep their values. */
export const updateSettings = (body: SettingsInput) => http.patch('/user/settings', { body });
export const changePassword = (current: string, password: string) =>
  http.post('/user/password', { body: { current, password } });
export const sendConfirmation = () => http.post('/user/confirmation');

export const getAddresses = (signal?: AbortSignal) => http.get('/user/addresses', { signal });
export const addAddress = (body: AddressInput) => http.post('/user/addresses', { body });
export const updateAddress = (id: string, body: AddressInput) =>
  http.put('/user/addresses/{id}', { params: { path: { id } }, body });
export const removeAddress = (id: string) => http.del('/user/addresses/{id}', { params: { path: { id } } });

export const getCards = (signal?: AbortSignal) => http.get('/user/cards', { signal });
export const removeCard = (id: string) => http.del('/user/cards/{id}', { params: { path: { id } } });
// Card numbers are never sent from the site's own pages: the card processor's frame
// tokenizes them (kit/src/payments/CardForm.tsx).

export const getFavorites = (signal?: AbortSignal) => http.get('/user/favorites', { signal });
export const addFavorite = (locationId: string) =>
  http.put('/user/favorites/{locationId}', { params: { path: { locationId } } });
export const removeFavorite = (locationId: string) =>
  http.del('/user/favorites/{locationId}', { params: { path: { locationId } } });

/** getOrders: a page of the member's orders, newest first; `cursor` is the previous page's `next_cursor`. */
export const getOrders = (page: { limit?: number; cursor?: string } = {}, signal?: AbortSignal) =>
  http.get('/user/orders', { params: { query: page }, signal });

/** getAppData: location, cart, member and rewards in one call (the webview's start). */
export const getAppData = (locationId?: string) =>
  http.get('/app-data', { params: { query: { location_id: locationId } } });
/** exchangeHandover trades the native app's one-time code for its member, cart and location. */
export const exchangeHandover = (code: string) => http.post('/app/handover/exchange', { body: { code } });

/** saveCard keeps a tokenised card on the member's account (the token, never the number). */
export const saveCard = (body: NonNullable<Body<Parameters<typeof http.post<'/user/cards'>>[1]>>) =>
  http.post('/user/cards', { body });
