// Package loyaltytest is the contract every loyalty adapter keeps, role by role: the
// built-in provider and each hosted programme's adapter run it in their tests
// (docs/providers.md, "Writing an adapter"). Run type-asserts the roles of the
// provider under test and skips those it does not fill, as the edge hides them.
//
// Every failure a guest can meet must come back as a *fault.Error of a kind the edge
// maps to a 4xx or 503, never a bare error or a panic.
package loyaltytest

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// Options adapt the suite to what a provider under test can show.
type Options struct {
	// Static: the provider talks to a mock that answers every call from the API
	// description's static examples (Prism). Such a mock remembers nothing, so the
	// checks that read back a change (the profile after sign-up is the one signed up,
	// a wrong password is refused, a removed redemption is gone) cannot pass and are
	// skipped, saying so.
	Static bool
	// Email gives the address for each sign-up. Optional. Default: a new
	// contract-N-<time>@example.com each time.
	Email func() string
	// Password is the sign-up password. Optional. Default: "Contract1234".
	Password string
	// LocationID is a location orders are placed at. Optional. Default: "loc-1".
	LocationID string
	// PlacedAt is the time orders are placed. Optional. Default: now.
	PlacedAt time.Time
	// Now is the provider's clock, against which expiries are checked. Optional.
	// Default: time.Now.
	Now func() time.Time
}

var seq atomic.Int64

