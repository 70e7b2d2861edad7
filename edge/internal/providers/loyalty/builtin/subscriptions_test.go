package builtin

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

type fakeBilling struct {
	mu      sync.Mutex
	charges map[string]int64 // idempotency key → amount
	decline bool
}

func (b *fakeBilling) Charge(_ context.Context, token string, amount int64, key string) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.decline || token == "tok_decline_x" {
		return "", fault.New(fault.Rule, "card_declined", "Your card was declined. Try another card.")
	}
	if b.charges == nil {
		b.charges = map[string]int64{}
	}
	b.charges[key] = amount
	return "ch_" + key, nil
}

func (b *fakeBilling) count() int { b.mu.Lock(); defer b.mu.Unlock(); return len(b.charges) }

func TestSubscriptions(t *testing.T) {
	bill := &fakeBilling{}
	each(t, func(t *testing.T, e *env) {
		bill.mu.Lock()
		bill.charges, bill.decline = nil, false
		bill.mu.Unlock()
		plans := must[[]loyalty.Plan](t)(e.p.Plans(ctx))
		if len(plans) < 2 || plans[0].ID != "drink-club" || plans[0].PriceCents != 599 {
			t.Fatalf("plans %+v", plans)
		}
		m := e.signUp(t)
		_, err := e.p.Subscribe(ctx, m.ID, "drink-club", "4242 4242 4242 4242")
		fe := wantFault(t, err, fault.Invalid, "invalid")
		if fe.Fields["payment_token"] == "" {
			t.Fatal(fe.Fields)
		}
		_, err = e.p.Subscribe(ctx, m.ID, "wine-club", "tok_visa_8f3kQ2")
		wantFault(t, err, fault.NotFound, "plan_not_found")
		_, err = e.p.Subscribe(ctx, m.ID, "drink-club", "tok_decline_x")
		wantFault(t, err, fault.Rule, "card_declined")
		if subs := must[[]loyalty.Subscription](t)(e.p.Subscriptions(ctx, m.ID)); len(subs) != 0 {
			t.Fatal("a declined subscription was kept")
		}

		card := must[loyalty.SavedCard](t)(e.p.AddCard(ctx, m.ID, visaToken()))
		s := must[loyalty.Subscription](t)(e.p.Subscribe(ctx, m.ID, "drink-club", card.ID))
		if s.Status != "active" || s.PaymentLabel != "Visa •••• 4242" || s.RenewsAt == nil || !s.RenewsAt.Equal(noon.AddDate(0, 1, 0)) || !s.PerksActive || s.Name != "Henhouse Drink Club" {
			t.Fatalf("subscription %+v", s)
		}
		if bill.count() != 1 {
			t.Fatalf("charges %v", bill.charges)
		}
		_, err = e.p.Subscribe(ctx, m.ID, "drink-club", "tok_visa_8f3kQ2")
		wantFault(t, err, fault.Conflict, "already_subscribed")

		// A free drink a day.
		r := must[loyalty.Redemption](t)(e.p.ClaimPerk(ctx, m.ID, s.ID))
		if r.Kind != "perk" || r.Points != 0 || r.AmountCents != 249 || !r.ExpiresAt.Equal(time.Date(2026, 11, 26, 5, 0, 0, 0, time.UTC)) {
			t.Fatalf("perk %+v", r)
		}
		_, err = e.p.ClaimPerk(ctx, m.ID, s.ID)
		wantFault(t, err, fault.Conflict, "perk_already_claimed")
		e.clk.Add(24 * time.Hour)
		if _, err := e.p.ClaimPerk(ctx, m.ID, s.ID); err != nil {
			t.Fatalf("next day: %v", err)
		}
		if pts := must[loyalty.Member](t)(e.p.Member(ctx, m.ID)).Points; pts != 100 {
			t.Fatalf("perks cost points: %d", pts)
		}

		// Renewal after a month.
		e.clk.Set(noon.AddDate(0, 1, 0))
		n := must[int](t)(e.p.RenewDue(ctx))
		if n != 1 || bill.count() != 2 {
			t.Fatalf("renewed %d, charges %v", n, bill.charges)
		}
		s = must[[]loyalty.Subscription](t)(e.p.Subscriptions(ctx, m.ID))[0]
		if !s.PeriodStart.Equal(noon.AddDate(0, 1, 0)) || !s.RenewsAt.Equal(noon.AddDate(0, 2, 0)) {
			t.Fatalf("after renewal %+v", s)
		}
		if n := must[int](t)(e.p.RenewDue(ctx)); n != 0 {
			t.Fatal("renewed twice")
		}

		// Cancelling keeps the perks until the paid period ends.
		c := must[loyalty.Subscription](t)(e.p.CancelSubscription(ctx, m.ID, s.ID))
		if c.Status != "cancelled" || c.RenewsAt != nil || c.EndsAt == nil || !c.EndsAt.Equal(noon.AddDate(0, 2, 0)) || c.CancelledAt == nil || !c.PerksActive {
			t.Fatalf("cancelled %+v", c)
		}
		if again := must[loyalty.Subscription](t)(e.p.CancelSubscription(ctx, m.ID, s.ID)); again.Status != "cancelled" {
			t.Fatal(again)
		}
		if _, err := e.p.ClaimPerk(ctx, m.ID, s.ID); err != nil {
			t.Fatalf("perk while cancelled but paid: %v", err)
		}
		e.clk.Set(noon.AddDate(0, 2, 0))
		if n := must[int](t)(e.p.RenewDue(ctx)); n != 0 {
			t.Fatal("a cancelled subscription renewed")
		}
		_, err = e.p.ClaimPerk(ctx, m.ID, s.ID)
		wantFault(t, err, fault.Rule, "subscription_inactive")
		if s := must[[]loyalty.Subscription](t)(e.p.Subscriptions(ctx, m.ID))[0]; s.PerksActive {
			t.Fatal("perks after the end")
		}
		_, err = e.p.CancelSubscription(ctx, m.ID, "sub_nothing")
		wantFault(t, err, fault.NotFound, "subscription_not_found")

		// Weekly perk; a failed renewal makes the subscription past due.
		fam := must[loyalty.Subscription](t)(e.p.Subscribe(ctx, m.ID, "family-meal-club", "tok_visa_8f3kQ2"))
		r = must[loyalty.Redemption](t)(e.p.ClaimPerk(ctx, m.ID, fam.ID))
		if r.AmountCents != 1000 {
			t.Fatal(r)
		}
		e.clk.Add(24 * time.Hour)
		_, err = e.p.ClaimPerk(ctx, m.ID, fam.ID)
		wantFault(t, err, fault.Conflict, "perk_already_claimed")
		bill.mu.Lock()
		bill.decline = true
		bill.mu.Unlock()
		e.clk.Set(noon.AddDate(0, 3, 1))
		if n := must[int](t)(e.p.RenewDue(ctx)); n != 0 {
			t.Fatal("renewed with a declined card")
		}
		subs := must[[]loyalty.Subscription](t)(e.p.Subscriptions(ctx, m.ID))
		if subs[0].ID != fam.ID || subs[0].Status != "past_due" || subs[0].PerksActive {
			t.Fatalf("past due %+v", subs[0])
		}
	}, func(c *Config) { c.Billing = bill })
}

func TestResumeCancelledSubscription(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		s := must[loyalty.Subscription](t)(e.p.Subscribe(ctx, m.ID, "biscuit-club", "tok_visa_8f3kQ2"))
		must[loyalty.Subscription](t)(e.p.CancelSubscription(ctx, m.ID, s.ID))
		e.clk.Add(24 * time.Hour)
		r := must[loyalty.Subscription](t)(e.p.Subscribe(ctx, m.ID, "biscuit-club", "tok_visa_other1"))
		if r.ID != s.ID || r.Status != "active" || r.RenewsAt == nil || !r.RenewsAt.Equal(*s.RenewsAt) || r.EndsAt != nil {
			t.Fatalf("resumed %+v", r)
		}
		if subs := must[[]loyalty.Subscription](t)(e.p.Subscriptions(ctx, m.ID)); len(subs) != 1 {
			t.Fatalf("subscriptions %+v", subs)
		}
	})
}
