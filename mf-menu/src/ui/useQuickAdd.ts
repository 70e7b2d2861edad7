// Quick add (docs/menu.md, "Quick add"): the product with its default choices, straight
// into the cart, announced; a product whose required groups have no defaults opens its
// page instead.
import { useState } from 'react';
import { useNavigate } from '@henhouse/kit/router';
import { actions } from '@henhouse/kit/actions';
import type { Product } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { canQuickAdd } from '@henhouse/kit/menu/rules';
import { productPath } from './ProductCard';

export function useQuickAdd(mid: string, locationId: string | undefined) {
  const navigate = useNavigate();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState('');

  async function add(p: Product) {
    if (!canQuickAdd(p)) {
      navigate(productPath(mid, p.id));
      return;
    }
    setBusyId(p.id);
    setErrors((e) => ({ ...e, [p.id]: '' }));
    setAnnouncement('');
    try {
      const cart = await actions.addToCart(mid, locationId, p.id);
      setAnnouncement(
        `Added ${p.name} to your cart. ${cart.item_count} ${cart.item_count === 1 ? 'item' : 'items'} in your cart.`,
      );
    } catch (e) {
      setErrors((x) => ({ ...x, [p.id]: messageFor(e) }));
    } finally {
      setBusyId(null);
    }
  }
  return { add, busyId, errorFor: (id: string) => errors[id] || null, announcement };
}
