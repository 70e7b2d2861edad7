package builtin

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// Tuesday 24 and Wednesday 25 November 2026 at noon in New York.
var (
	tuesday   = noon.AddDate(0, 0, -1)
	wednesday = noon
)

func order(id string, subtotal int64, at time.Time, items ...string) loyalty.OrderRecord {
	o := loyalty.OrderRecord{OrderID: id, LocationID: "oh-columbus-downtown", LocationName: "Henhouse Columbus Downtown",
		PlacedAt: at, SubtotalCents: subtotal, TotalCents: subtotal + subtotal*725/10000}
	for _, it := range items {
		o.Items = append(o.Items, loyalty.OrderItem{Name: it, Quantity: 1})
	}
	return o
}

func TestEarnedPointsRounding(t *testing.T) {
	e := newEnv(t, storetest.Embedded(t))
	for _, c := range []struct{ sub, disc, want int64 }{
		{0, 0, 0}, {99, 0, 0}, {100, 0, 10}, {1299, 0, 120}, {1999, 500, 140}, {2000, 0, 200}, {500, 600, 0}, {10099, 99, 1000},
	} {
		if got := e.p.EarnedPoints(c.sub, c.disc); got != c.want {
			t.Errorf("subtotal %d discount %d: %d points, want %d", c.sub, c.disc, got, c.want)
		}
	}
}

func TestAccrueOrderIsIdempotent(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		o := order("ord-1", 1999, wednesday, "2 Piece Combo")
		o.DiscountCents = 500
		a := must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m.ID, o))
		if a.Points != 140 || a.BasePoints != 140 || a.BonusPoints != 0 || a.Balance != 240 || a.Lifetime != 240 || a.Duplicate || a.Tier != "Member" {
			t.Fatalf("accrual %+v", a)
		}
		again := must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m.ID, o))
		if !again.Duplicate || again.Points != 140 || again.Balance != 240 {
			t.Fatalf("retry %+v", again)
		}
		if got := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)); got.Points != 240 || got.OrderCount != 1 {
			t.Fatalf("member after retry %+v", got)
		}
		// Another member cannot take the same order.
		other := e.signUp(t)
		_, err := e.p.AccrueOrder(ctx, other.ID, o)
		wantFault(t, err, fault.Conflict, "order_already_credited")

		_, err = e.p.AccrueOrder(ctx, m.ID, loyalty.OrderRecord{OrderID: "bad id!", SubtotalCents: 100})
		wantFault(t, err, fault.Invalid, "invalid_order")
		_, err = e.p.AccrueOrder(ctx, m.ID, loyalty.OrderRecord{OrderID: "neg", SubtotalCents: -1})
		wantFault(t, err, fault.Invalid, "invalid_order")
		_, err = e.p.AccrueOrder(ctx, "m_nobodyhere123456", order("ord-x", 100, wednesday))
		wantFault(t, err, fault.NotFound, "member_not_found")
	})
}

func TestAccrueOrderConcurrentRetries(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		var wg sync.WaitGroup
		var mu sync.Mutex
		fresh := 0
		for i := 0; i < 10; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a, err := e.p.AccrueOrder(ctx, m.ID, order("same-order", 1000, wednesday))
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				if !a.Duplicate {
					fresh++
				}
				mu.Unlock()
			}()
		}
		// Different orders at the same time all count.
		for i := 0; i < 6; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := e.p.AccrueOrder(ctx, m.ID, order(fmt.Sprintf("par-%d", i), 500, wednesday)); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		got := must[loyalty.Member](t)(e.p.Member(ctx, m.ID))
		// 100 welcome + 100 + 6×50, plus three-a-month's 300 bonus.
		if fresh != 1 || got.OrderCount != 7 || got.Points != 100+100+300+300 {
			t.Fatalf("fresh %d, member %+v", fresh, got)
		}
		if acts := must[[]loyalty.Activity](t)(e.p.Activity(ctx, m.ID, 100)); acts[0].Balance != got.Points {
			t.Fatalf("ledger balance %d, member %d", acts[0].Balance, got.Points)
		}
	})
}

