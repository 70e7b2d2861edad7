// /app/subscribe (docs/routes.md, webview): subscription plans (GET /api/subscriptions/plans),
// subscribing with a saved or new card, and cancelling (docs/identity.md). A loyalty program
// without subscriptions says so here, and one without saved cards takes a new card only
// (lib/features.ts).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { Link } from '@henhouse/kit/router';
import type { ScreenProps } from '@henhouse/kit/screen';
import { actions } from '@henhouse/kit/actions';
import { getCards } from '@henhouse/kit/api/account';
import { cancelSubscription, getPlans, subscribe } from '@henhouse/kit/api/loyalty';
import type { Plan, SavedCard, Subscription } from '@henhouse/kit/api/types';
import { reportError, useLoad } from '@henhouse/kit/api/useLoad';
import { money } from '@henhouse/kit/format';
import { useAppStore } from '@henhouse/kit/state/store';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import { FormAlert, Status } from '@henhouse/kit/ui/forms/Field';
import { Button } from '@henhouse/kit/ui/controls/Button';
import { ChoiceCard, ChoiceGroup } from '@henhouse/kit/ui/controls/cards';
import { CardForm } from '@henhouse/kit/payments/CardForm';
import { isCardFieldsError, type HostedFields } from '@henhouse/kit/payments/hostedFields';
import { applyServerErrors } from '@henhouse/kit/ui/forms/serverErrors';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { accountFeature } from '../lib/features';
import { brandName, cardExpiry, formatDate } from '../lib/format';
import { currentSubscription } from '../lib/members';
import '../account.css';

const perkEvery: Record<string, string> = { day: 'every day', week: 'every week', month: 'every month' };

/** perkLine says what a plan gives: "Biscuit Club: Free Biscuit, every day". */
export const perkLine = (p: Plan) =>
  p.perk_name ? `${p.perk_name}, ${perkEvery[p.perk_period] ?? `every ${p.perk_period}`}` : '';

export default function Subscribe(props: ScreenProps) {
  if (accountFeature('subscriptions')) return <Plans {...props} />;
  return (
    <SubscribeFrame layout={props.layout}>
      <p className="hh-acct-empty">Subscriptions aren't offered right now.</p>
    </SubscribeFrame>
  );
}

function Plans({ layout }: ScreenProps) {
  const loading = useAppStore((s) => s.loading);
  const user = useAppStore((s) => s.user);
  const token = useAppStore((s) => s.token);
  const members = useAppStore((s) => s.members);
  const planList = useLoad('plans', (signal) => getPlans(signal).then((r) => r.plans));
  const plans = planList.status === 'ready' ? planList.data : null;
  const error = planList.status === 'error' ? messageFor(planList.error) : null;
  const [notice, setNotice] = useState<string | null>(null);

  // The member's current subscriptions come with the rewards; a failure shows in the error dialog.
  useEffect(() => {
    if (user && !loading) actions.getRewards().catch(reportError);
  }, [user, loading]);

  const active = (members?.subscriptions ?? []).filter(currentSubscription);
  const signedOut = !loading && !user && !token;

  return (
    <SubscribeFrame layout={layout} loading={!plans && !error}>
      {error && <FormAlert message={`We couldn't load the plans. ${error}`} />}
      <Status message={notice} className="hh-acct-success" />
      {!plans && !error && (
        <p role="status" className="hh-acct-loading">
          Loading plans…
        </p>
      )}
      {plans &&
        (plans.length === 0 ? (
          <p className="hh-acct-empty">No plans are offered right now.</p>
        ) : (
          <PlanList>
            {plans.map((p) => (
              <PlanItem key={p.id} {...planLines(p)} />
            ))}
          </PlanList>
        ))}
      {active.length > 0 && <CurrentSubscriptions subs={active} plans={plans ?? []} />}
      {plans &&
        plans.length > 0 &&
        (signedOut ? (
          <SignInToSubscribe />
        ) : user && active.length === 0 ? (
          <SubscribeForm plans={plans} onDone={setNotice} />
        ) : null)}
    </SubscribeFrame>
  );
}

// The parts below are also what the page's copy for a signed-out visitor is drawn with
// (src/prerender.tsx), its plans filled in by the edge: the copy and the screen that
// takes its place are the same.

