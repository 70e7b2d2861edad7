package account

import (
	"github.com/gofiber/fiber/v3"
	"github.com/henhouse/platform/edge/internal/httpx"
)

// Subscription plans, subscribing, cancelling and claiming a perk.

func (a *api) plans(c fiber.Ctx) error {
	list, err := a.l.Plans(c.Context())
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"plans": list})
}

func (a *api) subscriptions(c fiber.Ctx) error {
	list, err := a.l.Subscriptions(c.Context(), memberID(c))
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"subscriptions": list})
}

func (a *api) subscribe(c fiber.Ctx) error {
	var in struct {
		PlanID       string `json:"planId"`
		PaymentToken string `json:"paymentToken"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	s, err := a.l.Subscribe(c.Context(), memberID(c), in.PlanID, in.PaymentToken)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(fiber.Map{"subscription": s})
}

func (a *api) cancelSubscription(c fiber.Ctx) error {
	s, err := a.l.CancelSubscription(c.Context(), memberID(c), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"subscription": s})
}

func (a *api) claimPerk(c fiber.Ctx) error {
	if err := a.requireCart(c); err != nil {
		return err
	}
	red, err := a.l.ClaimPerk(c.Context(), memberID(c), c.Params("id"))
	if err != nil {
		return err
	}
	return a.applyRedemption(c, red)
}
