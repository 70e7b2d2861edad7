// Package contact serves the contact form: POST /api/contact (bot-checked and rate
// limited by the caller's guards).
package contact

import (
	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/feedback"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// Config configures the endpoint.
type Config struct {
	Inbox feedback.Inbox
	// Ordering checks the location a message is about. Optional.
	Ordering ordering.Provider
	// Guards run first (rate limit, bot check).
	Guards []fiber.Handler
}

// Mount registers POST /contact and GET /contact/topics on r.
func Mount(r fiber.Router, cfg Config) {
	r.Get("/contact/topics", func(c fiber.Ctx) error {
		return c.JSON(fiber.Map{"topics": feedback.Topics})
	})
	hs := make([]any, 0, len(cfg.Guards)+1)
	for _, g := range cfg.Guards {
		hs = append(hs, g)
	}
	hs = append(hs, func(c fiber.Ctx) error {
		var in feedback.Message
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
		if in.LocationID != "" && cfg.Ordering != nil {
			if _, err := cfg.Ordering.Location(c.Context(), in.LocationID); err != nil {
				return fault.New(fault.Invalid, "invalid", "Choose a location from the list.").Field("locationId", "Choose a location from the list.")
			}
		}
		t, err := cfg.Inbox.Send(c.Context(), in)
		if err != nil {
			return err
		}
		return c.Status(fiber.StatusCreated).JSON(fiber.Map{"ticket": t})
	})
	r.Post("/contact", hs[0], hs[1:]...)
}
