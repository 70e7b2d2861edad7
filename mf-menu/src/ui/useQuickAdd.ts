// Quick add (docs/menu.md, "Quick add"): the product with its default choices, straight
// into the cart, announced; a product whose required groups have no defaults opens its
// page instead.
import { useState } from 'react';
import { useNavigate } from '@henhouse/kit/router';
import { actions } from '@henhouse/kit/actions';
import type { Product } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { canQuickAdd } from '@henhouse/kit/menu/rules';
import { useLocationChoice } from '../menu/ChooseLocation';
import { productPath } from './ProductCard';

export function useQuickAdd(mid: string, pageLocationId: string | undefined) {
  const navigate = useNavigate();
  // Without a location the guest chose, adding asks which one first (docs/menu.md,
  // "Choosing a location").
  const choice = useLocationChoice(mid, pageLocationId);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState('');

  function add(p: Product) {
    if (!canQuickAdd(p)) {
      navigate(productPath(mid, p.id));
      return;
    }
    choice.withLocation(p.name, (locationId) => void addAt(p, locationId));
  }

  async function addAt(p: Product, locationId: string) {
    setBusyId(p.id);
    setErrors((e) => ({ ...e, [p.id]: '' }));
    setAnnouncement('');
    try {
      const cart = await actions.addToCart(mid, locationId, p.id);
      setAnnouncement(
        `Added ${p.name} to your cart. ${cart.item_count} ${cart.item_count === 1 ? 'item' : 'items'} in your cart.`,
      );
    } catch (e) {
      if (choice.needsLocation(e)) choice.ask(p.name, (id) => void addAt(p, id));
      else setErrors((x) => ({ ...x, [p.id]: messageFor(e) }));
    } finally {
      setBusyId(null);
    }
  }
  return { add, busyId, errorFor: (id: string) => errors[id] || null, announcement, choice };
}
