package builtin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// A reward leaves a cart (taken out, or with the abandoned cart) only while no submit
// of that cart is under way, and never once it went onto an order the owner placed:
// the loyalty provider refunds a reward leaving the cart, so one leaving as its cart
// is submitted would keep both the discount and the points.

var errRewardOnOrder = fault.New(fault.Conflict, "reward_on_order", "This reward is on the order you just placed, so it can't be cancelled.")

// recentOrdersChecked is how many of the owner's newest orders RemoveReward looks
// through for a reward no longer in the cart.
const recentOrdersChecked = 5

// lockCart takes the cart's submit lock, so that what follows happens wholly before
// or after a submit of the cart; during one it answers 409 order_in_progress.
func (p *Provider) lockCart(ctx context.Context, owner string) (release func(), err error) {
	lock, held := p.submitLockKey(owner), newID("l_")
	ok, err := p.st.Client.SetNX(ctx, lock, held, p.cfg.SubmitLockTTL).Result()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fault.New(fault.Conflict, "order_in_progress", "We're placing an order from this cart. Try again in a moment.")
	}
	return func() { releaseLock.Run(context.WithoutCancel(ctx), p.st.Client, []string{lock}, held) }, nil
}

// AbandonCart deletes the owner's cart (an abandoned cart is gone, not kept empty;
// RestoreCart can bring it back for RestoreWindow) and answers it as it was, with the cart's submit lock held: the rewards answered
// are exactly those of a cart that became no order.
func (p *Provider) AbandonCart(ctx context.Context, owner string) (ordering.Cart, error) {
	if owner == "" {
		return ordering.Cart{}, nil
	}
	release, err := p.lockCart(ctx, owner)
	if err != nil {
		return ordering.Cart{}, err
	}
	defer release()
	p.recent.drop(owner)
	want := ""
	if v, ok := ordering.IfMatch(ctx); ok {
		want = strconv.FormatInt(v, 10)
	}
	res, err := abandonCart.Run(ctx, p.st.Client, []string{p.cartKey(owner), p.abandonedKey(owner)}, RestoreWindow.Milliseconds(), want).Result()
	if errors.Is(err, redis.Nil) {
		return ordering.Cart{}, nil
	}
	if err != nil {
		return ordering.Cart{}, err
	}
	var c ordering.Cart
	switch v := res.(type) {
	case string:
		return c, json.Unmarshal([]byte(v), &c)
	case []any:
		// Changed since the client saw it: kept, and answered as it is now.
		if raw, ok := first(v); ok && json.Unmarshal([]byte(raw), &c) == nil {
			if l, _, err := p.cartContext(&c); err == nil {
				p.price(&c, l)
			}
		}
		return ordering.Cart{}, &ordering.CartChanged{Cart: c}
	}
	return ordering.Cart{}, fmt.Errorf("abandon cart: unexpected answer %T", res)
}

// RemoveReward takes a reward out of the cart, holding the cart's submit lock so it
// happens wholly before or after a submit: during one it is refused (409
// order_in_progress), and after one that placed the reward it is refused (409
// reward_on_order). A reward in no cart and on no recent order is removed from
// nothing: the answer is the cart, or cart_not_found without one.
func (p *Provider) RemoveReward(ctx context.Context, owner, rewardID string) (ordering.Cart, error) {
	if owner == "" {
		return ordering.Cart{}, errNoCart
	}
	release, err := p.lockCart(ctx, owner)
	if err != nil {
		return ordering.Cart{}, err
	}
	defer release()
	var had bool
	c, err := p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		had = false
		out := c.Rewards[:0]
		for _, x := range c.Rewards {
			if x.ID == rewardID {
				had = true
			} else {
				out = append(out, x)
			}
		}
		c.Rewards = out
		// A free item goes with its reward.
		c.Products = slices.DeleteFunc(c.Products, func(x ordering.CartProduct) bool { return x.Reward.ID == rewardID })
		return nil
	})
	if had || (err != nil && !errors.Is(err, errNoCart)) {
		return c, err
	}
	placed, perr := p.rewardPlaced(ctx, owner, rewardID)
	if perr != nil {
		return ordering.Cart{}, perr
	}
	if placed {
		return ordering.Cart{}, errRewardOnOrder
	}
	return c, err
}

// rewardPlaced reports whether one of the owner's newest orders took the reward.
func (p *Provider) rewardPlaced(ctx context.Context, owner, rewardID string) (bool, error) {
	ids, err := p.st.Client.LRange(ctx, p.visitorOrdersKey(owner), 0, recentOrdersChecked-1).Result()
	if err != nil {
		return false, err
	}
	for _, id := range ids {
		s, err := p.readOrder(ctx, p.st.Client, id)
		if errors.Is(err, errNoOrder) {
			continue
		}
		if err != nil {
			return false, err
		}
		for _, d := range s.Discounts {
			if d.Kind == "reward" && d.Code == rewardID {
				return true, nil
			}
		}
		for _, line := range s.Products {
			if line.Reward.ID == rewardID {
				return true, nil
			}
		}
	}
	return false, nil
}

// first is a script's one-element answer as text.
func first(v []any) (string, bool) {
	if len(v) == 0 {
		return "", false
	}
	s, ok := v[0].(string)
	return s, ok
}
