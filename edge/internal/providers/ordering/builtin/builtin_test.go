package builtin

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// Wednesday 25 Nov 2026, 12:00 in Columbus (EST).
var noon = time.Date(2026, 11, 25, 17, 0, 0, 0, time.UTC)

type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) Set(t time.Time)     { c.mu.Lock(); c.t = t; c.mu.Unlock() }
func (c *fakeClock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

type geo map[string][2]float64

func (g geo) Locate(_ context.Context, q string) (float64, float64, error) {
	for k, v := range g {
		if strings.Contains(q, k) {
			return v[0], v[1], nil
		}
	}
	return 0, 0, fault.New(fault.Invalid, "address_not_found", "We couldn't find that address.")
}

type cards struct {
	auths    atomic.Int64
	voided   atomic.Int64
	mu       sync.Mutex
	captured []string
}

func (c *cards) Authorize(_ context.Context, processor, token string, amount int64, key string) (string, string, error) {
	if token == "tok_decline" {
		return "", "", fault.New(fault.Rule, "card_declined", "Your card was declined. Try another card.")
	}
	c.auths.Add(1)
	return "auth_" + key, "Visa •••• 4242", nil
}
func (c *cards) Void(context.Context, string, string) error { c.voided.Add(1); return nil }
func (c *cards) Capture(_ context.Context, _, ref string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.captured = append(c.captured, ref)
	return nil
}

type env struct {
	p     *Provider
	clk   *fakeClock
	cards *cards
	st    *store.Store
}

func newEnv(t *testing.T, st *store.Store) *env {
	t.Helper()
	return newEnvData(t, st, nil)
}

// newEnvData is newEnv with the seed files of data (nil: the embedded ones).
func newEnvData(t *testing.T, st *store.Store, data fs.FS) *env {
	t.Helper()
	clk := &fakeClock{t: noon}
	cs := &cards{}
	p, err := New(context.Background(), Config{Store: st, Now: clk.Now, Cards: cs, Data: data, Geocoder: geo{
		"Near St":  {39.9700, -82.9900}, // ~1 mile from Columbus Downtown
		"Far Road": {40.4000, -82.5000}, // ~40 miles
	}})
	if err != nil {
		t.Fatal(err)
	}
	return &env{p: p, clk: clk, cards: cs, st: st}
}

func faultCode(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		t.Fatal("expected an error")
	}
	fe, ok := fault.As(err)
	if !ok {
		t.Fatalf("not a fault: %v", err)
	}
	return fe.Code
}

var ctx = context.Background()

func TestCatalogMeetsTheBrief(t *testing.T) {
	c, err := LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	states := map[string]bool{}
	perMenu := map[string]int{}
	for _, l := range c.locations {
		states[l.Address.State] = true
		perMenu[l.MenuID]++
		if l.Name == "" || l.Phone == "" || l.Lat == 0 || l.TaxRateBps <= 0 {
			t.Errorf("location %s is incomplete", l.ID)
		}
	}
	if len(c.locations) < 40 || len(states) < 6 {
		t.Fatalf("%d locations in %d states", len(c.locations), len(states))
	}
	shared, own := 0, 0
	for _, n := range perMenu {
		if n > 1 {
			shared++
		} else {
			own++
		}
	}
	if shared == 0 || own == 0 {
		t.Fatalf("want shared and own menus, got %v", perMenu)
	}
	std := c.menus["m-standard"].menu
	products := 0
	for _, cat := range std.Categories {
		products += len(cat.Products)
		if cat.Description == "" {
			t.Errorf("category %s has no description", cat.ID)
		}
	}
	if len(std.Categories) < 8 || products < 50 {
		t.Fatalf("standard menu: %d categories, %d products", len(std.Categories), products)
	}
	kinds := map[string]bool{}
	for _, cat := range std.Categories {
		for _, p := range cat.Products {
			for _, g := range p.ModifierGroups {
				kinds[g.Kind] = true
			}
		}
	}
	if len(kinds) != 3 {
		t.Fatalf("modifier kinds %v", kinds)
	}
}

