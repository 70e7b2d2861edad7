// Saved addresses, saved cards, favorite locations and order history (docs/identity.md).
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '@henhouse/kit/router';
import * as account from '@henhouse/kit/api/account';
import type { AddressInput, Location, MemberOrder, SavedAddress, SavedCard, User } from '@henhouse/kit/api/types';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { money } from '@henhouse/kit/format';
import { addressLine } from '@henhouse/kit/locations/address';
import { OrderAgain } from '@henhouse/kit/orders/OrderAgain';
import { useAppStore } from '@henhouse/kit/state/store';
import { CheckboxField, FormAlert, Status, TextField } from '@henhouse/kit/ui/forms/Field';
import { applyServerErrors } from '@henhouse/kit/ui/forms/serverErrors';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { brandName, cardExpiry, formatDate } from '../lib/format';
import { LocationSelector } from '../locations/LocationSelector';

/** useList loads one of the member's lists (the kit's loading hook) and lets a change
 *  replace it; `error` is the load's failure until a change sets its own. */
function useList<T>(key: string, load: (signal: AbortSignal) => Promise<T[]>) {
  const list = useLoad(key, load);
  const [changeError, setError] = useState<string | null>(null);
  const error = changeError ?? (list.status === 'error' ? messageFor(list.error) : null);
  return { items: list.status === 'ready' ? list.data : null, setItems: list.setData, error, setError };
}

function Loading({ items, error, what }: { items: unknown[] | null; error: string | null; what: string }) {
  if (error && !items) return <FormAlert message={`We couldn't load your ${what}. ${error}`} />;
  if (!items) return <p role="status">Loading your {what}…</p>;
  return null;
}

type Address = SavedAddress;
type AddressValues = Required<Omit<AddressInput, 'default'>> & { default: boolean };
const emptyAddress: AddressValues = {
  label: '',
  street: '',
  unit: '',
  city: '',
  state: '',
  zip: '',
  instructions: '',
  default: false,
};

