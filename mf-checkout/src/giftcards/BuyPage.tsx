// Buy an e-gift card (docs/giftcards.md): amount, design, who it is for and from, a
// message, the send date and the receipt's email, paid by card through the processor's
// frame like the checkout. One purchase per attempt whatever the guest or the network
// does (the idempotency key), and a confirmation that takes focus.
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from '@henhouse/kit/router';
import { ApiError } from '@henhouse/kit/api/client';
import {
  getGiftCardDesigns,
  newIdempotencyKey,
  purchaseGiftCard,
  type GiftCardPurchase,
} from '@henhouse/kit/api/checkout';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { botHeaders } from '@henhouse/kit/botcheck/headers';
import { money } from '@henhouse/kit/format';
import { CardForm } from '@henhouse/kit/payments/CardForm';
import { isCardFieldsError, type HostedFields } from '@henhouse/kit/payments/hostedFields';
import { useAppStore } from '@henhouse/kit/state/store';
import {
  FieldError,
  FormAlert,
  RecaptchaNotice,
  StepHeading,
  TextField,
  describedBy,
} from '@henhouse/kit/ui/forms/Field';
import { useNativeForm } from '@henhouse/kit/ui/forms/nativeForm';
import { ChoiceCard } from '@henhouse/kit/ui/controls/cards';
import { emailRules } from '@henhouse/kit/ui/forms/rules';
import { applyServerErrors } from '@henhouse/kit/ui/forms/serverErrors';
import { LoadFailed, Loading } from '@henhouse/kit/ui/Status';
import {
  PRESETS,
  amountCents,
  amountError,
  longDate,
  sendOnError,
  sendRange,
  timeZone,
  type GiftLimits,
} from './rules';
import '../checkout/checkout.css';
import './giftcards.css';
import { useAnnounce } from '@henhouse/kit/ui/announce';

interface Design {
  id: string;
  name: string;
}

export interface BuyValues {
  amount: string;
  customAmount: string;
  design: string;
  recipient_name: string;
  recipient_email: string;
  sender_name: string;
  message: string;
  send_on: string;
  buyer_email: string;
}

const fieldNames = [
  'amount',
  'customAmount',
  'design',
  'recipient_name',
  'recipient_email',
  'sender_name',
  'message',
  'send_on',
  'buyer_email',
] as const;

/** The card is charged by the processor the checkout offers by default. */
const PROCESSOR = 'hosted';

export function BuyPage() {
  const options = useLoad('giftcard-designs', (signal) => getGiftCardDesigns(signal));
  const [done, setDone] = useState<GiftCardPurchase | null>(null);
  if (options.status === 'loading') return <Loading className="hh-giftcards" what="gift cards" />;
  if (options.status === 'error')
    return <LoadFailed className="hh-giftcards" error={options.error} retry={options.retry} />;
  if (done) return <Confirmation purchase={done} designs={options.data.designs} onAgain={() => setDone(null)} />;
  return <BuyForm designs={options.data.designs} limits={options.data} onBought={setDone} />;
}

