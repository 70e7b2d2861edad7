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
import { incomplete, initialSelection, markersOf, toInput, unitPrice, type Selection } from '@henhouse/kit/menu/rules';
import { preselectDefaults } from '@henhouse/kit/menu/settings';
import type { ScreenProps } from '@henhouse/kit/screen';
import { useAppStore } from '@henhouse/kit/state/store';
import { ResolveIds } from '../menu/Resolve';
import { useMenuLocationId } from '../menu/useMenuLocation';
import { GroupField } from '../product/GroupField';
import { addedMessage, missingLabel } from '../product/words';
import { PLACEHOLDER, ProductGrid } from '../ui/ProductCard';
import { LoadFailed, Loading } from '@henhouse/kit/ui/Status';
import { Announce } from '../ui/Status';
import { clockAt } from '../ui/time';
import { useQuickAdd } from '../ui/useQuickAdd';
import { useCartKnown } from '../ui/cartKnown';
import { LazyGroupBanner } from '../group/LazyBanner';
import { addToGroup, groupAddedMessage, refreshAfterRefusal, useGroupMode, useGroupRestore } from '../group/mode';
import '../menu.css';
import { useAnnounce } from '@henhouse/kit/ui/announce';
import { Button, Stepper } from '@henhouse/kit/ui/controls';
import { toast } from '@henhouse/kit/ui/toast';

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
  const cartKnown = useCartKnown();
  useGroupRestore();
  const name = data.data?.product.name;
  useEffect(() => {
    if (name) useAppStore.getState().set({ product: { data: { name } } });
  }, [name]);

  // A line being edited is in the cart: until the cart is here the page would be a new add.
  if (data.status === 'loading' || (query.line && !line && !cartKnown))
    return <Loading className="hh-menu-loading" what="the item" />;
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
  price,
  calories,
  children,
}: {
  mid: string;
  image: string;
  name: string;
  description?: string;
  /** The price ("$5.49") and calories ("380"), next to the name. */
  price: string;
  calories: string;
  children?: ReactNode;
}) {
  return (
    <>
      <p className="hh-product__back">
        <Link to={`/menu/${encodeURIComponent(mid)}`}>Back to the menu</Link>
      </p>
      <div className="hh-product__top">
        <img className="hh-product__img" src={image} alt="" width={320} height={240} />
        <div className="hh-product__about">
          <h2 className="hh-product__name">{name}</h2>
          <p className="hh-product__facts">
            <span className="hh-product__price">{price}</span> · <span className="hh-product__cal">{calories} cal</span>
          </p>
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
  const group = useGroupMode(mid);
  const groups = p.modifier_groups ?? [];
  const gaps = incomplete(p, sel);
  const missing = gaps.map((g) => g.problem);
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
  const openCart = () => setUi({ cartOpen: true });
  useAnnounce(charsLeft <= 20 ? `${charsLeft} characters left` : null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setTried(true);
    if (busy) return;
    if (reason) {
      // Focus the first incomplete group so the guest lands where the choice is missing.
      // After this render the incomplete groups show their message: focus the first.
      requestAnimationFrame(() => {
        const group = document.querySelector<HTMLElement>('.hh-group[data-incomplete]');
        // Centered, clear of the add bar at the bottom of the window.
        group?.scrollIntoView?.({ block: 'center' });
        group
          ?.querySelector<HTMLElement>('input:not([disabled]), button:not([aria-disabled="true"])')
          ?.focus({ preventScroll: true });
      });
      return;
    }
    // A new line waits for a location the guest chose (docs/menu.md, "Choosing a location").
    // In group mode the group's location is the host's: nothing to choose.
    if (line || group) void save(locationId);
    else quick.choice.withLocation(p.name, (id) => void save(id));
  }

  async function save(at: string | undefined) {
    setBusy(true);
    setError(null);
    setAnnouncement('');
    const body = { quantity, modifiers: toInput(p, sel), special_instructions: notes.trim() || undefined };
    try {
      if (line) {
        useAppStore.getState().set({ cart: (await updateLine(line.id, { product_id: p.id, ...body })).cart });
        setAnnouncement(`Saved your changes to ${p.name}.`);
        setUi({ cartOpen: true });
      } else if (group) {
        await addToGroup(p.id, body);
        toast({ message: groupAddedMessage(group), action: { label: 'View your items', onClick: openCart } });
      } else {
        await actions.addToCart(mid, at, p.id, body);
        // The toast is the one word of it a screen reader hears; focus stays on the
        // button that added (docs/menu.md, "After an add").
        toast({ message: addedMessage(p.name, quantity), action: { label: 'View cart', onClick: openCart } });
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
      if (group) refreshAfterRefusal(err);
    } finally {
      setBusy(false);
    }
  }

  const total = money(unitPrice(p, sel) * quantity);
  const label = busy
    ? line
      ? 'Saving…'
      : 'Adding…'
    : !unavailable && gaps.length
      ? missingLabel(gaps[0].group, gaps[0].parent)
      : `${line ? 'Save changes' : group ? 'Add to your items' : 'Add to cart'} · ${total}`;

  return (
    <div className="hh-menu hh-product" data-screen="mf-menu/Product">
      {group && <LazyGroupBanner group={group} />}
      <ProductHead
        mid={mid}
        image={p.image || PLACEHOLDER}
        name={p.name}
        description={p.description}
        price={money(p.price_cents)}
        calories={String(p.calories)}
      >
        {unavailable && (
          <p className="hh-badge" title={p.availability?.label}>
            {p.available_at ? `Earliest available ${clockAt(p.available_at, place)}` : 'Not served at this location'}
          </p>
        )}
      </ProductHead>

      <form
        className="hh-product__form"
        onSubmit={submit}
        noValidate
        aria-label={groups.length > 0 ? undefined : `Order ${p.name}`}
        aria-labelledby={groups.length > 0 ? `${id}-title` : undefined}
      >
        {groups.length > 0 && (
          <h3 id={`${id}-title`} className="hh-product__choices">
            Make it yours
          </h3>
        )}
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

        <div className="hh-product__qty">
          <Stepper
            label={`Quantity of ${p.name}`}
            value={quantity}
            min={1}
            max={MAX_QUANTITY}
            size="lg"
            onChange={setQuantity}
          />
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

        {/* The bar stays at the bottom of the window while the choices scroll under it. */}
        <div className="hh-product__action">
          <Button
            type="submit"
            variant="primary"
            size="lg"
            full
            aria-disabled={reason || busy ? 'true' : undefined}
            aria-describedby={reason ? `${id}-reason` : undefined}
          >
            {label}
          </Button>
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
        </div>
      </form>

      {upsells.length > 0 && (
        <section className="hh-product__upsells" aria-labelledby={`${id}-upsells`}>
          <h2 id={`${id}-upsells`}>Complete your meal</h2>
          <ProductGrid products={upsells} mid={mid} place={place} quick={quick} />
        </section>
      )}
      <Announce text={announcement} />
      {quick.choice.dialog}
    </div>
  );
}
