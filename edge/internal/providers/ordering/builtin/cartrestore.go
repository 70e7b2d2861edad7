package builtin

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// RestoreWindow is how long an abandoned cart can be brought back (docs/checkout.md,
// "Clearing the cart"). The page offers **Undo** for 10 seconds; the few seconds more
// cover an Undo pressed at the last moment on a slow network.
const RestoreWindow = 15 * time.Second

// An abandoned cart is kept, as it was, under abandoned-cart:{<owner>} for
// RestoreWindow: one key per owner, so abandoning another cart replaces it and only
// the cart abandoned last can come back. It shares the cart's hash tag, so abandoning
// and restoring are each one script.
func (p *Provider) abandonedKey(owner string) string {
	return p.st.Key("abandoned-cart", tag(owner))
}

// abandonCart takes the cart (KEYS[1]) away and keeps it as the abandoned cart
// (KEYS[2]) for ARGV[1] ms; it answers the cart's JSON, or false when there was none.
// With a version ARGV[2] (If-Match) it does so only while the cart is at that
// version, else it answers {the cart's JSON} and leaves it.
var abandonCart = redis.NewScript(`
local v = redis.call('GET', KEYS[1])
if not v then return false end
if ARGV[2] ~= '' then
  local ok, c = pcall(cjson.decode, v)
  if not ok or type(c) ~= 'table' or (tonumber(c['version']) or 0) ~= tonumber(ARGV[2]) then return {v} end
end
redis.call('DEL', KEYS[1])
redis.call('SET', KEYS[2], v, 'PX', ARGV[1])
return v`)

// putBackCart makes the abandoned cart (KEYS[2]) the owner's cart (KEYS[1]) again,
// as ARGV[3] for ARGV[4] ms, only while it is still the JSON ARGV[2] it was made from
// and the owner has no cart holding items (an empty one is replaced, as starting a
// cart replaces it): it answers 'restored', 'same' when the cart there is already the
// one with id ARGV[1] (a restore asked twice), 'open' when another cart holding items
// is there, and 'expired' when the abandoned cart is gone or is another one.
var putBackCart = redis.NewScript(`
local cur = redis.call('GET', KEYS[1])
if cur then
  local ok, c = pcall(cjson.decode, cur)
  if not ok or type(c) ~= 'table' then return 'open' end
  if c['id'] == ARGV[1] then return 'same' end
  if type(c['products']) == 'table' and next(c['products']) ~= nil then return 'open' end
end
if redis.call('GET', KEYS[2]) ~= ARGV[2] then return 'expired' end
redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
redis.call('DEL', KEYS[2])
return 'restored'`)

var (
	errRestoreExpired = fault.New(fault.Gone, "restore_expired", "This cart can no longer be brought back. Add the items again from the menu.")
	errRestoreOpen    = fault.New(fault.Conflict, "restore_cart_open", "You've started another cart since, so the cleared one can't come back.")
)

// RestoreCart brings back the owner's cart cartID abandoned less than RestoreWindow
// ago, when the owner has put nothing in another cart since: the same lines with their
// choices and quantities, handoff, time, location, coupon, tip and the rest, priced
// again. Rewards do not come back: abandoning gave them back to the member's
// account, and they can be redeemed again. After the window, or for any other cart,
// it answers 410 restore_expired; over another cart, 409 restore_cart_open. Asked
// twice at once, both answers are the one restored cart.
func (p *Provider) RestoreCart(ctx context.Context, owner, cartID string) (ordering.Cart, error) {
	if owner == "" || cartID == "" {
		return ordering.Cart{}, errRestoreExpired
	}
	old, err := p.st.Client.Get(ctx, p.abandonedKey(owner)).Bytes()
	if errors.Is(err, redis.Nil) {
		return p.restoredAlready(ctx, owner, cartID)
	}
	if err != nil {
		return ordering.Cart{}, err
	}
	var c ordering.Cart
	if err := json.Unmarshal(old, &c); err != nil {
		return ordering.Cart{}, err
	}
	if c.ID != cartID {
		return p.restoredAlready(ctx, owner, cartID)
	}
	c.Rewards = nil
	c.Products = slices.DeleteFunc(c.Products, func(x ordering.CartProduct) bool { return x.Reward.ID != "" })
	if l, _, err := p.cartContext(&c); err == nil {
		p.price(&c, l)
	}
	now := p.now()
	c.UpdatedAt, c.ExpiresAt = now, now.Add(p.cfg.CartTTL)
	raw, err := json.Marshal(&c)
	if err != nil {
		return ordering.Cart{}, err
	}
	p.recent.drop(owner)
	res, err := putBackCart.Run(ctx, p.st.Client, []string{p.cartKey(owner), p.abandonedKey(owner)},
		cartID, old, raw, p.cfg.CartTTL.Milliseconds()).Text()
	if err != nil {
		return ordering.Cart{}, err
	}
	switch res {
	case "restored":
		p.recent.put(owner, string(raw), &c)
		return c, nil
	case "same":
		return p.Cart(ctx, owner)
	case "open":
		return ordering.Cart{}, errRestoreOpen
	default:
		return p.restoredAlready(ctx, owner, cartID)
	}
}

// restoredAlready answers a restore whose abandoned cart is no longer kept: the
// owner's cart when it is cartID (another request restored it), else why not.
func (p *Provider) restoredAlready(ctx context.Context, owner, cartID string) (ordering.Cart, error) {
	c, err := p.Cart(ctx, owner)
	switch {
	case err == nil && c.ID == cartID:
		return c, nil
	case err == nil && len(c.Products) > 0:
		return ordering.Cart{}, errRestoreOpen
	case err == nil:
		return ordering.Cart{}, errRestoreExpired
	case fault.Is(err, fault.NotFound):
		return ordering.Cart{}, errRestoreExpired
	default:
		return ordering.Cart{}, err
	}
}
