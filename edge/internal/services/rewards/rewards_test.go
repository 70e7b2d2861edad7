package rewards_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/services/rewards"
)

var ctx = context.Background()

// catalogue is a loyalty.Rewards and nothing more.
type catalogue struct {
	redeemed, cancelled []string
	refuseCancel        map[string]error
}

var _ loyalty.Rewards = (*catalogue)(nil)

func (c *catalogue) Rewards(context.Context, string) ([]loyalty.Reward, error) { return nil, nil }
func (c *catalogue) RedeemReward(_ context.Context, _, rewardID string) (loyalty.Redemption, error) {
	c.redeemed = append(c.redeemed, rewardID)
	return loyalty.Redemption{ID: "rd_" + rewardID, Name: rewardID, AmountCents: 249, Status: loyalty.RedemptionActive}, nil
}
func (c *catalogue) Redemption(context.Context, string, string) (loyalty.Redemption, error) {
	return loyalty.Redemption{}, nil
}
func (c *catalogue) Redemptions(context.Context, string) ([]loyalty.Redemption, error) {
	return nil, nil
}
func (c *catalogue) CancelRedemption(_ context.Context, _, id string) (loyalty.Redemption, error) {
	if err := c.refuseCancel[id]; err != nil {
		return loyalty.Redemption{}, err
	}
	c.cancelled = append(c.cancelled, id)
	return loyalty.Redemption{ID: id, Status: loyalty.RedemptionCancelled}, nil
}

// offers is a loyalty.Offers and nothing more.
type offers struct{}

func (offers) RewardOffers(context.Context, string) ([]loyalty.RewardOffer, error) { return nil, nil }
func (offers) RedeemOffer(_ context.Context, _, id string) (loyalty.Redemption, error) {
	return loyalty.Redemption{ID: "rd_" + id, Kind: loyalty.KindOffer, Name: "Birthday Biscuit", AmountCents: 149, ProductID: "biscuit", FreeItem: true}, nil
}
func (offers) Offers(context.Context) ([]loyalty.Offer, error) { return nil, nil }

// carts has an open cart for the owners it knows; of the Carts role only Cart is
// called here.
type carts struct {
	ordering.Carts
	open map[string]bool
}

func (c carts) Cart(_ context.Context, owner string) (ordering.Cart, error) {
	if !c.open[owner] {
		return ordering.Cart{}, fault.New(fault.NotFound, "cart_not_found", "No cart.")
	}
	return ordering.Cart{ID: "c-" + owner}, nil
}

// till is an ordering.CartRewards that refuses what it is told to.
type till struct {
	applied []ordering.AppliedReward
	removed []string
	refuse  error
}

func (t *till) ApplyReward(_ context.Context, owner string, r ordering.AppliedReward) (ordering.Cart, error) {
	if t.refuse != nil {
		return ordering.Cart{}, t.refuse
	}
	t.applied = append(t.applied, r)
	return ordering.Cart{ID: "c-" + owner, Rewards: []ordering.AppliedReward{r}}, nil
}
func (t *till) RemoveReward(_ context.Context, owner, id string) (ordering.Cart, error) {
	if t.refuse != nil {
		return ordering.Cart{}, t.refuse
	}
	t.removed = append(t.removed, id)
	return ordering.Cart{ID: "c-" + owner}, nil
}

func newService() (*rewards.Service, *catalogue, *till) {
	c, t := &catalogue{}, &till{}
	return &rewards.Service{Rewards: c, Carts: carts{open: map[string]bool{"v1": true}}, Cart: t}, c, t
}

func TestRedeemIntoTheCart(t *testing.T) {
	s, c, tl := newService()
	got, err := s.RedeemReward(ctx, "v1", "m1", "drink")
	if err != nil {
		t.Fatal(err)
	}
	if got.Redemption.ID != "rd_drink" || got.Cart.ID != "c-v1" || len(tl.applied) != 1 || tl.applied[0].ID != "rd_drink" || len(c.cancelled) != 0 {
		t.Fatalf("redeemed %+v applied %+v cancelled %v", got, tl.applied, c.cancelled)
	}
	// No cart: nothing is spent.
	if _, err := s.RedeemReward(ctx, "v2", "m1", "drink"); !isCode(err, "no_cart") || len(c.redeemed) != 1 {
		t.Fatalf("without a cart: %v, redeemed %v", err, c.redeemed)
	}
}

