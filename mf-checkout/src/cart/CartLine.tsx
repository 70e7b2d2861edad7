// One line of the cart: name, price, choices, allergens, "Edit" and the quantity
// stepper (− removes the last one). Shown in the cart drawer and in the checkout's order
// summary.
import { Link } from '@henhouse/kit/router';
import { removeLine, setLineQuantity } from '@henhouse/kit/api/cart';
import { returnRedemption } from '@henhouse/kit/api/loyalty';
import { useAppStore } from '@henhouse/kit/state/store';
import type { Cart, CartLine as Line } from '@henhouse/kit/api/types';
import { money } from '@henhouse/kit/format';
import { MarkerList } from '@henhouse/kit/menu/markers';
import './line.css';

export function CartLine({
  line,
  menuId,
  busy,
  run,
  setCart,
  onEdit,
  editable = true,
  removeReward,
  rewardError,
  change: setQuantity,
  locked = false,
}: {
  line: Line;
  menuId: string;
  busy: boolean;
  run: (fn: () => Promise<unknown>) => Promise<void>;
  /** Takes the cart the edge answers a change of quantity with (not called with `change`). */
  setCart: (c: Cart) => void;
  onEdit: () => void;
  /** Whether "Edit" (the product page) is offered; not inside the native app's checkout. */
  editable?: boolean;
  /** Gives a free item's reward back (the cart drawer's, which announces it); by default the line does it itself. */
  removeReward?: () => void;
  /** Why giving the free item's reward back failed, shown beside it. */
  rewardError?: string;
  /** Changes the line's quantity (0 removes it) somewhere other than the visitor's own
   *  cart: a participant's line in a group order is changed through the group. */
  change?: (quantity: number) => Promise<unknown>;
  /** Shows the line without any control: a closed group order can no longer be changed. */
  locked?: boolean;
}) {
  const change = (q: number) =>
    run(async () => {
      if (setQuantity) {
        await setQuantity(q);
        return;
      }
      const r = q < 1 ? await removeLine(line.id) : await setLineQuantity(line.id, q);
      setCart(r.cart);
    });
  // A free item from a reward: one of its product at the price the edge set, which
  // leaves the cart with its reward (its points come back).
  const reward = line.reward;
  const giveBack = () =>
    run(async () => {
      const r = await returnRedemption(reward!.id);
      useAppStore.getState().set({ cart: r.cart, members: r.members });
    });
  return (
    <li className="hh-cart__line">
      <div className="hh-cart__line-main">
        <span className="hh-cart__line-name">{line.data.name}</span>
        <span className="hh-cart__line-price">{money(line.total_cents)}</span>
      </div>
      {line.modifiers.length > 0 && (
        <p className="hh-cart__line-mods">
          {line.modifiers.map((m) => (m.quantity > 1 ? `${m.quantity} × ${m.name}` : m.name)).join(', ')}
        </p>
      )}
      {reward && <p className="hh-cart__line-reward">{reward.label}</p>}
      {line.special_instructions && <p className="hh-cart__line-mods">“{line.special_instructions}”</p>}
      {/* The allergens of the line as configured: the product's with those of its choices. */}
      <MarkerList markers={line.markers} />
      {line.cross_contact?.map((note) => (
        <p key={note} className="hh-cart__line-mods">
          {note}
        </p>
      ))}
      {!locked && (
        <div className="hh-cart__line-actions">
          {editable && !line.catering && !reward && (
            <Link
              className="hh-cart__line-edit"
              to={`/menu/${encodeURIComponent(menuId)}/product/${encodeURIComponent(line.product_id)}?line=${encodeURIComponent(line.id)}`}
              onClick={onEdit}
              aria-label={`Edit ${line.data.name}`}
            >
              Edit
            </Link>
          )}
          {reward ? (
            <div>
              <button
                type="button"
                className="hh-link-button hh-cart__remove-reward"
                disabled={busy}
                onClick={removeReward ?? giveBack}
                aria-label={`Remove ${reward.label}`}
                aria-describedby={rewardError ? `cart-line-error-${line.id}` : undefined}
              >
                Remove
              </button>
              {rewardError && (
                <p id={`cart-line-error-${line.id}`} role="alert" className="hh-cart-rewards__error">
                  {rewardError}
                </p>
              )}
            </div>
          ) : (
            <div className="hh-cart-stepper" role="group" aria-label={`Quantity of ${line.data.name}`}>
              <button
                type="button"
                disabled={busy}
                onClick={() => change(line.quantity - 1)}
                aria-label={line.quantity === 1 ? `Remove ${line.data.name}` : `One fewer ${line.data.name}`}
              >
                −
              </button>
              <span>{line.quantity}</span>
              <button
                type="button"
                disabled={busy || line.quantity >= 99}
                onClick={() => change(line.quantity + 1)}
                aria-label={`One more ${line.data.name}`}
              >
                +
              </button>
            </div>
          )}
        </div>
      )}
    </li>
  );
}