func (o *Options) defaults() {
	if o.Email == nil {
		stamp := time.Now().UnixNano()
		o.Email = func() string { return fmt.Sprintf("contract-%d-%d@example.com", seq.Add(1), stamp) }
	}
	if o.Password == "" {
		o.Password = "Contract1234"
	}
	if o.LocationID == "" {
		o.LocationID = "loc-1"
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.PlacedAt.IsZero() {
		o.PlacedAt = time.Now().UTC()
	}
}

// Run runs the contract against the provider open returns; open is called once per
// test, so that each starts from a fresh provider when open makes one.
func Run(t *testing.T, open func(t *testing.T) any, opts Options) {
	opts.defaults()
	s := &suite{open: open, o: opts}
	t.Run("Members", s.members)
	t.Run("Accounts", s.accounts)
	t.Run("SignIn", s.signIn)
	t.Run("Points", s.points)
	t.Run("Rewards", s.rewards)
	t.Run("Offers", s.offers)
	t.Run("Challenges", s.challenges)
	t.Run("Badges", s.badges)
	t.Run("Subscriptions", s.subscriptions)
	t.Run("Addresses", s.addresses)
	t.Run("Wallet", s.wallet)
	t.Run("Favorites", s.favorites)
}

type suite struct {
	open func(t *testing.T) any
	o    Options
}

var ctx = context.Background()

// role returns the provider as role R, or skips the test when it does not fill R.
func role[R any](t *testing.T, p any) R {
	t.Helper()
	r, ok := p.(R)
	if !ok {
		t.Skipf("the provider does not fill %s; the edge hides its features", strings.TrimPrefix(fmt.Sprintf("%T", (*R)(nil)), "*"))
	}
	return r
}

// Fault checks that err is a *fault.Error of one of kinds.
func Fault(t *testing.T, err error, kinds ...fault.Kind) *fault.Error {
	t.Helper()
	if err == nil {
		t.Fatalf("no error; want a fault of kind %v", kinds)
	}
	fe, ok := fault.As(err)
	if !ok {
		t.Fatalf("bare error %v (%T); every error a guest can meet must be a *fault.Error", err, err)
	}
	for _, k := range kinds {
		if fe.Kind == k {
			return fe
		}
	}
	t.Fatalf("fault %v of kind %d; want one of %v", fe, fe.Kind, kinds)
	return nil
}

// ok fails on an error, saying whether it was at least a fault.
func ok(t *testing.T, what string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	if _, isFault := fault.As(err); !isFault {
		t.Fatalf("%s: bare error %v (%T)", what, err, err)
	}
	t.Fatalf("%s: %v", what, err)
}

func (s *suite) signUpInput() loyalty.SignUpInput {
	return loyalty.SignUpInput{FirstName: "Ada", LastName: "Lovelace", Email: s.o.Email(), Phone: "2125550123", Password: s.o.Password}
}

// member signs up a new member on p (which must fill Accounts).
func (s *suite) member(t *testing.T, p any) loyalty.Member {
	t.Helper()
	acc := role[loyalty.Accounts](t, p)
	m, err := acc.SignUp(ctx, s.signUpInput())
	ok(t, "SignUp", err)
	if m.ID == "" {
		t.Fatalf("SignUp returned a member without an id: %+v", m)
	}
	return m
}

func (s *suite) members(t *testing.T) {
	p := s.open(t)
	mem := role[loyalty.Members](t, p)
	if mem.ID() == "" {
		t.Fatal("ID() is empty; it is the provider name carried in tokens")
	}
	_, err := mem.Member(ctx, "no-such-member-0000")
	Fault(t, err, fault.NotFound, fault.Unauthorized)

	in := s.signUpInput()
	m, err := role[loyalty.Accounts](t, p).SignUp(ctx, in)
	ok(t, "SignUp", err)
	if !strings.EqualFold(m.Email, in.Email) {
		if s.o.Static {
			t.Logf("static mock: SignUp answers the example's address %q, not %q", m.Email, in.Email)
		} else {
			t.Fatalf("SignUp email %q; want %q", m.Email, in.Email)
		}
	}
	got, err := mem.Member(ctx, m.ID)
	ok(t, "Member", err)
	if got.ID != m.ID {
		t.Fatalf("Member id %q; want %q", got.ID, m.ID)
	}
	if got.Points < 0 || got.LifetimePoints < 0 {
		t.Fatalf("negative points %+v", got)
	}
	if s.o.Static {
		t.Log("static mock: the profile read back is the example's, not the member signed up; email and name checks skipped")
		return
	}
	if !strings.EqualFold(got.Email, in.Email) || got.FirstName != in.FirstName {
		t.Fatalf("Member after SignUp %+v; want email %q and first name %q", got, in.Email, in.FirstName)
	}
	name := "Grace"
	up, err := mem.UpdateProfile(ctx, m.ID, loyalty.ProfileUpdate{FirstName: &name})
	ok(t, "UpdateProfile", err)
	if up.FirstName != name {
		t.Fatalf("UpdateProfile first name %q; want %q", up.FirstName, name)
	}
}

func (s *suite) accounts(t *testing.T) {
	p := s.open(t)
	acc := role[loyalty.Accounts](t, p)
	bad := s.signUpInput()
	bad.Email = "not-an-address"
	_, err := acc.SignUp(ctx, bad)
	fe := Fault(t, err, fault.Invalid)
	if fe.Fields["email"] == "" {
		t.Fatalf("invalid email: fields %v; want a message for email", fe.Fields)
	}
	// ForgotPassword answers the same whether or not the account exists.
	ok(t, "ForgotPassword of an unknown address", acc.ForgotPassword(ctx, s.o.Email()))
}

func (s *suite) signIn(t *testing.T) {
	p := s.open(t)
	si := role[loyalty.SignIn](t, p)
	in := s.signUpInput()
	_, err := role[loyalty.Accounts](t, p).SignUp(ctx, in)
	ok(t, "SignUp", err)

	ch, err := si.SignIn(ctx, in.Email, in.Password)
	ok(t, "SignIn", err)
	if ch.ID == "" || !ch.ExpiresAt.After(s.o.Now()) || ch.Destination == "" {
		t.Fatalf("SignIn challenge %+v: want an id, a masked destination and a future expiry", ch)
	}
	if strings.Contains(ch.Destination, in.Email) {
		t.Fatalf("challenge destination %q shows the whole address", ch.Destination)
	}
	_, err = si.VerifyCode(ctx, "no-such-challenge", "000000")
	Fault(t, err, fault.NotFound, fault.Gone, fault.Invalid, fault.Unauthorized)
	_, err = si.ExchangeAuthCode(ctx, "", "/app/code")
	Fault(t, err, fault.Invalid, fault.NotFound, fault.Unauthorized, fault.Gone)

	if s.o.Static {
		t.Log("static mock: sign-in answers 200 to any password; the wrong-password check is skipped")
		return
	}
	_, err = si.SignIn(ctx, in.Email, in.Password+"x")
	Fault(t, err, fault.Unauthorized)
}

func (s *suite) order(id string) loyalty.OrderRecord {
	return loyalty.OrderRecord{OrderID: id, LocationID: s.o.LocationID, LocationName: "Contract", PlacedAt: s.o.PlacedAt,
		SubtotalCents: 1250, TotalCents: 1400, Items: []loyalty.OrderItem{{ProductID: "p-1", Name: "2 Piece Combo", Quantity: 1, Category: "chicken"}}}
}

func (s *suite) points(t *testing.T) {
	p := s.open(t)
	pts := role[loyalty.Points](t, p)
	m := s.member(t, p)
	stamp := fmt.Sprintf("%d", time.Now().UnixNano())

	held, err := pts.HoldOrder(ctx, m.ID, s.order("c-held-"+stamp))
	ok(t, "HoldOrder", err)
	if held.Status != loyalty.OrderPending || held.Points != 0 {
		t.Fatalf("held order %+v; want pending with no points credited", held)
	}
	pending, err := pts.PendingOrders(ctx, m.ID)
	ok(t, "PendingOrders", err)
	if !hasOrder(pending, held.OrderID) {
		t.Fatalf("PendingOrders %+v lacks %s", pending, held.OrderID)
	}
	cancelled, err := pts.CancelOrder(ctx, m.ID, held.OrderID)
	ok(t, "CancelOrder", err)
	if cancelled.Status != loyalty.OrderCancelled {
		t.Fatalf("cancelled order %+v", cancelled)
	}
	_, err = pts.AccrueOrder(ctx, m.ID, s.order(held.OrderID))
	Fault(t, err, fault.Rule, fault.Conflict)

	o := s.order("c-accrue-" + stamp)
	a, err := pts.AccrueOrder(ctx, m.ID, o)
	ok(t, "AccrueOrder", err)
	if a.OrderID != o.OrderID || a.Points < 0 || a.Duplicate {
		t.Fatalf("accrual %+v", a)
	}
	again, err := pts.AccrueOrder(ctx, m.ID, o)
	ok(t, "AccrueOrder again", err)
	if !again.Duplicate || again.Points != a.Points {
		t.Fatalf("second accrual %+v; want a duplicate of %+v", again, a)
	}
	_, err = pts.CancelOrder(ctx, m.ID, o.OrderID)
	Fault(t, err, fault.Rule, fault.Conflict)
	_, err = pts.CancelOrder(ctx, m.ID, "c-unknown-"+stamp)
	Fault(t, err, fault.NotFound)

	orders, err := pts.Orders(ctx, m.ID, nil, 10)
	ok(t, "Orders", err)
	if !hasOrder(orders, o.OrderID) {
		t.Fatalf("Orders %+v lacks %s", orders, o.OrderID)
	}
	_, err = pts.Activity(ctx, m.ID, 10)
	ok(t, "Activity", err)
}

func hasOrder(list []loyalty.Order, id string) bool {
	for _, o := range list {
		if o.OrderID == id {
			return true
		}
	}
	return false
}

func (s *suite) rewards(t *testing.T) {
	p := s.open(t)
	rw := role[loyalty.Rewards](t, p)
	list, err := rw.Rewards(ctx, "")
	ok(t, "Rewards for a guest", err)
	seen := map[string]bool{}
	for _, r := range list {
		if r.ID == "" || r.Points < 0 || r.AmountCents < 0 || r.Name == "" {
			t.Fatalf("reward %+v: want an id, a name and costs ≥ 0", r)
		}
		if seen[r.ID] {
			t.Fatalf("reward id %s twice", r.ID)
		}
		seen[r.ID] = true
	}
	m := s.member(t, p)
	_, err = rw.RedeemReward(ctx, m.ID, "no-such-reward")
	Fault(t, err, fault.NotFound, fault.Rule)
	_, err = rw.Redemption(ctx, m.ID, "no-such-redemption")
	Fault(t, err, fault.NotFound)
	_, err = rw.CancelRedemption(ctx, m.ID, "no-such-redemption")
	Fault(t, err, fault.NotFound)
	reds, err := rw.Redemptions(ctx, m.ID)
	ok(t, "Redemptions", err)
	_ = reds

	// Redeem the cheapest reward the member can afford (giving points where the
	// provider allows it), then cancel it.
	if len(list) == 0 {
		t.Skip("the catalogue is empty, so there is nothing to redeem and give back: give the sandbox at least one reward to run this check")
	}
	cheapest := list[0]
	for _, r := range list {
		if r.Points < cheapest.Points {
			cheapest = r
		}
	}
	mem := role[loyalty.Members](t, p)
	cur, err := mem.Member(ctx, m.ID)
	ok(t, "Member", err)
	if cur.Points < cheapest.Points {
		if pts, isPts := p.(loyalty.Points); isPts {
			_, _ = pts.AdjustPoints(ctx, m.ID, cheapest.Points-cur.Points, "contract")
		}
	}
	red, err := rw.RedeemReward(ctx, m.ID, cheapest.ID)
	if fe, isFault := fault.As(err); isFault && fe.Kind == fault.Rule {
		t.Skipf("the member can't afford %s (%d points) here: %v", cheapest.ID, cheapest.Points, err)
	}
	ok(t, "RedeemReward", err)
	if red.ID == "" || red.RewardID != cheapest.ID || red.Status != loyalty.RedemptionActive {
		t.Fatalf("redemption %+v of %s", red, cheapest.ID)
	}
	got, err := rw.Redemption(ctx, m.ID, red.ID)
	ok(t, "Redemption", err)
	if got.ID != red.ID {
		t.Fatalf("Redemption %+v; want %s", got, red.ID)
	}
	back, err := rw.CancelRedemption(ctx, m.ID, red.ID)
	ok(t, "CancelRedemption", err)
	if back.Status != loyalty.RedemptionCancelled {
		t.Fatalf("cancelled redemption %+v", back)
	}
	if s.o.Static {
		t.Log("static mock: the basket read back is the example's; the check that the cancelled redemption left it is skipped")
		return
	}
	after, err := rw.Redemptions(ctx, m.ID)
	ok(t, "Redemptions after cancel", err)
	for _, r := range after {
		if r.ID == red.ID && r.Status == loyalty.RedemptionActive {
			t.Fatalf("cancelled redemption %s still active: %+v", red.ID, r)
		}
	}
}

func (s *suite) offers(t *testing.T) {
	p := s.open(t)
	of := role[loyalty.Offers](t, p)
	list, err := of.Offers(ctx)
	ok(t, "Offers", err)
	for _, o := range list {
		if o.ID == "" || o.Multiplier < 0 || o.BonusPoints < 0 {
			t.Fatalf("offer %+v", o)
		}
	}
	m := s.member(t, p)
	ro, err := of.RewardOffers(ctx, m.ID)
	ok(t, "RewardOffers", err)
	for _, o := range ro {
		if o.ID == "" || o.AmountCents < 0 {
			t.Fatalf("reward offer %+v", o)
		}
	}
	_, err = of.RedeemOffer(ctx, m.ID, "no-such-offer")
	Fault(t, err, fault.NotFound, fault.Rule)
}

func (s *suite) challenges(t *testing.T) {
	p := s.open(t)
	ch := role[loyalty.Challenges](t, p)
	m := s.member(t, p)
	list, err := ch.Challenges(ctx, m.ID)
	ok(t, "Challenges", err)
	for _, c := range list {
		if c.ID == "" || c.Goal < 0 || c.Progress < 0 || c.BonusPoints < 0 {
			t.Fatalf("challenge %+v", c)
		}
	}
}

func (s *suite) badges(t *testing.T) {
	p := s.open(t)
	b := role[loyalty.Badges](t, p)
	m := s.member(t, p)
	list, err := b.Badges(ctx, m.ID)
	ok(t, "Badges", err)
	for _, x := range list {
		if x.ID == "" || (x.Earned && x.EarnedAt == nil) {
			t.Fatalf("badge %+v", x)
		}
	}
}

func (s *suite) subscriptions(t *testing.T) {
	p := s.open(t)
	sub := role[loyalty.Subscriptions](t, p)
	plans, err := sub.Plans(ctx)
	ok(t, "Plans", err)
	for _, pl := range plans {
		if pl.ID == "" || pl.PriceCents < 0 {
			t.Fatalf("plan %+v", pl)
		}
	}
	m := s.member(t, p)
	_, err = sub.Subscriptions(ctx, m.ID)
	ok(t, "Subscriptions", err)
	_, err = sub.CancelSubscription(ctx, m.ID, "no-such-subscription")
	Fault(t, err, fault.NotFound)
}

func (s *suite) addresses(t *testing.T) {
	p := s.open(t)
	ad := role[loyalty.Addresses](t, p)
	m := s.member(t, p)
	a, err := ad.AddAddress(ctx, m.ID, loyalty.AddressInput{Label: "Home", Street: "1 Main St", City: "Brooklyn", State: "NY", ZIP: "11201"})
	ok(t, "AddAddress", err)
	list, err := ad.Addresses(ctx, m.ID)
	ok(t, "Addresses", err)
	found := false
	for _, x := range list {
		found = found || x.ID == a.ID
	}
	if !found {
		t.Fatalf("Addresses %+v lacks the added %s", list, a.ID)
	}
	Fault(t, ad.RemoveAddress(ctx, m.ID, "no-such-address"), fault.NotFound)
}

func (s *suite) wallet(t *testing.T) {
	p := s.open(t)
	w := role[loyalty.Wallet](t, p)
	m := s.member(t, p)
	_, err := w.Cards(ctx, m.ID)
	ok(t, "Cards", err)
	Fault(t, w.RemoveCard(ctx, m.ID, "no-such-card"), fault.NotFound)
}

func (s *suite) favorites(t *testing.T) {
	p := s.open(t)
	f := role[loyalty.Favorites](t, p)
	m := s.member(t, p)
	_, err := f.FavoriteLocations(ctx, m.ID)
	ok(t, "FavoriteLocations", err)
	// Removing a location that is not a favourite leaves the list as it is or is
	// refused with a fault.
	if _, err = f.RemoveFavoriteLocation(ctx, m.ID, "no-such-location"); err != nil {
		Fault(t, err, fault.NotFound, fault.Invalid)
	}
}