// A cart that refuses the reward gets it cancelled, so no points are lost; a cart
// gone since the check is "no_cart".
func TestARefusedRewardIsGivenBack(t *testing.T) {
	s, c, tl := newService()
	tl.refuse = fault.New(fault.Rule, "reward_over_total", "Add more to your order first.")
	if _, err := s.RedeemReward(ctx, "v1", "m1", "drink"); !isCode(err, "reward_over_total") {
		t.Fatalf("refused: %v", err)
	}
	if !reflect.DeepEqual(c.cancelled, []string{"rd_drink"}) {
		t.Fatalf("cancelled %v", c.cancelled)
	}
	tl.refuse = fault.New(fault.NotFound, "cart_not_found", "No cart.")
	if _, err := s.RedeemReward(ctx, "v1", "m1", "meal"); !isCode(err, "no_cart") || len(c.cancelled) != 2 {
		t.Fatalf("cart gone: %v, cancelled %v", err, c.cancelled)
	}
}

func TestOffersAndPerksNeedTheirRole(t *testing.T) {
	s, _, tl := newService()
	if _, err := s.RedeemOffer(ctx, "v1", "m1", "birthday"); !isCode(err, "feature_unavailable") {
		t.Fatalf("offer without Offers: %v", err)
	}
	if _, err := s.ClaimPerk(ctx, "v1", "m1", "sub1"); !isCode(err, "feature_unavailable") {
		t.Fatalf("perk without Subscriptions: %v", err)
	}
	s.Offers = offers{}
	got, err := s.RedeemOffer(ctx, "v1", "m1", "birthday")
	if err != nil || got.Redemption.ID != "rd_birthday" {
		t.Fatalf("offer: %+v %v", got, err)
	}
	// A free item goes into the cart as its product.
	if tl.applied[0] != (ordering.AppliedReward{ID: "rd_birthday", Name: "Birthday Biscuit", AmountCents: 149, ProductID: "biscuit"}) {
		t.Fatalf("applied %+v", tl.applied)
	}
}

// Removing takes the reward out of the cart first and refunds it only then; a cart
// that refuses (the order is being submitted) keeps it, and no points come back.
func TestRemoveTakesItOutOfTheCartFirst(t *testing.T) {
	s, c, tl := newService()
	cart, err := s.Remove(ctx, "v1", "m1", "rd_1")
	if err != nil || cart == nil || !reflect.DeepEqual(tl.removed, []string{"rd_1"}) || !reflect.DeepEqual(c.cancelled, []string{"rd_1"}) {
		t.Fatalf("removed %v cancelled %v cart %v err %v", tl.removed, c.cancelled, cart, err)
	}
	tl.refuse = fault.New(fault.Conflict, "order_in_progress", "Your order is being placed.")
	if _, err := s.Remove(ctx, "v1", "m1", "rd_2"); !isCode(err, "order_in_progress") || len(c.cancelled) != 1 {
		t.Fatalf("during submit: %v, cancelled %v", err, c.cancelled)
	}
	tl.refuse = fault.New(fault.NotFound, "cart_not_found", "No cart.")
	if cart, err := s.Remove(ctx, "v1", "m1", "rd_3"); err != nil || cart != nil || len(c.cancelled) != 2 {
		t.Fatalf("no cart: %v %v, cancelled %v", cart, err, c.cancelled)
	}
}

func TestAbandonedCartGivesRewardsBack(t *testing.T) {
	s, c, _ := newService()
	c.refuseCancel = map[string]error{
		"rd_used": fault.New(fault.Rule, "redemption_closed", "Already used."),
		"rd_down": fault.New(fault.Unavailable, "down", "Down."),
	}
	cart := ordering.Cart{Rewards: []ordering.AppliedReward{{ID: "rd_1"}, {ID: "rd_used"}, {ID: "rd_down"}, {ID: "rd_2"}}}
	err := s.CartAbandoned(ctx, "m1", cart)
	if !fault.Is(err, fault.Unavailable) || !reflect.DeepEqual(c.cancelled, []string{"rd_1", "rd_2"}) {
		t.Fatalf("abandoned: %v, cancelled %v", err, c.cancelled)
	}
}

func TestAppliedReward(t *testing.T) {
	r := loyalty.Redemption{ID: "rd_1", Name: "Free Regular Drink", AmountCents: 249, Points: 250}
	if got := rewards.AppliedReward(r); got != (ordering.AppliedReward{ID: "rd_1", Name: "Free Regular Drink", AmountCents: 249}) {
		t.Fatalf("AppliedReward = %+v", got)
	}
	// An amount off a product does not name it; only a free item does.
	perk := loyalty.Redemption{ID: "rd_3", Name: "$10 Off a Family Meal", AmountCents: 1000, ProductID: "family-8"}
	if got := rewards.AppliedReward(perk); got.ProductID != "" {
		t.Fatalf("AppliedReward(amount off) = %+v", got)
	}
}

func isCode(err error, code string) bool {
	f, ok := fault.As(err)
	return ok && f.Code == code
}