func TestOffersInAccrual(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		a := must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m.ID, order("tue", 1050, tuesday, "Sweet Tea")))
		if a.BasePoints != 100 || a.BonusPoints != 100 || a.Points != 200 || !slices.Equal(a.OffersApplied, []string{"double-tuesday"}) {
			t.Fatalf("double points Tuesday: %+v", a)
		}
		fam := order("fam", 2999, wednesday, "8 Piece Family Meal")
		a = must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m.ID, fam))
		// 290 base + 150 family bonus + 200 family-night challenge.
		if a.BasePoints != 290 || a.BonusPoints != 350 || !slices.Equal(a.OffersApplied, []string{"family-bonus"}) || !slices.Contains(a.ChallengesCompleted, "family-night") {
			t.Fatalf("family bonus: %+v", a)
		}
		offers := must[[]loyalty.Offer](t)(e.p.Offers(ctx))
		if len(offers) < 2 {
			t.Fatal(offers)
		}
		for _, o := range offers {
			if o.ID == "double-tuesday" && o.ActiveNow {
				t.Fatal("double points shown active on a Wednesday")
			}
		}
		e.clk.Set(tuesday)
		offers = must[[]loyalty.Offer](t)(e.p.Offers(ctx))
		if i := slices.IndexFunc(offers, func(o loyalty.Offer) bool { return o.ID == "double-tuesday" }); i < 0 || !offers[i].ActiveNow {
			t.Fatal("double points not active on Tuesday")
		}
	})
}

func TestChallengesProgressAndComplete(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		progress := func(id string) loyalty.ChallengeProgress {
			t.Helper()
			for _, c := range must[[]loyalty.ChallengeProgress](t)(e.p.Challenges(ctx, m.ID)) {
				if c.ID == id {
					return c
				}
			}
			t.Fatalf("no challenge %s", id)
			return loyalty.ChallengeProgress{}
		}
		c := progress("three-a-month")
		wantEnd := time.Date(2026, 12, 1, 5, 0, 0, 0, time.UTC) // midnight in New York
		if c.Progress != 0 || c.Goal != 3 || c.Completed || c.EndsAt == nil || !c.EndsAt.Equal(wantEnd) || c.BonusPoints != 300 {
			t.Fatalf("start %+v", c)
		}
		for i := 1; i <= 2; i++ {
			a := must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m.ID, order(fmt.Sprintf("o%d", i), 800, wednesday.Add(time.Duration(i)*time.Hour), "3 Tenders")))
			if len(a.ChallengesCompleted) != 0 {
				t.Fatalf("completed early: %+v", a)
			}
			if c := progress("three-a-month"); c.Progress != int64(i) || c.Completed {
				t.Fatalf("after %d orders: %+v", i, c)
			}
		}
		a := must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m.ID, order("o3", 800, wednesday.Add(3*time.Hour), "3 Tenders")))
		if !slices.Equal(a.ChallengesCompleted, []string{"three-a-month"}) || a.BonusPoints != 300 || a.Points != 380 {
			t.Fatalf("third order %+v", a)
		}
		c = progress("three-a-month")
		if !c.Completed || c.Progress != 3 || c.CompletedAt == nil {
			t.Fatalf("completed %+v", c)
		}
		// A fourth order in the month earns no second bonus.
		a = must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m.ID, order("o4", 800, wednesday.Add(4*time.Hour), "3 Tenders")))
		if a.BonusPoints != 0 {
			t.Fatalf("fourth order %+v", a)
		}
		if s := progress("spend-50"); s.Progress != 3200 || s.Unit != "cents" || s.Completed {
			t.Fatalf("spend %+v", s)
		}
		// Try a sandwich: from the category, or guessed from the name.
		if progress("try-a-sandwich").Completed {
			t.Fatal("sandwich challenge done without a sandwich")
		}
		a = must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m.ID, order("sandwich", 1800, wednesday.Add(5*time.Hour), "Spicy Chicken Sandwich")))
		if !slices.Contains(a.ChallengesCompleted, "try-a-sandwich") || !slices.Contains(a.ChallengesCompleted, "spend-50") {
			t.Fatalf("sandwich order %+v", a)
		}
		// A new month starts over; a one-off challenge stays done.
		e.clk.Set(time.Date(2026, 12, 2, 17, 0, 0, 0, time.UTC))
		if c := progress("three-a-month"); c.Progress != 0 || c.Completed {
			t.Fatalf("December %+v", c)
		}
		if !progress("try-a-sandwich").Completed {
			t.Fatal("one-off challenge reset")
		}
		m2 := e.signUp(t)
		a = must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m2.ID, loyalty.OrderRecord{OrderID: "cat", SubtotalCents: 100, PlacedAt: e.clk.Now(),
			Items: []loyalty.OrderItem{{ProductID: "x", Name: "Mystery Item", Quantity: 1, Category: "sandwiches"}}}))
		if !slices.Contains(a.ChallengesCompleted, "try-a-sandwich") {
			t.Fatalf("category from the item: %+v", a)
		}
	})
}

