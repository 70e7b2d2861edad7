// The card form: the card processor's hosted fields in their frame (docs/checkout.md,
// "Card fields"), for every form that takes a new card (the checkout, a subscription).
// The page never sees the card number; it gets the brand while the guest types and a
// token from fieldsRef.current.tokenize() when the form is sent.
import { useEffect, useRef, useState } from 'react';
import {
  cardBrandNames,
  checkoutClientLoadError,
  type CardBrand,
  type CardFieldsState,
  type HostedFields,
} from '@henhouse/kit/payments/hostedFields';
import './cardForm.css';
import { useAnnounce } from '@henhouse/kit/ui/announce';

const brands = Object.entries(cardBrandNames) as [Exclude<CardBrand, ''>, string][];

export function CardForm({
  processor,
  fieldsRef,
  error,
}: {
  processor: string;
  /** Set to the mounted fields, for tokenize at submit. */
  fieldsRef: React.MutableRefObject<HostedFields | null>;
  /** The card's refusal (a decline, an expired card), shown above the fields. */
  error?: string | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<CardFieldsState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let fields: HostedFields | null = null;
    let cleanup = () => {};
    let gone = false;
    // The client's loader comes after the first render, in a file of its own: the frame is
    // below the form's other fields, and the screen should not wait for it.
    import('@henhouse/kit/payments/checkoutClient')
      .then(
        (m) => m.loadCheckoutClient(),
        () => {
          throw new Error(checkoutClientLoadError);
        },
      )
      .then(
        (client) => {
          if (gone || !box.current) return;
          fields = client.mount(box.current, {
            processor,
            title: 'Card details',
            onChange: setState,
          });
          fieldsRef.current = fields;
          // The processor loads its frame as the guest nears it. A guest who has started on
          // the form will get there: load it now, so that tabbing through the form never
          // reaches a frame still empty (which the browser's Tab would pass over).
          const frame = fields.frame;
          const form = box.current.closest('form');
          const wake = () => frame.setAttribute('loading', 'eager');
          form?.addEventListener('focusin', wake, { once: true });
          cleanup = () => form?.removeEventListener('focusin', wake);
        },
        (e: Error) => !gone && setLoadError(e.message),
      );
    return () => {
      gone = true;
      cleanup();
      fields?.destroy();
      if (fieldsRef.current === fields) fieldsRef.current = null;
    };
  }, [processor, attempt, fieldsRef]);

  const brand = state?.brand ?? '';
  useAnnounce(brand ? `${cardBrandNames[brand]} card` : '');
  return (
    <div className="hh-card-form">
      <ul className="hh-card-brands" aria-label="Cards we accept">
        {brands.map(([key, name]) => (
          <li key={key} className={`hh-card-brand hh-card-brand--${key}${brand === key ? ' is-detected' : ''}`}>
            {name}
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="hh-field__error hh-card-form__error">
          {error}
        </p>
      )}
      {loadError ? (
        <div role="alert">
          <p>{loadError}</p>
          <button
            type="button"
            className="hh-button hh-button--outline"
            onClick={() => {
              setLoadError(null);
              setAttempt((a) => a + 1);
            }}
          >
            Try again
          </button>
        </div>
      ) : (
        <div ref={box} className="hh-card-form__frame" data-testid="card-frame" />
      )}
    </div>
  );
}
