package session

import "github.com/gofiber/fiber/v3"

type memberKey struct{}

// Member is the signed-in member a request acts for, set by the token middleware
// once the token has passed every check.
type Member struct {
	// ID is the loyalty provider's member id (the token's sub).
	ID string
	// Provider is the token's provider claim.
	Provider string
}

// SetMember records the authenticated member for later handlers.
func SetMember(c fiber.Ctx, m Member) { c.Locals(memberKey{}, m) }

// MemberOf returns the signed-in member, if any.
func MemberOf(c fiber.Ctx) (Member, bool) {
	m, ok := c.Locals(memberKey{}).(Member)
	return m, ok && m.ID != ""
}
