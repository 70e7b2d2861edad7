import { Link } from '@henhouse/kit/router';
import type { Product } from '@henhouse/kit/api/types';
import { money } from '@henhouse/kit/format';
import { buttonClass } from '@henhouse/kit/ui/controls/Button';
import { MarkerList } from '@henhouse/kit/menu/markers';
import { productChips } from '@henhouse/kit/menu/settings';
import { clockAt, type Place } from './time';

export const PLACEHOLDER = '/static/img/products/placeholder.webp';

export const productPath = (mid: string, pid: string) =>
  `/menu/${encodeURIComponent(mid)}/product/${encodeURIComponent(pid)}`;

/** The two calls to action of a card, alone or in a group of cards (docs/menu.md,
 *  "Product cards"): in a group the accessible name also names the product, so a
 *  list of "Add" buttons is told apart by a screen reader. */
export const ctaLabels = (name: string, variant: 'solo' | 'group') =>
  variant === 'group'
    ? { customize: `Order now: ${name}`, quickAdd: `Add: ${name}` }
    : { customize: 'Order now', quickAdd: 'Add' };

export interface CardProps {
  product: Product;
  mid: string;
  variant: 'solo' | 'group';
  /** The location the times are read at. */
  place?: Place;
  busy?: boolean;
  /** Why the last quick add of this product failed, shown next to the action. */
  error?: string | null;
  onQuickAdd: (p: Product) => void;
  headingLevel?: 'h3' | 'h4';
}

/** ProductCard: image or the placeholder and the name (one link to the product page),
 *  description, markers, the earliest
 *  available badge of a part-day product, chips as the menu settings say, and the two
 *  calls to action. */
export function ProductCard({
  product: p,
  mid,
  variant,
  place,
  busy,
  error,
  onQuickAdd,
  headingLevel = 'h3',
}: CardProps) {
  const chips = productChips();
  const labels = ctaLabels(p.name, variant);
  const unavailable = p.available_now === false;
  const H = headingLevel;
  const badgeId = `avail-${p.id}`;
  const errorId = `add-error-${p.id}`;
  return (
    <article className="hh-product-card" data-product={p.id}>
      {/* The picture and the name are one link to the product page, the destination of
          "Order now": the card reads as one target without nesting one control in another. */}
      <Link className="hh-product-card__link" to={productPath(mid, p.id)}>
        <img
          className="hh-product-card__img"
          src={p.image || PLACEHOLDER}
          alt=""
          width={320}
          height={240}
          loading="lazy"
        />
        <H className="hh-product-card__name">{p.name}</H>
      </Link>
      <div className="hh-product-card__body">
        {unavailable && (
          <p className="hh-badge" id={badgeId} title={p.availability?.label}>
            {/* No time from the edge: the window falls outside this location's opening hours. */}
            {p.available_at ? `Earliest available ${clockAt(p.available_at, place)}` : 'Not served at this location'}
          </p>
        )}
        <p className="hh-product-card__desc">{p.description}</p>
        <MarkerList markers={p.markers} />
        {(chips.price || chips.calories) && (
          <p className="hh-chips">
            {chips.price && <span className="hh-chip">{money(p.price_cents)}</span>}
            {chips.calories && <span className="hh-chip">{p.calories} cal</span>}
          </p>
        )}
        <div className="hh-product-card__actions">
          <Link
            className={buttonClass({ variant: 'secondary' })}
            to={productPath(mid, p.id)}
            aria-label={variant === 'group' ? labels.customize : undefined}
          >
            Order now
          </Link>
          <button
            type="button"
            className={buttonClass({ variant: 'primary' })}
            aria-label={variant === 'group' ? labels.quickAdd : undefined}
            aria-describedby={[unavailable ? badgeId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
            disabled={unavailable}
            // Busy, it stays focusable (aria-disabled): focus stays on the "Add" pressed.
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onQuickAdd(p);
            }}
          >
            {busy ? 'Adding…' : 'Add'}
          </button>
        </div>
        {error && (
          <p className="hh-field-error" id={errorId} role="alert">
            {error}
          </p>
        )}
      </div>
    </article>
  );
}

/** ProductGrid lists cards that share one quick add. Several cards take the group variant
 *  of the labels and a lone card the solo one, unless the page has more cards around it
 *  (the menu's sections) and says `variant="group"`. */
export function ProductGrid({
  products,
  mid,
  place,
  quick,
  variant = products.length > 1 ? 'group' : 'solo',
}: {
  products: Product[];
  mid: string;
  place?: Place;
  quick: { busyId: string | null; errorFor: (id: string) => string | null; add: (p: Product) => void };
  variant?: 'solo' | 'group';
}) {
  return (
    <ul className="hh-product-grid">
      {products.map((p) => (
        <li key={p.id}>
          <ProductCard
            product={p}
            mid={mid}
            variant={variant}
            place={place}
            busy={quick.busyId === p.id}
            error={quick.errorFor(p.id)}
            onQuickAdd={quick.add}
          />
        </li>
      ))}
    </ul>
  );
}
