// Quick add (docs/menu.md, "Quick add"): the product with its default choices, straight
// into the cart, said by the kit's toast ("Added 3 Tenders · View cart"); a product whose
// required groups have no defaults opens its page instead. In group mode the product goes
// into the guest's part of the group order instead (docs/group-orders.md, "Join").
import { useState } from 'react';
import { useNavigate } from '@henhouse/kit/router';
import { actions } from '@henhouse/kit/actions';
import type { GroupView, Product } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { canQuickAdd } from '@henhouse/kit/menu/rules';
import { useAppStore } from '@henhouse/kit/state/store';
import { toast } from '@henhouse/kit/ui/toast';
import { addedMessage } from '../product/words';
import { useLocationChoice } from '../menu/ChooseLocation';
import { productPath } from './ProductCard';
import { addToGroup as addToPart, groupAddedMessage, refreshAfterRefusal, useGroupMode } from '../group/mode';

export function useQuickAdd(
  mid: string,
  pageLocationId: string | undefined,
  opts: {
    /** Runs before an add; true when it took the add over (a group's page asks a guest
     *  who has not joined yet for their name first). */
    beforeAdd?: () => boolean;
  } = {},
) {
  const navigate = useNavigate();
  const group = useGroupMode(mid);
  // Without a location the guest chose, adding asks which one first (docs/menu.md,
  // "Choosing a location").
  const choice = useLocationChoice(mid, pageLocationId);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function add(p: Product) {
    if (!canQuickAdd(p)) {
      navigate(productPath(mid, p.id));
      return;
    }
    if (opts.beforeAdd?.()) return;
    if (group) {
      void addToGroup(p, group);
      return;
    }
    choice.withLocation(p.name, (locationId) => void addAt(p, locationId));
  }

  async function addAt(p: Product, locationId: string) {
    setBusyId(p.id);
    setErrors((e) => ({ ...e, [p.id]: '' }));
    try {
      await actions.addToCart(mid, locationId, p.id);
      // Announced once, by the toast; focus stays on the "Add" that was pressed.
      toast({
        message: addedMessage(p.name, 1),
        action: { label: 'View cart', onClick: () => useAppStore.getState().setUi({ cartOpen: true }) },
      });
    } catch (e) {
      if (choice.needsLocation(e)) choice.ask(p.name, (id) => void addAt(p, id));
      else setErrors((x) => ({ ...x, [p.id]: messageFor(e) }));
    } finally {
      setBusyId(null);
    }
  }
  async function addToGroup(p: Product, g: GroupView) {
    setBusyId(p.id);
    setErrors((e) => ({ ...e, [p.id]: '' }));
    try {
      await addToPart(p.id);
      toast({
        message: groupAddedMessage(g),
        action: { label: 'View your items', onClick: () => useAppStore.getState().setUi({ cartOpen: true }) },
      });
    } catch (e) {
      // The edge's words (over the limit, closed, full) where a cart's refusal shows.
      setErrors((x) => ({ ...x, [p.id]: messageFor(e) }));
      refreshAfterRefusal(e);
    } finally {
      setBusyId(null);
    }
  }
  return { add, busyId, errorFor: (id: string) => errors[id] || null, choice };
}
