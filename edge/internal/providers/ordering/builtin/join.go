package builtin

import (
	"context"
	"encoding/json"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// JoinCart brings the cart a guest filled before signing in into the member's one
// cart, and deletes the guest's, so that after signing out the browser is a guest
// with no cart again:
//
//   - the guest has no cart, or an empty one: the member's cart stays as it is;
//   - the member has no cart, or an empty one: the guest's cart becomes the member's,
//     at its own location;
//   - both hold items: the guest's lines are added to the member's cart, built again
//     from the member cart's menu and priced at its location (its handoff, time,
//     coupon and tip stay); a line that menu cannot take, or that does not fit in the
//     cart, is reported in the shape of a transfer's (NotTransferred) and left out.
//
// The answer is the member's cart, NotFound when neither had one.
func (p *Provider) JoinCart(ctx context.Context, guest, member string) (ordering.Cart, []ordering.NotTransferred, error) {
	if guest == "" || member == "" || guest == member {
		c, err := p.Cart(ctx, member)
		return c, nil, err
	}
	// A sign-in whose client goes away must not stop the join halfway.
	ctx = context.WithoutCancel(ctx)
	g, _, err := p.load(ctx, guest)
	if fault.Is(err, fault.NotFound) {
		c, err := p.Cart(ctx, member)
		return c, nil, err
	}
	if err != nil {
		return ordering.Cart{}, nil, err
	}
	if len(g.Products) == 0 {
		p.recent.drop(guest)
		if err := p.st.Client.Del(ctx, p.cartKey(guest)).Err(); err != nil {
			return ordering.Cart{}, nil, err
		}
		c, err := p.Cart(ctx, member)
		return c, nil, err
	}
	m, _, err := p.load(ctx, member)
	switch {
	case fault.Is(err, fault.NotFound) || (err == nil && len(m.Products) == 0):
		return p.takeOver(ctx, guest, member, g, m.Version)
	case err != nil:
		return ordering.Cart{}, nil, err
	}
	var dropped []ordering.NotTransferred
	c, err := p.mutate(ctx, member, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		dropped = []ordering.NotTransferred{}
		for _, line := range g.Products {
			if line.Reward.ID != "" {
				// A free item belongs to the reward redeemed in its own cart.
				dropped = append(dropped, ordering.NotTransferred{LineID: line.ID, Name: line.Name, Reason: "Rewards stay with the cart they were added to"})
				continue
			}
			nl, err := buildLine(mi, ordering.LineInput{ProductID: line.ProductID, Quantity: line.Quantity, Modifiers: modifierInputs(line), SpecialInstructions: line.SpecialInstructions})
			if err != nil {
				dropped = append(dropped, ordering.NotTransferred{LineID: line.ID, Name: line.Name, Reason: droppedReason(err)})
				continue
			}
			if linesFull(c) != nil {
				dropped = append(dropped, ordering.NotTransferred{LineID: line.ID, Name: line.Name, Reason: "Your cart is full"})
				continue
			}
			nl.ID = newID("l_")
			if c.Group != nil {
				nl.Participant = c.Group.HostID // what the member chose is the host's
			}
			c.Products = append(c.Products, nl)
		}
		return nil
	})
	if err != nil {
		return ordering.Cart{}, nil, err
	}
	p.recent.drop(guest)
	if err := p.st.Client.Del(ctx, p.cartKey(guest)).Err(); err != nil {
		return ordering.Cart{}, nil, err
	}
	return c, dropped, nil
}

// takeOver makes the guest's cart g the member's, above the version of the member's
// empty cart it replaces (so that no tab still showing that one can change it by its
// version); the guest's is written for the member first and deleted after, so that
// it is never lost.
func (p *Provider) takeOver(ctx context.Context, guest, member string, g ordering.Cart, above int64) (ordering.Cart, []ordering.NotTransferred, error) {
	g.Version = max(g.Version, above) + 1
	raw, err := json.Marshal(&g)
	if err != nil {
		return ordering.Cart{}, nil, err
	}
	ttl := g.ExpiresAt.Sub(p.now())
	if ttl <= 0 || ttl > p.cfg.CartTTL {
		ttl = p.cfg.CartTTL
	}
	p.recent.drop(member)
	if err := p.st.Client.Set(ctx, p.cartKey(member), raw, ttl).Err(); err != nil {
		return ordering.Cart{}, nil, err
	}
	p.recent.drop(guest)
	if err := p.st.Client.Del(ctx, p.cartKey(guest)).Err(); err != nil {
		return ordering.Cart{}, nil, err
	}
	if err := p.moveGroup(ctx, guest, member, string(raw), ttl); err != nil {
		return ordering.Cart{}, nil, err
	}
	c, err := p.Cart(ctx, member)
	return c, []ordering.NotTransferred{}, err
}
