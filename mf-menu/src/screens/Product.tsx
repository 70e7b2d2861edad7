// /menu/{mid}/product/{pid}: configure a product and add it to the cart, or, with
// ?line={id}, change that cart line (docs/menu.md, "Product page").
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from '@henhouse/kit/router';
import { actions } from '@henhouse/kit/actions';
import { ApiError } from '@henhouse/kit/api/client';
import { updateLine } from '@henhouse/kit/api/cart';
import { getProduct } from '@henhouse/kit/api/menu';
import type { CartLine, Product as ProductT } from '@henhouse/kit/api/types';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { money } from '@henhouse/kit/format';
import { MarkerList, MARKER_INFO } from '@henhouse/kit/menu/markers';
import { initialSelection, markersOf, problems, toInput, unitPrice, type Selection } from '@henhouse/kit/menu/rules';
import { preselectDefaults } from '@henhouse/kit/menu/settings';
import type { ScreenProps } from '@henhouse/kit/screen';
import { useAppStore } from '@henhouse/kit/state/store';
import { ResolveIds } from '../menu/Resolve';
import { useMenuLocationId } from '../menu/useMenuLocation';
import { GroupField } from '../product/GroupField';
import { PLACEHOLDER, ProductGrid } from '../ui/ProductCard';
import { LoadFailed, Loading } from '@henhouse/kit/ui/Status';
import { Announce } from '../ui/Status';
import { clockAt } from '../ui/time';
import { useQuickAdd } from '../ui/useQuickAdd';
import '../menu.css';
import { useAnnounce } from '@henhouse/kit/ui/announce';

/** The longest special instructions the edge takes. */
export const MAX_INSTRUCTIONS = 200;
const MAX_QUANTITY = 99;

export default function Product(props: ScreenProps) {
  const { mid, pid } = props.params;
  if (!mid || !pid) return <ResolveIds mid={mid} kind="product" id={pid} />;
  return <ProductScreen {...props} />;
}

function ProductScreen({ params, query }: ScreenProps) {
  const mid = params.mid ?? '';
  const pid = params.pid ?? '';
  const locationId = useMenuLocationId(mid);
  const data = useLoad(`${mid}|${pid}|${locationId ?? ''}`, (signal) => getProduct(mid, pid, signal, locationId));
  const line = useAppStore((s) => s.cart?.products.find((l) => l.id === query.line && l.product_id === pid)) ?? null;
  const name = data.data?.product.name;
  useEffect(() => {
    if (name) useAppStore.getState().set({ product: { data: { name } } });
  }, [name]);

  if (data.status === 'loading') return <Loading className="hh-menu-loading" what="the item" />;
  if (data.status === 'error') return <LoadFailed className="hh-menu-notice" error={data.error} retry={data.retry} />;
  return (
    <ProductForm
      key={`${pid}|${line?.id ?? ''}`}
      mid={mid}
      locationId={locationId}
      product={data.data.product}
      upsells={data.data.upsells}
      line={line}
    />
  );
}

/** The top of the product page: the way back, the photo, the name and the description.
 *  The page's HTML holds it, filled in by the edge, until the screen has its data
 *  (../prerender.tsx). */
export function ProductHead({
  mid,
  image,
  name,
  description,
  children,
}: {
  mid: string;
  image: string;
  name: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <p>
        <Link to={`/menu/${encodeURIComponent(mid)}`}>Back to the menu</Link>
      </p>
      <div className="hh-product__top">
        <img className="hh-product__img" src={image} alt="" width={320} height={240} />
        <div>
          <h2 className="hh-product__name">{name}</h2>
          <p>{description}</p>
          {children}
        </div>
      </div>
    </>
  );
}

