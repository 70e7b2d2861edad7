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

// A reward taken out of a cart at the moment the cart is submitted: either it left
// the cart first and the order has no discount for it, or the order took it and
// taking it out is refused. Never both.
func TestRemoveRewardRacingSubmit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		removedFirst, refused := 0, 0
		for round := range 30 {
			e.clk.Add(15 * time.Minute) // a slot of its own: ASAP slots hold 8 orders
			owner := fmt.Sprintf("v%d", round)
			placeable(t, e, owner)
			reward := ordering.AppliedReward{ID: fmt.Sprintf("rd_%d", round), Name: "Free Regular Side", AmountCents: 349}
			if _, err := e.p.ApplyReward(ctx, owner, reward); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			var o ordering.Order
			var subErr, remErr error
			wg.Go(func() {
				o, subErr = e.p.Submit(ctx, owner, ordering.SubmitInput{IdempotencyKey: fmt.Sprintf("race-%04d", round), Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}})
			})
			wg.Go(func() { _, remErr = e.p.RemoveReward(ctx, owner, reward.ID) })
			wg.Wait()
			took := false
			for _, d := range o.Discounts {
				took = took || (d.Kind == "reward" && d.Code == reward.ID)
			}
			switch {
			case took && remErr == nil:
				t.Fatalf("round %d: the order took the reward and it was also removed", round)
			case took:
				if code := faultCode(t, remErr); code != "order_in_progress" && code != "reward_on_order" {
					t.Fatalf("round %d: removing a placed reward: %s", round, code)
				}
				refused++
			case subErr == nil:
				if remErr != nil {
					t.Fatalf("round %d: the order has no reward, yet removing it failed: %v", round, remErr)
				}
				removedFirst++
			default:
				if code := faultCode(t, subErr); code != "order_in_progress" {
					t.Fatalf("round %d: submit: %v", round, subErr)
				}
			}
		}
		t.Logf("removed before the submit %d times, refused after it %d times", removedFirst, refused)
		// Once the order is placed, its reward stays on it.
		placeable(t, e, "late")
		if _, err := e.p.ApplyReward(ctx, "late", ordering.AppliedReward{ID: "rd_late", Name: "Free Regular Side", AmountCents: 349}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.Submit(ctx, "late", ordering.SubmitInput{IdempotencyKey: "late-0001", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.RemoveReward(ctx, "late", "rd_late"); faultCode(t, err) != "reward_on_order" {
			t.Fatalf("removing the reward of a placed order: %v", err)
		}
		if _, err := e.p.RemoveReward(ctx, "late", "rd_other"); faultCode(t, err) != "cart_not_found" {
			t.Fatalf("removing a reward in no cart and on no order: %v", err)
		}
	})
}

// Abandoning a cart answers it as it was, rewards and all, so they can be given back;
// a cart that became an order answers no cart, and nothing is given back twice.
func TestAbandonCartAnswersItsRewards(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v")
		if _, err := e.p.ApplyReward(ctx, "v", ordering.AppliedReward{ID: "rd_1", Name: "Free Regular Side", AmountCents: 349}); err != nil {
			t.Fatal(err)
		}
		c, err := e.p.AbandonCart(ctx, "v")
		if err != nil || len(c.Rewards) != 1 || c.Rewards[0].ID != "rd_1" {
			t.Fatalf("abandoned: %+v %v", c.Rewards, err)
		}
		if _, err := e.p.Cart(ctx, "v"); faultCode(t, err) != "cart_not_found" {
			t.Fatalf("the cart is still there: %v", err)
		}
		if again, err := e.p.AbandonCart(ctx, "v"); err != nil || len(again.Rewards) != 0 {
			t.Fatalf("abandoned twice: %+v %v", again.Rewards, err)
		}
		// Abandoning races a submit: the rewards answered are those of a cart that
		// became no order.
		for round := range 20 {
			e.clk.Add(15 * time.Minute)
			owner := fmt.Sprintf("w%d", round)
			placeable(t, e, owner)
			if _, err := e.p.ApplyReward(ctx, owner, ordering.AppliedReward{ID: "rd_w", Name: "Free Regular Side", AmountCents: 349}); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			var o ordering.Order
			var gone ordering.Cart
			var subErr error
			wg.Go(func() {
				o, subErr = e.p.Submit(ctx, owner, ordering.SubmitInput{IdempotencyKey: fmt.Sprintf("abandon-%04d", round), Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}})
			})
			wg.Go(func() { gone, _ = e.p.AbandonCart(ctx, owner) })
			wg.Wait()
			if subErr == nil && len(o.Discounts) > 0 && len(gone.Rewards) > 0 {
				t.Fatalf("round %d: the order took the reward and the abandoned cart answered it too", round)
			}
		}
	})
}