func TestBadges(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		earned := func() map[string]bool {
			out := map[string]bool{}
			for _, b := range must[[]loyalty.Badge](t)(e.p.Badges(ctx, m.ID)) {
				if b.Earned {
					out[b.ID] = true
					if b.EarnedAt == nil {
						t.Fatalf("badge %s without a date", b.ID)
					}
				}
			}
			return out
		}
		if len(earned()) != 0 {
			t.Fatal("badges before any order")
		}
		a := must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m.ID, order("b1", 500, wednesday, "3 Tenders")))
		if !slices.Equal(a.BadgesEarned, []string{"first-bite"}) {
			t.Fatalf("first order %+v", a)
		}
		all := order("b2", 6000, wednesday.Add(time.Hour), "3 Tenders", "2 Piece Combo", "Classic Chicken Sandwich", "Seasoned Fries",
			"Buttermilk Biscuit", "Apple Pie", "Sweet Tea", "8 Piece Family Meal", "Hot Coffee", "Catfish Basket")
		a = must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m.ID, all))
		if !slices.Contains(a.BadgesEarned, "explorer") || !slices.Contains(a.BadgesEarned, "sweet-tooth") || slices.Contains(a.BadgesEarned, "first-bite") {
			t.Fatalf("every category %+v", a)
		}
		// 22:30 in New York.
		late := time.Date(2026, 11, 26, 3, 30, 0, 0, time.UTC)
		a = must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m.ID, order("b3", 500, late, "Sweet Tea")))
		if !slices.Contains(a.BadgesEarned, "night-owl") {
			t.Fatalf("late order %+v", a)
		}
		for i := 4; i <= 5; i++ {
			a = must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m.ID, order(fmt.Sprintf("b%d", i), 500, wednesday.Add(time.Duration(i)*time.Hour), "Sweet Tea")))
		}
		if !slices.Contains(a.BadgesEarned, "regular") {
			t.Fatalf("fifth order %+v", a)
		}
		got := earned()
		for _, id := range []string{"first-bite", "explorer", "sweet-tooth", "night-owl", "regular", "challenger"} {
			if !got[id] {
				t.Errorf("badge %s not earned: %v", id, got)
			}
		}
		if got["sandwich-fan"] || got["flock-leader"] {
			t.Fatalf("unearned badges: %v", got)
		}
	})
}

