package builtin

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

func TestSeedCatalogue(t *testing.T) {
	prog, err := LoadProgram()
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Rewards) < 8 || len(prog.Offers) < 2 || len(prog.MemberOffers) < 2 || len(prog.Challenges) < 2 || len(prog.Badges) < 5 || len(prog.Plans) < 2 {
		t.Fatalf("catalogue too small: %d rewards, %d offers, %d member offers, %d challenges, %d badges, %d plans",
			len(prog.Rewards), len(prog.Offers), len(prog.MemberOffers), len(prog.Challenges), len(prog.Badges), len(prog.Plans))
	}
	want := map[string]int64{"Free Buttermilk Biscuit": 200, "Free Regular Drink": 250, "Free Regular Side": 300, "$5 Off": 500,
		"Free 3-Piece Tenders": 600, "Free Chicken Sandwich": 750, "Free 8-Piece Family Meal": 2000}
	for _, r := range prog.Rewards {
		if pts, ok := want[r.Name]; ok && pts != r.Points {
			t.Errorf("%s costs %d", r.Name, r.Points)
		}
		delete(want, r.Name)
	}
	if len(want) != 0 {
		t.Errorf("missing rewards %v", want)
	}
	if _, ok := prog.plan("drink-club"); !ok {
		t.Error("no drink club")
	}
}

func TestRedeemAndCancel(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		guest := must[[]loyalty.Reward](t)(e.p.Rewards(ctx, ""))
		if len(guest) < 8 || slices.ContainsFunc(guest, func(r loyalty.Reward) bool { return r.Available }) {
			t.Fatalf("guest catalogue %+v", guest)
		}
		m := e.signUp(t) // 100 welcome points
		rs := must[[]loyalty.Reward](t)(e.p.Rewards(ctx, m.ID))
		if r := rs[slices.IndexFunc(rs, func(r loyalty.Reward) bool { return r.ID == "free-biscuit" })]; r.Available || r.PointsNeeded != 100 {
			t.Fatalf("biscuit %+v", r)
		}
		_, err := e.p.RedeemReward(ctx, m.ID, "free-biscuit")
		fe := wantFault(t, err, fault.Rule, "not_enough_points")
		if fe.Message != "You need 100 more points for this reward." {
			t.Fatal(fe.Message)
		}
		_, err = e.p.RedeemReward(ctx, m.ID, "free-lobster")
		wantFault(t, err, fault.NotFound, "reward_not_found")

		must[loyalty.Member](t)(e.p.AdjustPoints(ctx, m.ID, 900, "test"))
		r := must[loyalty.Redemption](t)(e.p.RedeemReward(ctx, m.ID, "free-drink"))
		if r.Status != "active" || r.Points != 250 || r.AmountCents != 249 || r.Kind != "reward" || r.Name != "Free Regular Drink" || !r.FreeItem || r.ProductID != "sweet-tea" ||
			!r.ExpiresAt.Equal(noon.AddDate(0, 0, 30)) || !strings.HasPrefix(r.ID, "rd_") {
			t.Fatalf("redemption %+v", r)
		}
		if bal := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)).Points; bal != 750 {
			t.Fatalf("balance %d", bal)
		}
		_, err = e.p.RedeemReward(ctx, m.ID, "free-drink")
		wantFault(t, err, fault.Conflict, "reward_already_redeemed")
		rs = must[[]loyalty.Reward](t)(e.p.Rewards(ctx, m.ID))
		if d := rs[slices.IndexFunc(rs, func(r loyalty.Reward) bool { return r.ID == "free-drink" })]; d.Available || d.RedemptionID != r.ID {
			t.Fatalf("drink listed as %+v", d)
		}

		c := must[loyalty.Redemption](t)(e.p.CancelRedemption(ctx, m.ID, r.ID))
		if c.Status != "cancelled" || c.ClosedAt == nil {
			t.Fatalf("cancelled %+v", c)
		}
		if bal := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)).Points; bal != 1000 {
			t.Fatalf("balance after cancel %d", bal)
		}
		_, err = e.p.CancelRedemption(ctx, m.ID, r.ID)
		wantFault(t, err, fault.Rule, "redemption_closed")
		_, err = e.p.CancelRedemption(ctx, m.ID, "rd_nothing")
		wantFault(t, err, fault.NotFound, "redemption_not_found")

		// Used on an order: it cannot be cancelled and no points come back.
		r2 := must[loyalty.Redemption](t)(e.p.RedeemReward(ctx, m.ID, "free-drink"))
		o := order("with-reward", 1000, noon, "3 Tenders", "Sweet Tea")
		o.DiscountCents = 249
		o.RedemptionIDs = []string{r2.ID, "rd_unknown"}
		a := must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m.ID, o))
		if !slices.Equal(a.RedemptionsUsed, []string{r2.ID}) || a.BasePoints != 70 {
			t.Fatalf("accrual %+v", a)
		}
		used := must[loyalty.Redemption](t)(e.p.Redemption(ctx, m.ID, r2.ID))
		if used.Status != "used" || used.OrderID != "with-reward" {
			t.Fatalf("used %+v", used)
		}
		_, err = e.p.CancelRedemption(ctx, m.ID, r2.ID)
		fe = wantFault(t, err, fault.Rule, "redemption_closed")
		if fe.Message != "This reward was already used on an order." {
			t.Fatal(fe.Message)
		}
		// …and the reward can be taken again.
		if _, err := e.p.RedeemReward(ctx, m.ID, "free-drink"); err != nil {
			t.Fatal(err)
		}
		list := must[[]loyalty.Redemption](t)(e.p.Redemptions(ctx, m.ID))
		if len(list) != 3 || list[0].Status != "active" {
			t.Fatalf("redemptions %+v", list)
		}
		// Another member cannot see or cancel it.
		other := e.signUp(t)
		_, err = e.p.Redemption(ctx, other.ID, r2.ID)
		wantFault(t, err, fault.NotFound, "redemption_not_found")
		_, err = e.p.CancelRedemption(ctx, other.ID, list[0].ID)
		wantFault(t, err, fault.NotFound, "redemption_not_found")
	})
}

