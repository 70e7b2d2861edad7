import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@henhouse/kit/router';
import type { ScreenProps } from '@henhouse/kit/screen';
import { actions } from '@henhouse/kit/actions';
import { groupActions } from '@henhouse/kit/group/actions';
import { ApiError } from '@henhouse/kit/api/client';
import { addProduct } from '@henhouse/kit/api/cart';
import { getProduct } from '@henhouse/kit/api/menu';
import type { Cart, CartLine as CartLineData, Product } from '@henhouse/kit/api/types';
import { readBootstrap } from '@henhouse/kit/bootstrap';
import { money } from '@henhouse/kit/format';
import { Button } from '@henhouse/kit/ui/controls/Button';
import { reportError } from '@henhouse/kit/api/useLoad';
import { LocationCard } from '@henhouse/kit/locations/LocationCard';
import { useAppStore } from '@henhouse/kit/state/store';
import { HandoffSelector } from '../cart/HandoffSelector';
import { TimeSelector } from '../cart/TimeSelector';
import { CartLine as Line } from '../cart/CartLine';
import { RewardsAnnouncer, RewardsSection, useCartRewards } from '../cart/Rewards';
import { CartTotals } from '../cart/Totals';
import { clearCart } from '../cart/clear';
import { useBlockers } from '../cart/validation';
import { HostLines } from '../group/HostLines';
import { HostPanel } from '../group/HostPanel';
import { ParticipantCart } from '../group/ParticipantCart';
import { StartGroup } from '../group/StartGroup';
import { featureOn } from '@henhouse/kit/features';
import '../cart/cart.css';
import '../group/group.css';
import { useAnnounce } from '@henhouse/kit/ui/announce';