function BuyForm({
  designs,
  limits,
  onBought,
}: {
  designs: Design[];
  limits: GiftLimits;
  onBought: (p: GiftCardPurchase) => void;
}) {
  const id = useId();
  const user = useAppStore((s) => s.user);
  const range = useMemo(() => sendRange(new Date(), limits.send_ahead_days), [limits.send_ahead_days]);
  const form = useNativeForm<BuyValues>({
    mode: 'onTouched',
    // The first problem on the page takes focus (focusFirstProblem), not the first
    // field registered: the custom amount is registered only once it is shown.
    shouldFocusError: false,
    defaultValues: {
      amount: String(PRESETS[1]),
      customAmount: '',
      design: designs[0]?.id ?? '',
      recipient_name: '',
      recipient_email: '',
      sender_name: user?.first_name ?? '',
      message: '',
      send_on: range.min,
      buyer_email: user?.email ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [cardError, setCardError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState('');
  const fieldsRef = useRef<HostedFields | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstProblem = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  // One key per attempt to buy: kept while the outcome is unknown (a network failure),
  // so a retry cannot buy a second card; replaced once the edge has refused the attempt.
  const keyRef = useRef<string | null>(null);

  const [amount, custom, message] = [form.watch('amount'), form.watch('customAmount'), form.watch('message')];
  const cents = amountCents(amount, custom);
  const validCents = amount !== 'custom' || !amountError(custom, limits) ? cents : 0;
  const left = limits.message_max - [...message].length;
  // Announced only near the limit, not at every key.
  useAnnounce(left <= 20 ? (left >= 0 ? `${left} characters left` : `${-left} characters over the limit`) : null);
  const dollars = (c: number) => money(c).replace('.00', '');

  const buy = async (v: BuyValues) => {
    setCardError(null);
    setProblem(null);
    if (!fieldsRef.current) {
      setCardError('The card form is still loading. Try again in a moment.');
      return;
    }
    try {
      setProgress('Checking your card…');
      const card = await fieldsRef.current.tokenize();
      setProgress('Buying your gift card…');
      const headers = await botHeaders('giftcard_buy');
      keyRef.current ??= newIdempotencyKey();
      const body = {
        amount_cents: amountCents(v.amount, v.customAmount),
        design: v.design,
        recipient_name: v.recipient_name.trim(),
        recipient_email: v.recipient_email.trim(),
        sender_name: v.sender_name.trim(),
        message: v.message.trim(),
        send_on: v.send_on,
        time_zone: timeZone(),
        buyer_email: v.buyer_email.trim(),
        payment: { kind: 'card' as const, processor: card.processor || PROCESSOR, token: card.token },
      };
      let purchase: GiftCardPurchase;
      for (let tries = 0; ; tries++) {
        try {
          purchase = (await purchaseGiftCard(body, keyRef.current, headers)).purchase;
          break;
        } catch (e) {
          // The same attempt is still being made (a retried request): ask again shortly.
          if (e instanceof ApiError && e.code === 'purchase_in_progress' && tries < 10) {
            await new Promise((r) => setTimeout(r, 800));
            continue;
          }
          throw e;
        }
      }
      keyRef.current = null;
      setProgress('');
      onBought(purchase);
    } catch (e) {
      setProgress('');
      if (isCardFieldsError(e)) {
        setCardError(e.message);
        fieldsRef.current?.focus();
        return;
      }
      // A refusal is final for this attempt; a network failure keeps the key for the retry.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.code !== 'purchase_in_progress')
        keyRef.current = null;
      if (e instanceof ApiError && (e.fields?.card || e.code.startsWith('card_') || e.code === 'processor_error')) {
        setCardError(e.fields?.card ?? e.message);
        if (e.fields?.cvv) fieldsRef.current?.showError('cvv', e.fields.cvv);
        fieldsRef.current?.focus();
        return;
      }
      setProblem(applyServerErrors(e, form.setError, fieldNames, { aliases: { amount_cents: 'customAmount' } }));
    }
  };

  return (
    <section className="hh-giftcards" aria-labelledby={`${id}-h`} data-screen="mf-checkout/GiftCardsBuy">
      <h2 id={`${id}-h`}>Buy an e-gift card</h2>
      <p>
        We email the card to the person you choose on the day you choose, with your message. Any amount from{' '}
        {dollars(limits.min_cents)} to {dollars(limits.max_cents)} in whole dollars.
      </p>
      <form
        ref={formRef}
        className="hh-giftcards__form"
        noValidate
        onSubmit={(e) => void form.handleSubmit(buy, focusFirstProblem)(e)}
      >
        <fieldset className="hh-giftcards__group" aria-describedby={describedBy(errors.amount && `${id}-amount-err`)}>
          <legend>Amount</legend>
          <div className="hh-giftcards__amounts">
            {PRESETS.map((c) => (
              <ChoiceCard
                key={c}
                type="radio"
                name="amount"
                value={String(c)}
                label={dollars(c)}
                inputProps={form.register('amount', { required: 'Choose an amount' })}
              />
            ))}
            <ChoiceCard
              type="radio"
              name="amount"
              value="custom"
              label="Other amount"
              inputProps={form.register('amount')}
            />
          </div>
          <FieldError id={`${id}-amount-err`} message={errors.amount?.message} />
          {amount === 'custom' && (
            <TextField
              label="Amount in dollars"
              inputMode="numeric"
              hint={`Whole dollars from ${dollars(limits.min_cents)} to ${dollars(limits.max_cents)}`}
              error={errors.customAmount?.message}
              {...form.register('customAmount', {
                validate: (v, all) => all.amount !== 'custom' || amountError(v, limits) || true,
              })}
            />
          )}
        </fieldset>

        <fieldset className="hh-giftcards__group" aria-describedby={describedBy(errors.design && `${id}-design-err`)}>
          <legend>Design</legend>
          <div className="hh-giftcards__designs">
            {designs.map((d) => (
              <ChoiceCard
                key={d.id}
                className="hh-giftcards__design"
                type="radio"
                name="design"
                value={d.id}
                label={d.name}
                media={
                  <span className={`hh-gift-art hh-gift-art--${d.id}`} aria-hidden="true">
                    <span className="hh-gift-art__brand">Henhouse</span>
                    <span className="hh-gift-art__amount">{validCents ? dollars(validCents) : ''}</span>
                  </span>
                }
                inputProps={form.register('design', { required: 'Choose a design' })}
              />
            ))}
          </div>
          <FieldError id={`${id}-design-err`} message={errors.design?.message} />
        </fieldset>

        <fieldset className="hh-giftcards__group">
          <legend>Who it's for</legend>
          <TextField
            label="Recipient's name"
            autoComplete="off"
            maxLength={50}
            error={errors.recipient_name?.message}
            {...form.register('recipient_name', { required: "Enter the recipient's name" })}
          />
          <TextField
            label="Recipient's email"
            type="email"
            autoComplete="off"
            hint="We send the card here"
            error={errors.recipient_email?.message}
            {...form.register('recipient_email', {
              required: "Enter the recipient's email address",
              validate: emailRules.validate,
            })}
          />
          <TextField
            label="Your name"
            autoComplete="name"
            maxLength={50}
            hint="Shown as who the card is from"
            error={errors.sender_name?.message}
            {...form.register('sender_name', { required: 'Enter your name' })}
          />
          <div className="hh-form-field">
            <label htmlFor={`${id}-msg`} className="hh-form-field__label">
              Message <span className="hh-form-field__optional">(optional)</span>
            </label>
            <textarea
              id={`${id}-msg`}
              className="hh-form-input hh-giftcards__message"
              rows={4}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describedBy(errors.message && `${id}-msg-err`, `${id}-msg-count`)}
              {...form.register('message', {
                validate: (v) =>
                  [...v.trim()].length <= limits.message_max || `Keep the message to ${limits.message_max} characters`,
              })}
            />
            <p id={`${id}-msg-count`} className={`hh-form-field__hint${left < 0 ? ' hh-giftcards__over' : ''}`}>
              {left >= 0
                ? `${left} of ${limits.message_max} characters left`
                : `${-left} characters over the limit of ${limits.message_max}`}
            </p>
            <FieldError id={`${id}-msg-err`} message={errors.message?.message} />
          </div>
          <TextField
            label="Send date"
            type="date"
            min={range.min}
            max={range.max}
            hint={`Today, or any day up to ${limits.send_ahead_days} days ahead`}
            error={errors.send_on?.message}
            {...form.register('send_on', {
              validate: (v) => sendOnError(v, range, limits.send_ahead_days) ?? true,
            })}
          />
        </fieldset>

        <fieldset className="hh-giftcards__group">
          <legend>Your receipt and payment</legend>
          <TextField
            label="Your email"
            type="email"
            autoComplete="email"
            hint="We send your receipt here"
            error={errors.buyer_email?.message}
            {...form.register('buyer_email', emailRules)}
          />
          <p className="hh-giftcards__note">
            Pay by card. A gift card can't be used to buy another gift card.
            {user && ' The card is also saved to your account, so you can find it later.'}
          </p>
          <CardForm processor={PROCESSOR} fieldsRef={fieldsRef} error={cardError} />
        </fieldset>

        <FormAlert message={problem} />
        <p role="status" className="hh-form-status">
          {progress}
        </p>
        <button type="submit" className="hh-button hh-button--primary hh-giftcards__submit" disabled={isSubmitting}>
          {validCents ? `Buy gift card · ${money(validCents)}` : 'Buy gift card'}
        </button>
        <RecaptchaNotice />
      </form>
      <p>
        Have a card already? <Link to="/gift-cards/balance">Check a balance</Link>
      </p>
    </section>
  );
}

function Confirmation({
  purchase: p,
  designs,
  onAgain,
}: {
  purchase: GiftCardPurchase;
  designs: Design[];
  onAgain: () => void;
}) {
  const design = designs.find((d) => d.id === p.design)?.name ?? p.design;
  return (
    <section className="hh-giftcards" aria-labelledby="gc-done-h" data-screen="mf-checkout/GiftCardsBuy">
      <StepHeading focus level={2} id="gc-done-h">
        Thank you! Your gift card is {p.status === 'sent' ? 'on its way' : 'booked'}
      </StepHeading>
      <dl className="hh-giftcards__summary">
        <dt>Order reference</dt>
        <dd>{p.id}</dd>
        <dt>Amount</dt>
        <dd>{money(p.amount_cents)}</dd>
        <dt>Design</dt>
        <dd>{design}</dd>
        <dt>Recipient</dt>
        <dd>
          {p.recipient_name} ({p.recipient_email})
        </dd>
        <dt>Send date</dt>
        <dd>
          {longDate(p.send_on)}
          {p.status === 'sent' ? ' (sent)' : ''}
        </dd>
        <dt>Paid with</dt>
        <dd>{p.payment_label}</dd>
      </dl>
      <p>
        {p.status === 'sent'
          ? `We've emailed the card to ${p.recipient_name}.`
          : `We'll email the card to ${p.recipient_name} on ${longDate(p.send_on)}.`}{' '}
        Your receipt is on its way to {p.buyer_email}.
      </p>
      <p className="hh-giftcards__actions">
        <button type="button" className="hh-button hh-button--outline" onClick={onAgain}>
          Buy another gift card
        </button>{' '}
        <Link to="/gift-cards/balance">Check a balance</Link>
      </p>
    </section>
  );
}
