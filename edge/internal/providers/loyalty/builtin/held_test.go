package builtin

import (
	"fmt"
	"sync"
	"testing"

	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// A held order uses its reward at once and earns nothing until it is credited,
// which happens once however often it is asked; a credited order cannot be cancelled.
func TestHeldOrderIsCreditedOnce(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.member(t, 1000)
		r := must[loyalty.Redemption](t)(e.p.RedeemReward(ctx, m.ID, "free-drink"))
		o := order("held-1", 2000, wednesday, "2 Piece Combo")
		o.RedemptionIDs = []string{r.ID}
		held := must[loyalty.Order](t)(e.p.HoldOrder(ctx, m.ID, o))
		if held.Status != loyalty.OrderPending || held.Points != 0 || held.PendingPoints != 200 {
			t.Fatalf("held %+v", held)
		}
		if again := must[loyalty.Order](t)(e.p.HoldOrder(ctx, m.ID, o)); again.Status != loyalty.OrderPending {
			t.Fatalf("held again %+v", again)
		}
		if got := must[loyalty.Redemption](t)(e.p.Redemption(ctx, m.ID, r.ID)); got.Status != loyalty.RedemptionUsed || got.OrderID != "held-1" {
			t.Fatalf("redemption on a held order %+v", got)
		}
		if got := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)); got.Points != 750 || got.LifetimePoints != 1000 || got.OrderCount != 0 {
			t.Fatalf("member with a held order %+v", got)
		}
		if p := must[[]loyalty.Order](t)(e.p.PendingOrders(ctx, m.ID)); len(p) != 1 || p[0].OrderID != "held-1" {
			t.Fatalf("pending %+v", p)
		}
		for i := range 2 {
			must[loyalty.Accrual](t)(e.p.AccrueOrder(ctx, m.ID, o))
			if got := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)); got.Points != 950 || got.LifetimePoints != 1200 || got.OrderCount != 1 {
				t.Fatalf("member after crediting %d times %+v", i+1, got)
			}
		}
		if code := faultOf(t, second(e.p.CancelOrder(ctx, m.ID, "held-1"))).Code; code != "order_already_credited" {
			t.Fatalf("cancel a credited order: %s", code)
		}
		if got := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)); got.Points != 950 {
			t.Fatalf("member after the refused cancel %+v", got)
		}
		if p := must[[]loyalty.Order](t)(e.p.PendingOrders(ctx, m.ID)); len(p) != 0 {
			t.Fatalf("pending after crediting %+v", p)
		}
	})
}

// Cancelling a held order gives its reward's points back once, however often it is
// cancelled, and the order can no longer be credited.
func TestCancelledOrderGivesBackItsRewardsOnce(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.member(t, 1000)
		r := must[loyalty.Redemption](t)(e.p.RedeemReward(ctx, m.ID, "free-drink"))
		o := order("held-2", 2000, wednesday, "2 Piece Combo")
		o.RedemptionIDs = []string{r.ID}
		must[loyalty.Order](t)(e.p.HoldOrder(ctx, m.ID, o))
		for i := range 2 {
			got := must[loyalty.Order](t)(e.p.CancelOrder(ctx, m.ID, "held-2"))
			if got.Status != loyalty.OrderCancelled || got.CancelledAt == nil {
				t.Fatalf("cancel %d: %+v", i+1, got)
			}
			if m := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)); m.Points != 1000 || m.LifetimePoints != 1000 || m.OrderCount != 0 {
				t.Fatalf("member after cancelling %d times %+v", i+1, m)
			}
		}
		if got := must[loyalty.Redemption](t)(e.p.Redemption(ctx, m.ID, r.ID)); got.Status != loyalty.RedemptionCancelled {
			t.Fatalf("the order's reward %+v", got)
		}
		// The reward can be taken again.
		must[loyalty.Redemption](t)(e.p.RedeemReward(ctx, m.ID, "free-drink"))
		if code := faultOf(t, second(e.p.AccrueOrder(ctx, m.ID, o))).Code; code != "order_cancelled" {
			t.Fatalf("credit a cancelled order: %s", code)
		}
		if got := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)); got.Points != 750 || got.LifetimePoints != 1000 {
			t.Fatalf("member after the refused credit %+v", got)
		}
		hist := must[[]loyalty.Order](t)(e.p.Orders(ctx, m.ID, nil, 10))
		if len(hist) != 1 || hist[0].Status != loyalty.OrderCancelled || hist[0].Points != 0 {
			t.Fatalf("history %+v", hist)
		}
	})
}

