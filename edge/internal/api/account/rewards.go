package account

import (
	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/httpx/cartversion"
	"github.com/henhouse/platform/edge/internal/services/member"
	"github.com/henhouse/platform/edge/internal/services/rewards"
)

// Rewards and offers: the members area, redeeming into the cart, cancelling. The
// redeem → apply → give back on failure sequence is services/rewards'. The routes that
// put a reward into the cart or take one out change the cart, so they take If-Match
// as every cart change does (cartversion.IfMatch): 412 cart_changed with the cart.

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

// redeemed answers a redemption put into the cart, with the members area as it now is.
func (a *api) redeemed(c fiber.Ctx, r rewards.Redeemed, err error) error {
	if err != nil {
		return err
	}
	members, err := a.membersJSON(c)
	if err != nil {
		return err
	}
	cartversion.Headers(c, r.Cart)
	return c.JSON(fiber.Map{"redemption": r.Redemption, "cart": r.Cart, "members": members})
}

func (a *api) redeem(c fiber.Ctx) error {
	r, err := a.cfg.Rewards.RedeemReward(c.Context(), a.cfg.Owner(c), memberID(c), c.Params("id"))
	return a.redeemed(c, r, err)
}

func (a *api) redeemOffer(c fiber.Ctx) error {
	r, err := a.cfg.Rewards.RedeemOffer(c.Context(), a.cfg.Owner(c), memberID(c), c.Params("id"))
	return a.redeemed(c, r, err)
}

func (a *api) claimPerk(c fiber.Ctx) error {
	r, err := a.cfg.Rewards.ClaimPerk(c.Context(), a.cfg.Owner(c), memberID(c), c.Params("id"))
	return a.redeemed(c, r, err)
}

func (a *api) cancelRedemption(c fiber.Ctx) error {
	got, err := a.cfg.Rewards.Remove(c.Context(), a.cfg.Owner(c), memberID(c), c.Params("id"))
	if err != nil {
		return err
	}
	var cart any
	if got != nil {
		cart = *got
		cartversion.Headers(c, *got)
	}
	members, err := a.membersJSON(c)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"cart": cart, "members": members})
}