/** SubscribeFrame is the screen around its card. */
export function SubscribeFrame({
  layout,
  loading,
  children,
}: {
  layout: ScreenProps['layout'];
  loading?: boolean;
  children: ReactNode;
}) {
  return (
    <ScreenFrame name="mf-account/Subscribe" title="Subscriptions" loading={loading}>
      <div className={layout === 'app' ? 'hh-acct hh-acct--app' : 'hh-acct'}>
        <div className="hh-acct-card hh-acct-card--wide">{children}</div>
      </div>
    </ScreenFrame>
  );
}

/** A plan in the words of the list: "$2.99 a month", "Biscuit Club: Free Biscuit, every day". */
export interface PlanLines {
  name: string;
  cost: string;
  description: string;
  perk: string;
}

export const planLines = (p: Plan): PlanLines => ({
  name: p.name,
  cost: `${money(p.price_cents)} a ${p.interval}`,
  description: p.description,
  perk: perkLine(p),
});

export function PlanList({ children }: { children: ReactNode }) {
  return (
    <section className="hh-acct-section" aria-labelledby="plans-title">
      <h3 id="plans-title">Plans</h3>
      <ul className="hh-acct-list">{children}</ul>
    </section>
  );
}

export function PlanItem({ name, cost, description, perk }: PlanLines) {
  return (
    <li className="hh-acct-item">
      <h4>{name}</h4>
      <p className="hh-acct-cost">{cost}</p>
      {description && <p>{description}</p>}
      {perk && (
        <ul>
          <li>{perk}</li>
        </ul>
      )}
    </li>
  );
}

export function SignInToSubscribe() {
  return (
    <p className="hh-acct-aside">
      <Link to="/app/signin?return=%2Fapp%2Fsubscribe">Sign in</Link> to subscribe.
    </p>
  );
}

function CurrentSubscriptions({ subs, plans }: { subs: Subscription[]; plans: Plan[] }) {
  return (
    <section className="hh-acct-section" aria-labelledby="current-subs">
      <h3 id="current-subs">Your subscription</h3>
      <ul className="hh-acct-list">
        {subs.map((s) => (
          <CurrentSubscription
            key={s.id}
            sub={s}
            name={s.name || plans.find((p) => p.id === s.plan_id)?.name || s.plan_id}
          />
        ))}
      </ul>
    </section>
  );
}

function CurrentSubscription({ sub, name }: { sub: Subscription; name: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await cancelSubscription(sub.id);
      const m = useAppStore.getState().members;
      if (m)
        useAppStore.getState().set({
          members: {
            ...m,
            subscriptions: m.subscriptions.map((x) => (x.id === sub.id ? { ...x, ...r.subscription } : x)),
          },
        });
      setConfirming(false);
    } catch (e) {
      setError(messageFor(e));
    } finally {
      setBusy(false);
    }
  };
  const ending = sub.status === 'cancelled';
  let state: string;
  if (ending)
    state = sub.ends_at ? `Cancelled. Your plan stays active until ${formatDate(sub.ends_at)}.` : 'Cancelled.';
  else if (sub.status === 'past_due') state = "Payment past due. We couldn't charge your card for this month.";
  else state = sub.renews_at ? `Active. Renews ${formatDate(sub.renews_at)}.` : 'Active.';
  return (
    <li className="hh-acct-item">
      <h4>{name}</h4>
      <p role="status">{state}</p>
      {sub.payment_label && <p className="hh-acct-muted">Paid with {sub.payment_label}</p>}
      {!ending &&
        (confirming ? (
          <div className="hh-acct-row">
            <button
              type="button"
              className="hh-acct-btn hh-acct-btn--secondary hh-acct-btn--small"
              onClick={cancel}
              disabled={busy}
            >
              {busy ? 'Cancelling…' : 'Yes, cancel my plan'}
            </button>
            <button type="button" className="hh-acct-link" onClick={() => setConfirming(false)} disabled={busy}>
              Keep my plan
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="hh-acct-btn hh-acct-btn--outline hh-acct-btn--small"
            onClick={() => setConfirming(true)}
          >
            Cancel subscription
          </button>
        ))}
      {error && (
        <p role="alert" className="hh-form-field__error">
          {error}
        </p>
      )}
    </li>
  );
}

interface SubscribeValues {
  plan_id: string;
  cardId: string;
}

