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

type Appetite = NonNullable<EstimateInput['appetite']>;
const APPETITES: { id: Appetite; label: string; hint: string }[] = [
  { id: 'light', label: 'Light', hint: 'a snack or a short meeting' },
  { id: 'regular', label: 'Regular', hint: 'a full meal' },
  { id: 'hearty', label: 'Hearty', hint: 'big eaters, seconds for everyone' },
];

export function Estimator({ title, text, catering }: { title?: string; text?: string; catering: Catering | null }) {
  const id = useId();
  const location = useAppStore((s) => s.location);
  const [guests, setGuests] = useState('25');
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

  async function suggest(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setDone('');
    const n = Number(guests);
    if (!Number.isInteger(n) || n < min || n > max) {
      setError(`Enter a number of guests from ${min} to ${max}.`);
      return;
    }
    setBusy('estimate');
    try {
      const r = await estimateCatering({
        headcount: n,
        occasion,
        appetite,
        menuId: sells ? location.menu_id : undefined,
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
          <label htmlFor={`${id}-guests`}>Number of guests</label>
          <div className="hh-qty">
            <button
              type="button"
              aria-label="−10 guests"
              onClick={() => setGuests(String(Math.max(min, (Number(guests) || min) - 10)))}
            >
              −10
            </button>
            <input
              id={`${id}-guests`}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              value={guests}
              aria-describedby={`${id}-guests-hint`}
              onChange={(e) => setGuests(e.target.value)}
            />
            <button
              type="button"
              aria-label="+10 guests"
              onClick={() => setGuests(String(Math.min(max, (Number(guests) || 0) + 10)))}
            >
              +10
            </button>
          </div>
          <p id={`${id}-guests-hint`} className="hh-catering-hint">
            From {min} to {max}.
          </p>
        </div>
        <fieldset className="hh-catering-field">
          <legend>Appetite</legend>
          {APPETITES.map((a) => (
            <label key={a.id} className="hh-catering-choice">
              <input
                type="radio"
                name={`${id}-appetite`}
                checked={appetite === a.id}
                onChange={() => setAppetite(a.id)}
              />
              <span>
                {a.label} <span className="hh-catering-hint">({a.hint})</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="hh-catering-field">
          <label htmlFor={`${id}-occasion`}>Occasion (optional)</label>
          <select id={`${id}-occasion`} value={occasion} onChange={(e) => setOccasion(e.target.value)}>
            <option value="">Any occasion</option>
            {catering?.occasions.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="hh-button hh-button--primary" disabled={busy !== null}>
          {busy === 'estimate' ? 'Working it out…' : 'Suggest quantities'}
        </button>
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
                <button
                  type="button"
                  className="hh-button hh-button--primary"
                  disabled={busy !== null}
                  onClick={addAll}
                >
                  {busy === 'add' ? 'Adding…' : 'Add all to cart'}
                </button>
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
