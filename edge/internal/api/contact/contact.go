// Package contact serves the contact form: GET /api/contact/topics and POST
// /api/contact (docs/contact.md). A message is validated before the caller's guards
// (rate limits, bot check) run, so a guest correcting a typo spends none of the
// hourly allowance; only a message that could be filed counts.
package contact

import (
	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/feedback"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/session"
)

// Config configures the endpoint.
type Config struct {
	Inbox feedback.Inbox
	// Locations checks the location a message is about and names it. Optional:
	// without it the location is sent as given.
	Locations ordering.Locations
	// Orders looks a message's order number up among the sender's orders. Optional:
	// without it the order number is sent as given.
	Orders ordering.Orders
	// Owner is the visitor whose orders an order number is looked up among (with the
	// signed-in member's). Optional. Default: session.VisitorID.
	Owner func(c fiber.Ctx) string
	// Guards run after validation and before the message is filed (rate limit, bot
	// check).
	Guards []fiber.Handler
}

// validated is where the validated message waits for the handler behind the guards.
const validated = "contact.message"

// Mount registers POST /contact and GET /contact/topics on r.
func Mount(r fiber.Router, cfg Config) {
	if cfg.Owner == nil {
		cfg.Owner = session.VisitorID
	}
	r.Get("/contact/topics", func(c fiber.Ctx) error {
		return c.JSON(fiber.Map{"topics": feedback.Topics})
	})
	hs := []any{func(c fiber.Ctx) error {
		var in feedback.Message
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
		if err := feedback.Validate(&in); err != nil {
			return err
		}
		c.Locals(validated, in)
		return c.Next()
	}}
	for _, g := range cfg.Guards {
		hs = append(hs, g)
	}
	hs = append(hs, func(c fiber.Ctx) error {
		in, _ := c.Locals(validated).(feedback.Message)
		about, err := cfg.about(c, &in)
		if err != nil {
			return err
		}
		t, err := cfg.Inbox.Send(c.Context(), in, about)
		if err != nil {
			return err
		}
		return c.Status(fiber.StatusCreated).JSON(fiber.Map{"ticket": t})
	})
	r.Post("/contact", hs[0], hs[1:]...)
}

var errLocation = fault.New(fault.Invalid, "invalid", "Choose a location from the list.").Field("location_id", "Choose a location from the list.")

// about checks the location (it must exist) and looks the order number up among the
// sender's own orders. An order number that is not found is still sent, marked as
// such, not refused: the provider answers "not found" alike for an unknown order and
// for someone else's, and a guest who ordered on their phone and writes from a laptop
// is not one of that order's viewers. When the order is theirs and no location was
// chosen, the order's location is the one the message is about.
func (cfg Config) about(c fiber.Ctx, m *feedback.Message) (feedback.About, error) {
	var a feedback.About
	ctx := c.Context()
	if m.OrderID != "" && cfg.Orders != nil {
		v := ordering.Viewer{Owner: cfg.Owner(c)}
		if mem, ok := session.MemberOf(c); ok {
			v.MemberID = mem.ID
		}
		o, err := cfg.Orders.Order(ctx, m.OrderID, v)
		switch {
		case err == nil:
			a.Order = feedback.OrderTheirs
			if m.LocationID == "" {
				m.LocationID = o.LocationID
			}
		case fault.Is(err, fault.NotFound):
			a.Order = feedback.OrderNotTheirs
		default:
			return a, err
		}
	}
	if m.LocationID != "" && cfg.Locations != nil {
		l, err := cfg.Locations.Location(ctx, m.LocationID)
		if fault.Is(err, fault.NotFound) {
			return a, errLocation
		}
		if err != nil {
			return a, err
		}
		a.LocationName = l.Name
	}
	return a, nil
}
