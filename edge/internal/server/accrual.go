package server

import (
	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/session"
)

// The order events of the ordering API, handed to the loyalty services: points for a
// placed or cancelled order (services/points), rewards back from an abandoned cart
// (services/rewards).

// accrue holds a signed-in member's placed order for points: they are credited
// once it completes (points.Service.Settle). A failure is logged, never shown: the
// order is placed either way, and support can add the points later.
func (s *Server) accrue(c fiber.Ctx, o ordering.Order) {
	m, ok := session.MemberOf(c)
	if !ok {
		return
	}
	if err := s.points.OrderPlaced(c.Context(), m.ID, o); err != nil {
		s.log.Error("points hold failed", "order", o.ID, "member", m.ID, "err", err)
	}
}

// orderCancelled drops a cancelled order's pending points and gives back its
// rewards. A failure is logged: the next settle of the member's orders sees the
// cancel and does it then.
func (s *Server) orderCancelled(c fiber.Ctx, o ordering.Order) {
	if err := s.points.OrderCancelled(c.Context(), o); err != nil {
		s.log.Error("cancelled order's points not closed", "order", o.ID, "err", err)
	}
}

// cartAbandoned gives back the signed-in member's rewards that were in an abandoned
// cart. A failure is logged: the cart is gone either way, and a reward left active
// still expires and returns its points.
func (s *Server) cartAbandoned(c fiber.Ctx, cart ordering.Cart) {
	m, ok := session.MemberOf(c)
	if !ok || len(cart.Rewards) == 0 || s.rewards == nil {
		return
	}
	if err := s.rewards.CartAbandoned(c.Context(), m.ID, cart); err != nil {
		s.log.Error("abandoned cart's rewards not given back", "member", m.ID, "err", err)
	}
}
