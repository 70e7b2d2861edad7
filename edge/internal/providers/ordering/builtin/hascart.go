package builtin

import "context"

// HasCart reports whether owner has a cart, with one EXISTS: the page view asks this
// for the bootstrap's session.hasCart without reading and pricing the cart.
func (p *Provider) HasCart(ctx context.Context, owner string) (bool, error) {
	if owner == "" {
		return false, nil
	}
	n, err := p.st.Client.Exists(ctx, p.cartKey(owner)).Result()
	return n > 0, err
}
