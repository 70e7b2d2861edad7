// Payment: an optional gift card (stored or new) and one way to pay the rest: a stored
// card, a new card in the processor's hosted fields, a house account, or pay in store.
// The remaining amount is always on screen (docs/checkout.md, "Payments").
import { useId, useState } from 'react';
import { giftCardBalance, type PaymentOptions } from '@henhouse/kit/api/checkout';
import { botHeaders } from '@henhouse/kit/botcheck/headers';
import type { Cart, Location, SavedCard } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { money } from '@henhouse/kit/format';
import type { HostedFields } from '@henhouse/kit/payments/hostedFields';
import { Problem } from './Problem';
import { CardForm } from '@henhouse/kit/payments/CardForm';
import type { Part } from './errors';
import { parseDollars, remaining, type AppliedGiftCard, type Method } from './rules';
import { useAnnounce } from '@henhouse/kit/ui/announce';
import { Checkbox, ChoiceCard, ChoiceGroup } from '@henhouse/kit/ui/controls/cards';

export interface HouseAccount {
  id: string;
  name: string;
  requires_po: boolean;
  available_cents: number;
}

export interface SavedGiftCard {
  id: string;
  token: string;
  last4: string;
  balance_cents: number;
  nickname?: string;
}

export interface PaymentProps {
  cart: Cart;
  location: Location | null;
  member: boolean;
  savedCards: SavedCard[];
  savedGiftCards: SavedGiftCard[];
  houseAccounts: HouseAccount[];
  /** What the edge offers for this cart, member and gift card amount
   *  (GET /cart/payment-options); null until it has first answered. The payment part
   *  shows only this answer: nothing is offered before it. */
  options: PaymentOptions | null;
  /** A newer answer is on its way (the total or the gift card changed). */
  optionsLoading: boolean;
  /** The last request failed; retryOptions asks again. */
  optionsFailed: boolean;
  retryOptions: () => void;
  gift: AppliedGiftCard | null;
  setGift: (g: AppliedGiftCard | null) => void;
  method: Method;
  setMethod: (m: Method) => void;
  saveCard: boolean;
  setSaveCard: (v: boolean) => void;
  saveGiftCard: boolean;
  setSaveGiftCard: (v: boolean) => void;
  fieldsRef: React.MutableRefObject<HostedFields | null>;
  errors: Partial<Record<Part, string>>;
}

/** The card processors the location takes, its default first. */
export function processorsOf(location: Location | null): string[] {
  const list = location?.card_processors;
  return list && list.length > 0 ? list : ['hosted'];
}

