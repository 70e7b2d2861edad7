package builtin

import (
	"hash/maphash"
	"sync"
)

// recentCarts remembers, per owner, the stored JSON of the cart this edge last read
// or wrote. A cart change starts from it instead of reading the cart again: the
// change is saved with a compare-and-set against exactly that JSON, so when the cart
// changed elsewhere meanwhile (another edge, another tab) the set fails, answers the
// cart as it is now, and the change is made again on that. A stale entry so costs
// one round trip, never a lost change; an entry that matches saves one.
//
// It holds at most maxRecentCarts entries (a few hundred bytes each); when full, an
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
	m  map[string]string
}

func newRecentCarts() *recentCarts {
	r := &recentCarts{seed: maphash.MakeSeed()}
	for i := range r.shards {
		r.shards[i].m = map[string]string{}
	}
	return r
}

func (r *recentCarts) shard(owner string) *recentShard {
	return &r.shards[maphash.String(r.seed, owner)%recentShards]
}

// get returns the owner's cart JSON as last seen here, if any.
func (r *recentCarts) get(owner string) (string, bool) {
	s := r.shard(owner)
	s.mu.Lock()
	raw, ok := s.m[owner]
	s.mu.Unlock()
	return raw, ok
}

// put notes the owner's cart JSON as just read or written.
func (r *recentCarts) put(owner, raw string) {
	s := r.shard(owner)
	s.mu.Lock()
	if _, ok := s.m[owner]; !ok && len(s.m) >= maxRecentCarts/recentShards {
		for k := range s.m { // Go's map order is random: a random entry goes
			delete(s.m, k)
			break
		}
	}
	s.m[owner] = raw
	s.mu.Unlock()
}

// drop forgets the owner's cart (deleted, handed over or ordered).
func (r *recentCarts) drop(owner string) {
	s := r.shard(owner)
	s.mu.Lock()
	delete(s.m, owner)
	s.mu.Unlock()
}
