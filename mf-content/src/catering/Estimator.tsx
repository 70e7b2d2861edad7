// The "How much do I need?" estimator (docs/catering.md): guests and appetite (and
// optionally the occasion) in, the packages and quantities the edge suggests out, and one
// action that puts them all in the cart.
import { useId, useState } from 'react';
import { Link } from '@henhouse/kit/router';
import { estimateCatering } from '@henhouse/kit/api/menu';
import type { Catering, CateringEstimate, EstimateInput } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { money } from '@henhouse/kit/format';
import { useAppStore } from '@henhouse/kit/state/store';
import { addPackages, leadNote } from './addToCart';
import { useAnnounceNow } from '@henhouse/kit/ui/announce';
import { Button } from '@henhouse/kit/ui/controls/Button';
import { Chips, Segmented } from '@henhouse/kit/ui/controls/choices';
import { Select } from '@henhouse/kit/ui/controls/Select';
import { Stepper } from '@henhouse/kit/ui/controls/Stepper';

type Appetite = NonNullable<EstimateInput['appetite']>;
const APPETITES: { id: Appetite; label: string; hint: string }[] = [
  { id: 'light', label: 'Light', hint: 'a snack or a short meeting' },
  { id: 'regular', label: 'Regular', hint: 'a full meal' },
  { id: 'hearty', label: 'Hearty', hint: 'big eaters, seconds for everyone' },
];
// Guests are counted 5 at a time, and the usual party sizes are one press away.
const STEP = 5;
const QUICK = [10, 25, 50, 100, 200];

export function Estimator({ title, text, catering }: { title?: string; text?: string; catering: Catering | null }) {
  const id = useId();
  const location = useAppStore((s) => s.location);
  const [guests, setGuests] = useState(25);
  const [appetite, setAppetite] = useState<Appetite>('regular');
  const [occasion, setOccasion] = useState('');
  const [estimate, setEstimate] = useState<CateringEstimate | null>(null);
  useAnnounceNow(estimate ? `Suggested quantities for ${estimate.headcount} guests, shown below.` : null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'estimate' | 'add' | null>(null);
  const [done, setDone] = useState('');
  const min = catering?.min_headcount ?? 1;
  const max = catering?.max_headcount ?? 500;
  const sells = location && catering && catering.packages.length > 0;
  const clamp = (n: number) => Math.min(max, Math.max(min, n));

  async function suggest(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setDone('');
    const n = guests;
    if (n < min || n > max) {
      setError(`Enter a number of guests from ${min} to ${max}.`);
      return;
    }
    setBusy('estimate');
    try {
      const r = await estimateCatering({
        headcount: n,
        occasion,
        appetite,
        menu_id: sells ? location.menu_id : undefined,
      });
      setEstimate(r.estimate);
      useAppStore.getState().set({ catering: { estimate: r.estimate } });
    } catch (err) {
      setError(messageFor(err));
    } finally {
      setBusy(null);
    }
  }

  async function addAll() {
    if (!estimate || !location) return;
    setBusy('add');
    setError(null);
    try {
      const cart = await addPackages(
        location,
        estimate.lines.map((l) => ({ id: l.package_id, name: l.name, quantity: l.quantity })),
      );
      setDone(
        `Added the suggestion for ${estimate.headcount} guests to your cart: ${cart.item_count} items in your cart.`,
      );
    } catch (err) {
      setError(messageFor(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="hh-block hh-catering-estimator" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title || 'How much do I need?'}</h2>
      {text && <p>{text}</p>}
      <form className="hh-catering-form" onSubmit={suggest} noValidate>
        <div className="hh-catering-field">
          <p className="hh-catering-label" id={`${id}-guests-label`}>
            Number of guests
          </p>
          <div className="hh-catering-guests">
            <Stepper
              label="Number of guests"
              value={guests}
              min={min}
              max={max}
              size="lg"
              onChange={(n) => setGuests(clamp(n > guests ? guests + STEP : guests - STEP))}
            />
            <Chips
              legend="Or choose a number of guests"
              legendHidden
              name={`${id}-guests-quick`}
              value={QUICK.includes(guests) ? String(guests) : null}
              options={QUICK.filter((n) => n >= min && n <= max).map((n) => ({ value: String(n), label: String(n) }))}
              onChange={(v) => setGuests(Number(v))}
            />
          </div>
          <p className="hh-catering-hint">
            From {min} to {max}, {STEP} at a time.
          </p>
        </div>
        <Segmented<Appetite>
          legend="Appetite"
          name={`${id}-appetite`}
          value={appetite}
          options={APPETITES.map((a) => ({ value: a.id, label: a.label, hint: a.hint }))}
          onChange={setAppetite}
        />
        <Select
          label="Occasion (optional)"
          name={`${id}-occasion`}
          value={occasion}
          onChange={(e) => setOccasion(e.target.value)}
          options={[
            { value: '', label: 'Any occasion' },
            ...(catering?.occasions.map((o) => ({ value: o.id, label: o.name })) ?? []),
          ]}
        />
        <div>
          <Button type="submit" variant="primary" size="lg" disabled={busy !== null}>
            {busy === 'estimate' ? 'Working it out…' : 'Suggest quantities'}
          </Button>
        </div>
      </form>
      {error && (
        <p className="hh-catering-error" role="alert">
          {error}
        </p>
      )}
      <div>
        {estimate && (
          <div className="hh-catering-result">
            <h3>
              For {estimate.headcount} guests, {estimate.appetite} appetite
            </h3>
            <table>
              <caption className="visually-hidden">Suggested catering for {estimate.headcount} guests</caption>
              <thead>
                <tr>
                  <th scope="col">Package</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Servings</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                {estimate.lines.map((l) => (
                  <tr key={l.package_id}>
                    <th scope="row">{l.name}</th>
                    <td>{l.quantity}</td>
                    <td>{l.servings}</td>
                    <td>{money(l.total_cents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <td colSpan={2}>{money(estimate.per_person_cents)} a guest</td>
                  <td>{money(estimate.total_cents)}</td>
                </tr>
              </tfoot>
            </table>
            {sells ? (
              <>
                <Button type="button" variant="primary" size="lg" disabled={busy !== null} onClick={addAll}>
                  {busy === 'add' ? 'Adding…' : 'Add all to cart'}
                </Button>
                {catering && <p className="hh-catering-hint">{leadNote(catering.lead_hours)}</p>}
              </>
            ) : (
              <p>
                {location ? `${location.name} does not offer catering. ` : 'Prices are before choosing a location. '}
                <Link to="/locations">Choose a location</Link> to order.
              </p>
            )}
          </div>
        )}
        {done && <p className="hh-catering-done">{done}</p>}
      </div>
    </section>
  );
}
