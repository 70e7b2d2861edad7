// Group mode in the menu (docs/group-orders.md, "Join"): a guest who joined someone's group
// order adds to their own part of it while they browse that group's menu.
import { useEffect } from 'react';
import { ApiError } from '@henhouse/kit/api/client';
import { reportError } from '@henhouse/kit/api/useLoad';
import type { GroupView } from '@henhouse/kit/api/types';
import { participantGroup } from '@henhouse/kit/state/group';
import { useAppStore } from '@henhouse/kit/state/store';

/** useGroupMode is the group a guest adds to on menu mid, or null. Only the group's own
 *  menu adds to it: its products are the ones the group's location makes; on any other
 *  menu the guest orders for themselves. */
export function useGroupMode(mid: string): GroupView | null {
  return useAppStore((s) => {
    const g = participantGroup(s);
    return g && g.menu_id === mid ? g : null;
  });
}

/** The group's actions load with the first use: most menu visits are not part of a group,
 *  and the menu's first load stays without them. */
const groupActions = () => import('@henhouse/kit/group/actions').then((m) => m.groupActions);

/** addToGroup adds a product to the guest's own part of the group they joined. */
export const addToGroup = async (...args: Parameters<Awaited<ReturnType<typeof groupActions>>['addToGroup']>) =>
  (await groupActions()).addToGroup(...args);

/** The one reload of a kept group in flight, shared by the screens that ask at once. */
let restoring: Promise<unknown> | null = null;

/** unlessGone reports a failure to read the group (the site's error dialog), unless the
 *  group is gone (404, 410): the action has forgotten it then, and the guest orders for
 *  themselves, as they should. */
function unlessGone(e: unknown): void {
  if (e instanceof ApiError && (e.status === 404 || e.status === 410)) return;
  reportError(e);
}

/** restoreGroup reads the group a kept code stands for (a reload of the page keeps only the
 *  code). A group that is gone is forgotten by the action; any other failure is reported
 *  and leaves the code for the next screen to try. */
export function restoreGroup(): void {
  const { groupCode, group } = useAppStore.getState();
  if (!groupCode || group || restoring) return;
  restoring = groupActions()
    .then((a) => a.loadGroup(groupCode))
    .catch(unlessGone)
    .finally(() => {
      restoring = null;
    });
}

/** useGroupRestore runs restoreGroup when a menu screen opens. */
export function useGroupRestore(): void {
  useEffect(restoreGroup, []);
}

/** refreshAfterRefusal reads the group again after an add it refused because it closed,
 *  so the banner says so; the refusal's own message is shown where the add was. */
export function refreshAfterRefusal(err: unknown): void {
  const code = useAppStore.getState().groupCode;
  if (code && err instanceof ApiError && err.code === 'group_closed')
    void groupActions()
      .then((a) => a.loadGroup(code))
      .catch(unlessGone);
}

/** The toast of an add to the guest's part: "Added to your part of Dana's group order". */
export const groupAddedMessage = (g: GroupView) => `Added to your part of ${g.host_name}'s group order`;
