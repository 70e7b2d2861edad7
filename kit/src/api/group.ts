// Group orders (docs/group-orders.md). The host's calls change the host's cart (the
// cart's `group`) and answer it, made on the version the store shows like every cart
// change; a participant's calls act on their own part of the group by its code and
// answer the group as they see it (GroupView: only their own lines).
import { http } from '@henhouse/kit/api/client';
import { versioned } from '@henhouse/kit/api/cart';
import type { AddProductRequest, GroupChange, GroupJoin, GroupStart, LineInput } from '@henhouse/kit/api/types';

// The host's side: the cart answers.
export const startGroup = (body: GroupStart) => versioned((headers) => http.post('/cart/group', { body, headers }));
/** changeGroup: a later deadline (reopens a closed group), or `close` to close it to others now. */
export const changeGroup = (body: GroupChange) => versioned((headers) => http.put('/cart/group', { body, headers }));
/** endGroup: the cart becomes the host's alone; everyone else's lines leave it. */
export const endGroup = () => versioned((headers) => http.del('/cart/group', { headers }));
export const removeParticipant = (participantId: string) =>
  versioned((headers) =>
    http.del('/cart/group/participants/{participantId}', { params: { path: { participantId } }, headers }),
  );
export const inviteToGroup = (emails: string[]) => http.post('/cart/group/invites', { body: { emails } });

// A participant's side: the group answers, as they see it.
export const getGroup = (code: string, signal?: AbortSignal) =>
  http.get('/groups/{code}', { params: { path: { code } }, signal });
export const joinGroup = (code: string, body: GroupJoin) =>
  http.post('/groups/{code}/participants', { params: { path: { code } }, body });
export const addGroupLine = (code: string, body: AddProductRequest) =>
  http.post('/groups/{code}/lines', { params: { path: { code } }, body });
export const updateGroupLine = (code: string, lineId: string, body: LineInput) =>
  http.put('/groups/{code}/lines/{lineId}', { params: { path: { code, lineId } }, body });
export const removeGroupLine = (code: string, lineId: string) =>
  http.del('/groups/{code}/lines/{lineId}', { params: { path: { code, lineId } } });
export const setGroupDone = (code: string, done: boolean) =>
  http.put('/groups/{code}/done', { params: { path: { code } }, body: { done } });