func TestNearbyAndMenus(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		near, err := e.p.Nearby(ctx, 39.96, -83.0, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(near) != 3 || near[0].ID != "oh-columbus-downtown" || *near[0].DistanceMiles > *near[1].DistanceMiles {
			t.Fatalf("nearest: %+v", near[0].ID)
		}
		if !near[0].OpenNow {
			t.Fatal("Columbus Downtown is open at noon on a Wednesday")
		}
		// The answer carries the zone's offset now (EST) and when it changes (the switch
		// to daylight saving time: 2 a.m. EST on 14 March 2027 is 07:00 UTC).
		if off, until := near[0].UTCOffsetMinutes, near[0].UTCOffsetUntil; off == nil || *off != -300 || until == nil ||
			!until.Equal(time.Date(2027, 3, 14, 7, 0, 0, 0, time.UTC)) {
			t.Fatalf("offset %v until %v", off, until)
		}
		if _, err := e.p.Nearby(ctx, 91, 0, 3); faultCode(t, err) != "invalid" {
			t.Fatal("bad latitude accepted")
		}
		l, err := e.p.LocationByMenu(ctx, "m-texas")
		if err != nil || l.Address.State != "TX" {
			t.Fatalf("by menu: %v %v", l.ID, err)
		}
		// Search also matches category descriptions ("made from scratch" is the sides').
		res, _ := e.p.SearchMenu(ctx, "m-standard", ordering.MenuFilter{Query: "scratch"})
		if len(res) == 0 || res[0].CategoryID != "sides" {
			t.Fatalf("category description search: %d", len(res))
		}
		veg, _ := e.p.SearchMenu(ctx, "m-standard", ordering.MenuFilter{Require: []string{"vegan"}})
		for _, p := range veg {
			if !strings.Contains(strings.Join(p.Markers, ","), "vegan") {
				t.Fatalf("%s is not vegan", p.ID)
			}
		}
		noDairy, _ := e.p.SearchMenu(ctx, "m-standard", ordering.MenuFilter{Query: "side", Exclude: []string{"dairy"}})
		for _, p := range noDairy {
			if p.ID == "side-mac" {
				t.Fatal("mac & cheese has dairy")
			}
		}
		if _, err := e.p.SearchMenu(ctx, "m-standard", ordering.MenuFilter{Exclude: []string{"pork"}}); faultCode(t, err) != "invalid" {
			t.Fatal("unknown marker accepted")
		}
	})
}

func comboLine() ordering.LineInput {
	return ordering.LineInput{ProductID: "combo-2pc", Quantity: 2, Modifiers: []ordering.ModifierInput{
		{ID: "flv-spicy"}, {ID: "pcs-white"}, {ID: "side-mac"}, {ID: "bread-biscuit"}, {ID: "drk-lemonade"}, {ID: "size-large"},
	}}
}

func TestCartRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		if _, err := e.p.Cart(ctx, "v1"); faultCode(t, err) != "cart_not_found" {
			t.Fatal("a new visitor has no cart")
		}
		c, err := e.p.CreateCart(ctx, "v1", "m-standard", "oh-cincinnati")
		if err != nil || c.LocationID != "oh-cincinnati" {
			t.Fatalf("create: %v %v", c.LocationID, err)
		}
		if _, err := e.p.CreateCart(ctx, "v1", "m-texas", "oh-cincinnati"); faultCode(t, err) != "menu_mismatch" {
			t.Fatal("a location can only have a cart for its own menu")
		}
		c, err = e.p.AddProduct(ctx, "v1", comboLine())
		if err != nil {
			t.Fatal(err)
		}
		// 999 + white 100 + mac 100 + large 150 = 1349 each.
		if len(c.Products) != 1 || c.Products[0].UnitPriceCents != 1349 || c.Products[0].TotalCents != 2698 || c.ItemCount != 2 {
			t.Fatalf("line: %+v", c.Products[0])
		}
		// Same choices merge into one line.
		c, _ = e.p.AddProduct(ctx, "v1", comboLine())
		if len(c.Products) != 1 || c.Products[0].Quantity != 4 {
			t.Fatalf("merge: %+v", c.Products)
		}
		// Missing required group, too many checkboxes, unknown modifier.
		_, err = e.p.AddProduct(ctx, "v1", ordering.LineInput{ProductID: "two-piece", Modifiers: []ordering.ModifierInput{{ID: "pcs-mixed"}, {ID: "dip-bbq"}, {ID: "dip-ranch"}, {ID: "dip-buffalo"}, {ID: "dip-hot-honey"}, {ID: "nope"}}})
		fe, _ := fault.As(err)
		if fe == nil || fe.Fields["groups.flavor"] != "Flavor: choose 1" || fe.Fields["groups.dips"] != "Dipping sauces: choose at most 3" || fe.Fields["modifiers.nope"] == "" {
			t.Fatalf("validation: %+v", fe)
		}
		// Two choices in a pick-one group.
		_, err = e.p.AddProduct(ctx, "v1", ordering.LineInput{ProductID: "breast", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}, {ID: "flv-spicy"}}})
		if faultCode(t, err) != "invalid" {
			t.Fatal("two flavors accepted")
		}
		// Counter select quantities.
		c, err = e.p.AddProduct(ctx, "v1", ordering.LineInput{ProductID: "tenders-3", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}, {ID: "xdip-ranch", Quantity: 3}}, SpecialInstructions: " extra crispy "})
		if err != nil {
			t.Fatal(err)
		}
		line := c.Products[1]
		if line.UnitPriceCents != 649+3*75 || line.SpecialInstructions != "extra crispy" || line.Data.Name != "3 Tenders" {
			t.Fatalf("counter line: %+v", line)
		}
		if _, err := e.p.AddProduct(ctx, "v1", ordering.LineInput{ProductID: "tenders-3", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}, {ID: "xdip-ranch", Quantity: 5}}}); faultCode(t, err) != "invalid" {
			t.Fatal("counter over its cap accepted")
		}
		if _, err := e.p.AddProduct(ctx, "v1", ordering.LineInput{ProductID: "brisket-sandwich"}); faultCode(t, err) != "product_not_found" {
			t.Fatal("a product of another menu accepted")
		}
		c, err = e.p.UpdateProduct(ctx, "v1", line.ID, ordering.LineInput{Quantity: 2})
		if err != nil || c.Products[1].Quantity != 2 || c.Products[1].UnitPriceCents != 649+3*75 {
			t.Fatalf("update keeps choices: %+v %v", c.Products[1], err)
		}
		c, _ = e.p.RemoveProduct(ctx, "v1", line.ID)
		if len(c.Products) != 1 {
			t.Fatal("remove")
		}
		if _, err := e.p.RemoveProduct(ctx, "v1", "l_missing"); faultCode(t, err) != "line_not_found" {
			t.Fatal("remove missing line")
		}
		// Carts belong to their visitor.
		if _, err := e.p.Cart(ctx, "v2"); faultCode(t, err) != "cart_not_found" {
			t.Fatal("another visitor sees the cart")
		}
		if _, err := e.p.AbandonCart(ctx, "v1"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.Cart(ctx, "v1"); faultCode(t, err) != "cart_not_found" {
			t.Fatal("abandoned cart still there")
		}
	})
}

func TestCartExpires(t *testing.T) {
	st := storetest.Embedded(t)
	e := newEnv(t, st)
	if _, err := e.p.CreateCart(ctx, "v1", "m-standard", "oh-columbus-downtown"); err != nil {
		t.Fatal(err)
	}
	st.Mini().FastForward(6 * 24 * time.Hour)
	if _, err := e.p.AddProduct(ctx, "v1", ordering.LineInput{ProductID: "side-fries", Modifiers: []ordering.ModifierInput{{ID: "size-regular"}}}); err != nil {
		t.Fatal(err) // touching the cart renews it
	}
	st.Mini().FastForward(6 * 24 * time.Hour)
	if _, err := e.p.Cart(ctx, "v1"); err != nil {
		t.Fatal("renewed cart expired early")
	}
	st.Mini().FastForward(2 * 24 * time.Hour)
	if _, err := e.p.Cart(ctx, "v1"); faultCode(t, err) != "cart_not_found" {
		t.Fatal("cart did not expire")
	}
}

func TestTransferReportsWhatDidNotMove(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.p.CreateCart(ctx, "v", "m-standard", "oh-columbus-downtown")
		e.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "tenders-3", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}}})
		e.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "family-8", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}, {ID: "pcs-mixed"}, {ID: "fside-fries", Quantity: 2}}})
		c, dropped, err := e.p.TransferCart(ctx, "v", "m-atlanta-airport", "")
		if err != nil {
			t.Fatal(err)
		}
		if c.MenuID != "m-atlanta-airport" || c.LocationID != "ga-atlanta-airport-concourse-b" || len(c.Products) != 1 {
			t.Fatalf("transferred: %+v", c)
		}
		if c.Products[0].UnitPriceCents != scale(649, 125) {
			t.Fatalf("not repriced: %d", c.Products[0].UnitPriceCents)
		}
		if len(dropped) != 1 || dropped[0].Name != "8 Piece Family Meal" {
			t.Fatalf("dropped: %+v", dropped)
		}
	})
}

