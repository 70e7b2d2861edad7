// Package rewards puts a member's rewards into their cart and takes them out again.
// A redemption is the loyalty program's (points spent, an offer or perk taken) and
// the discount or free item in the cart is the ordering system's: this package joins
// the two and keeps them in step, so that no points are lost to a cart that refused a
// reward and no cart keeps a reward whose points came back (docs/identity.md, "API").
package rewards

import (
	"context"
	"errors"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// Service redeems rewards, reward offers and subscription perks into carts.
type Service struct {
	// Rewards redeems catalogue rewards and cancels any redemption, giving its points
	// or its offer back. Required.
	Rewards loyalty.Rewards
	// Offers redeems a member's reward offers. Optional: without it RedeemOffer is
	// refused.
	Offers loyalty.Offers
	// Perks claims a subscription's perk. Optional: without it ClaimPerk is refused.
	Perks loyalty.Subscriptions
	// Carts finds the owner's open cart before anything is redeemed. Required.
	Carts ordering.Carts
	// Cart puts redemptions into the cart and takes them out. Required.
	Cart ordering.CartRewards
}

// Redeemed is a redemption and the cart it went into.
type Redeemed struct {
	Redemption loyalty.Redemption
	Cart       ordering.Cart
}

// errNoCart: a reward goes into an open cart only.
var errNoCart = fault.New(fault.Rule, "no_cart", "Start an order first, then add your reward to it.")

// errUnavailable is the answer of a kind of redemption the program does not offer.
var errUnavailable = fault.New(fault.NotFound, "feature_unavailable", "That isn't available on this site.")

// RedeemReward spends the member's points on a catalogue reward and puts it into the
// owner's cart.
func (s *Service) RedeemReward(ctx context.Context, owner, memberID, rewardID string) (Redeemed, error) {
	return s.redeem(ctx, owner, memberID, func() (loyalty.Redemption, error) {
		return s.Rewards.RedeemReward(ctx, memberID, rewardID)
	})
}

// RedeemOffer takes one of the member's reward offers (birthday, welcome) into the
// owner's cart.
func (s *Service) RedeemOffer(ctx context.Context, owner, memberID, offerID string) (Redeemed, error) {
	if s.Offers == nil {
		return Redeemed{}, errUnavailable
	}
	return s.redeem(ctx, owner, memberID, func() (loyalty.Redemption, error) {
		return s.Offers.RedeemOffer(ctx, memberID, offerID)
	})
}

// ClaimPerk takes this period's perk of the member's subscription into the owner's
// cart.
func (s *Service) ClaimPerk(ctx context.Context, owner, memberID, subscriptionID string) (Redeemed, error) {
	if s.Perks == nil {
		return Redeemed{}, errUnavailable
	}
	return s.redeem(ctx, owner, memberID, func() (loyalty.Redemption, error) {
		return s.Perks.ClaimPerk(ctx, memberID, subscriptionID)
	})
}

// redeem checks that the owner has a cart (at the version the request expects, when
// it names one) before take spends anything, then applies
// the redemption. When the cart refuses it (gone since, over the total, an item the
// menu lacks) the redemption is cancelled, so its points or offer come back; the
// cancel runs even when the caller has gone, since the points were already spent.
func (s *Service) redeem(ctx context.Context, owner, memberID string, take func() (loyalty.Redemption, error)) (Redeemed, error) {
	current, err := s.Carts.Cart(ctx, owner)
	if err != nil {
		if fault.Is(err, fault.NotFound) {
			return Redeemed{}, errNoCart
		}
		return Redeemed{}, err
	}
	// A redemption made on a cart the member no longer sees (If-Match) spends nothing:
	// the answer is the cart as it is now. Should the cart change between here and
	// ApplyReward, which applies only at that version, the redemption is cancelled below.
	if want, ok := ordering.IfMatch(ctx); ok && current.Version != want {
		return Redeemed{}, &ordering.CartChanged{Cart: current}
	}
	red, err := take()
	if err != nil {
		return Redeemed{}, err
	}
	cart, err := s.Cart.ApplyReward(ctx, owner, AppliedReward(red))
	if err != nil {
		if _, cerr := s.Rewards.CancelRedemption(context.WithoutCancel(ctx), memberID, red.ID); cerr != nil {
			err = errors.Join(err, cerr)
		}
		if fault.Is(err, fault.NotFound) {
			return Redeemed{}, errNoCart
		}
		return Redeemed{}, err
	}
	return Redeemed{Redemption: red, Cart: cart}, nil
}

// Remove takes a redemption out of the owner's cart and then cancels it, giving its
// points back. The cart comes first because the ordering system refuses while the
// cart is being submitted and once the reward is on a placed order; only then is the
// redemption refunded, so no order keeps a discount whose points came back. A
// redemption in no cart (the cart is gone) is cancelled all the same. The answer is
// the cart, nil when there is none.
func (s *Service) Remove(ctx context.Context, owner, memberID, redemptionID string) (*ordering.Cart, error) {
	var cart *ordering.Cart
	c, err := s.Cart.RemoveReward(ctx, owner, redemptionID)
	switch {
	case err == nil:
		cart = &c
	case !fault.Is(err, fault.NotFound):
		return nil, err
	}
	if _, err := s.Rewards.CancelRedemption(ctx, memberID, redemptionID); err != nil {
		return nil, err
	}
	return cart, nil
}

// CartAbandoned gives back the member's rewards that were in an abandoned cart, as
// removing each would: its points return and an offer or perk can be taken again. A
// reward already closed, or not the member's, is left as it is.
func (s *Service) CartAbandoned(ctx context.Context, memberID string, cart ordering.Cart) error {
	var errs []error
	for _, r := range cart.Rewards {
		_, err := s.Rewards.CancelRedemption(ctx, memberID, r.ID)
		if err != nil && !fault.Is(err, fault.Rule) && !fault.Is(err, fault.NotFound) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// AppliedReward is a redemption as the ordering system prices it in a cart
// (ordering.CartRewards.ApplyReward). The cart's reward id is the redemption id,
// which the order's hold later marks used. A free-item redemption names its product,
// which the cart takes as a line at $0 (docs/identity.md, "API").
func AppliedReward(r loyalty.Redemption) ordering.AppliedReward {
	out := ordering.AppliedReward{ID: r.ID, Name: r.Name, AmountCents: r.AmountCents}
	if r.FreeItem {
		out.ProductID = r.ProductID
	}
	return out
}