export function Payment(p: PaymentProps) {
  const id = useId();
  const total = p.cart.totals.total_cents;
  const rest = remaining(total, p.gift);
  const o = p.options;
  useAnnounce(
    p.gift
      ? `Gift card pays ${money(p.gift.amountCents)}. Remaining to pay: ${money(rest)}.`
      : `To pay: ${money(rest)}.`,
  );
  // Before the first answer (or when asking failed) nothing is offered from a guess; the
  // same region then fills in, so a screen reader stays where it was.
  if (!o)
    return (
      <section className="hh-checkout__part" aria-labelledby={`${id}-h`} aria-busy={!p.optionsFailed || undefined}>
        <h2 id={`${id}-h`}>Payment</h2>
        {p.optionsFailed ? (
          <OptionsFailed retry={p.retryOptions} />
        ) : (
          <p role="status" className="hh-checkout__loading">
            Loading payment options…
          </p>
        )}
      </section>
    );
  const processors = o.card.processors.map((x) => x.id);
  const inStoreProblem = o.pay_in_store.available
    ? null
    : (o.pay_in_store.reason?.message ?? "Pay in store isn't available for this order.");
  const cards = o.card.saved;
  const houses = o.house_accounts.accounts;
  const giftCardsOffered = o.gift_card.available;
  const methodKey = (m: Method) =>
    m.kind === 'saved-card' ? `saved:${m.cardId}` : m.kind === 'house' ? `house:${m.account_id}` : m.kind;
  const selected = methodKey(p.method);

  return (
    <section className="hh-checkout__part" aria-labelledby={`${id}-h`} aria-busy={p.optionsLoading || undefined}>
      <h2 id={`${id}-h`}>Payment</h2>
      {p.optionsFailed && <OptionsFailed retry={p.retryOptions} />}
      {/* No gift card part when the ordering system sells none (docs/providers.md). */}
      {giftCardsOffered && <GiftCardPart {...p} savedGiftCards={o.gift_card.saved} maxCents={o.gift_card.max_cents} />}
      <p className="hh-checkout__remaining">
        {p.gift ? (
          <>
            Gift card pays {money(p.gift.amountCents)}. Remaining to pay: <strong>{money(rest)}</strong>
          </>
        ) : (
          <>
            To pay: <strong>{money(rest)}</strong>
          </>
        )}
      </p>
      {rest > 0 && (
        <ChoiceGroup className="hh-pay-methods" legend={p.gift ? 'Pay the rest with' : 'Pay with'}>
          {cards.map((c) => (
            <ChoiceCard
              key={c.id}
              type="radio"
              name={`${id}-m`}
              value={`saved:${c.id}`}
              checked={selected === `saved:${c.id}`}
              onChange={() =>
                p.setMethod({ kind: 'saved-card', cardId: c.id, token: c.token, processor: c.processor || 'hosted' })
              }
              label={c.label}
              description={`expires ${String(c.exp_month).padStart(2, '0')}/${String(c.exp_year).slice(-2)}${c.nickname ? ` · ${c.nickname}` : ''}`}
            />
          ))}
          <ChoiceCard
            type="radio"
            name={`${id}-m`}
            value="card"
            checked={selected === 'card'}
            onChange={() => p.setMethod({ kind: 'card', processor: processors[0] })}
            label={cards.length ? 'A new credit or debit card' : 'Credit or debit card'}
          />
          {p.method.kind === 'card' && (
            <div className="hh-pay-method__panel">
              <CardForm processor={p.method.processor} fieldsRef={p.fieldsRef} error={p.errors.card} />
              {p.member && (
                <Checkbox
                  name={`${id}-save-card`}
                  checked={p.saveCard}
                  onChange={p.setSaveCard}
                  label="Save this card to my account"
                />
              )}
            </div>
          )}
          {p.method.kind === 'saved-card' && p.errors.card && (
            <p role="alert" className="hh-field__error">
              {p.errors.card}
            </p>
          )}
          {houses.map((h) => (
            <ChoiceCard
              key={h.id}
              type="radio"
              name={`${id}-m`}
              value={`house:${h.id}`}
              checked={selected === `house:${h.id}`}
              onChange={() =>
                p.setMethod({ kind: 'house', account_id: h.id, po_number: '', requiresPo: h.requires_po })
              }
              label={`House account: ${h.name}`}
              description={`${money(h.available_cents)} available`}
            />
          ))}
          {p.method.kind === 'house' && (
            <div className="hh-pay-method__panel">
              <div className="hh-field">
                <label htmlFor={`${id}-po`}>Purchase order (PO) number{p.method.requiresPo ? '' : ' (optional)'}</label>
                <input
                  id={`${id}-po`}
                  value={p.method.po_number}
                  maxLength={40}
                  aria-invalid={p.errors.house ? true : undefined}
                  aria-describedby={p.errors.house ? `${id}-house-err` : undefined}
                  onChange={(e) => p.method.kind === 'house' && p.setMethod({ ...p.method, po_number: e.target.value })}
                />
              </div>
              <Problem id={`${id}-house-err`} message={p.errors.house} />
            </div>
          )}
          <ChoiceCard
            type="radio"
            name={`${id}-m`}
            value="instore"
            checked={selected === 'instore'}
            disabled={!!inStoreProblem}
            onChange={() => p.setMethod({ kind: 'instore' })}
            label="Pay in store"
            description={
              inStoreProblem ??
              (p.method.kind === 'instore' ? 'Pay at the counter when you collect your order.' : undefined)
            }
          />
          <Problem message={p.errors.instore} />
        </ChoiceGroup>
      )}
    </section>
  );
}

/** GiftCardPart: a stored gift card (members) or a new one by number and PIN, its balance,
 *  and the amount to take from it (editable). */