func TestHandoff(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.p.CreateCart(ctx, "v", "m-standard", "oh-columbus-downtown")
		e.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "side-fries", Modifiers: []ordering.ModifierInput{{ID: "size-regular"}}})
		_, err := e.p.SetHandoff(ctx, "v", ordering.Handoff{Mode: "curbside", Vehicle: &ordering.Vehicle{Make: "Honda"}})
		fe, _ := fault.As(err)
		if fe == nil || fe.Fields["vehicle.model"] == "" || fe.Fields["vehicle.color"] == "" {
			t.Fatalf("curbside needs make, model and colour: %+v", fe)
		}
		c, err := e.p.SetHandoff(ctx, "v", ordering.Handoff{Mode: "curbside", Vehicle: &ordering.Vehicle{Make: "Honda", Model: "Civic", Color: "Blue"}})
		if err != nil || c.Handoff.Vehicle.Model != "Civic" {
			t.Fatal(err)
		}
		if _, err := e.p.SetHandoff(ctx, "v", ordering.Handoff{Mode: "delivery", Address: &ordering.Address{Street: "1 Far Road", City: "Columbus", State: "OH", ZIP: "43215"}}); faultCode(t, err) != "outside_delivery_area" {
			t.Fatal("address outside the radius accepted")
		}
		if _, err := e.p.SetHandoff(ctx, "v", ordering.Handoff{Mode: "delivery", Address: &ordering.Address{Street: "1 Near St", City: "Columbus", State: "OH", ZIP: "4321"}}); faultCode(t, err) != "invalid" {
			t.Fatal("bad ZIP accepted")
		}
		c, err = e.p.SetHandoff(ctx, "v", ordering.Handoff{Mode: "delivery", Address: &ordering.Address{Street: "1 Near St", City: "Columbus", State: "oh", ZIP: "43215"}})
		if err != nil || c.Handoff.DistanceMiles == 0 || c.Handoff.Address.State != "OH" {
			t.Fatalf("delivery: %+v %v", c.Handoff, err)
		}
		if c.Totals.FeesCents != 299 || len(c.Blocking) == 0 {
			t.Fatalf("delivery fee and minimum: %+v %v", c.Totals, c.Blocking)
		}
		if _, err := e.p.SetHandoff(ctx, "v", ordering.Handoff{Mode: "drone"}); faultCode(t, err) != "invalid" {
			t.Fatal("unknown mode")
		}
	})
}

