// The checkout screen (docs/checkout.md, "Where the form's code loads"): it loads the cart,
// says so while it waits, and shows "Your cart is empty" or the checkout's form. The form
// (CheckoutForm: the parts, the form library, the payment) is a file of its own, fetched
// beside the cart when the visitor has one, and only once a cart with something in it is
// there otherwise: it cannot render before the cart answers, and a guest with an empty
// cart never needs it.
import { useEffect, useState } from 'react';
import { actions } from '@henhouse/kit/actions';
import { ApiError } from '@henhouse/kit/api/client';
import { readBootstrap } from '@henhouse/kit/bootstrap';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { useAppStore } from '@henhouse/kit/state/store';
import { LoadFailed, Loading } from '@henhouse/kit/ui/Status';
import { EmptyCart } from './EmptyCart';
import type { CheckoutPageProps } from './props';
import './checkout.css';

const loadForm = () => import(/* webpackChunkName: "checkout-form" */ './CheckoutForm');
type FormModule = Awaited<ReturnType<typeof loadForm>>;

/** The visitor has a cart: one with lines in the app state, or the edge's word at page load. */
const likelyCart = () => (useAppStore.getState().cart?.products.length ?? 0) > 0 || !!readBootstrap().session?.hasCart;

// A page that opens on the checkout with a cart asks for the form's file as soon as this
// file runs, before the screen's first render and its effects; the screen's first mount
// takes that request over (and with it any failure).
let early: Promise<FormModule> | null = document.getElementById('bootstrap') && likelyCart() ? loadForm() : null;

export function CheckoutPage(props: CheckoutPageProps) {
  const { placement, screen = 'mf-checkout/Checkout' } = props;
  const cart = useAppStore((s) => s.cart);
  // A visitor with no cart, by the app state and the edge's word, sees the empty cart at
  // once (as the page's prerendered copy already showed it), while the cart is read
  // all the same; a cart that turns up then takes its place.
  const [loaded, setLoaded] = useState<'loading' | 'ready' | ApiError>(() => (likelyCart() ? 'loading' : 'ready'));
  const [attempt, setAttempt] = useState(0);
  const hasLines = !!cart && cart.products.length > 0;
  // The form's file: requested at once when the visitor has a cart, else when one with
  // lines arrives. A failed fetch is thrown from the render, so the screen's error
  // boundary says the page didn't load (and reloads it once).
  const [wanted, setWanted] = useState(likelyCart);
  if (hasLines && !wanted) setWanted(true);
  const [form, setForm] = useState<{ module?: FormModule; error?: unknown }>({});
  if (form.error) throw form.error;
  // Once shown, the form stays: it has its own empty state for a cart that empties under
  // it (the last line removed, the order placed), and keeps what the guest typed.
  const [formShown, setFormShown] = useState(false);
  if (hasLines && form.module && !formShown) setFormShown(true);

  useEffect(() => {
    actions.getCart().then(
      () => setLoaded('ready'),
      (e: unknown) => setLoaded(e instanceof ApiError ? e : new ApiError(0, 'network', messageFor(e))),
    );
  }, [attempt]);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const file = early ?? loadForm();
    early = null;
    file.then(
      (module) => live && setForm({ module }),
      (error: unknown) => live && setForm({ error }),
    );
    return () => {
      live = false;
    };
  }, [wanted]);

  if (formShown && form.module) return <form.module.CheckoutForm {...props} />;
  if (loaded === 'loading' && !cart) return <Loading className="hh-checkout" what="your order" />;
  if (loaded instanceof ApiError)
    return <LoadFailed className="hh-checkout" error={loaded} retry={() => setAttempt((a) => a + 1)} />;
  if (!hasLines) return <EmptyCart placement={placement} screen={screen} />;
  return <Loading className="hh-checkout" what="your order" />;
}