function ProductForm({
  mid,
  locationId,
  product: p,
  upsells,
  line,
}: {
  mid: string;
  locationId?: string;
  product: ProductT;
  upsells: ProductT[];
  line: CartLine | null;
}) {
  const id = useId();
  const location = useAppStore((s) => s.location);
  const setUi = useAppStore((s) => s.setUi);
  const [sel, setSel] = useState<Selection>(() => initialSelection(p, preselectDefaults(), line));
  const [quantity, setQuantity] = useState(line?.quantity ?? 1);
  const [notes, setNotes] = useState(line?.special_instructions ?? '');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: string[] } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const quick = useQuickAdd(mid, locationId);
  const groups = p.modifier_groups ?? [];
  const missing = problems(p, sel);
  const markers = markersOf(p, sel);
  const unavailable = p.available_now === false;
  const place = location?.menu_id === mid ? location : undefined;
  const reason = unavailable
    ? `${p.availability?.label ?? 'Not available now'}. ${p.available_at ? `Earliest available ${clockAt(p.available_at, place)}` : 'Not served at this location'}.`
    : missing.length
      ? `To add this, ${missing.join('; ')}.`
      : '';

  // What a choice changes is announced: the price, the quantity, the allergens, and the
  // characters left near the end of the instructions.
  useAnnounce(`Quantity ${quantity}. Price ${money(unitPrice(p, sel) * quantity)}.`);
  useAnnounce(
    markers.length
      ? `Contains: ${markers.map((m) => MARKER_INFO[m].label.toLowerCase()).join(', ')}.`
      : 'No listed allergens.',
  );
  const charsLeft = MAX_INSTRUCTIONS - notes.length;
  useAnnounce(charsLeft <= 20 ? `${charsLeft} characters left` : null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setTried(true);
    if (reason) {
      // Focus the first incomplete group so the guest lands where the choice is missing.
      // After this render the incomplete groups show their message: focus the first.
      requestAnimationFrame(() =>
        document
          .querySelector('.hh-group .hh-field-error')
          ?.closest('fieldset')
          ?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])')
          ?.focus(),
      );
      return;
    }
    // A new line waits for a location the guest chose (docs/menu.md, "Choosing a location").
    if (line) void save(locationId);
    else quick.choice.withLocation(p.name, (id) => void save(id));
  }

  async function save(at: string | undefined) {
    setBusy(true);
    setError(null);
    setAnnouncement('');
    const body = { quantity, modifiers: toInput(p, sel), specialInstructions: notes.trim() || undefined };
    try {
      if (line) {
        useAppStore.getState().set({ cart: (await updateLine(line.id, { productId: p.id, ...body })).cart });
        setAnnouncement(`Saved your changes to ${p.name}.`);
        setUi({ cartOpen: true });
      } else {
        const cart = await actions.addToCart(mid, at, p.id, body);
        setAnnouncement(
          `Added ${quantity} ${p.name} to your cart. ${cart.item_count} ${cart.item_count === 1 ? 'item' : 'items'} in your cart.`,
        );
      }
    } catch (err) {
      if (quick.choice.needsLocation(err)) {
        quick.choice.ask(p.name, (id) => void save(id));
        return;
      }
      setError({
        message: messageFor(err),
        fields: err instanceof ApiError && err.fields ? Object.values(err.fields) : [],
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="hh-menu hh-product" data-screen="mf-menu/Product">
      <ProductHead mid={mid} image={p.image || PLACEHOLDER} name={p.name} description={p.description}>
        {unavailable && (
          <p className="hh-badge" title={p.availability?.label}>
            {p.available_at ? `Earliest available ${clockAt(p.available_at, place)}` : 'Not served at this location'}
          </p>
        )}
      </ProductHead>

      <form className="hh-product__form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="visually-hidden">
          Make it yours
        </h3>
        {groups.map((g) => (
          <GroupField key={g.id} group={g} sel={sel} onChange={setSel} tried={tried} />
        ))}

        <section className="hh-product__allergens" aria-labelledby={`${id}-allergens`}>
          <h3 id={`${id}-allergens`}>Allergens as you’ve chosen it</h3>
          <MarkerList markers={markers} empty="None of the listed allergens." />
          {(p.cross_contact ?? []).map((note) => (
            <p key={note} className="hh-product__cross">
              {note}
            </p>
          ))}
        </section>

        <div className="hh-field hh-product__qty">
          <span id={`${id}-qty`}>Quantity</span>
          <div className="hh-counter">
            <button
              type="button"
              aria-label="One less"
              disabled={quantity <= 1}
              onClick={() => setQuantity((q) => Math.max(1, q - 1))}
            >
              −
            </button>
            <span className="hh-counter__value">{quantity}</span>
            <button
              type="button"
              aria-label="One more"
              disabled={quantity >= MAX_QUANTITY}
              onClick={() => setQuantity((q) => Math.min(MAX_QUANTITY, q + 1))}
            >
              +
            </button>
          </div>
        </div>

        <div className="hh-field">
          <label htmlFor={`${id}-notes`}>Special instructions (optional)</label>
          <textarea
            id={`${id}-notes`}
            rows={3}
            maxLength={MAX_INSTRUCTIONS}
            value={notes}
            aria-describedby={`${id}-count`}
            onChange={(e) => setNotes(e.target.value.slice(0, MAX_INSTRUCTIONS))}
          />
          <p id={`${id}-count`} className="hh-field-hint">
            {notes.length} of {MAX_INSTRUCTIONS} characters
          </p>
        </div>

        <div className="hh-product__action">
          <button
            type="submit"
            className="hh-button hh-button--primary"
            aria-disabled={reason ? 'true' : undefined}
            aria-describedby={reason ? `${id}-reason` : undefined}
            disabled={busy}
          >
            {busy ? (line ? 'Saving…' : 'Adding…') : line ? 'Save changes' : 'Add to cart'} ·{' '}
            {money(unitPrice(p, sel) * quantity)}
          </button>
          {reason && (
            <p id={`${id}-reason`} className="hh-product__reason">
              {reason}
            </p>
          )}
          {error && (
            <div className="hh-field-error" role="alert">
              <p>{error.message}</p>
              {error.fields.length > 0 && (
                <ul>
                  {error.fields.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {announcement && (
            <p className="hh-product__done">
              {announcement}{' '}
              <button type="button" className="hh-link-button" onClick={() => setUi({ cartOpen: true })}>
                View cart
              </button>
            </p>
          )}
        </div>
      </form>

      {upsells.length > 0 && (
        <section className="hh-product__upsells" aria-labelledby={`${id}-upsells`}>
          <h2 id={`${id}-upsells`}>Complete your meal</h2>
          <ProductGrid products={upsells} mid={mid} place={place} quick={quick} />
        </section>
      )}
      <Announce text={announcement || quick.announcement} />
      {quick.choice.dialog}
    </div>
  );
}