func TestTimes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		opts, err := e.p.Times(ctx, "oh-columbus-downtown")
		if err != nil {
			t.Fatal(err)
		}
		// Open 10:30–22:00, prep 15: ready 12:15, earliest shown 12:25 (bump 10).
		if !opts.ASAPAvailable || !opts.NextReady.Equal(noon.Add(15*time.Minute)) || !opts.Earliest.Equal(noon.Add(25*time.Minute)) {
			t.Fatalf("at noon: %+v", opts)
		}
		if len(opts.Days) != 8 || opts.Days[0].Date != "2026-11-25" {
			t.Fatalf("days: %d %s", len(opts.Days), opts.Days[0].Date)
		}
		first := opts.Days[0].Slots[0].At
		if !first.Equal(noon.Add(30 * time.Minute)) {
			t.Fatalf("first slot %v", first)
		}
		// Closed: 23:00 local. No ASAP; next ready is tomorrow 10:45.
		e.clk.Set(time.Date(2026, 11, 26, 4, 0, 0, 0, time.UTC))
		opts, _ = e.p.Times(ctx, "oh-columbus-downtown")
		if opts.ASAPAvailable || opts.OpenNow || !opts.NextReady.Equal(time.Date(2026, 11, 26, 15, 45, 0, 0, time.UTC)) {
			t.Fatalf("closed: %+v", opts)
		}
		// The options carry the zone's offset, as a location does.
		if off, until := opts.UTCOffsetMinutes, opts.UTCOffsetUntil; off == nil || *off != -300 || until == nil ||
			!until.Equal(time.Date(2027, 3, 14, 7, 0, 0, 0, time.UTC)) {
			t.Fatalf("offset %v until %v", off, until)
		}
		e.p.CreateCart(ctx, "v", "m-standard", "oh-columbus-downtown")
		if _, err := e.p.SetTime(ctx, "v", ordering.TimeWanted{Mode: "asap"}); faultCode(t, err) != "asap_unavailable" {
			t.Fatal("ASAP while closed")
		}
		at := time.Date(2026, 11, 26, 16, 0, 0, 0, time.UTC)
		if _, err := e.p.SetTime(ctx, "v", ordering.TimeWanted{Mode: "advance", At: &at}); err != nil {
			t.Fatal(err)
		}
		odd := at.Add(7 * time.Minute)
		if _, err := e.p.SetTime(ctx, "v", ordering.TimeWanted{Mode: "advance", At: &odd}); faultCode(t, err) != "time_unavailable" {
			t.Fatal("off-slot time accepted")
		}
		far := at.AddDate(0, 0, 9)
		if _, err := e.p.SetTime(ctx, "v", ordering.TimeWanted{Mode: "advance", At: &far}); faultCode(t, err) != "time_unavailable" {
			t.Fatal("beyond the advance window accepted")
		}
		if _, err := e.p.SetTime(ctx, "v", ordering.TimeWanted{Mode: "later", At: &at}); faultCode(t, err) != "time_not_today" {
			t.Fatal("later is for today")
		}
		// Late nights: Cincinnati is open until 02:00 on Fridays.
		e.clk.Set(time.Date(2026, 11, 28, 6, 50, 0, 0, time.UTC)) // Sat 01:50 EST
		cin, _ := e.p.Times(ctx, "oh-cincinnati")
		if !cin.OpenNow || cin.ASAPAvailable {
			t.Fatalf("01:50 on a late night: open, but too late for ASAP: open=%v asap=%v", cin.OpenNow, cin.ASAPAvailable)
		}
	})
}

func TestTotals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.p.CreateCart(ctx, "v", "m-standard", "oh-columbus-downtown") // tax 7.25 %
		c, _ := e.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "family-12", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}, {ID: "pcs-mixed"}, {ID: "fside-mac", Quantity: 2}}})
		if c.Totals.SubtotalCents != 3999 || c.Totals.TaxCents != 290 || c.Totals.TotalCents != 4289 {
			t.Fatalf("plain: %+v", c.Totals)
		}
		c, _ = e.p.ApplyCoupon(ctx, "v", "welcome5")
		if c.Totals.DiscountCents != 500 || c.Totals.TaxCents != 254 || c.Totals.TotalCents != 3999-500+254 {
			t.Fatalf("coupon: %+v", c.Totals)
		}
		if _, err := e.p.ApplyCoupon(ctx, "v", "SPRING2025"); faultCode(t, err) != "coupon_expired" {
			t.Fatal("expired coupon")
		}
		if _, err := e.p.ApplyCoupon(ctx, "v", "NOPE"); faultCode(t, err) != "coupon_invalid" {
			t.Fatal("unknown coupon")
		}
		c, _ = e.p.SetTip(ctx, "v", ordering.Tip{Percent: 18})
		if c.Totals.TipCents != 720 {
			t.Fatalf("tip on subtotal: %+v", c.Totals)
		}
		if _, err := e.p.SetTip(ctx, "v", ordering.Tip{Percent: 17}); faultCode(t, err) != "invalid" {
			t.Fatal("unlisted tip percentage")
		}
		c, _ = e.p.SetTaxExemption(ctx, "v", "ex-123456")
		if c.Totals.TaxCents != 0 || c.TaxExemptID != "EX-123456" {
			t.Fatalf("exempt: %+v", c.Totals)
		}
		if _, err := e.p.SetTaxExemption(ctx, "v", "x"); faultCode(t, err) != "invalid" {
			t.Fatal("bad exemption id")
		}
		c, _ = e.p.ApplyReward(ctx, "v", ordering.AppliedReward{ID: "r1", Name: "Free biscuit", AmountCents: 149})
		if c.Totals.DiscountCents != 649 || c.Totals.TotalCents != 3999-649+720 {
			t.Fatalf("reward: %+v", c.Totals)
		}
	})
}

