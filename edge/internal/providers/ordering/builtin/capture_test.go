package builtin

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

func (c *cards) capturedRefs() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.captured)
}

// A card hold is captured once the kitchen has taken the order on (preparing, and the
// grace after), not before, and a repeated round captures nothing new.
func TestCardCapturedWhenTheKitchenAcceptsTheOrder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		o := place(t, e, "v", "capture-0001", ordering.PaymentInput{Kind: "card", Processor: "hosted", Token: "tok_ok"})
		ref := o.Payments[0].Reference
		if n, err := e.p.CaptureDueCards(ctx); n != 0 || err != nil || len(e.cards.capturedRefs()) != 0 {
			t.Fatalf("captured at once: %d %v", n, err)
		}
		preparing := o.StatusTimes.Preparing
		e.clk.Set(preparing.Add(CaptureGrace / 2))
		if n, _ := e.p.CaptureDueCards(ctx); n != 0 {
			t.Fatal("captured within the grace")
		}
		e.clk.Set(preparing.Add(CaptureGrace))
		if n, err := e.p.CaptureDueCards(ctx); n != 1 || err != nil {
			t.Fatalf("captured %d: %v", n, err)
		}
		if got := e.cards.capturedRefs(); len(got) != 1 || got[0] != ref {
			t.Fatalf("captured %v, want %s", got, ref)
		}
		if n, _ := e.p.CaptureDueCards(ctx); n != 0 || len(e.cards.capturedRefs()) != 1 {
			t.Fatal("captured again")
		}
		if e.cards.voided.Load() != 0 {
			t.Fatal("voided a placed order's hold")
		}
	})
}

// A cancelled order's hold is voided and never captured; an order paid without a card
// lists no capture.
func TestCancelledOrderIsNotCaptured(t *testing.T) {
	st := storetest.Embedded(t)
	e := newEnv(t, st)
	o := place(t, e, "v", "capture-0002", ordering.PaymentInput{Kind: "card", Processor: "hosted", Token: "tok_ok"})
	if _, err := e.p.CancelOrder(ctx, o.ID, ordering.Viewer{Owner: "v"}); err != nil {
		t.Fatal(err)
	}
	place(t, e, "v", "capture-0003")
	if n, _ := st.Client.ZCard(ctx, e.p.capturesKey()).Result(); n != 1 {
		t.Fatalf("%d orders listed for capture, want the card order only", n)
	}
	e.clk.Set(noon.Add(time.Hour))
	if n, err := e.p.CaptureDueCards(ctx); n != 0 || err != nil || len(e.cards.capturedRefs()) != 0 {
		t.Fatalf("captured a cancelled order: %d %v", n, err)
	}
	if e.cards.voided.Load() != 1 {
		t.Fatalf("voids: %d", e.cards.voided.Load())
	}
	if n, _ := st.Client.ZCard(ctx, e.p.capturesKey()).Result(); n != 0 {
		t.Fatal("the cancelled order stays listed")
	}
}

// A processor that cannot be reached is tried again next round; one that refuses the
// capture for good is reported and not tried again.
func TestCaptureFailures(t *testing.T) {
	st := storetest.Embedded(t)
	e := newEnv(t, st)
	failing := &failingCards{cards: e.cards, err: fault.New(fault.Unavailable, "processor_error", "We couldn't reach the card processor. Please try again.")}
	e.p.cfg.Cards = failing
	place(t, e, "v", "capture-0004", ordering.PaymentInput{Kind: "card", Processor: "hosted", Token: "tok_ok"})
	e.clk.Set(noon.Add(time.Hour))
	if n, err := e.p.CaptureDueCards(ctx); n != 0 || err == nil {
		t.Fatalf("unreachable: %d %v", n, err)
	}
	if n, _ := st.Client.ZCard(ctx, e.p.capturesKey()).Result(); n != 1 {
		t.Fatal("an unreachable processor's capture was dropped")
	}
	failing.err = fault.New(fault.Conflict, "payment_voided", "This payment was cancelled and can't be taken.")
	if _, err := e.p.CaptureDueCards(ctx); err == nil {
		t.Fatal("a refused capture was not reported")
	}
	if n, _ := st.Client.ZCard(ctx, e.p.capturesKey()).Result(); n != 0 {
		t.Fatal("a refused capture is tried again")
	}
}

type failingCards struct {
	*cards
	err error
}

func (f *failingCards) Capture(context.Context, string, string) error { return f.err }

// A gift card waits on no kitchen: its hold is captured as it is bought.
func TestGiftCardPurchaseIsCapturedAtOnce(t *testing.T) {
	st := storetest.Embedded(t)
	e := newEnv(t, st)
	if _, err := e.p.PurchaseGiftCard(ctx, "v1", purchaseFor("capture-gift-0001")); err != nil {
		t.Fatal(err)
	}
	if got := e.cards.capturedRefs(); len(got) != 1 || got[0] == "" {
		t.Fatalf("captured %v", got)
	}
}
