// /menu/{mid}: the location's menu by category (docs/menu.md, "Menu page"). One request
// to /api answers the menu and its location; search and filters run on that answer.
import { startTransition, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from '@henhouse/kit/router';
import { getMenu } from '@henhouse/kit/api/menu';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { applyFilter, filterQuery, isFiltering, parseFilter } from '@henhouse/kit/menu/filter';
import type { Cart, GroupView } from '@henhouse/kit/api/types';
import type { ScreenProps } from '@henhouse/kit/screen';
import { useAppStore } from '@henhouse/kit/state/store';
import { CategoryBar, sectionId } from '../menu/CategoryBar';
import { Filters } from '../menu/Filters';
import { MenuHeader } from '../menu/MenuHeader';
import { TransferNotice } from '../menu/TransferNotice';
import { adoptLocation, useMenuLocationId } from '../menu/useMenuLocation';
import { ProductGrid } from '../ui/ProductCard';
import { LoadFailed, Loading } from '@henhouse/kit/ui/Status';
import { useQuickAdd } from '../ui/useQuickAdd';
import { useCartKnown } from '../ui/cartKnown';
import { LazyGroupBanner } from '../group/LazyBanner';
import { useGroupMode, useGroupRestore } from '../group/mode';
import { Button } from '@henhouse/kit/ui/controls/Button';
import { actions } from '@henhouse/kit/actions';
import { featureOn } from '@henhouse/kit/features';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import '../menu.css';

// The menu is some 25 screens tall: rendering and laying it all out before its first
// paint held the first screen back by about 300 ms at 4× CPU. So the first sections are
// rendered first, and the rest once they are painted, a few at a time, each batch in a
// transition after the previous one is painted: adding them all at once was one commit
// and one layout of ≈ 280 ms at 4× CPU, during which a tap waited (docs/menu.md, "The
// first screen first").
const FIRST_SECTIONS = 2;
/** A batch of later sections ends once it holds this many products. */
const BATCH_PRODUCTS = 8;

export default function Menu({ params, query }: ScreenProps) {
  const mid = params.mid ?? '';
  const locationId = useMenuLocationId(mid);
  useGroupRestore();
  const group = useGroupMode(mid);
  return <MenuView mid={mid} locationId={locationId} query={query} group={group} />;
}

/** MenuView is the menu of mid at a location, for the menu page and a group order's page
 *  (./Group.tsx). For a guest in group mode (`group`) the group's banner (or `banner`, the
 *  group page's own) stands where the location, handoff and cart choices are: those are
 *  the host's. */
export function MenuView({
  mid,
  locationId,
  query,
  group,
  banner,
  beforeAdd,
}: {
  mid: string;
  locationId: string | undefined;
  query: ScreenProps['query'];
  group: GroupView | null;
  banner?: ReactNode;
  /** See useQuickAdd. */
  beforeAdd?: () => boolean;
}) {
  const cart = useAppStore((s) => s.cart);
  const cartKnown = useCartKnown();
  const navigate = useNavigate();
  const menu = useLoad(`${mid}|${locationId ?? ''}`, (signal) => getMenu(mid, locationId, signal));
  const loc = menu.data?.location;
  // Only a location the guest chose (or the cart's) becomes theirs: the one the edge
  // shows a menu opened by a link for is not chosen (docs/menu.md, "Choosing a location").
  // A group's location is the host's choice, not the guest's.
  const forGroup = !!group || !!banner;
  useEffect(() => {
    if (loc && locationId && !forGroup) adoptLocation(mid, loc);
  }, [mid, loc, locationId, forGroup]);
  const quick = useQuickAdd(mid, locationId, { beforeAdd });
  const filter = parseFilter(query);
  const categories = menu.data?.menu.categories;
  const shown = useMemo(() => applyFilter(categories ?? [], filter), [categories, query.q, query.diet, query.exclude]); // eslint-disable-line react-hooks/exhaustive-deps
  // How many sections are rendered. Once every section of a menu has been, it stays
  // Infinity: every section, for this and any later menu of the page.
  const [count, setCount] = useState(FIRST_SECTIONS);
  const whole = count >= shown.length;
  const ready = menu.status === 'ready';
  useEffect(() => {
    if (!ready || whole) return;
    // After the frame that shows the sections so far: a timer queued from the frame's
    // callback runs once it is painted.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setCount(nextBatch(shown, count))));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, count, whole, shown]);

  if (menu.status === 'loading') return <Loading className="hh-menu-loading" what="the menu" />;
  if (menu.status === 'error') return <LoadFailed className="hh-menu-notice" error={menu.error} retry={menu.retry} />;
  const { menu: m, location } = menu.data;
  const matching = shown.reduce((n, c) => n + c.products.length, 0);

  return (
    // The footer waits until every section is there (it would be pushed down).
    <div className="hh-menu" data-screen="mf-menu/Menu" data-screen-loading={!whole || undefined}>
      {forGroup ? (
        <>
          {banner ?? (group && <LazyGroupBanner group={group} />)}
          <header className="hh-menu-header">
            <h2 className="hh-menu-header__title">{m.name}</h2>
            <p>
              From <strong>{location.name}</strong>
            </p>
          </header>
        </>
      ) : (
        <>
          <TransferNotice mid={mid} location={location} />
          <MenuHeader
            menuName={m.name}
            location={locationId ? location : quick.choice.chosen}
            cart={cart}
            cartKnown={cartKnown}
            onChoose={() => quick.choice.ask()}
          />
          {featureOn('groupOrders') && (
            <StartGroup mid={mid} cart={cart} withLocation={(then) => quick.choice.withLocation(undefined, then)} />
          )}
        </>
      )}
      <Filters filter={filter} onChange={(f) => navigate({ search: filterQuery(f) }, { replace: true })} />
      <p className="hh-menu-count" role="status">
        {isFiltering(filter) ? `${matching} ${matching === 1 ? 'item matches' : 'items match'}` : ''}
      </p>
      {isFiltering(filter) && matching === 0 && (
        <p>
          Nothing on this menu matches.{' '}
          <button type="button" className="hh-link-button" onClick={() => navigate({ search: '' }, { replace: true })}>
            Clear search and filters
          </button>
        </p>
      )}
      {shown.length > 0 && (
        <CategoryBar
          categories={shown}
          rendered={Math.min(shown.length, count)}
          // A category chosen before the rest is there: render it now, then go.
          renderAll={() => flushSync(() => setCount(Infinity))}
        />
      )}
      {(whole ? shown : shown.slice(0, count)).map((c) => (
        <MenuSection
          key={c.id}
          id={c.id}
          name={c.name}
          description={c.description}
          when={c.served_label}
          products={c.products.length}
        >
          <ProductGrid products={c.products} mid={mid} place={location} quick={quick} variant="group" />
          <Link
            className="hh-menu-section__more"
            to={`/menu/${encodeURIComponent(mid)}/category/${encodeURIComponent(c.id)}`}
          >
            All of {c.name}
          </Link>
        </MenuSection>
      ))}
      {quick.choice.dialog}
    </div>
  );
}

/** StartGroup: "Start a group order", which opens the cart drawer on its start form
 *  (docs/group-orders.md, "Start"). A group order is a cart, so without one on this menu
 *  the button starts it at the page's location (asking for one first when there is
 *  none). Not offered when the cart already is a group order, nor over a cart of another
 *  menu's items (the group would be that cart). */
export function StartGroup({
  mid,
  cart,
  withLocation,
}: {
  mid: string;
  cart: Cart | null;
  withLocation: (then: (locationId: string) => void) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  if (cart?.group || (cart && cart.menu_id !== mid && cart.products.length > 0)) return null;
  const open = () => useAppStore.getState().setUi({ cartOpen: true, startGroup: true });
  const start = () => {
    if (cart?.menu_id === mid) return open();
    withLocation((locationId) => {
      setError(null);
      actions.ensureCart(mid, locationId).then(open, (e: unknown) => setError(messageFor(e)));
    });
  };
  return (
    <div className="hh-menu-start-group">
      <Button type="button" variant="secondary" onClick={start}>
        Start a group order
      </Button>
      {error && (
        <p className="hh-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** MenuSection is one category's section: its heading, description and when it is
 *  served, as the edge words it for the location ("Breakfast · served 6:30–10:30 AM",
 *  when the category has a daily window), then children (its
 *  products and the way to the category's page). The page's copy drawn at build time
 *  (../prerender.tsx) is the first section's head, drawn by this same component. */
export function MenuSection({
  id,
  name,
  description,
  when,
  products,
  children,
}: {
  id: string;
  name: string;
  description: string;
  when?: string;
  /** How many products it has; undefined in the page's copy, which can have no style
   *  attribute (the page's policy blocks them) and needs none: it is on the screen. */
  products?: number;
  children?: ReactNode;
}) {
  return (
    <section
      id={sectionId(id)}
      className="hh-menu-section"
      aria-labelledby={`${sectionId(id)}-h`}
      // The section's size before it is laid out (menu.css, .hh-menu-section).
      style={products === undefined ? undefined : ({ '--hh-products': products } as CSSProperties)}
    >
      <h2 id={`${sectionId(id)}-h`} tabIndex={-1}>
        {name}
      </h2>
      <p className="hh-menu-section__desc">{description}</p>
      {when && <p className="hh-menu-section__when">{when}</p>}
      {children}
    </section>
  );
}

/** nextBatch is how many sections to render next: those already there, then sections
 *  until the batch holds BATCH_PRODUCTS products (at least one section); Infinity once
 *  that is every section. */
function nextBatch(sections: { products: unknown[] }[], count: number): number {
  let n = count;
  let products = 0;
  while (n < sections.length && products < BATCH_PRODUCTS) products += sections[n++].products.length;
  return n >= sections.length ? Infinity : n;
}