/** The contents of the cart drawer (docs/shell.md, "Cart drawer"); the shell draws the frame. */
export default function CartDrawer(_props: ScreenProps) {
  const cart = useAppStore((s) => s.cart);
  const location = useAppStore((s) => s.location);
  const setUi = useAppStore((s) => s.setUi);
  const group = useAppStore((s) => s.group);
  const groupCode = useAppStore((s) => s.groupCode);
  const startAsked = useAppStore((s) => s.ui.startGroup);
  const navigate = useNavigate();
  // The menu's "Start a group order" opens the drawer on the form that starts one.
  const [step, setStep] = useState<'cart' | 'upsell' | 'group'>(() =>
    useAppStore.getState().ui.startGroup ? 'group' : 'cart',
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { rewards, refs } = useCartRewards();
  const blockers = useBlockers(cart);
  // Whether the cart is known: until the edge answers, a visitor the page's bootstrap
  // says has a cart sees the cart's shape, never "Your cart is empty" or a 0 count.
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    // What the server has now; a failure shows in the drawer.
    actions
      .getCart()
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : String(e)))
      .finally(() => setLoaded(true));
    // Someone adding to another person's group order sees their part as it is now (closed,
    // a new deadline); a group that is gone is forgotten, and the drawer says why.
    const code = useAppStore.getState().groupCode;
    if (code)
      groupActions.loadGroup(code).catch((e: unknown) => setError(e instanceof ApiError ? e.message : String(e)));
    // The menu's request to start a group order holds for this opening of the drawer only.
    return () => useAppStore.getState().setUi({ startGroup: false });
  }, []);

  // Asked for while the drawer is open, the form shows at once.
  const starting = step === 'group' || startAsked;

  // Focus follows the start form: back to "Start a group order" when it is cancelled, to
  // the group panel once the group is started.
  const startRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<'start' | 'panel' | null>(null);
  useEffect(() => {
    const to =
      focusNext.current === 'start' ? startRef.current : focusNext.current === 'panel' ? panelRef.current : null;
    focusNext.current = null;
    to?.focus();
  }, [step]);
  // Once the host ends the group order, its panel is gone: focus goes to starting another.
  const wasGroup = useRef(!!cart?.group);
  const isGroup = !!cart?.group;
  useEffect(() => {
    if (wasGroup.current && !isGroup) startRef.current?.focus();
    wasGroup.current = isGroup;
  }, [isGroup]);
  const leaveStart = (to: 'start' | 'panel') => {
    focusNext.current = to;
    setStep('cart');
    setUi({ startGroup: false });
  };

  const close = () => setUi({ cartOpen: false });
  const go = (to: string) => {
    close();
    navigate(to);
  };
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const setCart = (c: Cart) => useAppStore.getState().set({ cart: c });

  // Adding to someone else's group order: their part only, and no checkout (the host pays).
  if (group?.me && !group.host && group.code === groupCode) return <ParticipantCart group={group} onEdit={close} />;

  if (!loaded && !error && !cart?.products.length && (cart !== null || !!readBootstrap().session?.hasCart)) {
    return (
      <div className="hh-cart" data-screen="mf-checkout/CartDrawer" aria-busy="true">
        <p role="status" className="visually-hidden">
          Loading your cart…
        </p>
        <div className="hh-cart-skeleton" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      </div>
    );
  }

  const loc = cart && location && location.id === cart.location_id ? location : null;
  // A group order starts from the cart, which belongs to a location's menu.
  if (starting && !cart?.group) {
    if (!cart)
      return (
        <section className="hh-cart" aria-labelledby="cart-group-title" data-screen="mf-checkout/CartDrawer">
          <h3 id="cart-group-title" className="hh-cart__section-title">
            Start a group order
          </h3>
          <p>To start a group order, first choose a location’s menu.</p>
          <Link className="hh-button hh-button--primary" to="/menu" onClick={close}>
            Choose a menu
          </Link>
          {error && (
            <p role="alert" className="hh-field__error">
              {error}
            </p>
          )}
        </section>
      );
    return (
      <div className="hh-cart" data-screen="mf-checkout/CartDrawer">
        <StartGroup cart={cart} place={loc} onDone={() => leaveStart('panel')} onCancel={() => leaveStart('start')} />
      </div>
    );
  }

  const startButton = cart && loc && !cart.group && featureOn('groupOrders') && (
    <Button variant="secondary" full type="button" ref={startRef} onClick={() => setStep('group')}>
      Start a group order
    </Button>
  );

  if (!cart || (cart.products.length === 0 && !cart.group)) {
    return (
      <section className="hh-cart" aria-labelledby="cart-order-title" data-screen="mf-checkout/CartDrawer">
        <h3 id="cart-order-title" className="hh-cart__section-title">
          Your Order
        </h3>
        <p>Your cart is empty.</p>
        <button type="button" className="hh-button hh-button--primary" onClick={() => go('/menu')}>
          Back to Menu
        </button>
        {startButton}
        {error && (
          <p role="alert" className="hh-field__error">
            {error}
          </p>
        )}
      </section>
    );
  }

  if (step === 'upsell')
    return <UpsellStep cart={cart} onBack={() => go('/menu')} onDone={() => go('/checkout/order')} />;

  const renderLine = (line: CartLineData) => (
    <Line
      key={line.id}
      line={line}
      menuId={cart.menu_id}
      busy={busy || rewards.busy !== null}
      run={run}
      setCart={setCart}
      onEdit={close}
      rewardError={line.reward ? rewards.errors[`remove:${line.reward.id}`] : undefined}
      removeReward={
        rewards.member && line.reward
          ? () => {
              const r = cart.rewards?.find((x) => x.id === line.reward?.id);
              void rewards.remove({ id: line.reward!.id, name: r?.name ?? line.reward!.label, amountCents: 0 }, 0);
            }
          : undefined
      }
    />
  );
  return (
    <div className="hh-cart" data-screen="mf-checkout/CartDrawer">
      {loc && (
        <div className="hh-cart__location" data-testid="cart-location">
          <LocationCard location={loc} />
        </div>
      )}
      {cart.group ? (
        <>
          <HostPanel cart={cart} headingRef={panelRef} />
          <HostLines cart={cart} renderLine={renderLine} />
        </>
      ) : (
        <section aria-labelledby="cart-order-title">
          <div className="hh-cart__section-head">
            <h3 id="cart-order-title" className="hh-cart__section-title">
              Your Order
            </h3>
            <button
              type="button"
              className="hh-link-button"
              disabled={busy}
              // Abandons the cart, then closes the drawer; a toast offers Undo.
              onClick={() => run(() => clearCart(cart, close))}
            >
              <span className="hh-only-desktop">Clear All Items</span>
              <span className="hh-only-mobile">Clear Items</span>
            </button>
          </div>
          <ul className="hh-cart__lines">{cart.products.map(renderLine)}</ul>
        </section>
      )}
      {cart.warnings?.map((w) => (
        <p key={w.code} className="hh-note">
          {w.message}
        </p>
      ))}
      {startButton}
      <section aria-labelledby="cart-handoff-title">
        <h3 id="cart-handoff-title" className="hh-cart__section-title">
          Order Handoff
        </h3>
        <HandoffSelector cart={cart} location={loc} />
      </section>
      <section aria-labelledby="cart-time-title">
        <h3 id="cart-time-title" className="hh-cart__section-title">
          Order Time
        </h3>
        <TimeSelector cart={cart} />
      </section>
      <RewardsSection r={rewards} toggleRef={refs.toggleRef} panelRef={refs.panelRef} onNavigate={close} />
      <CartTotals cart={cart} r={rewards} totalsRef={refs.totalsRef} />
      <RewardsAnnouncer r={rewards} />
      {error && (
        <p role="alert" className="hh-field__error">
          {error}
        </p>
      )}
      {/* What the edge says stops the order (the delivery minimum), shown as soon as it
          stands: the guest can still go on to checkout, where Place order says it too. */}
      <div className="hh-cart__checkout">
        {blockers.length ? (
          <div id="cart-blocking" className="hh-note">
            {blockers.map((b) => (
              <p key={b.code}>{b.message}</p>
            ))}
          </div>
        ) : null}
        <Button
          variant="primary"
          size="lg"
          full
          aria-describedby={blockers.length ? 'cart-blocking' : undefined}
          onClick={() => setStep('upsell')}
        >
          Checkout · {money(cart.totals.total_cents)}
        </Button>
      </div>
    </div>
  );
}