func placeable(t *testing.T, e *env, owner string) ordering.Cart {
	t.Helper()
	if _, err := e.p.CreateCart(ctx, owner, "m-standard", "oh-columbus-downtown"); err != nil {
		t.Fatal(err)
	}
	c, err := e.p.AddProduct(ctx, owner, ordering.LineInput{ProductID: "tenders-5", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var guest = ordering.Customer{FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com", Phone: "(614) 555-0100"}

func TestSubmitIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		c := placeable(t, e, "v")
		in := ordering.SubmitInput{IdempotencyKey: "key-0001-abcdef", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "card", Processor: "hosted", Token: "tok_ok"}}}
		var wg sync.WaitGroup
		ids := make([]string, 8)
		errs := make([]error, 8)
		for i := range ids {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				o, err := e.p.Submit(ctx, "v", in)
				ids[i], errs[i] = o.ID, err
			}(i)
		}
		wg.Wait()
		var id string
		for i := range ids {
			if errs[i] == nil {
				if id != "" && ids[i] != id {
					t.Fatalf("two orders: %s %s", id, ids[i])
				}
				id = ids[i]
			} else if faultCode(t, errs[i]) != "order_in_progress" && faultCode(t, errs[i]) != "cart_not_found" {
				t.Fatalf("unexpected: %v", errs[i])
			}
		}
		if id == "" || e.cards.auths.Load() != 1 {
			t.Fatalf("want one order and one authorization, got %q and %d", id, e.cards.auths.Load())
		}
		o, err := e.p.Submit(ctx, "v", in) // a retry later returns the same order
		if err != nil || o.ID != id {
			t.Fatalf("retry: %v %v", o.ID, err)
		}
		got, err := e.p.Order(ctx, id, ordering.Viewer{Owner: "v"})
		if err != nil || got.Totals.TotalCents != c.Totals.TotalCents || got.Customer.Phone != "6145550100" || got.Status != "placed" {
			t.Fatalf("order: %+v %v", got, err)
		}
		if !got.ReadyAt.Equal(noon.Add(15 * time.Minute)) {
			t.Fatalf("ready at %v", got.ReadyAt)
		}
		if _, err := e.p.Cart(ctx, "v"); faultCode(t, err) != "cart_not_found" {
			t.Fatal("the cart is cleared after the order")
		}
	})
}

// Submits of one cart with different idempotency keys (two tabs, a script) make one
// order and one authorization; the others are told an order is being placed or find
// the cart gone.
func TestOneCartMakesOneOrder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v")
		var wg sync.WaitGroup
		ids := make([]string, 8)
		errs := make([]error, 8)
		for i := range ids {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				in := ordering.SubmitInput{IdempotencyKey: fmt.Sprintf("tab-%d-abcdef", i), Customer: guest, Payments: []ordering.PaymentInput{{Kind: "card", Processor: "hosted", Token: "tok_ok"}}}
				o, err := e.p.Submit(ctx, "v", in)
				ids[i], errs[i] = o.ID, err
			}(i)
		}
		wg.Wait()
		placed := 0
		for i := range ids {
			if errs[i] == nil {
				placed++
			} else if c := faultCode(t, errs[i]); c != "order_in_progress" && c != "cart_not_found" {
				t.Fatalf("unexpected: %v", errs[i])
			}
		}
		if placed != 1 || e.cards.auths.Load() != 1 {
			t.Fatalf("want one order and one authorization, got %d and %d", placed, e.cards.auths.Load())
		}
		// The lock is released: the visitor's next cart can be ordered.
		placeable(t, e, "v")
		if _, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "next-order-0001", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "card", Processor: "hosted", Token: "tok_ok"}}}); err != nil {
			t.Fatalf("next order: %v", err)
		}
	})
}

