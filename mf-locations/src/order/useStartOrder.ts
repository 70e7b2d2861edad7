// Choosing a location starts an order there (docs/locations.md, "Choosing a location"):
// the location becomes the guest's, the cart is started on its menu or moved to it, the
// handoff chosen on the page is saved on the cart, and the guest goes to the menu. Items
// the new menu cannot take are reported before the menu opens; a handoff the cart refuses
// (an address outside the delivery area) keeps the guest on the page with the reason.
import { useState } from 'react';
import { useNavigate } from '@henhouse/kit/router';
import { actions } from '@henhouse/kit/actions';
import { ApiError, http } from '@henhouse/kit/api/client';
import { setHandoff, type HandoffInput } from '@henhouse/kit/api/cart';
import type { Cart, Location, NotTransferred } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { useAppStore } from '@henhouse/kit/state/store';

/** The handoff chosen on the page; null leaves the cart's as it is (a location's own page). */
export type HandoffChoice = HandoffInput | null;

export interface OrderFailure {
  location_id: string;
  message: string;
  /** Field messages of the edge, keyed as it names them ("address.street", "vehicle.make"). */
  fields?: Record<string, string>;
}

/** Items the location's menu could not take; `next` is where Continue goes (none when the
 *  order stopped at the handoff). */
export interface TransferReport {
  location: Location;
  dropped: NotTransferred[];
  next: string | null;
}

/** A cart with items that cannot move to the location's menu: starting there empties it. */
export interface ReplaceQuestion {
  location: Location;
  handoff: HandoffChoice;
  items: string[];
}

export type StartResult = 'menu' | 'report' | 'failed' | 'ask';

export const menuPath = (location: Location) => `/menu/${encodeURIComponent(location.menu_id)}`;

const store = () => useAppStore.getState();

/** What happens to the guest's cart when they choose `location`. */
export function cartStep(cart: Cart | null, location: Location): 'create' | 'keep' | 'transfer' | 'replace' {
  if (!cart) return 'create';
  if (cart.menu_id === location.menu_id) return cart.location_id === location.id ? 'keep' : 'transfer';
  // Another menu: moved when the location allows it; otherwise a new cart, which an empty
  // cart becomes without asking.
  if (location.services.transfercart) return 'transfer';
  return cart.products.length === 0 ? 'create' : 'replace';
}

export function useStartOrder() {
  const navigate = useNavigate();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [failure, setFailure] = useState<OrderFailure | null>(null);
  const [report, setReport] = useState<TransferReport | null>(null);
  const [question, setQuestion] = useState<ReplaceQuestion | null>(null);

  async function start(
    location: Location,
    handoff: HandoffChoice = null,
    opts: { replaceCart?: boolean } = {},
  ): Promise<StartResult> {
    setBusyId(location.id);
    setFailure(null);
    setQuestion(null);
    let dropped: NotTransferred[] = [];
    const fail = (e: unknown): StartResult => {
      setFailure({
        location_id: location.id,
        message: messageFor(e),
        fields: e instanceof ApiError ? e.fields : undefined,
      });
      if (dropped.length) setReport({ location, dropped, next: null });
      return 'failed';
    };
    try {
      let cart = store().cart ?? (await actions.getCart());
      const step = opts.replaceCart ? 'create' : cartStep(cart, location);
      if (step === 'replace' && cart) {
        setQuestion({ location, handoff, items: cart.products.map((p) => p.name) });
        return 'ask';
      }
      store().set({ location });
      if (step === 'create') {
        cart = (await http.post('/cart', { body: { menu_id: location.menu_id, location_id: location.id } })).cart;
        store().set({ cart });
      } else if (step === 'transfer') {
        const r = await actions.transferCart(location.menu_id, location.id);
        cart = r.cart;
        dropped = r.not_transferred;
      }
      if (handoff && cart && (handoff.mode !== 'pickup' || cart.handoff.mode !== 'pickup')) {
        try {
          store().set({ cart: (await setHandoff(handoff)).cart });
        } catch (e) {
          return fail(e);
        }
      }
      const next = menuPath(location);
      if (dropped.length) {
        setReport({ location, dropped, next });
        return 'report';
      }
      navigate(next);
      return 'menu';
    } catch (e) {
      return fail(e);
    } finally {
      setBusyId(null);
    }
  }

  /** Closes the report; Continue goes on to the menu when the order got that far. */
  function closeReport() {
    const next = report?.next;
    setReport(null);
    if (next) navigate(next);
  }

  return {
    start,
    busyId,
    failure,
    report,
    closeReport,
    question,
    /** The guest agreed to empty the cart: start again with a new cart. */
    replaceCart: () => (question ? start(question.location, question.handoff, { replaceCart: true }) : undefined),
    keepCart: () => setQuestion(null),
    clearFailure: () => setFailure(null),
  };
}

export type StartOrder = ReturnType<typeof useStartOrder>;
