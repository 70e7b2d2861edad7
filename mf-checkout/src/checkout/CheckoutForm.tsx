// The checkout's form (docs/checkout.md): every part in the order a guest expects, the
// totals the edge priced, and "Place order", which sends one order per attempt whatever
// the guest or the network does. CheckoutPage loads the cart and fetches this file beside
// it; this renders once the cart is there.
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@henhouse/kit/router';
import { actions } from '@henhouse/kit/actions';
import { getCards, saveCard } from '@henhouse/kit/api/account';
import { ApiError } from '@henhouse/kit/api/client';
import { newIdempotencyKey, type CartIssue, type Order, type PaymentOptions } from '@henhouse/kit/api/checkout';
import { getPaymentOptions } from '@henhouse/kit/api/paymentOptions';
import { cartStamp, useBlockers } from '../cart/validation';
import type { CartLine as CartLineData, Location, SavedCard } from '@henhouse/kit/api/types';
import { getLocation } from '@henhouse/kit/api/locations';
import { reportError } from '@henhouse/kit/api/useLoad';
import { botHeaders } from '@henhouse/kit/botcheck/headers';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { money } from '@henhouse/kit/format';
import { isCardFieldsError, type HostedFields } from '@henhouse/kit/payments/hostedFields';
import { useAppStore } from '@henhouse/kit/state/store';
import { CartLine } from '../cart/CartLine';
import { RewardsAnnouncer, RewardsSection, useCartRewards } from '../cart/Rewards';
import { CartTotals } from '../cart/Totals';
import { rewardsAtCheckout } from '../cart/features';
import { handToApp } from './bridge';
import type { CheckoutPageProps } from './props';
import { EmptyCart } from './EmptyCart';
import { Contact, type ContactValues } from './Contact';
import { customerFields, partOf, type Part } from './errors';
import { Coupon, CustomFields, TaxExemption, Tip, Utensils } from './Extras';
import { CheckoutHeader } from './Header';
import { CheckoutTop } from './CheckoutTop';
import { GroupOrderNote } from './GroupOrder';
import { ByPerson } from '../group/ByPerson';
import { Payment, processorsOf, type HouseAccount, type SavedGiftCard } from './Payment';
import { paymentProblem, paymentsFor, remaining, tipNeeded, type AppliedGiftCard, type Method } from './rules';
import { submitWithKey } from './submit';
import { loadWallet, saveGiftCard } from './wallet';
import '../cart/cart.css';
import './checkout.css';
import { useAnnounce } from '@henhouse/kit/ui/announce';
import { Button } from '@henhouse/kit/ui/controls/Button';

const contactNames = ['first_name', 'last_name', 'email', 'phone'] as const;

/** Where the part of the checkout that fixes an issue is, by the issue's `field`. */
const partIds: Record<NonNullable<CartIssue['field']>, string> = {
  time: 'co-part-time',
  handoff: 'co-part-time',
  tip: 'co-part-tip',
  coupon: 'co-part-coupon',
  custom_fields: 'co-part-custom_fields',
  products: 'co-summary',
};