function SubscribeForm({ plans, onDone }: { plans: Plan[]; onDone: (message: string) => void }) {
  // Without saved cards on this site a new card is the only way to pay.
  const [wallet] = useState(() => accountFeature('wallet'));
  const [cards, setCards] = useState<SavedCard[] | null>(wallet ? null : []);
  const [formError, setFormError] = useState<string | null>(null);
  const [cardsError, setCardsError] = useState<string | null>(null);
  // A new card is typed into the card processor's frame; only its token reaches this page.
  const fieldsRef = useRef<HostedFields | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const {
    handleSubmit,
    control,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<SubscribeValues>({
    defaultValues: {
      plan_id: plans[0]?.id ?? '',
      cardId: wallet ? '' : 'new',
    },
  });

  useEffect(() => {
    if (!wallet) return;
    getCards().then(
      (r) => {
        // An expired card cannot pay for a plan.
        const usable = (r.cards ?? []).filter((c) => !c.expired);
        setCards(usable);
        const def = usable.find((c) => c.default) ?? usable[0];
        setValue('cardId', def ? def.id : 'new');
      },
      (e: unknown) => {
        // Without the saved cards the member can still pay with a new one.
        setCardsError(`We couldn't load your saved cards. ${messageFor(e)}`);
        setCards([]);
        setValue('cardId', 'new');
      },
    );
  }, [setValue, wallet]);

  const cardId = useWatch({ control, name: 'cardId' });
  // The plans are the kit's choice cards (controlled), so the field is the form's through
  // useController rather than a registered input.
  const { field: plan } = useController({ control, name: 'plan_id', rules: { required: 'Choose a plan' } });
  // handleSubmit is called when the form is sent, not while rendering: the card frame's
  // fields are read then.
  const submit = (e: React.FormEvent) =>
    handleSubmit(async (v) => {
      setFormError(null);
      setCardError(null);
      try {
        // A saved card is sent by its id: the edge charges its token and labels the
        // subscription with it ("Visa •••• 4242").
        let paymentToken = cards?.find((c) => c.id === v.cardId)?.id;
        if (!paymentToken) {
          if (!fieldsRef.current) {
            setCardError('The card form is still loading.');
            return;
          }
          paymentToken = (await fieldsRef.current.tokenize()).token;
        }
        const r = await subscribe(v.plan_id, paymentToken);
        const m = useAppStore.getState().members;
        const plan = plans.find((p) => p.id === v.plan_id);
        onDone(`You're subscribed to ${plan?.name ?? 'your plan'}.`);
        if (m) useAppStore.getState().set({ members: { ...m, subscriptions: [...m.subscriptions, r.subscription] } });
      } catch (e) {
        if (isCardFieldsError(e)) setCardError(e.message);
        else setFormError(applyServerErrors(e, setError, ['plan_id']));
      }
    })(e);

  return (
    <form
      className="hh-acct-form"
      onSubmit={submit}
      noValidate
      aria-busy={isSubmitting}
      aria-labelledby="subscribe-title"
    >
      <h3 id="subscribe-title" className="hh-form-step-title">
        Subscribe
      </h3>
      <FormAlert message={formError ?? cardsError} />
      <ChoiceGroup legend="Plan" error={errors.plan_id?.message}>
        {plans.map((p) => (
          <ChoiceCard
            key={p.id}
            type="radio"
            name="plan_id"
            value={p.id}
            checked={plan.value === p.id}
            onChange={() => plan.onChange(p.id)}
            label={p.name}
            detail={`${money(p.price_cents)} a ${p.interval}`}
          />
        ))}
      </ChoiceGroup>
      {cards === null ? (
        <p role="status">Loading your cards…</p>
      ) : (
        <ChoiceGroup legend="Pay with">
          {cards.map((c) => (
            <ChoiceCard
              key={c.id}
              type="radio"
              name="cardId"
              value={c.id}
              checked={cardId === c.id}
              onChange={() => setValue('cardId', c.id)}
              label={`${c.nickname ? `${c.nickname}: ` : ''}${brandName(c.brand)} ending in ${c.last4}, expires ${cardExpiry(c.exp_month, c.exp_year)}`}
            />
          ))}
          <ChoiceCard
            type="radio"
            name="cardId"
            value="new"
            checked={cardId === 'new'}
            onChange={() => setValue('cardId', 'new')}
            label="A new card"
          />
        </ChoiceGroup>
      )}
      {cardId === 'new' && (
        <fieldset>
          <legend>New card</legend>
          <CardForm processor="hosted" fieldsRef={fieldsRef} error={cardError} />
        </fieldset>
      )}
      <Button type="submit" full disabled={isSubmitting || cards === null}>
        {isSubmitting ? 'Subscribing…' : 'Subscribe'}
      </Button>
    </form>
  );
}
