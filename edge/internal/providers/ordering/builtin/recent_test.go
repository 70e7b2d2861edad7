package builtin

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// roundTrips counts the calls a client makes to Redis (a pipeline or transaction is one).
type roundTrips struct{ n atomic.Int64 }

func (r *roundTrips) DialHook(next redis.DialHook) redis.DialHook { return next }
func (r *roundTrips) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		switch cmd.Name() {
		case "hello", "auth", "select", "client":
			// A new connection's handshake.
		case "eval":
			// The script sent once to a Redis that does not have it yet (after
			// EVALSHA answered NOSCRIPT).
		default:
			r.n.Add(1)
		}
		return next(ctx, cmd)
	}
}
func (r *roundTrips) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error { r.n.Add(1); return next(ctx, cmds) }
}

func countRoundTrips(st *store.Store) *roundTrips {
	r := &roundTrips{}
	st.Client.AddHook(r)
	return r
}

var tenders = ordering.LineInput{ProductID: "tenders-3", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}}}

// A change made right after the guest's cart was read or changed on this edge is one
// call to Redis: the compare-and-set against the cart remembered here.
func TestACartChangeIsOneRoundTrip(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		if _, err := e.p.CreateCart(ctx, "v", "m-standard", "oh-columbus-downtown"); err != nil {
			t.Fatal(err)
		}
		rt := countRoundTrips(st)
		for i := 1; i <= 3; i++ {
			before := rt.n.Load()
			c, err := e.p.AddProduct(ctx, "v", tenders)
			if err != nil || c.ItemCount != i {
				t.Fatalf("add %d: %v, %d items", i, err, c.ItemCount)
			}
			if n := rt.n.Load() - before; n != 1 {
				t.Fatalf("add %d made %d calls to Redis, want 1", i, n)
			}
		}
		before := rt.n.Load()
		if _, err := e.p.Cart(ctx, "v"); err != nil {
			t.Fatal(err)
		}
		if n := rt.n.Load() - before; n != 1 {
			t.Fatalf("reading the cart made %d calls to Redis, want 1", n)
		}
	})
}

// The owner a handler passes is read from the request's cookie, and the HTTP server
// reuses that request's memory for the next request, which may be another visitor's
// on the same connection. What this edge remembers stays under the owner as it was:
// a change after another visitor's request is still one call to Redis.
func TestAnOwnerInReusedRequestMemoryIsRememberedAsItWas(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		buf := []byte("visitor-aaaaaaaaaaaaaa")
		// The string a request's cookie gives: it shares the request's memory.
		inRequest := func(id string) string {
			copy(buf, id)
			return unsafe.String(&buf[0], len(buf))
		}
		const a, b = "visitor-aaaaaaaaaaaaaa", "visitor-bbbbbbbbbbbbbb"
		if _, err := e.p.CreateCart(ctx, inRequest(a), "m-standard", "oh-columbus-downtown"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.CreateCart(ctx, inRequest(b), "m-standard", "oh-columbus-downtown"); err != nil {
			t.Fatal(err)
		}
		rt := countRoundTrips(st)
		for i := 1; i <= 3; i++ {
			for _, owner := range []string{a, b} {
				before := rt.n.Load()
				c, err := e.p.AddProduct(ctx, inRequest(owner), tenders)
				if err != nil || c.ItemCount != i {
					t.Fatalf("add %d for %s: %v, %d items", i, owner, err, c.ItemCount)
				}
				if n := rt.n.Load() - before; n != 1 {
					t.Fatalf("add %d for %s made %d calls to Redis, want 1", i, owner, n)
				}
			}
		}
		for _, owner := range []string{a, b} {
			if raw, ok := e.p.recent.get(owner); !ok || !strings.Contains(raw, `"quantity":3`) {
				t.Fatalf("remembered for %s: %v %.80s…", owner, ok, raw)
			}
		}
	})
}

