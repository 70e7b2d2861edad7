package member_test

import (
	"context"
	"reflect"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	loyaltybuiltin "github.com/henhouse/platform/edge/internal/providers/loyalty/builtin"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	orderingbuiltin "github.com/henhouse/platform/edge/internal/providers/ordering/builtin"
	"github.com/henhouse/platform/edge/internal/services/member"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

func TestAddress(t *testing.T) {
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
	s := &member.Service{Loyalty: l, Accounts: l, Rewards: l, Offers: l, Challenges: l, Badges: l, Subscriptions: l, Tokens: tokens}
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
	s := &member.Service{Loyalty: l, Houses: o}
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

// locationsRole names the embedded role apart from its Locations method.
type locationsRole = ordering.Locations

// restaurants is an ordering.Locations of which only Location is called here.
type restaurants struct {
	locationsRole
	known map[string]ordering.Location
	down  bool
}

func (r restaurants) Location(_ context.Context, id string) (ordering.Location, error) {
	if r.down {
		return ordering.Location{}, fault.New(fault.Unavailable, "storage_unavailable", "Try again.")
	}
	l, ok := r.known[id]
	if !ok {
		return ordering.Location{}, fault.New(fault.NotFound, "location_not_found", "No such location.")
	}
	return l, nil
}

// signUps is a loyalty.Accounts of which only SignUp is called here.
type signUps struct {
	loyalty.Accounts
	got []loyalty.SignUpInput
}

func (a *signUps) SignUp(_ context.Context, in loyalty.SignUpInput) (loyalty.Member, error) {
	a.got = append(a.got, in)
	return loyalty.Member{ID: "m1", FavoriteLocationID: in.FavoriteLocationID}, nil
}

func fieldOf(err error) string {
	f, ok := fault.As(err)
	if !ok || f.Kind != fault.Invalid {
		return ""
	}
	return f.Fields["favorite_location_id"]
}

// One rule decides a favorite location wherever one is named: a location the
// ordering system has, with a menu and at least one way to order online.
func TestFavoriteLocationMustSellOnline(t *testing.T) {
	ctx := context.Background()
	open := ordering.Location{ID: "oh-dayton", MenuID: "m-standard", Services: ordering.Services{Pickup: true}}
	noMenu := ordering.Location{ID: "oh-soon", Services: ordering.Services{Pickup: true}}
	walkIn := ordering.Location{ID: "oh-walk-in", MenuID: "m-standard"}
	accounts := &signUps{}
	s := &member.Service{Accounts: accounts, Locations: restaurants{known: map[string]ordering.Location{"oh-dayton": open, "oh-soon": noMenu, "oh-walk-in": walkIn}}}
	if l, err := s.FavoriteLocation(ctx, "oh-dayton"); err != nil || l.ID != "oh-dayton" {
		t.Fatalf("a location selling online: %+v %v", l, err)
	}
	for id, want := range map[string]string{
		"nowhere":    "Choose a location from the list.",
		"":           "Choose a location from the list.",
		"oh-soon":    "That location doesn't take orders online. Choose another.",
		"oh-walk-in": "That location doesn't take orders online. Choose another.",
	} {
		if _, err := s.FavoriteLocation(ctx, id); fieldOf(err) != want {
			t.Errorf("%q: %v, want the field message %q", id, err, want)
		}
		// Sign-up with it is refused before an account is opened.
		if _, err := s.SignUp(ctx, loyalty.SignUpInput{FavoriteLocationID: id}); id != "" && fieldOf(err) != want {
			t.Errorf("sign-up at %q: %v", id, err)
		}
	}
	if len(accounts.got) != 1 || accounts.got[0].FavoriteLocationID != "" {
		t.Fatalf("accounts opened: %+v", accounts.got)
	}
	if m, err := s.SignUp(ctx, loyalty.SignUpInput{FavoriteLocationID: "oh-dayton"}); err != nil || m.FavoriteLocationID != "oh-dayton" {
		t.Fatalf("sign-up at a favorite: %+v %v", m, err)
	}
	// A failure to ask is not the guest's mistake.
	s.Locations = restaurants{down: true}
	if _, err := s.FavoriteLocation(ctx, "oh-dayton"); !fault.Is(err, fault.Unavailable) {
		t.Fatalf("ordering system down: %v", err)
	}
}
