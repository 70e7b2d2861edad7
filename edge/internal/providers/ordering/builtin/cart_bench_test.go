package builtin

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// The cart's read and add-a-product paths, one cart per goroutine as bench/apiload
// does over HTTP, on the embedded Redis and (when one answers, see storetest) the real
// one: `go test -run '^$' -bench Cart -benchmem ./edge/internal/providers/ordering/builtin`.
// A rise in ns/op, allocs/op or roundtrips/op (calls to Redis per operation) is a
// regression of the cart API. On the embedded Redis most of the time and allocations
// are the in-process server's (its Lua interpreter for a change); roundtrips/op is
// exact on both.

// benchStores runs fn on the embedded store and, when it answers, the real Redis.
func benchStores(b *testing.B, fn func(b *testing.B, p *Provider, rt *roundTrips)) {
	for _, name := range []string{"embedded", "redis"} {
		b.Run(name, func(b *testing.B) {
			var st *store.Store
			if name == "embedded" {
				st = storetest.Embedded(b)
			} else if st = storetest.Real(b); st == nil {
				b.Skip("no Redis at TEST_REDIS_URL")
			}
			clk := &fakeClock{t: noon}
			p, err := New(context.Background(), Config{Store: st, Now: clk.Now, Cards: &cards{}, Geocoder: geo{}})
			if err != nil {
				b.Fatal(err)
			}
			rt := countRoundTrips(st)
			fn(b, p, rt)
		})
	}
}

// reportRoundTrips reports the calls to Redis per operation since the timer started.
func reportRoundTrips(b *testing.B, rt *roundTrips, before int64) {
	b.ReportMetric(float64(rt.n.Load()-before)/float64(b.N), "roundtrips/op")
}

var benchOwners atomic.Int64

// benchCart opens a cart for a new owner with one line, as a guest's cart looks
// after the first add.
func benchCart(b *testing.B, p *Provider) string {
	owner := fmt.Sprintf("bench-%d", benchOwners.Add(1))
	if _, err := p.CreateCart(ctx, owner, "m-standard", "oh-columbus-downtown"); err != nil {
		b.Fatal(err)
	}
	if _, err := p.AddProduct(ctx, owner, benchLine); err != nil {
		b.Fatal(err)
	}
	return owner
}

var benchLine = ordering.LineInput{ProductID: "tenders-3", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}}}

func BenchmarkCartRead(b *testing.B) {
	benchStores(b, func(b *testing.B, p *Provider, rt *roundTrips) {
		owners := make(chan string, 64)
		for range cap(owners) {
			owners <- benchCart(b, p)
		}
		b.ReportAllocs()
		b.ResetTimer()
		before := rt.n.Load()
		b.RunParallel(func(pb *testing.PB) {
			owner := <-owners
			for pb.Next() {
				c, err := p.Cart(ctx, owner)
				if err != nil || len(c.Products) != 1 {
					b.Fatalf("cart: %v %+v", err, c.Products)
				}
			}
		})
		reportRoundTrips(b, rt, before)
	})
}

// BenchmarkCartAddProduct adds the same line again and again (a line holds at most
// MaxQuantity, so each goroutine cycles through carts opened beforehand).
func BenchmarkCartAddProduct(b *testing.B) {
	benchStores(b, func(b *testing.B, p *Provider, rt *roundTrips) {
		owners := make(chan string, 64)
		for range cap(owners) {
			owners <- benchCart(b, p)
		}
		b.ReportAllocs()
		b.ResetTimer()
		before := rt.n.Load()
		var resets atomic.Int64
		b.RunParallel(func(pb *testing.PB) {
			owner := <-owners
			n := 1
			for pb.Next() {
				if n == MaxQuantity {
					if _, err := p.CreateCart(ctx, owner, "m-standard", "oh-columbus-downtown"); err != nil {
						b.Fatal(err)
					}
					resets.Add(1)
					n = 0
				}
				c, err := p.AddProduct(ctx, owner, benchLine)
				if err != nil || c.ItemCount != n+1 {
					b.Fatalf("add: %v, %d items, want %d", err, c.ItemCount, n+1)
				}
				n++
			}
		})
		// The carts opened again (one call each) are not adds.
		rt.n.Add(-resets.Load())
		reportRoundTrips(b, rt, before)
	})
}