// A line's id comes from the request's path, in memory the server reuses for the next
// request: the cart keeps the line's own id, not that string, so the line can still be
// changed and removed after the memory holds something else.
func TestALineIdInReusedRequestMemoryIsKeptAsItWas(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		if _, err := e.p.CreateCart(ctx, "v", "m-standard", "oh-columbus-downtown"); err != nil {
			t.Fatal(err)
		}
		c, err := e.p.AddProduct(ctx, "v", tenders)
		if err != nil {
			t.Fatal(err)
		}
		id := c.Products[0].ID
		buf := []byte(id)
		inRequest := unsafe.String(&buf[0], len(buf))
		two := tenders
		two.Quantity = 2
		if _, err := e.p.UpdateProduct(ctx, "v", inRequest, two); err != nil {
			t.Fatal(err)
		}
		copy(buf, strings.Repeat("x", len(buf))) // the next request's bytes
		c, err = e.p.Cart(ctx, "v")
		if err != nil || c.Products[0].ID != id {
			t.Fatalf("after the request's memory was reused: %v, line id %q, want %q", err, c.Products[0].ID, id)
		}
		if c, err = e.p.RemoveProduct(ctx, "v", id); err != nil || len(c.Products) != 0 {
			t.Fatalf("remove: %v %+v", err, c.Products)
		}
	})
}

// Two edges share one Redis: what one remembers goes out of date when the other
// changes the cart, and no change is lost or refused because of it.
func TestARememberedCartOutOfDateLosesNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		a, b := newEnv(t, st), newEnv(t, st)
		if _, err := a.p.CreateCart(ctx, "v", "m-standard", "oh-columbus-downtown"); err != nil {
			t.Fatal(err)
		}
		if _, err := a.p.AddProduct(ctx, "v", tenders); err != nil {
			t.Fatal(err)
		}
		// Edge b adds a biscuit; edge a still remembers the cart without it.
		bc, err := b.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "biscuit"})
		if err != nil || len(bc.Products) != 2 {
			t.Fatalf("edge b: %v %+v", err, bc.Products)
		}
		biscuit := bc.Products[1].ID

		// A change on a: made again on the cart as it is, both lines kept.
		c, err := a.p.AddProduct(ctx, "v", tenders)
		if err != nil || len(c.Products) != 2 || c.ItemCount != 3 {
			t.Fatalf("edge a after b's change: %v, %d lines, %d items; want 2 lines, 3 items", err, len(c.Products), c.ItemCount)
		}
		// b remembers the cart before a's change; a then removes a line it has only
		// seen in the answer to its change.
		if _, err := b.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "biscuit"}); err != nil {
			t.Fatal(err)
		}
		if c, err = a.p.RemoveProduct(ctx, "v", biscuit); err != nil || len(c.Products) != 1 || c.Products[0].ProductID != "tenders-3" {
			t.Fatalf("edge a removing b's line: %v %+v", err, c.Products)
		}
		got, _ := b.p.Cart(ctx, "v")
		if len(got.Products) != 1 || got.Products[0].Quantity != 2 {
			t.Fatalf("stored cart %+v, want 2 tenders only", got.Products)
		}

		// b abandons the cart; a, which remembers it, must not bring it back.
		if _, err := b.p.AbandonCart(ctx, "v"); err != nil {
			t.Fatal(err)
		}
		if _, err := a.p.AddProduct(ctx, "v", tenders); faultCode(t, err) != "cart_not_found" {
			t.Fatalf("change on an abandoned cart: %v", err)
		}
		if _, err := b.p.Cart(ctx, "v"); faultCode(t, err) != "cart_not_found" {
			t.Fatalf("abandoned cart came back: %v", err)
		}
	})
}

// A rule checked on a remembered cart is checked again on the stored one before it
// is answered: a line added on another edge can be changed at once.
func TestARuleIsCheckedOnTheStoredCart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		a, b := newEnv(t, st), newEnv(t, st)
		if _, err := a.p.CreateCart(ctx, "v", "m-standard", "oh-columbus-downtown"); err != nil {
			t.Fatal(err)
		}
		bc, err := b.p.AddProduct(ctx, "v", tenders)
		if err != nil {
			t.Fatal(err)
		}
		c, err := a.p.UpdateProduct(ctx, "v", bc.Products[0].ID, ordering.LineInput{Quantity: 4})
		if err != nil || len(c.Products) != 1 || c.Products[0].Quantity != 4 || c.Products[0].ProductID != "tenders-3" {
			t.Fatalf("updating a line another edge added: %v %+v", err, c.Products)
		}
		if _, err := a.p.UpdateProduct(ctx, "v", "l_missing", ordering.LineInput{Quantity: 2}); faultCode(t, err) != "line_not_found" {
			t.Fatalf("a line that is nowhere: %v", err)
		}
	})
}

