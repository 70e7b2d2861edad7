package account

import (
	"github.com/gofiber/fiber/v3"
	"github.com/henhouse/platform/edge/internal/httpx"
)

// Subscription plans, subscribing and cancelling; a perk is claimed into the cart
// like a reward (rewards.go).

func (a *api) plans(c fiber.Ctx) error {
	list, err := a.cfg.Subscriptions.Plans(c.Context())
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"plans": list})
}

func (a *api) subscriptions(c fiber.Ctx) error {
	list, err := a.cfg.Subscriptions.Subscriptions(c.Context(), memberID(c))
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"subscriptions": list})
}

func (a *api) subscribe(c fiber.Ctx) error {
	var in struct {
		PlanID       string `json:"plan_id"`
		PaymentToken string `json:"payment_token"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	s, err := a.cfg.Subscriptions.Subscribe(c.Context(), memberID(c), in.PlanID, in.PaymentToken)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(fiber.Map{"subscription": s})
}

func (a *api) cancelSubscription(c fiber.Ctx) error {
	s, err := a.cfg.Subscriptions.CancelSubscription(c.Context(), memberID(c), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"subscription": s})
}
