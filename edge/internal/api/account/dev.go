package account

import (
	"github.com/gofiber/fiber/v3"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// Developer endpoints, mounted outside production only.

func (a *api) outbox(c fiber.Ctx) error {
	var (
		list []loyalty.Message
		err  error
	)
	if to := c.Query("email"); to != "" {
		list, err = a.cfg.Outbox.OutboxFor(c.Context(), to, 50)
	} else {
		list, err = a.cfg.Outbox.Outbox(c.Context(), 50)
	}
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"messages": list})
}

func (a *api) forceSignOut(c fiber.Ctx) error {
	var in struct {
		MemberID string `json:"member_id"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if _, err := a.cfg.Members.Member(c.Context(), in.MemberID); err != nil {
		return err
	}
	if err := a.t.ForceSignOut(c.Context(), in.MemberID); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (a *api) adjustPoints(c fiber.Ctx) error {
	var in struct {
		MemberID string `json:"member_id"`
		Points   int64  `json:"points"`
		Reason   string `json:"reason"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if in.Reason == "" {
		in.Reason = "Adjustment"
	}
	m, err := a.cfg.Points.AdjustPoints(c.Context(), in.MemberID, in.Points, in.Reason)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"user": m})
}
