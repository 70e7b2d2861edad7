// Check a gift card's balance (docs/giftcards.md): number and PIN, the invisible bot
// check (action `giftcard`), and the answer or a refusal the guest can act on. The
// edge limits checks per card and per client and locks a card after wrong PINs.
import { useEffect, useRef, useState } from 'react';
import { Link } from '@henhouse/kit/router';
import { giftCardBalance } from '@henhouse/kit/api/checkout';
import { botHeaders } from '@henhouse/kit/botcheck/headers';
import { FormAlert, RecaptchaNotice, TextField } from '@henhouse/kit/ui/forms/Field';
import { useNativeForm } from '@henhouse/kit/ui/forms/nativeForm';
import { balanceAnswer, balanceProblem, digitsOf, numberRules, pinRules } from './rules';
import './giftcards.css';

interface Values {
  number: string;
  pin: string;
}

export function BalancePage() {
  const form = useNativeForm<Values>({ mode: 'onTouched', defaultValues: { number: '', pin: '' } });
  const { errors, isSubmitting } = form.formState;
  const [answer, setAnswer] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const check = async (v: Values) => {
    setAnswer(null);
    setProblem(null);
    try {
      const r = await giftCardBalance(digitsOf(v.number), v.pin.trim(), await botHeaders('giftcard'));
      setAnswer(balanceAnswer(r.gift_card.balance_cents, r.gift_card.last4));
      form.resetField('pin');
    } catch (e) {
      const p = balanceProblem(e);
      if (p.field) form.setError(p.field, { type: 'server', message: p.message }, { shouldFocus: true });
      else setProblem(p.message);
    }
  };

  return (
    <section className="hh-giftcards" aria-labelledby="gc-balance-h" data-screen="mf-checkout/GiftCardsBalance">
      <h2 id="gc-balance-h">Check a gift card balance</h2>
      <p>Enter the number and PIN from the back of your card or from your e-gift card email.</p>
      <form className="hh-giftcards__form" noValidate onSubmit={(e) => void form.handleSubmit(check)(e)}>
        <TextField
          label="Gift card number"
          inputMode="numeric"
          autoComplete="off"
          error={errors.number?.message}
          {...form.register('number', numberRules)}
        />
        <TextField
          label="PIN"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          hint="4 to 8 digits"
          error={errors.pin?.message}
          {...form.register('pin', pinRules)}
        />
        <FormAlert message={problem} />
        <button type="submit" className="hh-button hh-button--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Checking…' : 'Check balance'}
        </button>
        <RecaptchaNotice />
      </form>
      <div role="status" className="hh-giftcards__answer">
        {answer && <Answer text={answer} />}
      </div>
      <p>
        Looking for a present? <Link to="/gift-cards/buy">Buy an e-gift card</Link>
      </p>
    </section>
  );
}

/** Answer is the balance; it takes focus when it appears, so a screen reader reads it and
 *  the keyboard starts there. */
function Answer({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), [text]);
  return (
    <p ref={ref} tabIndex={-1} className="hh-giftcards__balance">
      {text}
    </p>
  );
}