func TestSubmitChecksEverythingAgain(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v")
		pay := []ordering.PaymentInput{{Kind: "instore"}}
		if _, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "k1-aaaaaaaa", Customer: ordering.Customer{FirstName: "A"}, Payments: pay}); faultCode(t, err) != "invalid" {
			t.Fatal("missing contact details")
		}
		// The store closes between choosing ASAP and submitting.
		e.clk.Set(time.Date(2026, 11, 26, 3, 30, 0, 0, time.UTC))
		if _, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "k2-aaaaaaaa", Customer: guest, Payments: pay}); faultCode(t, err) != "asap_unavailable" {
			t.Fatal("time not re-checked at submit")
		}
		e.clk.Set(noon)
		// Split: a gift card for part, pay in store for the rest.
		o, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "k3-aaaaaaaa", Customer: guest, Payments: []ordering.PaymentInput{
			{Kind: "giftcard", Number: "6006 4911 1122 2233", PIN: "4321", AmountCents: 500}, {Kind: "instore"}}})
		if err != nil {
			t.Fatal(err)
		}
		if len(o.Payments) != 2 || o.Payments[0].AmountCents+o.Payments[1].AmountCents != o.Totals.TotalCents || o.Payments[0].Label != "Gift card •••• 2233" {
			t.Fatalf("payments: %+v", o.Payments)
		}
		bal, _ := e.p.GiftCardBalance(ctx, "6006491111222233", "4321")
		if bal.BalanceCents != 1000 {
			t.Fatalf("balance %d", bal.BalanceCents)
		}
	})
}

func TestPaymentRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v")
		try := func(key string, c ordering.Customer, pays ...ordering.PaymentInput) string {
			in := ordering.SubmitInput{IdempotencyKey: key, Customer: c, Payments: pays}
			if strings.HasSuffix(c.Email, "@acme.example") {
				in.MemberID, in.HouseAccountIDs = "m-acme", []string{"ha-acme"}
			}
			_, err := e.p.Submit(ctx, "v", in)
			return faultCode(t, err)
		}
		if code := try("p1-aaaaaaaa", guest, ordering.PaymentInput{Kind: "instore", AmountCents: 100}); code != "payment_total_mismatch" {
			t.Fatal(code)
		}
		if code := try("p2-aaaaaaaa", guest, ordering.PaymentInput{Kind: "giftcard", Number: "6006491111222233", PIN: "9999"}); code != "giftcard_invalid" {
			t.Fatal(code)
		}
		if code := try("p3-aaaaaaaa", guest, ordering.PaymentInput{Kind: "giftcard", Number: "6006499999000011", PIN: "0000"}); code != "giftcard_insufficient" {
			t.Fatal(code)
		}
		if code := try("p4-aaaaaaaa", guest, ordering.PaymentInput{Kind: "house", AccountID: "ha-acme", PONumber: "PO1"}); code != "house_account_not_allowed" {
			t.Fatal(code)
		}
		acme := guest
		acme.Email = "ada@acme.example"
		if code := try("p5-aaaaaaaa", acme, ordering.PaymentInput{Kind: "house", AccountID: "ha-acme"}); code != "invalid" {
			t.Fatal("PO number required: " + code)
		}
		if code := try("p6-aaaaaaaa", guest, ordering.PaymentInput{Kind: "card", Processor: "hosted", Token: "tok_decline"}); code != "card_declined" {
			t.Fatal(code)
		}
		// A declined card after a gift card debit gives the money back.
		if code := try("p7-aaaaaaaa", guest, ordering.PaymentInput{Kind: "giftcard", Number: "6006491234567890", PIN: "1234", AmountCents: 300}, ordering.PaymentInput{Kind: "card", Processor: "hosted", Token: "tok_decline"}); code != "card_declined" {
			t.Fatal(code)
		}
		if bal, _ := e.p.GiftCardBalance(ctx, "6006491234567890", "1234"); bal.BalanceCents != 5000 {
			t.Fatalf("gift card not refunded: %d", bal.BalanceCents)
		}
		// Pay in store has a maximum.
		for i := 0; i < 6; i++ {
			e.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "family-16", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}, {ID: "pcs-mixed"}, {ID: "fside-fries", Quantity: 2}}})
		}
		if code := try("p8-aaaaaaaa", guest, ordering.PaymentInput{Kind: "instore"}); code != "pay_in_store_limit" {
			t.Fatal(code)
		}
		o, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "p9-aaaaaaaa", Customer: acme, HouseAccountIDs: []string{"ha-acme"}, Payments: []ordering.PaymentInput{{Kind: "house", AccountID: "ha-acme", PONumber: "PO-77"}}})
		if err != nil || o.Payments[0].Reference != "PO-77" {
			t.Fatalf("house account: %v", err)
		}
	})
}

