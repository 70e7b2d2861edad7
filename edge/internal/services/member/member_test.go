package member_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	loyaltybuiltin "github.com/henhouse/platform/edge/internal/providers/loyalty/builtin"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	orderingbuiltin "github.com/henhouse/platform/edge/internal/providers/ordering/builtin"
	"github.com/henhouse/platform/edge/internal/services/member"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

func TestOrderRecordCarriesTotalsItemsAndRedemptions(t *testing.T) {
	placed := time.Date(2026, 11, 25, 17, 0, 0, 0, time.UTC)
	o := ordering.Order{
		ID: "o1", LocationID: "l1", Location: ordering.Location{Name: "Bardstown Road"}, PlacedAt: placed,
		Products:  []ordering.CartProduct{{ProductID: "p1", Name: "Biscuit", Quantity: 2}},
		Discounts: []ordering.Discount{{Kind: "coupon", Code: "SAVE"}, {Kind: "reward", Code: "rd_1"}},
		Totals:    ordering.Totals{SubtotalCents: 1000, DiscountCents: 249, TotalCents: 820},
	}
	want := loyalty.OrderRecord{
		OrderID: "o1", LocationID: "l1", LocationName: "Bardstown Road", PlacedAt: placed,
		SubtotalCents: 1000, DiscountCents: 249, TotalCents: 820,
		Items:         []loyalty.OrderItem{{ProductID: "p1", Name: "Biscuit", Quantity: 2}},
		RedemptionIDs: []string{"rd_1"},
	}
	if got := member.OrderRecord(o); !reflect.DeepEqual(got, want) {
		t.Fatalf("OrderRecord = %+v\nwant %+v", got, want)
	}
}

func TestContractTranslations(t *testing.T) {
	r := loyalty.Redemption{ID: "rd_1", Name: "Free Regular Drink", AmountCents: 249, Points: 250}
	if got := member.AppliedReward(r); got != (ordering.AppliedReward{ID: "rd_1", Name: "Free Regular Drink", AmountCents: 249}) {
		t.Fatalf("AppliedReward = %+v", got)
	}
	// A free item names its product; an amount off a product does not.
	free := loyalty.Redemption{ID: "rd_2", Name: "Free Buttermilk Biscuit", AmountCents: 149, ProductID: "biscuit", FreeItem: true}
	if got := member.AppliedReward(free); got != (ordering.AppliedReward{ID: "rd_2", Name: "Free Buttermilk Biscuit", AmountCents: 149, ProductID: "biscuit"}) {
		t.Fatalf("AppliedReward(free item) = %+v", got)
	}
	perk := loyalty.Redemption{ID: "rd_3", Name: "$10 Off a Family Meal", AmountCents: 1000, ProductID: "family-8"}
	if got := member.AppliedReward(perk); got.ProductID != "" {
		t.Fatalf("AppliedReward(amount off) = %+v", got)
	}
	// A free item on an order is a line of its own, which the order used.
	o := ordering.Order{ID: "o2", Products: []ordering.CartProduct{{ProductID: "biscuit", Name: "Buttermilk Biscuit", Quantity: 1, Reward: ordering.LineReward{ID: "rd_2"}}}}
	if got := member.OrderRecord(o).RedemptionIDs; !reflect.DeepEqual(got, []string{"rd_2"}) {
		t.Fatalf("OrderRecord of a free item: redemptions %v", got)
	}
	a := loyalty.SavedAddress{ID: "a1", Label: "Home", Street: "12 Oak Ave", Unit: "Apt 3", City: "Columbus", State: "OH", ZIP: "43215"}
	if got := member.Address(a); got != (ordering.Address{Street: "12 Oak Ave", Unit: "Apt 3", City: "Columbus", State: "OH", ZIP: "43215"}) {
		t.Fatalf("Address = %+v", got)
	}
}

