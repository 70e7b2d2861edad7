package account

import (
	"github.com/gofiber/fiber/v3"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/services/member"
)

// Rewards and offers: the members area, redeeming into the cart, cancelling.

func (a *api) membersJSON(c fiber.Ctx) (member.Members, error) {
	return a.m.Members(c.Context(), memberID(c))
}

// GET /rewards: the member's loyalty state, as the members area shows it.
func (a *api) rewards(c fiber.Ctx) error {
	out, err := a.membersJSON(c)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(out)
}

// applyRedemption puts a redemption into the visitor's cart; when the cart refuses it
// (no cart, over the total), the redemption is cancelled so no points are lost.
func (a *api) applyRedemption(c fiber.Ctx, red loyalty.Redemption) error {
	owner := a.cfg.Owner(c)
	cart, err := a.cfg.Ordering.ApplyReward(c.Context(), owner, member.AppliedReward(red))
	if err != nil {
		_, _ = a.l.CancelRedemption(c.Context(), memberID(c), red.ID)
		if fault.Is(err, fault.NotFound) {
			return fault.New(fault.Rule, "no_cart", "Start an order first, then add your reward to it.")
		}
		return err
	}
	members, err := a.membersJSON(c)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"redemption": red, "cart": cart, "members": members})
}

func (a *api) requireCart(c fiber.Ctx) error {
	if _, err := a.cfg.Ordering.Cart(c.Context(), a.cfg.Owner(c)); err != nil {
		if fault.Is(err, fault.NotFound) {
			return fault.New(fault.Rule, "no_cart", "Start an order first, then add your reward to it.")
		}
		return err
	}
	return nil
}

func (a *api) redeem(c fiber.Ctx) error {
	if err := a.requireCart(c); err != nil {
		return err
	}
	red, err := a.l.RedeemReward(c.Context(), memberID(c), c.Params("id"))
	if err != nil {
		return err
	}
	return a.applyRedemption(c, red)
}

func (a *api) redeemOffer(c fiber.Ctx) error {
	if err := a.requireCart(c); err != nil {
		return err
	}
	red, err := a.l.RedeemOffer(c.Context(), memberID(c), c.Params("id"))
	if err != nil {
		return err
	}
	return a.applyRedemption(c, red)
}

func (a *api) cancelRedemption(c fiber.Ctx) error {
	got, err := a.m.Unredeem(c.Context(), a.cfg.Owner(c), memberID(c), c.Params("id"))
	if err != nil {
		return err
	}
	var cart any
	if got != nil {
		cart = *got
	}
	members, err := a.membersJSON(c)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"cart": cart, "members": members})
}
