package builtin

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// placeAt places the owner's cart at a location, ASAP, paid in store.
func placeAt(t *testing.T, e *env, owner, loc, key string) ordering.Order {
	t.Helper()
	if _, err := e.p.CreateCart(ctx, owner, "m-standard", loc); err != nil {
		t.Fatal(err)
	}
	if _, err := e.p.AddProduct(ctx, owner, ordering.LineInput{ProductID: "tenders-5", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}}}); err != nil {
		t.Fatal(err)
	}
	o, err := e.p.Submit(ctx, owner, ordering.SubmitInput{IdempotencyKey: key, Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// Order numbers a guest can say: per location and day, 101, 102, …; another location
// counts on its own, and the next day starts again at 101.
func TestShortOrderNumbers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		a := placeAt(t, e, "a", "oh-columbus-downtown", "num-0001")
		b := placeAt(t, e, "b", "oh-columbus-downtown", "num-0002")
		c := placeAt(t, e, "c", "oh-columbus-clintonville", "num-0003")
		if a.Number != "101" || b.Number != "102" || c.Number != "101" {
			t.Fatalf("numbers: %q %q %q", a.Number, b.Number, c.Number)
		}
		// Kept on the order, and the same on a retry of the submit.
		if got, _ := e.p.Order(ctx, a.ID, ordering.Viewer{Owner: "a"}); got.Number != "101" {
			t.Fatalf("read again: %q", got.Number)
		}
		if again, err := e.p.Submit(ctx, "a", ordering.SubmitInput{IdempotencyKey: "num-0001", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}}); err != nil || again.Number != "101" {
			t.Fatalf("retry: %q %v", again.Number, err)
		}
		// The next day in Columbus starts again.
		e.clk.Set(noon.Add(24 * time.Hour))
		if d := placeAt(t, e, "d", "oh-columbus-downtown", "num-0004"); d.Number != "101" {
			t.Fatalf("next day: %q", d.Number)
		}
		// Orders placed at once each get their own number.
		var wg sync.WaitGroup
		got := make([]string, 6)
		for i := range got {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				got[i] = placeAt(t, e, fmt.Sprintf("p%d", i), "oh-columbus-downtown", fmt.Sprintf("num-1%03d", i)).Number
			}(i)
		}
		wg.Wait()
		seen := map[string]bool{}
		for _, n := range got {
			if seen[n] || n < "102" || n > "107" {
				t.Fatalf("concurrent numbers: %v", got)
			}
			seen[n] = true
		}
	})
}