func TestSlotCapacity(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		l, _ := e.p.Location(ctx, "oh-columbus-downtown")
		at := noon.Add(2 * time.Hour)
		for i := 0; i <= l.SlotCapacity; i++ {
			owner := fmt.Sprintf("v%d", i)
			placeable(t, e, owner)
			if _, err := e.p.SetTime(ctx, owner, ordering.TimeWanted{Mode: "later", At: &at}); err != nil && i < l.SlotCapacity {
				t.Fatal(err)
			}
			_, err := e.p.Submit(ctx, owner, ordering.SubmitInput{IdempotencyKey: "slot-key-" + owner, Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}})
			if i < l.SlotCapacity && err != nil {
				t.Fatalf("order %d: %v", i, err)
			}
			if i == l.SlotCapacity && err == nil {
				t.Fatal("slot over capacity")
			}
		}
		opts, _ := e.p.Times(ctx, l.ID)
		for _, s := range opts.Days[0].Slots {
			if s.At.Equal(at) && s.Available {
				t.Fatal("full slot offered")
			}
		}
	})
}

func TestCateringEstimate(t *testing.T) {
	st := storetest.Embedded(t)
	e := newEnv(t, st)
	est, err := e.p.EstimateCatering(ctx, ordering.EstimateInput{Headcount: 25, Occasion: "game-day"})
	if err != nil {
		t.Fatal(err)
	}
	servings := map[string]int{}
	cat, _ := e.p.Catering(ctx, "")
	kind := map[string]string{}
	for _, p := range cat.Packages {
		kind[p.ID] = p.Kind
	}
	for _, l := range est.Lines {
		servings[kind[l.PackageID]] += l.Servings
	}
	// 25 guests × 125 % appetite: 32 chicken servings, 63 side servings.
	if servings["chicken"] < 32 || servings["side"] < 63 || servings["drink"] < 32 {
		t.Fatalf("estimate short: %v", servings)
	}
	if est.TotalCents <= 0 || est.PerPersonCents != (est.TotalCents+12)/25 {
		t.Fatalf("total %d per person %d", est.TotalCents, est.PerPersonCents)
	}
	if _, err := e.p.EstimateCatering(ctx, ordering.EstimateInput{Headcount: 2}); faultCode(t, err) != "invalid" {
		t.Fatal("headcount below minimum")
	}
}

func TestConcurrentChangesAreNotLost(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.p.CreateCart(ctx, "v", "m-standard", "oh-columbus-downtown")
		var wg sync.WaitGroup
		for i := 0; i < 12; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					_, err := e.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "biscuit"})
					if err == nil || faultCode(t, err) != "cart_busy" {
						return
					}
				}
			}()
		}
		wg.Wait()
		c, _ := e.p.Cart(ctx, "v")
		if len(c.Products) != 1 || c.Products[0].Quantity != 12 {
			t.Fatalf("lost updates: %+v", c.Products)
		}
	})
}

func TestProductImagesExist(t *testing.T) {
	c, _ := LoadCatalog()
	for _, mi := range c.menus {
		for _, p := range mi.products {
			if p.Image == "" {
				continue
			}
			if _, err := os.Stat(filepath.Join("../../../../../shell/public", strings.TrimPrefix(p.Image, "/static/"))); err != nil {
				t.Errorf("%s: image %s is missing", p.ID, p.Image)
			}
		}
	}
}

func TestMoveCart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		if _, err := e.p.MoveCart(ctx, "app", "webview"); faultCode(t, err) != "cart_not_found" {
			t.Fatal("moving nothing must say there is no cart")
		}
		c, err := e.p.CreateCart(ctx, "app", "m-standard", "oh-cincinnati")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.CreateCart(ctx, "webview", "m-texas", "tx-dallas"); err != nil {
			t.Fatal(err)
		}
		moved, err := e.p.MoveCart(ctx, "app", "webview")
		if err != nil || moved.ID != c.ID || moved.LocationID != "oh-cincinnati" {
			t.Fatalf("moved = %+v, %v", moved, err)
		}
		if _, err := e.p.Cart(ctx, "app"); faultCode(t, err) != "cart_not_found" {
			t.Fatal("the old owner keeps no cart")
		}
		if ttl := st.Client.PTTL(ctx, st.Key("cart", "{webview}")).Val(); ttl <= 0 {
			t.Fatalf("the moved cart lost its expiry: %v", ttl)
		}
	})
}
