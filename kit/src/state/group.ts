// Whether this visitor adds to a group order as a participant (docs/group-orders.md):
// the shell's cart count and the menu's adds read the same answer.
import type { GroupView } from '@henhouse/kit/api/types';
import type { AppState } from '@henhouse/kit/state/store';

/** participantGroup is the group this visitor has joined and adds to, or null: none kept,
 *  not joined yet (`me` is null until they give a name), or their own group as its host
 *  (a host adds to their cart as usual, so nothing of theirs goes through the group). */
export function participantGroup(s: Pick<AppState, 'group' | 'groupCode'>): GroupView | null {
  const g = s.group;
  if (!g || !s.groupCode || g.host || !g.me) return null;
  return g;
}
