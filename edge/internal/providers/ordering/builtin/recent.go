package builtin

import (
	"hash/maphash"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// recentCarts remembers, per owner, the stored JSON of the cart this edge last read
// or wrote. A cart change starts from it instead of reading the cart again: the
// change is saved with a compare-and-set against exactly that JSON, so when the cart
// changed elsewhere meanwhile (another edge, another tab) the set fails, answers the
// cart as it is now, and the change is made again on that. A stale entry so costs
// one round trip, never a lost change; an entry that matches saves one.
//
// With the JSON it keeps the cart that JSON decodes to, so that reading or changing a
// cart whose JSON is the one remembered costs a copy of it (cloneCart) instead of
// decoding it again: on the cart API's hot path, decoding was the edge's largest cost.
//
// It holds at most maxRecentCarts entries (one to a few KB each); when full, an
// arbitrary entry makes room. Shards keep concurrent requests off one lock.
type recentCarts struct {
	seed   maphash.Seed
	shards [recentShards]recentShard
}

const (
	maxRecentCarts = 16384
	recentShards   = 16
)

type recentShard struct {
	mu sync.Mutex
	m  map[string]recentCart
}

// recentCart is a cart's stored JSON and, when known, the cart it decodes to. cart is
// never changed once remembered: callers get a clone.
type recentCart struct {
	raw  string
	cart *ordering.Cart
}

func newRecentCarts() *recentCarts {
	r := &recentCarts{seed: maphash.MakeSeed()}
	for i := range r.shards {
		r.shards[i].m = map[string]recentCart{}
	}
	return r
}

func (r *recentCarts) shard(owner string) *recentShard {
	return &r.shards[maphash.String(r.seed, owner)%recentShards]
}

// get returns the owner's cart JSON as last seen here, if any.
func (r *recentCarts) get(owner string) (string, bool) {
	e, ok := r.entry(owner)
	return e.raw, ok
}

// decoded returns a copy of the cart raw decodes to, when the owner's remembered
// JSON is raw and its cart is known.
func (r *recentCarts) decoded(owner, raw string) (ordering.Cart, bool) {
	e, ok := r.entry(owner)
	if !ok || e.cart == nil || e.raw != raw {
		return ordering.Cart{}, false
	}
	return cloneCart(e.cart), true
}

func (r *recentCarts) entry(owner string) (recentCart, bool) {
	s := r.shard(owner)
	s.mu.Lock()
	e, ok := s.m[owner]
	s.mu.Unlock()
	return e, ok
}

// put notes the owner's cart JSON as just read or written, and the cart it decodes to
// when the caller has it (nil when not); put keeps a copy of the cart.
//
// It keeps a copy of owner too: a visitor's id is read from the request's cookie
// without copying, so it lives in memory the HTTP server reuses for its next request,
// often another visitor's on the same connection. Kept as given, the map's key would
// change under it: the entry would be lost, or found under another visitor's id, and
// changes would read the cart again (two round trips) and lose compare-and-sets. (A
// Go map replaces the key of an entry it updates, so the copy is made every time.)
func (r *recentCarts) put(owner, raw string, cart *ordering.Cart) {
	owner = strings.Clone(owner)
	e := recentCart{raw: raw}
	if cart != nil {
		c := cloneCart(cart)
		e.cart = &c
	}
	s := r.shard(owner)
	s.mu.Lock()
	if _, ok := s.m[owner]; !ok && len(s.m) >= maxRecentCarts/recentShards {
		for k := range s.m { // Go's map order is random: a random entry goes
			delete(s.m, k)
			break
		}
	}
	s.m[owner] = e
	s.mu.Unlock()
}

// drop forgets the owner's cart (deleted, handed over or ordered).
func (r *recentCarts) drop(owner string) {
	s := r.shard(owner)
	s.mu.Lock()
	delete(s.m, owner)
	s.mu.Unlock()
}

// cloneCart is a deep copy of c that shares nothing a caller could change with it, as
// decoding c's JSON again would give: an empty slice or map of an omitempty field
// (which the JSON leaves out) is nil. TestCloneCartSharesNothing walks every field, so
// a field added to the cart that this copy misses fails it.
func cloneCart(c *ordering.Cart) ordering.Cart {
	n := *c
	n.Products = slices.Clone(c.Products)
	for i := range n.Products {
		p := &n.Products[i]
		p.Modifiers = slices.Clone(p.Modifiers)
		p.Markers = slices.Clone(p.Markers)
		p.CrossContact = emptyNil(slices.Clone(p.CrossContact))
	}
	if a := c.Handoff.Address; a != nil {
		v := *a
		n.Handoff.Address = &v
	}
	if a := c.Handoff.Vehicle; a != nil {
		v := *a
		n.Handoff.Vehicle = &v
	}
	if t := c.Time.At; t != nil {
		v := *t
		n.Time.At = &v
	}
	n.Discounts = slices.Clone(c.Discounts)
	n.Fees = slices.Clone(c.Fees)
	n.CustomFields = maps.Clone(c.CustomFields)
	if len(n.CustomFields) == 0 {
		n.CustomFields = nil
	}
	n.Rewards = emptyNil(slices.Clone(c.Rewards))
	n.Warnings = emptyNil(slices.Clone(c.Warnings))
	n.Blocking = emptyNil(slices.Clone(c.Blocking))
	n.TipOptions.Percents = slices.Clone(c.TipOptions.Percents)
	if g := c.Group; g != nil {
		v := *g
		v.Participants = slices.Clone(g.Participants)
		n.Group = &v
	}
	return n
}

func emptyNil[S ~[]E, E any](s S) S {
	if len(s) == 0 {
		return nil
	}
	return s
}