function GiftCardPart(p: PaymentProps & { maxCents: number }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [number, setNumber] = useState('');
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);

  const apply = (token: string, last4: string, balance: number) => {
    // By default the card pays what it has, up to the most the edge says a gift card
    // may pay for this cart.
    const amountCents = Math.min(balance, p.maxCents);
    p.setGift({ token, last4, balanceCents: balance, amountCents: amountCents });
    setAmount((amountCents / 100).toFixed(2));
    setAmountError(null);
  };
  const check = async () => {
    const f: Record<string, string> = {};
    if (!/^\d{12,19}$/.test(number.replace(/[\s-]/g, '')))
      f.number = 'Enter the 12 to 19 digits on the back of the card.';
    if (!/^\d{4,8}$/.test(pin.trim())) f.pin = 'Enter the 4 to 8 digit PIN.';
    setFields(f);
    setError(null);
    if (Object.keys(f).length) return;
    setBusy(true);
    try {
      const r = await giftCardBalance(number.replace(/[\s-]/g, ''), pin.trim(), await botHeaders('giftcard'));
      const g = r.gift_card;
      if (g.balance_cents <= 0) {
        setError(`Gift card •••• ${g.last4} has no balance left.`);
        return;
      }
      apply(g.token, g.last4, g.balance_cents);
      // The PIN is not kept on the page once the processor has answered with a token.
      setPin('');
      setNumber('');
      setOpen(false);
    } catch (e) {
      setError(messageFor(e));
      const ef = (e as { fields?: Record<string, string> }).fields;
      if (ef) setFields(ef);
    } finally {
      setBusy(false);
    }
  };

  if (p.gift) {
    const g = p.gift;
    return (
      <div className="hh-giftcard">
        <p>
          Gift card •••• {g.last4}: balance {money(g.balanceCents)}
        </p>
        <div className="hh-checkout__inline-form">
          <div className="hh-field">
            <label htmlFor={`${id}-amt`}>Amount to use ($)</label>
            <input
              id={`${id}-amt`}
              inputMode="decimal"
              value={amount}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={amountError || p.errors.giftcard ? `${id}-amt-err` : undefined}
              onChange={(e) => setAmount(e.target.value)}
              onBlur={() => {
                const c = parseDollars(amount);
                const max = Math.min(g.balanceCents, p.maxCents);
                if (c === null || c <= 0) setAmountError('Enter an amount like 10.00.');
                else if (c > max) setAmountError(`You can use up to ${money(max)} from this card.`);
                else {
                  setAmountError(null);
                  p.setGift({ ...g, amountCents: c });
                }
              }}
            />
          </div>
          <button
            type="button"
            className="hh-link-button"
            onClick={() => {
              p.setGift(null);
              setAmountError(null);
            }}
          >
            Remove gift card •••• {g.last4}
          </button>
        </div>
        <Problem id={`${id}-amt-err`} message={amountError ?? p.errors.giftcard} />
        {p.member && !p.savedGiftCards.some((s) => s.token === g.token) && (
          <Checkbox
            name={`${id}-save-gift`}
            checked={p.saveGiftCard}
            onChange={p.setSaveGiftCard}
            label="Save this gift card to my account"
          />
        )}
      </div>
    );
  }

  return (
    <div className="hh-giftcard">
      {p.savedGiftCards
        .filter((s) => s.balance_cents > 0)
        .map((s) => (
          <button
            key={s.id}
            type="button"
            className="hh-button hh-button--outline"
            onClick={() => apply(s.token, s.last4, s.balance_cents)}
          >
            Use gift card •••• {s.last4} ({money(s.balance_cents)})
          </button>
        ))}
      <button
        type="button"
        className="hh-link-button"
        aria-expanded={open}
        aria-controls={`${id}-gc`}
        onClick={() => setOpen(!open)}
      >
        Add a gift card
      </button>
      {open && (
        <div id={`${id}-gc`} className="hh-checkout__grid">
          <div className="hh-field">
            <label htmlFor={`${id}-num`}>Gift card number</label>
            <input
              id={`${id}-num`}
              inputMode="numeric"
              autoComplete="off"
              value={number}
              maxLength={23}
              aria-invalid={fields.number ? true : undefined}
              aria-describedby={fields.number ? `${id}-num-err` : undefined}
              onChange={(e) => setNumber(e.target.value)}
            />
            <Problem id={`${id}-num-err`} message={fields.number} />
          </div>
          <div className="hh-field">
            <label htmlFor={`${id}-pin`}>PIN</label>
            <input
              id={`${id}-pin`}
              inputMode="numeric"
              autoComplete="off"
              type="password"
              value={pin}
              maxLength={8}
              aria-invalid={fields.pin ? true : undefined}
              aria-describedby={fields.pin ? `${id}-pin-err` : undefined}
              onChange={(e) => setPin(e.target.value)}
            />
            <Problem id={`${id}-pin-err`} message={fields.pin} />
          </div>
          <button type="button" className="hh-button hh-button--outline" disabled={busy} onClick={() => void check()}>
            {busy ? 'Checking…' : 'Check balance and apply'}
          </button>
        </div>
      )}
      <Problem message={error ?? p.errors.giftcard} />
    </div>
  );
}

/** OptionsFailed: the payment options could not be loaded; the guest may ask again. */
function OptionsFailed({ retry }: { retry: () => void }) {
  return (
    <div role="alert" className="hh-checkout__options-error">
      <p>We couldn't load the ways to pay for this order.</p>
      <button type="button" className="hh-btn hh-btn--secondary" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
