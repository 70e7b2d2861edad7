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

// A free-item reward puts its product in the cart at $0, with its default choices and
// marked as the reward, instead of an amount off; the line stays one of its product,
// leaves with the reward, and is on the placed order.
func TestFreeItemRewardIsALine(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		before := placeable(t, e, "v")
		reward := ordering.AppliedReward{ID: "rd_bis", Name: "Free Buttermilk Biscuit", AmountCents: 149, ProductID: "biscuit"}
		c, err := e.p.ApplyReward(ctx, "v", reward)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Products) != 2 {
			t.Fatalf("no biscuit in the bag: %+v", c.Products)
		}
		line := c.Products[1]
		if line.Name != "Buttermilk Biscuit" || line.Quantity != 1 || line.TotalCents != 0 || line.Reward.ID != "rd_bis" || line.Reward.Label != "Free Buttermilk Biscuit — Reward" {
			t.Fatalf("reward line: %+v", line)
		}
		if len(c.Discounts) != 0 || c.Totals.SubtotalCents != before.Totals.SubtotalCents || c.Totals.DiscountCents != 0 {
			t.Fatalf("a free item is not an amount off: %+v %+v", c.Discounts, c.Totals)
		}
		// Applying it again changes nothing.
		if again, err := e.p.ApplyReward(ctx, "v", reward); err != nil || len(again.Products) != 2 {
			t.Fatalf("applied twice: %+v %v", again.Products, err)
		}
		// It stays one biscuit of its own: no merging, no second one, no other product.
		if c, err = e.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "biscuit"}); err != nil || len(c.Products) != 3 || c.Products[2].TotalCents != 149 {
			t.Fatalf("a paid biscuit merged into the free one: %+v %v", c.Products, err)
		}
		if _, err := e.p.UpdateProduct(ctx, "v", line.ID, ordering.LineInput{Quantity: 2}); faultCode(t, err) != "reward_line_fixed" {
			t.Fatalf("two free biscuits: %v", err)
		}
		if _, err := e.p.UpdateProduct(ctx, "v", line.ID, ordering.LineInput{ProductID: "family-8", Quantity: 1}); faultCode(t, err) != "reward_line_fixed" {
			t.Fatalf("a free biscuit became a family meal: %v", err)
		}
		if _, err := e.p.RemoveProduct(ctx, "v", line.ID); faultCode(t, err) != "reward_line" {
			t.Fatalf("the free line left without its reward: %v", err)
		}
		// Removing the reward removes its line.
		if c, err = e.p.RemoveReward(ctx, "v", "rd_bis"); err != nil || len(c.Products) != 2 || len(c.Rewards) != 0 {
			t.Fatalf("reward removed, line kept: %+v %v", c.Products, err)
		}
		// Placed, the order lists it at $0 as the reward.
		if _, err := e.p.ApplyReward(ctx, "v", reward); err != nil {
			t.Fatal(err)
		}
		o, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "free-item-0001", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, p := range o.Products {
			found = found || (p.Name == "Buttermilk Biscuit" && p.TotalCents == 0 && p.Reward.ID == "rd_bis")
		}
		if !found {
			t.Fatalf("the order has no free biscuit: %+v", o.Products)
		}
		if _, err := e.p.RemoveReward(ctx, "v", "rd_bis"); faultCode(t, err) != "reward_on_order" {
			t.Fatalf("removing the free item of a placed order: %v", err)
		}
	})
}

// A free item that is not on the location's menu is refused with a clear message.
func TestFreeItemNotOnMenu(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v")
		_, err := e.p.ApplyReward(ctx, "v", ordering.AppliedReward{ID: "rd_x", Name: "Free Thing", AmountCents: 100, ProductID: "no-such-product"})
		if faultCode(t, err) != "reward_item_unavailable" {
			t.Fatalf("%v", err)
		}
	})
}