func TestProfileAndSignIn(t *testing.T) {
	ctx := context.Background()
	st := storetest.Embedded(t)
	l, err := loyaltybuiltin.New(ctx, loyaltybuiltin.Config{Store: st, BcryptCost: bcrypt.MinCost})
	if err != nil {
		t.Fatal(err)
	}
	tokens, err := auth.NewTokens(ctx, auth.Config{Store: st, Issuer: "https://henhouse.test/loyalty", Provider: l.ID(), Version: "1"})
	if err != nil {
		t.Fatal(err)
	}
	s := &member.Service{Loyalty: l, Tokens: tokens}
	m, err := l.SignUp(ctx, loyalty.SignUpInput{FirstName: "Jane", LastName: "Doe", Email: "jane@example.com", Phone: "6145550100", Password: "chicken123"})
	if err != nil {
		t.Fatal(err)
	}
	m, err = l.AdjustPoints(ctx, m.ID, 300, "test")
	if err != nil {
		t.Fatal(err)
	}
	u, ms, err := s.Profile(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if u.ID != m.ID || u.Email != "jane@example.com" || ms.Points != m.Points || u.Points != m.Points || m.Points < 300 || ms.LifetimePoints != m.LifetimePoints || ms.Tier != u.Tier || ms.Tier == "" {
		t.Fatalf("profile %+v members %+v", u, ms)
	}
	rewards, _ := l.Rewards(ctx, m.ID)
	if len(ms.Rewards) == 0 || !reflect.DeepEqual(ms.Rewards, rewards) {
		t.Fatalf("rewards %+v, provider says %+v", ms.Rewards, rewards)
	}
	if _, _, err := s.Profile(ctx, "nobody"); err == nil {
		t.Fatal("unknown member answered")
	}

	pair, in, err := s.SignIn(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	if in.Token != (member.TokenInfo{Provider: "henhouse-loyalty", Version: "1"}) || in.User.ID != m.ID || in.Members.Points != m.Points || len(in.Members.Rewards) != len(rewards) {
		t.Fatalf("signed in %+v", in)
	}
	claims, err := tokens.Verify(ctx, pair.AccessToken)
	if err != nil || claims.Subject != m.ID {
		t.Fatalf("issued token: %+v %v", claims, err)
	}
}

// Only a member whose email address is confirmed, as it is now, may charge the house
// account of its domain: not before confirming, and not after changing the address
// until the new one is confirmed.
func TestHouseAccountsNeedTheConfirmedEmail(t *testing.T) {
	ctx := context.Background()
	st := storetest.Embedded(t)
	l, err := loyaltybuiltin.New(ctx, loyaltybuiltin.Config{Store: st, BcryptCost: bcrypt.MinCost})
	if err != nil {
		t.Fatal(err)
	}
	o, err := orderingbuiltin.New(ctx, orderingbuiltin.Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	s := &member.Service{Loyalty: l, Ordering: o}
	ids := func(memberID string) []string {
		t.Helper()
		list, err := s.HouseAccounts(ctx, memberID)
		if err != nil {
			t.Fatal(err)
		}
		out := []string{}
		for _, h := range list {
			out = append(out, h.ID)
		}
		return out
	}
	m, err := l.SignUp(ctx, loyalty.SignUpInput{FirstName: "Hank", LastName: "Hill", Email: "hank@acme.example", Phone: "6145550111", Password: "chicken123"})
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(m.ID); len(got) != 0 {
		t.Fatalf("unconfirmed: %v", got)
	}
	if got := ids(""); len(got) != 0 {
		t.Fatalf("a guest: %v", got)
	}
	confirm := func(email string) {
		t.Helper()
		msgs, err := l.OutboxFor(ctx, email, 1)
		if err != nil || len(msgs) == 0 {
			t.Fatalf("no confirmation to %s: %v", email, err)
		}
		if _, err := l.ConfirmAccount(ctx, msgs[0].Code); err != nil {
			t.Fatal(err)
		}
	}
	confirm("hank@acme.example")
	if got := ids(m.ID); !reflect.DeepEqual(got, []string{"ha-acme"}) {
		t.Fatalf("confirmed: %v", got)
	}
	next := "hank.hill@acme.example"
	if _, err := l.UpdateProfile(ctx, m.ID, loyalty.ProfileUpdate{Email: &next}); err != nil {
		t.Fatal(err)
	}
	if got := ids(m.ID); len(got) != 0 {
		t.Fatalf("changed since confirming: %v", got)
	}
	confirm(next)
	if got := ids(m.ID); !reflect.DeepEqual(got, []string{"ha-acme"}) {
		t.Fatalf("confirmed again: %v", got)
	}
}