/** The upsell step "Complete Your Order": suggestions from the cart's products in a row,
 *  each with its picture and price, added in place (the button becomes "Added ✓"), with
 *  left and right arrows and "Back to Menu". */
function UpsellStep({ cart, onBack, onDone }: { cart: Cart; onBack: () => void; onDone: () => void }) {
  const [items, setItems] = useState<Product[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string[]>([]);
  const [adding, setAdding] = useState<string | null>(null);
  useEffect(() => {
    const inCart = new Set(cart.products.map((p) => p.product_id));
    const ids = [...new Set(cart.products.map((p) => p.product_id))].slice(0, 5);
    // A product whose suggestions fail to load offers none; the failure shows in the
    // error dialog and the guest carries on with the others.
    Promise.all(
      ids.map((id) =>
        getProduct(cart.menu_id, id).then(
          (r) => r.upsells,
          (e: unknown) => (reportError(e), [] as Product[]),
        ),
      ),
    ).then((rs) => {
      const seen = new Set<string>();
      const out: Product[] = [];
      for (const r of rs) {
        for (const u of r) {
          if (inCart.has(u.id) || seen.has(u.id)) continue;
          seen.add(u.id);
          out.push(u);
        }
      }
      if (out.length === 0) onDone();
      setItems(out);
    });
    // Suggestions are picked once, when the step opens: adding one changes the cart, and
    // reloading then would reshuffle the list under the guest's arrows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const list = useRef<HTMLUListElement>(null);
  const [edge, setEdge] = useState({ start: true, end: false });
  // The arrows say whether there is more to either side of the row.
  const measure = () => {
    const el = list.current;
    if (el) setEdge({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  };
  useEffect(measure, [items]);
  const scroll = (dir: 1 | -1) => {
    const el = list.current;
    const card = el?.querySelector('li');
    el?.scrollBy({ left: dir * (card ? card.getBoundingClientRect().width + 12 : el.clientWidth), behavior: 'smooth' });
  };
  const add = async (item: Product) => {
    setError(null);
    setAdding(item.id);
    try {
      const r = await addProduct(item.id);
      useAppStore.getState().set({ cart: r.cart });
      setAdded((a) => [...a, item.id]);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setAdding(null);
    }
  };
  useAnnounce(
    added.length ? `${items?.find((x) => x.id === added[added.length - 1])?.name} added to your cart.` : null,
  );
  if (!items) return <p role="status">Loading suggestions…</p>;
  return (
    <section className="hh-upsell" aria-labelledby="upsell-title" data-screen="mf-checkout/CartDrawer">
      <h3 id="upsell-title" className="hh-cart__section-title">
        Complete Your Order
      </h3>
      <ul className="hh-upsell__list" ref={list} onScroll={measure}>
        {items.map((item) => {
          const done = added.includes(item.id);
          return (
            <li key={item.id} className="hh-upsell__card">
              <img src={item.image || '/static/img/products/placeholder.webp'} alt="" width={120} height={90} />
              <div>
                <p className="hh-upsell__name">{item.name}</p>
                <p className="hh-upsell__price">{money(item.price_cents)}</p>
                <Button
                  variant={done ? 'ghost' : 'secondary'}
                  aria-label={done ? `${item.name} added` : `Add ${item.name}`}
                  aria-disabled={done || adding !== null || undefined}
                  onClick={() => !done && adding === null && void add(item)}
                >
                  {done ? 'Added ✓' : adding === item.id ? 'Adding…' : 'Add'}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {error && (
        <p role="alert" className="hh-field__error">
          {error}
        </p>
      )}
      <div className="hh-upsell__nav">
        <Button variant="secondary" aria-label="Previous suggestions" disabled={edge.start} onClick={() => scroll(-1)}>
          <span aria-hidden="true">←</span>
        </Button>
        <Button variant="secondary" aria-label="Next suggestions" disabled={edge.end} onClick={() => scroll(1)}>
          <span aria-hidden="true">→</span>
        </Button>
      </div>
      <div className="hh-upsell__actions">
        <Button variant="ghost" onClick={onBack}>
          Back to Menu
        </Button>
        <Button variant="primary" onClick={onDone}>
          Continue to Checkout
        </Button>
      </div>
    </section>
  );
}