export function CheckoutForm({
  placement,
  test = false,
  onPlaced,
  screen = 'mf-checkout/Checkout',
}: CheckoutPageProps) {
  const cart = useAppStore((s) => s.cart);
  const user = useAppStore((s) => s.user);
  const storeLocation = useAppStore((s) => s.location);
  const navigate = useNavigate();
  const member = !!user;
  const { rewards, refs } = useCartRewards();

  const form = useForm<ContactValues>({
    mode: 'onTouched',
    defaultValues: { first_name: '', last_name: '', email: '', phone: '' },
  });
  const [savedCards, setSavedCards] = useState<SavedCard[]>([]);
  const [savedGiftCards, setSavedGiftCards] = useState<SavedGiftCard[]>([]);
  const [houseAccounts, setHouseAccounts] = useState<HouseAccount[]>([]);
  const [gift, setGift] = useState<AppliedGiftCard | null>(null);
  const [chosenMethod, setMethod] = useState<Method>({ kind: 'none' });
  const [saveCardToo, setSaveCardToo] = useState(false);
  const [saveGiftToo, setSaveGiftToo] = useState(false);
  const fieldsRef = useRef<HostedFields | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Part, string>>>({});
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState('');
  useAnnounce(progress);
  // One key per attempt to place this order: kept while the outcome is unknown (a
  // network failure, an order still being placed), so a retry cannot place a second
  // order; replaced once the edge has answered for it (submitWithKey).
  const keyRef = useRef<string | null>(null);

  useEffect(() => {
    if (!user) return;
    form.reset({ first_name: user.first_name, last_name: user.last_name, email: user.email, phone: user.phone });
    const ctl = new AbortController();
    getCards(ctl.signal).then((r) => {
      setSavedCards(r.cards);
      const preferred = r.cards.find((c) => c.default && !c.expired) ?? r.cards.find((c) => !c.expired);
      if (preferred)
        setMethod((m) =>
          m.kind === 'none'
            ? {
                kind: 'saved-card',
                cardId: preferred.id,
                token: preferred.token,
                processor: preferred.processor || 'hosted',
              }
            : m,
        );
    }, reportError);
    loadWallet(ctl.signal).then(({ giftCards, houses }) => {
      setSavedGiftCards(giftCards);
      setHouseAccounts(houses);
    }, reportError);
    return () => ctl.abort();
  }, [user, form]);

  // The edge checks the cart for checkout whenever it changes (POST /cart/validate) and
  // says how it can be paid for (GET /cart/payment-options): what stops the order is
  // shown before any payment is taken, and the payment part offers exactly what the
  // answer offers. The options are asked again when the cart (its total) or the gift
  // card amount changes, since pay in store is judged on what the gift card leaves; each
  // answer is kept with what it was asked for, so a stale one is shown as refreshing.
  const stamp = cartStamp(cart);
  const blockers = useBlockers(cart);
  const giftCents = gift?.amountCents ?? 0;
  const payKey = `${stamp}|${giftCents}|${user ? 'm' : 'g'}`;
  const [pay, setPay] = useState<{ key: string; options: PaymentOptions | null; failedFor: string }>({
    key: '',
    options: null,
    failedFor: '',
  });
  // A retry asks again for the same cart; the failure shown is the latest attempt's.
  const [payTry, setPayTry] = useState(0);
  const attempt = `${payKey}#${payTry}`;
  const payFailed = pay.failedFor === attempt;
  useEffect(() => {
    if (!stamp || stamp.endsWith('|0')) return;
    let live = true;
    const ctl = new AbortController();
    getPaymentOptions(giftCents, ctl.signal).then(
      (o) => live && setPay({ key: payKey, options: o, failedFor: '' }),
      // The payment part says so, with Try again, rather than the error dialog.
      () => live && setPay((s) => ({ ...s, failedFor: attempt })),
    );
    return () => {
      live = false;
      ctl.abort();
    };
  }, [stamp, giftCents, payKey, attempt]);

  // The footer repeats a contact field's problem ("Check your details above."): it goes
  // as soon as the guest has fixed the fields, on input, not on the next Place order.
  const footerFromContact = useRef(false);
  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: ({ name, type }) => {
        if (type !== 'change' || !name || !form.getFieldState(name as (typeof contactNames)[number]).error) return;
        void form.trigger(name as (typeof contactNames)[number]).then(() => {
          // getFieldState reads the form's current errors (formState is the last render's).
          if (!footerFromContact.current || contactNames.some((n) => form.getFieldState(n).error)) return;
          footerFromContact.current = false;
          setErrors((e) => ({ ...e, payment: undefined }));
        });
      },
    });
  }, [form]);

  // Whether the guest typed into the contact details (a member's own details are not typing).
  const typedContact = () => {
    const was = form.formState.defaultValues ?? {};
    const now = form.getValues();
    return contactNames.some((n) => (now[n] ?? '') !== (was[n] ?? ''));
  };

  // The cart's location: the guest's chosen one when the cart is there, else asked for
  // (a cart handed over by the native app, a location chosen in another tab).
  const [cartLocation, setCartLocation] = useState<Location | null>(null);
  const cartLocationId = cart?.location_id;
  const haveLocation = !!storeLocation && storeLocation.id === cartLocationId;
  useEffect(() => {
    if (!cartLocationId || haveLocation) return;
    const ctl = new AbortController();
    getLocation(cartLocationId, ctl.signal).then((r) => setCartLocation(r.location), reportError);
    return () => ctl.abort();
  }, [cartLocationId, haveLocation]);
  const location = haveLocation ? storeLocation : cartLocation?.id === cartLocationId ? cartLocation : null;
  // Until a way to pay is chosen, a new card is the default.
  const method: Method =
    chosenMethod.kind === 'none' ? { kind: 'card', processor: processorsOf(location)[0] } : chosenMethod;

  // The cart can empty under the form: its last line removed here, or the order placed.
  if (!cart || cart.products.length === 0) return <EmptyCart placement={placement} screen={screen} />;

  const total = cart.totals.total_cents;
  // A gift card cannot pay more than the edge says it may (the total, which may have
  // dropped since it was applied).
  const giftMax = pay.options?.gift_card.max_cents;
  const giftNow =
    gift && giftMax !== undefined && gift.amountCents > giftMax ? { ...gift, amountCents: giftMax } : gift;
  // What the edge says stops the order as it is (the delivery minimum) comes first: it is
  // shown at the totals and on Place order, and no card is tokenised while it stands.
  const blocker: CartIssue | undefined = blockers[0];
  const blocked = blocker?.message;
  const problem =
    blocked ?? (tipNeeded(cart) ? 'Choose a tip for your driver.' : paymentProblem(total, giftNow, method));
  const specs = location?.custom_fields ?? [];

  const place = async () => {
    if (busy) return;
    setErrors({});
    footerFromContact.current = false;
    const contactOk = await form.trigger(undefined, { shouldFocus: true });
    if (!contactOk) {
      footerFromContact.current = true;
      setErrors({ payment: 'Check your details above.' });
      return;
    }
    if (problem) {
      setErrors({ payment: problem });
      return;
    }
    setBusy(true);
    try {
      let cardToken: string | undefined;
      let newCard: Awaited<ReturnType<HostedFields['tokenize']>> | undefined;
      if (method.kind === 'card' && remaining(total, giftNow) > 0) {
        if (!fieldsRef.current) {
          setErrors({ card: 'The card form is still loading. Try again in a moment.' });
          return;
        }
        setProgress('Checking your card…');
        newCard = await fieldsRef.current.tokenize();
        cardToken = newCard.token;
      }
      setProgress('Placing your order…');
      const headers = await botHeaders('checkout');
      const body = { customer: form.getValues(), payments: paymentsFor(total, giftNow, method, cardToken) };
      const order: Order = await submitWithKey(body, keyRef, newIdempotencyKey, headers);
      // Saving a card or gift card for next time must not hold up the order.
      if (member && newCard && saveCardToo)
        await saveCard({
          token: newCard.token,
          processor: newCard.processor,
          brand: newCard.brand as SavedCard['brand'],
          last4: newCard.last4,
          exp_month: newCard.exp_month,
          exp_year: newCard.exp_year,
        }).catch(reportError);
      if (member && giftNow && saveGiftToo) await saveGiftCard(giftNow.token).catch(reportError);
      useAppStore.getState().set({ cart: null, order: { id: order.id, status: order.status } });
      setProgress('Order placed.');
      if (placement === 'app') {
        handToApp({
          type: 'order_placed',
          orderId: order.id,
          status: order.status,
          totalCents: order.totals.total_cents,
          readyAt: order.ready_at,
        });
        onPlaced?.(order);
      } else navigate(`/order/confirm/${encodeURIComponent(order.id)}`);
    } catch (e) {
      setProgress('');
      if (isCardFieldsError(e)) {
        setErrors({ card: e.message });
        return;
      }
      const part = partOf(e);
      if (part === 'contact') {
        for (const [name, message] of Object.entries(customerFields(e)))
          form.setError(name as keyof ContactValues, { type: 'server', message }, { shouldFocus: true });
        footerFromContact.current = true;
        setErrors({ payment: messageFor(e) });
      } else if (part) {
        setErrors({ [part]: messageFor(e), ...(part !== 'payment' ? { payment: `${messageFor(e)} See above.` } : {}) });
        if (part === 'card' && e instanceof ApiError && e.fields?.cvv)
          fieldsRef.current?.showError('cvv', e.fields.cvv);
      } else {
        reportError(e);
        setErrors({ payment: messageFor(e) });
      }
      // The cart may have changed under the refusal (a coupon expired, a slot filled).
      actions.getCart().catch(() => {
        /* the refusal already says what happened; the cart shown stays as it was */
      });
    } finally {
      setBusy(false);
    }
  };

  const placeLabel = `Place order · ${money(total)}`;
  const group = cart.group;
  const summaryLine = (line: CartLineData) => (
    <CartLine
      key={line.id}
      line={line}
      menuId={cart.menu_id}
      busy={busy}
      run={async (fn) => {
        try {
          await fn();
        } catch (e) {
          setErrors({ summary: messageFor(e) });
        }
      }}
      setCart={(c) => useAppStore.getState().set({ cart: c })}
      onEdit={() => {}}
      editable={placement === 'web'}
    />
  );
  return (
    <div className="hh-checkout" data-screen={screen}>
      {test && (
        <div className="hh-note hh-checkout__test" role="note">
          <strong>Test checkout.</strong> Payments go to the built-in test processor; use a test card such as 4111 1111
          1111 1111 (approved) or 4000 0000 0000 0002 (declined). No money moves.
        </div>
      )}
      {placement === 'web' && <CheckoutTop hasInput={() => typedContact() || !!gift || method.kind === 'house'} />}
      <CheckoutHeader cart={cart} location={location} timeError={errors.time} handoffError={errors.header} />
      <section className="hh-checkout__part" aria-labelledby="co-summary">
        <div className="hh-checkout__row">
          <h2 id="co-summary">Your order</h2>
          {placement === 'web' && (
            <Link to={`/menu/${encodeURIComponent(cart.menu_id)}`} className="hh-link-button">
              Add more items
            </Link>
          )}
        </div>
        {group ? (
          // The host's cart holds everyone's lines: each person's under their name, and
          // the host can still change or remove any of them.
          <>
            <GroupOrderNote group={group} busy={busy} />
            <ByPerson
              lines={cart.products}
              people={group.participants}
              renderLine={summaryLine}
              listClassName="hh-cart__lines"
              status={(p) => (p.host || group.state !== 'open' ? undefined : p.done ? 'Done' : 'Still adding')}
              empty="Nothing yet."
            />
          </>
        ) : (
          <ul className="hh-cart__lines">{cart.products.map(summaryLine)}</ul>
        )}
        {errors.summary && (
          <p role="alert" className="hh-field__error">
            {errors.summary}
          </p>
        )}
      </section>
      <Contact form={form} member={member} />
      {rewardsAtCheckout() && placement === 'web' && (
        <RewardsSection r={rewards} toggleRef={refs.toggleRef} panelRef={refs.panelRef} onNavigate={() => {}} />
      )}
      <Coupon cart={cart} error={errors.coupon} />
      <Tip cart={cart} error={errors.tip} />
      <Utensils cart={cart} />
      <TaxExemption cart={cart} />
      <CustomFields cart={cart} specs={specs} error={errors.fields} />
      <section className="hh-checkout__part" aria-labelledby="co-totals">
        <h2 id="co-totals">Totals</h2>
        <CartTotals cart={cart} r={rewards} totalsRef={refs.totalsRef} />
        {(cart.warnings ?? []).map((w) => (
          <p key={w.code} className="hh-note">
            {w.message}
          </p>
        ))}
        {(cart.blocking ?? []).map((b) => (
          <p key={b.code} className="hh-note">
            {b.message}
          </p>
        ))}
        {errors.totals && (
          <p role="alert" className="hh-field__error">
            {errors.totals}
          </p>
        )}
      </section>
      <RewardsAnnouncer r={rewards} />
      <Payment
        cart={cart}
        location={location}
        member={member}
        savedCards={savedCards}
        savedGiftCards={savedGiftCards}
        houseAccounts={houseAccounts}
        options={pay.options}
        optionsLoading={!payFailed && pay.key !== payKey}
        optionsFailed={payFailed}
        retryOptions={() => setPayTry((n) => n + 1)}
        gift={giftNow}
        setGift={setGift}
        method={method}
        setMethod={setMethod}
        saveCard={saveCardToo}
        setSaveCard={setSaveCardToo}
        saveGiftCard={saveGiftToo}
        setSaveGiftCard={setSaveGiftToo}
        fieldsRef={fieldsRef}
        errors={errors}
      />
      <section className="hh-checkout__submit" aria-label="Place order">
        {errors.payment && (
          <p id="co-submit-error" role="alert" className="hh-field__error">
            {errors.payment}
          </p>
        )}
        {problem && !errors.payment && (
          <p id="co-submit-why" className="hh-note">
            {problem}
            {blocked && blocker?.field && (
              <>
                {' '}
                <a href={`#${partIds[blocker.field]}`} className="hh-link-button">
                  Fix this
                </a>
              </>
            )}
          </p>
        )}
        <Button
          variant="primary"
          size="lg"
          full
          aria-disabled={busy || !!problem}
          aria-describedby={errors.payment ? 'co-submit-error' : problem ? 'co-submit-why' : undefined}
          onClick={() => void place()}
        >
          {busy ? progress || 'Placing your order…' : placeLabel}
        </Button>
      </section>
      {!member && placement === 'web' && (
        <p className="hh-checkout__hint">You can create an account after you order, to earn points on it.</p>
      )}
    </div>
  );
}