// The memory of recent carts is bounded.
func TestRecentCartsAreBounded(t *testing.T) {
	r := newRecentCarts()
	for i := range 3 * maxRecentCarts {
		r.put(string(rune('a'+i%26))+string(rune(i)), "{}", nil)
	}
	n := 0
	for i := range r.shards {
		n += len(r.shards[i].m)
	}
	if n > maxRecentCarts {
		t.Fatalf("%d carts remembered, at most %d", n, maxRecentCarts)
	}
	r.put("x", "1", nil)
	if raw, ok := r.get("x"); !ok || raw != "1" {
		t.Fatalf("get after put: %q %v", raw, ok)
	}
	r.drop("x")
	if _, ok := r.get("x"); ok {
		t.Fatal("dropped cart still remembered")
	}
}

// fullCart has every field of a cart set, every slice and map non-empty and every
// pointer non-nil.
func fullCart() ordering.Cart {
	at := time.Date(2026, 11, 26, 18, 30, 0, 0, time.UTC)
	c := ordering.Cart{
		ID: "c_1", MenuID: "m-standard", LocationID: "oh-columbus-downtown",
		Products: []ordering.CartProduct{{
			ID: "l_1", ProductID: "tenders-3", Name: "3 Tenders", Quantity: 2,
			Modifiers:           []ordering.ChosenModifier{{ID: "flv-original", GroupID: "flavor", ParentID: "p", Name: "Original", Quantity: 1, PriceCents: 10}},
			SpecialInstructions: "extra crispy", UnitPriceCents: 649, TotalCents: 1298, Calories: 390,
			Markers: []string{"egg"}, CrossContact: []string{"shared fryer"}, Catering: true,
		}},
		Handoff: ordering.Handoff{Mode: "delivery", Address: &ordering.Address{Street: "1 Main", City: "Columbus", State: "OH", ZIP: "43215"},
			DeliveryNotes: "ring", Vehicle: &ordering.Vehicle{Make: "VW", Model: "Golf", Color: "red"}, Lat: 39.9, Lng: -83, DistanceMiles: 1.5},
		Time:   ordering.TimeWanted{Mode: "later", At: &at},
		Coupon: "SAVE", Discounts: []ordering.Discount{{Kind: "coupon", Code: "SAVE", Label: "Save", AmountCents: 100}},
		Fees: []ordering.Fee{{Code: "delivery", Label: "Delivery", AmountCents: 299}},
		Tip:  ordering.Tip{Percent: 15}, TaxExemptID: "tx", Utensils: true,
		CustomFields: map[string]string{"po": "42"}, Totals: ordering.Totals{SubtotalCents: 1298, TotalCents: 1500},
		ItemCount: 2, CreatedAt: at, UpdatedAt: at, ExpiresAt: at.Add(time.Hour),
		Rewards: []ordering.AppliedReward{{ID: "r", Name: "Free", AmountCents: 50}}, MemberID: "m1", Warnings: []ordering.CartIssue{{Code: "w", Field: "time", Message: "W"}}, Blocking: []ordering.Blocker{{Code: "b", Message: "B"}},
		TipOptions: ordering.TipOptions{Percents: []ordering.TipPercent{{Percent: 15, AmountCents: 195}}, MaxCents: 50000, CustomAllowed: true},
		Group: &ordering.CartGroup{Code: "abc", Path: "/group/abc", HostName: "Dana", HostID: "h", Deadline: at, State: "open",
			Participants: []ordering.Participant{{ID: "h", Name: "Dana", Host: true, JoinedAt: at}}},
	}
	c.Products[0].Data.Name = "3 Tenders"
	c.Products[0].Participant = "h"
	return c
}