func TestTierAndGoldBadge(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		m = must[loyalty.Member](t)(e.p.AdjustPoints(ctx, m.ID, 899, "Goodwill"))
		if m.Tier != loyalty.TierMember || m.PointsToNextTier != 1 {
			t.Fatalf("%+v", m)
		}
		a := must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m.ID, order("gold", 100, wednesday)))
		if a.Tier != loyalty.TierGold || a.Lifetime != 1009 || !slices.Contains(a.BadgesEarned, "gold-standard") {
			t.Fatalf("%+v", a)
		}
		m = must[loyalty.Member](t)(e.p.AdjustPoints(ctx, m.ID, -1000, "Correction"))
		if m.Points != 9 || m.LifetimePoints != 1009 || m.Tier != loyalty.TierGold || m.NextTier != "" {
			t.Fatalf("spending keeps the tier: %+v", m)
		}
		_, err := e.p.AdjustPoints(ctx, m.ID, -10, "Too much")
		wantFault(t, err, fault.Rule, "not_enough_points")
		_, err = e.p.AdjustPoints(ctx, m.ID, 0, "")
		wantFault(t, err, fault.Invalid, "invalid")

		// The gold badge also appears when lifetime points came from an adjustment.
		m2 := e.signUp(t)
		must[loyalty.Member](t)(e.p.AdjustPoints(ctx, m2.ID, 900, "Goodwill"))
		bs := must[[]loyalty.Badge](t)(e.p.Badges(ctx, m2.ID))
		if i := slices.IndexFunc(bs, func(b loyalty.Badge) bool { return b.ID == "gold-standard" }); i < 0 || !bs[i].Earned {
			t.Fatal("gold badge missing")
		}
	})
}

func TestOrderHistoryAndActivity(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		for i, at := range []time.Time{wednesday.Add(-48 * time.Hour), wednesday, wednesday.Add(-72 * time.Hour)} {
			o := order(fmt.Sprintf("h%d", i), 1000*int64(i+1), at, "3 Tenders")
			o.Items[0].Quantity = 2
			if _, err := e.p.AccrueOrder(ctx, m.ID, o); err != nil {
				t.Fatal(err)
			}
		}
		orders := must[[]loyalty.Order](t)(e.p.Orders(ctx, m.ID, nil, 10))
		if len(orders) != 3 || orders[0].OrderID != "h1" || orders[1].OrderID != "h0" || orders[2].OrderID != "h2" {
			t.Fatalf("order history %+v", orders)
		}
		o := orders[0]
		if o.SubtotalCents != 2000 || o.LocationName == "" || len(o.Items) != 1 || o.Items[0].Quantity != 2 || o.Points != 200 || o.AccruedAt.IsZero() {
			t.Fatalf("order %+v", o)
		}
		if len(must[[]loyalty.Order](t)(e.p.Orders(ctx, m.ID, nil, 2))) != 2 {
			t.Fatal("limit")
		}
		acts := must[[]loyalty.Activity](t)(e.p.Activity(ctx, m.ID, 50))
		last := acts[len(acts)-1]
		if last.Reason != "Welcome bonus" || last.Points != 100 || last.Balance != 100 {
			t.Fatalf("oldest activity %+v", last)
		}
		if acts[0].Balance != must[loyalty.Member](t)(e.p.Member(ctx, m.ID)).Points {
			t.Fatal("ledger out of step")
		}
		for i := 0; i+1 < len(acts); i++ {
			if acts[i].Balance-acts[i].Points != acts[i+1].Balance {
				t.Fatalf("ledger entries don't add up: %+v then %+v", acts[i+1], acts[i])
			}
		}
	})
}

// The keyword guesses agree with the categories of the real menu.
func TestCategoryGuessesMatchTheMenu(t *testing.T) {
	raw, err := os.ReadFile("../../ordering/builtin/data/menus.json")
	if err != nil {
		t.Fatal("the ordering menu is part of the repository:", err)
	}
	var menu struct {
		Products []struct{ Name, Category string } `json:"products"`
	}
	if err := json.Unmarshal(raw, &menu); err != nil {
		t.Fatal(err)
	}
	prog, err := LoadProgram()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range menu.Products {
		if got := prog.categoryOf(loyalty.OrderItem{Name: p.Name}); got != p.Category {
			t.Errorf("%q guessed %q, menu says %q", p.Name, got, p.Category)
		}
		if !slices.Contains(prog.Categories, p.Category) {
			t.Errorf("menu category %q is not in the programme", p.Category)
		}
	}
}
