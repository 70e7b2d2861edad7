// The named server actions of group orders (docs/group-orders.md), apart from the
// site's actions (kit/src/actions.ts) so that only the screens of a group order load them.
// Each calls the edge through the kit's group client and keeps what it learns in the one
// app-state store (`group`, `groupCode`).
import * as group from '@henhouse/kit/api/group';
import { ApiError } from '@henhouse/kit/api/client';
import type { AddProductRequest, GroupView } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';

const store = () => useAppStore.getState();

export const groupActions = {
  /** load group: the group order of a link as this visitor sees it, kept as the group they
   *  add to (docs/group-orders.md). A group that is gone (404, 410) is forgotten and thrown. */
  async loadGroup(code: string): Promise<GroupView> {
    try {
      const r = await group.getGroup(code);
      store().set({ group: r.group, groupCode: code });
      return r.group;
    } catch (e) {
      if (e instanceof ApiError && (e.status === 404 || e.status === 410)) groupActions.leaveGroup();
      throw e;
    }
  },

  /** join group: under a name (and an email to be told when the order is placed). */
  async joinGroup(code: string, name: string, email?: string): Promise<GroupView> {
    const r = await group.joinGroup(code, email ? { name, email } : { name });
    store().set({ group: r.group, groupCode: code });
    return r.group;
  },

  /** add to group: a product into this visitor's own part of the group they joined. */
  async addToGroup(productId: string, line: Omit<AddProductRequest, 'product_id'> = {}): Promise<GroupView> {
    const code = store().groupCode;
    if (!code) throw new ApiError(403, 'group_not_joined', 'Join the group order first.');
    const r = await group.addGroupLine(code, { product_id: productId, ...line });
    store().set({ group: r.group });
    return r.group;
  },

  /** leave group: this browser stops adding to the group (its lines stay in it). */
  leaveGroup(): void {
    store().set({ group: null, groupCode: null });
  },
};