export function Addresses() {
  const { items, setItems, error, setError } = useList('addresses', (signal) =>
    account.getAddresses(signal).then((r) => r.addresses),
  );
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const remove = async (a: Address) => {
    if (!window.confirm(`Remove the address "${a.label}"?`)) return;
    setError(null);
    try {
      const r = await account.removeAddress(a.id);
      setItems(r.addresses);
      setStatus(`Removed ${a.label}.`);
    } catch (e) {
      setError(messageFor(e));
    }
  };
  return (
    <>
      <Loading items={items} error={error} what="addresses" />
      {items && error && <FormAlert message={error} />}
      {items && items.length === 0 && <p className="hh-acct-empty">No saved addresses yet.</p>}
      {items && items.length > 0 && (
        <ul className="hh-acct-list" aria-label="Saved addresses">
          {items.map((a) => (
            <li key={a.id} className="hh-acct-item">
              <h4>
                {a.label}
                {a.default && <span className="hh-acct-muted"> (default)</span>}
              </h4>
              <p>{addressLine(a)}</p>
              {a.instructions && <p className="hh-acct-muted">{a.instructions}</p>}
              <div className="hh-acct-row">
                <button type="button" className="hh-acct-link" onClick={() => setEditing(a)}>
                  Edit<span className="visually-hidden"> {a.label}</span>
                </button>
                <button type="button" className="hh-acct-link" onClick={() => remove(a)}>
                  Remove<span className="visually-hidden"> {a.label}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Status message={status} />
      {editing ? (
        <AddressForm
          key={editing === 'new' ? 'new' : editing.id}
          address={editing === 'new' ? null : editing}
          onDone={(list, msg) => {
            setItems(list);
            setEditing(null);
            setStatus(msg);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <button type="button" className="hh-acct-btn hh-acct-btn--outline" onClick={() => setEditing('new')}>
          Add an address
        </button>
      )}
    </>
  );
}

function AddressForm({
  address,
  onDone,
  onCancel,
}: {
  address: Address | null;
  onDone: (list: Address[], message: string) => void;
  onCancel: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<AddressValues>({
    defaultValues: address
      ? {
          label: address.label,
          street: address.street,
          unit: address.unit ?? '',
          city: address.city,
          state: address.state,
          zip: address.zip,
          instructions: address.instructions ?? '',
          default: address.default,
        }
      : emptyAddress,
  });
  useEffect(() => setFocus('label'), [setFocus]);
  const submit = handleSubmit(async (v) => {
    setFormError(null);
    const body: AddressInput = {
      label: v.label.trim(),
      street: v.street.trim(),
      unit: v.unit?.trim() || undefined,
      city: v.city.trim(),
      state: v.state.trim().toUpperCase(),
      zip: v.zip.trim(),
      instructions: v.instructions?.trim() || undefined,
      default: v.default,
    };
    try {
      const r = address ? await account.updateAddress(address.id, body) : await account.addAddress(body);
      onDone(r.addresses, address ? `Saved ${body.label}.` : `Added ${body.label}.`);
    } catch (e) {
      setFormError(applyServerErrors(e, setError, ['label', 'street', 'unit', 'city', 'state', 'zip', 'instructions']));
    }
  });
  const req = (msg: string) => ({ validate: (x: string | undefined) => (x ?? '').trim().length > 0 || msg });
  return (
    <form
      className="hh-acct-form"
      onSubmit={submit}
      noValidate
      aria-busy={isSubmitting}
      aria-label={address ? `Edit ${address.label}` : 'New address'}
    >
      <FormAlert message={formError} />
      <TextField
        label="Name for this address"
        hint="Like Home or Work"
        error={errors.label?.message}
        {...register('label', req('Give the address a name, like Home'))}
      />
      <TextField
        label="Street address"
        autoComplete="address-line1"
        error={errors.street?.message}
        {...register('street', req('Enter the street address'))}
      />
      <TextField
        label="Apartment or suite"
        optional
        autoComplete="address-line2"
        error={errors.unit?.message}
        {...register('unit')}
      />
      <div className="hh-acct-grid hh-acct-grid--2">
        <TextField
          label="City"
          autoComplete="address-level2"
          error={errors.city?.message}
          {...register('city', req('Enter the city'))}
        />
        <TextField
          label="State"
          autoComplete="address-level1"
          maxLength={2}
          hint="2 letters, like OH"
          error={errors.state?.message}
          {...register('state', {
            validate: (x) => /^[A-Za-z]{2}$/.test(x.trim()) || 'Enter the 2-letter state, like OH',
          })}
        />
      </div>
      <TextField
        label="ZIP code"
        inputMode="numeric"
        autoComplete="postal-code"
        error={errors.zip?.message}
        {...register('zip', { validate: (x) => /^\d{5}(-\d{4})?$/.test(x.trim()) || 'Enter a 5-digit ZIP code' })}
      />
      <TextField
        label="Delivery instructions"
        optional
        error={errors.instructions?.message}
        {...register('instructions')}
      />
      <CheckboxField label="Use as my default address" {...register('default')} />
      <div className="hh-acct-row">
        <button type="submit" className="hh-acct-btn hh-acct-btn--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save address'}
        </button>
        <button type="button" className="hh-acct-link" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function Cards() {
  const { items, setItems, error, setError } = useList('cards', (signal) =>
    account.getCards(signal).then((r) => r.cards),
  );
  const [status, setStatus] = useState<string | null>(null);
  const remove = async (c: SavedCard) => {
    const name = `${brandName(c.brand)} ending in ${c.last4}`;
    if (!window.confirm(`Remove the ${name}?`)) return;
    setError(null);
    try {
      const r = await account.removeCard(c.id);
      setItems(r.cards);
      setStatus(`Removed the ${name}.`);
    } catch (e) {
      setError(messageFor(e));
    }
  };
  return (
    <>
      <Loading items={items} error={error} what="cards" />
      {items && error && <FormAlert message={error} />}
      {items && items.length === 0 && (
        <p className="hh-acct-empty">No saved cards. You can save a card when you check out.</p>
      )}
      {items && items.length > 0 && (
        <ul className="hh-acct-list" aria-label="Saved cards">
          {items.map((c) => (
            <li key={c.id} className="hh-acct-item">
              <h4>
                {c.nickname ? `${c.nickname}: ` : ''}
                {brandName(c.brand)} ending in {c.last4}
                {c.default && <span className="hh-acct-muted"> (default)</span>}
              </h4>
              <p className={c.expired ? 'hh-form-field__error' : undefined}>
                {c.expired ? 'Expired' : 'Expires'} {cardExpiry(c.exp_month, c.exp_year)}
              </p>
              <button type="button" className="hh-acct-link" onClick={() => remove(c)}>
                Remove
                <span className="visually-hidden">
                  {' '}
                  {brandName(c.brand)} ending in {c.last4}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Status message={status} />
    </>
  );
}

/** A favorite location: GET /api/user/favorites answers the locations in full. */
type Favorite = Location;

export function Favorites({ user }: { user: User }) {
  const { items, setItems, error, setError } = useList('favorites', (signal) =>
    account.getFavorites(signal).then((r) => r.favorites),
  );
  const [status, setStatus] = useState<string | null>(null);
  const favorites = items ?? [];
  const setPrimary = async (loc: Location) => {
    setError(null);
    try {
      const r = await account.updateProfile({ favorite_location_id: loc.id });
      useAppStore.getState().set({ user: r.user });
      setStatus(`${loc.name} is now your favorite location.`);
    } catch (e) {
      setError(messageFor(e));
    }
  };
  const add = async (loc: Location) => {
    setError(null);
    try {
      const r = await account.addFavorite(loc.id);
      setItems(r.favorites);
      setStatus(`Saved ${loc.name}.`);
    } catch (e) {
      setError(messageFor(e));
    }
  };
  const remove = async (loc: Favorite) => {
    setError(null);
    try {
      const r = await account.removeFavorite(loc.id);
      setItems(r.favorites);
      setStatus(`Removed ${loc.name}.`);
    } catch (e) {
      setError(messageFor(e));
    }
  };
  return (
    <>
      <Loading items={items} error={error} what="saved locations" />
      {items && error && <FormAlert message={error} />}
      {items && favorites.length === 0 && <p className="hh-acct-empty">No saved locations yet.</p>}
      {favorites.length > 0 && (
        <ul className="hh-acct-list" aria-label="Saved locations">
          {favorites.map((f) => (
            <li key={f.id} className="hh-acct-item">
              <h4>
                {f.name}
                {user.favorite_location_id === f.id && <span className="hh-acct-muted"> (favorite)</span>}
              </h4>
              {f.address && <p>{addressLine(f.address)}</p>}
              <div className="hh-acct-row">
                {user.favorite_location_id !== f.id && (
                  <button type="button" className="hh-acct-link" onClick={() => setPrimary(f)}>
                    Make favorite<span className="visually-hidden"> {f.name}</span>
                  </button>
                )}
                <button type="button" className="hh-acct-link" onClick={() => remove(f)}>
                  Remove<span className="visually-hidden"> {f.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Status message={status} />
      {items && <LocationSelector legend="Save a location" value={null} onChange={add} chooseLabel="Save" />}
    </>
  );
}

/** orderPoints is the Points cell: what an order earned once it completed, "Pending"
 * (with what it will earn) until then, and nothing for a cancelled order. The server
 * decides each state; this only words it. */
export function orderPoints(o: MemberOrder): string {
  if (o.status === 'cancelled') return 'Cancelled';
  if (o.status === 'pending') {
    return typeof o.pending_points === 'number' && o.pending_points > 0
      ? `Pending (+${o.pending_points.toLocaleString('en-US')})`
      : 'Pending';
  }
  return o.points > 0 ? `+${o.points.toLocaleString('en-US')}` : '0';
}

export function Orders() {
  const first = useLoad('orders', (signal) => account.getOrders({}, signal));
  // The pages after the first, each asked for with the cursor the page before gave.
  const [more, setMore] = useState<{ orders: MemberOrder[]; cursor: string | null } | null>(null);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const items = first.status === 'ready' ? [...first.data.orders, ...(more?.orders ?? [])] : null;
  const cursor = more ? more.cursor : first.status === 'ready' ? first.data.next_cursor : null;
  const error = first.status === 'error' ? messageFor(first.error) : null;

  async function showMore() {
    if (!cursor) return;
    setBusy(true);
    setMoreError(null);
    try {
      const r = await account.getOrders({ cursor });
      setMore((m) => ({ orders: [...(m?.orders ?? []), ...r.orders], cursor: r.next_cursor }));
    } catch (e) {
      setMoreError(messageFor(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Loading items={items} error={error} what="orders" />
      {items && items.length === 0 && (
        <p className="hh-acct-empty">
          No orders yet. <Link to="/locations">Start an order</Link>
        </p>
      )}
      {items && items.length > 0 && (
        <div style={{ overflowX: 'auto' }}>
          <table className="hh-acct-table">
            <caption className="visually-hidden">Your orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Items</th>
                <th scope="col">Location</th>
                <th scope="col">Total</th>
                <th scope="col">Points</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((o) => (
                <tr key={o.order_id}>
                  <td>{formatDate(o.placed_at)}</td>
                  <td>
                    {(o.items ?? []).map((p) => `${p.quantity > 1 ? `${p.quantity} × ` : ''}${p.name}`).join(', ')}
                  </td>
                  <td>{o.location_name}</td>
                  <td>{money(o.total_cents)}</td>
                  <td>{orderPoints(o)}</td>
                  <td>
                    <div className="hh-acct-row">
                      <Link to={`/order/confirm/${encodeURIComponent(o.order_id)}`}>
                        View<span className="visually-hidden"> order from {formatDate(o.placed_at)}</span>
                      </Link>
                      <OrderAgain orderId={o.order_id} which={`the order from ${formatDate(o.placed_at)}`} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <FormAlert message={moreError} />
      {cursor && (
        <button type="button" className="hh-acct-link" onClick={() => void showMore()} disabled={busy} aria-busy={busy}>
          {busy ? 'Loading more orders…' : 'Show more orders'}
        </button>
      )}
    </>
  );
}
