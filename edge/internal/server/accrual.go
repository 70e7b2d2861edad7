package server

import (
	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/session"
)

// accrue credits a signed-in member's order with points (once per order id). A
// failure is logged, never shown: the order is placed either way, and support can
// add the points later.
func (s *Server) accrue(c fiber.Ctx, o ordering.Order) {
	m, ok := session.MemberOf(c)
	if !ok {
		return
	}
	if err := s.members.Accrue(c.Context(), m.ID, o); err != nil {
		s.log.Error("points accrual failed", "order", o.ID, "member", m.ID, "err", err)
	}
}