// A cart copied from the memory of recent carts shares no slice, map or pointer with
// the one remembered: a change to the copy (a line added, a quantity raised) must not
// change what the next request starts from. The walk covers every field by
// reflection, so a field added to the cart that cloneCart does not copy fails here.
func TestCloneCartSharesNothing(t *testing.T) {
	orig := fullCart()
	cp := cloneCart(&orig)
	var walk func(path string, a, b reflect.Value)
	walk = func(path string, a, b reflect.Value) {
		switch a.Kind() {
		case reflect.Pointer:
			if a.IsNil() {
				t.Errorf("%s: nil in the full cart; set it in fullCart", path)
				return
			}
			if a.Pointer() == b.Pointer() {
				t.Errorf("%s: the copy shares the pointer", path)
			}
			walk(path, a.Elem(), b.Elem())
		case reflect.Slice:
			if a.Len() == 0 {
				t.Errorf("%s: empty in the full cart; fill it in fullCart", path)
				return
			}
			if a.Pointer() == b.Pointer() {
				t.Errorf("%s: the copy shares the slice", path)
			}
			for i := range a.Len() {
				walk(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i))
			}
		case reflect.Map:
			if a.Len() == 0 {
				t.Errorf("%s: empty in the full cart; fill it in fullCart", path)
				return
			}
			if a.Pointer() == b.Pointer() {
				t.Errorf("%s: the copy shares the map", path)
			}
		case reflect.Struct:
			if a.Type() == reflect.TypeOf(time.Time{}) {
				return
			}
			for i := range a.NumField() {
				walk(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i))
			}
		case reflect.Interface, reflect.Chan, reflect.Func:
			t.Errorf("%s: a %s in the cart; cloneCart must copy it", path, a.Kind())
		}
	}
	walk("Cart", reflect.ValueOf(orig), reflect.ValueOf(cp))
	if !reflect.DeepEqual(orig, cp) {
		t.Fatalf("the copy differs:\n%+v\n%+v", orig, cp)
	}
}

// A copy is what decoding the cart's JSON gives, field for field: the memory of
// recent carts answers it in place of decoding. Empty omitempty fields, left out of
// the JSON, are nil in both.
func TestCloneCartIsTheDecodedCart(t *testing.T) {
	full := fullCart()
	empty := ordering.Cart{ID: "c_2", Products: []ordering.CartProduct{{ID: "l", Modifiers: []ordering.ChosenModifier{}, Markers: []string{}, CrossContact: []string{}}},
		Discounts: []ordering.Discount{}, Fees: []ordering.Fee{}, CustomFields: map[string]string{}, Rewards: []ordering.AppliedReward{}, Warnings: []ordering.CartIssue{}}
	for _, c := range []ordering.Cart{full, empty, {}} {
		raw, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		var decoded ordering.Cart
		if err := json.Unmarshal(raw, &decoded); err != nil {
			t.Fatal(err)
		}
		if cp := cloneCart(&decoded); !reflect.DeepEqual(cp, decoded) {
			t.Errorf("copy of the decoded cart differs:\n%+v\n%+v", cp, decoded)
		}
		cp := cloneCart(&c)
		again, _ := json.Marshal(cp)
		if string(again) != string(raw) {
			t.Errorf("the copy's JSON differs:\n%s\n%s", again, raw)
		}
		var viaCopy ordering.Cart
		_ = json.Unmarshal(again, &viaCopy)
		if !reflect.DeepEqual(cloneCart(&viaCopy), cloneCart(&decoded)) {
			t.Errorf("copy and decoded cart differ")
		}
	}
}

// A change to a cart read from the memory of recent carts leaves the next read as it
// was stored: reads answer copies.
func TestRecentCartReadsAreCopies(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		if _, err := e.p.CreateCart(ctx, "v", "m-standard", "oh-columbus-downtown"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.AddProduct(ctx, "v", tenders); err != nil {
			t.Fatal(err)
		}
		c, err := e.p.Cart(ctx, "v")
		if err != nil {
			t.Fatal(err)
		}
		c.Products[0].Quantity = 50
		c.Products[0].Modifiers[0].ID = "changed"
		c.Products = append(c.Products, c.Products[0])
		again, err := e.p.Cart(ctx, "v")
		if err != nil || len(again.Products) != 1 || again.Products[0].Quantity != 1 || again.Products[0].Modifiers[0].ID != "flv-original" {
			t.Fatalf("second read: %v %+v", err, again.Products)
		}
		added, err := e.p.AddProduct(ctx, "v", tenders)
		if err != nil || len(added.Products) != 1 || added.Products[0].Quantity != 2 {
			t.Fatalf("a change after it: %v %+v", err, added.Products)
		}
	})
}
