import { useCallback, useState } from 'react';
import type { Cart } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { useAppStore } from '@henhouse/kit/state/store';

/**
 * useCartCall runs one part's change of the cart: the edge answers the priced cart, which
 * goes into the store (so the totals are always the edge's), and a refusal stays with
 * the part as words. `error` is the last refusal's message and `fields` its per-field messages.
 */
export function useCartCall() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const run = useCallback(async (fn: () => Promise<{ cart: Cart }>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const r = await fn();
      useAppStore.getState().set({ cart: r.cart });
      return true;
    } catch (e) {
      setError(messageFor(e));
      const f = (e as { fields?: Record<string, string> }).fields;
      if (f) setFields(f);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, fields, run, setError };
}