// A credit and a cancel of one held order racing: exactly one of them wins, and the
// member ends either credited with the reward used or uncredited with the reward's
// points back, never both.
func TestCreditAndCancelRace(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		for round := range 20 {
			m := e.member(t, 1000)
			r := must[loyalty.Redemption](t)(e.p.RedeemReward(ctx, m.ID, "free-drink"))
			o := order(fmt.Sprintf("race-%d", round), 2000, wednesday, "2 Piece Combo")
			o.RedemptionIDs = []string{r.ID}
			must[loyalty.Order](t)(e.p.HoldOrder(ctx, m.ID, o))
			var wg sync.WaitGroup
			var credited, cancelled error
			wg.Go(func() { _, credited = e.p.AccrueOrder(ctx, m.ID, o) })
			wg.Go(func() { _, cancelled = e.p.CancelOrder(ctx, m.ID, o.OrderID) })
			wg.Go(func() { _, _ = e.p.CancelOrder(ctx, m.ID, o.OrderID) })
			wg.Wait()
			if (credited == nil) == (cancelled == nil) {
				t.Fatalf("round %d: credit %v, cancel %v: exactly one should win", round, credited, cancelled)
			}
			got := must[loyalty.Member](t)(e.p.Member(ctx, m.ID))
			red := must[loyalty.Redemption](t)(e.p.Redemption(ctx, m.ID, r.ID))
			switch {
			case credited == nil && (got.Points != 950 || red.Status != loyalty.RedemptionUsed):
				t.Fatalf("round %d credited: points %d, reward %s", round, got.Points, red.Status)
			case cancelled == nil && (got.Points != 1000 || got.LifetimePoints != 1000 || red.Status != loyalty.RedemptionCancelled):
				t.Fatalf("round %d cancelled: points %d lifetime %d, reward %s", round, got.Points, got.LifetimePoints, red.Status)
			}
		}
	})
}

func second[T any](_ T, err error) error { return err }

// An order that took a reward's discount uses the reward even if it was cancelled
// meanwhile from somewhere else (another device, whose cart did not hold it): the
// refunded points are taken again. Cancelling the order then refunds them once.
func TestHeldOrderTakesBackARefundedReward(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.member(t, 1000)
		r := must[loyalty.Redemption](t)(e.p.RedeemReward(ctx, m.ID, "free-drink"))
		must[loyalty.Redemption](t)(e.p.CancelRedemption(ctx, m.ID, r.ID))
		o := order("held-3", 2000, wednesday, "2 Piece Combo")
		o.RedemptionIDs = []string{r.ID}
		must[loyalty.Order](t)(e.p.HoldOrder(ctx, m.ID, o))
		if got := must[loyalty.Redemption](t)(e.p.Redemption(ctx, m.ID, r.ID)); got.Status != loyalty.RedemptionUsed || got.OrderID != "held-3" {
			t.Fatalf("the order's reward %+v", got)
		}
		if got := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)); got.Points != 750 {
			t.Fatalf("points after the order used a refunded reward: %d, want 750", got.Points)
		}
		if act := must[[]loyalty.Activity](t)(e.p.Activity(ctx, m.ID, 1)); len(act) != 1 || act[0].Points != -250 || act[0].Balance != 750 {
			t.Fatalf("ledger %+v", act)
		}
		must[loyalty.Order](t)(e.p.CancelOrder(ctx, m.ID, "held-3"))
		if got := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)); got.Points != 1000 {
			t.Fatalf("points after cancelling: %d, want 1000", got.Points)
		}
	})
}