func TestRedemptionsExpireAndRefund(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.member(t, 600)
		r := must[loyalty.Redemption](t)(e.p.RedeemReward(ctx, m.ID, "five-off"))
		e.clk.Add(30*24*time.Hour - time.Second)
		if got := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)); got.Points != 100 {
			t.Fatalf("refunded early: %d", got.Points)
		}
		e.clk.Add(time.Second)
		if got := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)); got.Points != 600 || got.LifetimePoints != 600 {
			t.Fatalf("not refunded: %+v", got)
		}
		x := must[loyalty.Redemption](t)(e.p.Redemption(ctx, m.ID, r.ID))
		if x.Status != "expired" || x.ClosedAt == nil {
			t.Fatalf("expired %+v", x)
		}
		acts := must[[]loyalty.Activity](t)(e.p.Activity(ctx, m.ID, 1))
		if acts[0].Points != 500 || !strings.Contains(acts[0].Reason, "expired") || acts[0].Ref != r.ID {
			t.Fatalf("ledger %+v", acts[0])
		}
		// An expired redemption is not used by an order that names it.
		o := order("late", 1000, e.clk.Now())
		o.RedemptionIDs = []string{r.ID}
		if a := must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m.ID, o)); len(a.RedemptionsUsed) != 0 {
			t.Fatalf("expired redemption used: %+v", a)
		}
	})
}

// Two redemptions racing for the last points: only one gets them.
func TestRedeemRace(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		for round := 0; round < 10; round++ {
			m := e.member(t, 300)
			var wg sync.WaitGroup
			results := make([]error, 2)
			for i, id := range []string{"free-side", "free-drink"} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, results[i] = e.p.RedeemReward(ctx, m.ID, id)
				}()
			}
			wg.Wait()
			ok := 0
			for _, err := range results {
				if err == nil {
					ok++
				} else if !fault.Is(err, fault.Rule) {
					t.Fatal(err)
				}
			}
			bal := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)).Points
			if ok != 1 || (bal != 0 && bal != 50) {
				t.Fatalf("round %d: %d succeeded, balance %d", round, ok, bal)
			}
		}

		// Many goroutines, every reward: what is spent never exceeds the balance.
		m := e.member(t, 1000)
		var wg sync.WaitGroup
		var mu sync.Mutex
		var spent int64
		wins := map[string]int{}
		for rep := 0; rep < 3; rep++ {
			for _, r := range e.p.Program().Rewards {
				wg.Add(1)
				go func() {
					defer wg.Done()
					red, err := e.p.RedeemReward(ctx, m.ID, r.ID)
					if err != nil {
						if !fault.Is(err, fault.Rule) && !fault.Is(err, fault.Conflict) {
							t.Error(err)
						}
						return
					}
					mu.Lock()
					spent += red.Points
					wins[r.ID]++
					mu.Unlock()
				}()
			}
		}
		wg.Wait()
		bal := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)).Points
		if bal < 0 || spent+bal != 1000 {
			t.Fatalf("spent %d, balance %d", spent, bal)
		}
		for id, n := range wins {
			if n > 1 {
				t.Fatalf("reward %s redeemed %d times at once", id, n)
			}
		}
	})
}

func TestRewardOffers(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		// Birthday in November: the treat is offered this month.
		m := e.signUp(t, func(in *loyalty.SignUpInput) { in.Birthday = "1990-11-30" })
		offers := must[[]loyalty.RewardOffer](t)(e.p.RewardOffers(ctx, m.ID))
		if len(offers) != 1 || offers[0].ID != "birthday" || offers[0].Redeemed || !offers[0].ExpiresAt.Equal(time.Date(2026, 12, 1, 5, 0, 0, 0, time.UTC)) {
			t.Fatalf("offers %+v", offers)
		}
		r := must[loyalty.Redemption](t)(e.p.RedeemOffer(ctx, m.ID, "birthday"))
		if r.Points != 0 || r.AmountCents != 349 || r.Kind != "offer" || !r.ExpiresAt.Equal(offers[0].ExpiresAt) {
			t.Fatalf("birthday redemption %+v", r)
		}
		if got := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)); got.Points != 100 {
			t.Fatal("an offer cost points")
		}
		_, err := e.p.RedeemOffer(ctx, m.ID, "birthday")
		wantFault(t, err, fault.Conflict, "offer_already_redeemed")
		offers = must[[]loyalty.RewardOffer](t)(e.p.RewardOffers(ctx, m.ID))
		if !offers[0].Redeemed || offers[0].RedemptionID != r.ID {
			t.Fatalf("after redeeming %+v", offers)
		}
		// Cancelling gives it back.
		must[loyalty.Redemption](t)(e.p.CancelRedemption(ctx, m.ID, r.ID))
		if _, err := e.p.RedeemOffer(ctx, m.ID, "birthday"); err != nil {
			t.Fatal(err)
		}
		// Next month it is gone.
		e.clk.Set(time.Date(2026, 12, 5, 17, 0, 0, 0, time.UTC))
		_, err = e.p.RedeemOffer(ctx, m.ID, "birthday")
		wantFault(t, err, fault.NotFound, "offer_not_available")

		// The welcome treat needs a confirmed account and lasts 30 days.
		e.clk.Set(noon)
		w := e.signUp(t)
		if offers := must[[]loyalty.RewardOffer](t)(e.p.RewardOffers(ctx, w.ID)); len(offers) != 0 {
			t.Fatalf("unconfirmed member offers %+v", offers)
		}
		must[loyalty.Member](t)(e.p.ConfirmAccount(ctx, e.lastMessage(t, w.Email).Code))
		offers = must[[]loyalty.RewardOffer](t)(e.p.RewardOffers(ctx, w.ID))
		if len(offers) != 1 || offers[0].ID != "welcome" || !offers[0].ExpiresAt.Equal(noon.AddDate(0, 0, 30)) {
			t.Fatalf("welcome %+v", offers)
		}
		e.clk.Add(31 * 24 * time.Hour)
		if offers := must[[]loyalty.RewardOffer](t)(e.p.RewardOffers(ctx, w.ID)); len(offers) != 0 {
			t.Fatalf("welcome after 31 days %+v", offers)
		}
	})
}
