package server

import (
	"context"
	"strings"
	"testing"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// Role names that are not one of their own methods: a struct embedding ordering.Locations
// would have a field Locations hiding the method Locations.
type (
	locationsRole     = ordering.Locations
	houseAccountsRole = ordering.HouseAccounts
)

// requiredOnly is an ordering system that fills the required roles and none of the
// optional ones.
type requiredOnly struct {
	locationsRole
	ordering.Menus
	ordering.Carts
	ordering.Checkout
	ordering.Orders
}

// everyOrderingRole fills every role, as the built-in provider does.
type everyOrderingRole struct {
	requiredOnly
	ordering.GiftCards
	houseAccountsRole
	ordering.CartRewards
	ordering.GroupOrders
}

// noCheckout lacks a required role.
type noCheckout struct {
	locationsRole
	ordering.Menus
	ordering.Carts
	ordering.Orders
}

func TestOrderingRolesRequired(t *testing.T) {
	_, err := orderingRoles(noCheckout{})
	if err == nil || err.Error() != "ordering provider server.noCheckout does not provide Checkout (cart handoff, time, tip, submit)" {
		t.Fatalf("without Checkout: %v", err)
	}
	_, err = orderingRoles(struct{}{})
	if err == nil {
		t.Fatal("a system with no role was taken")
	}
	for _, r := range []string{"Locations", "Menus", "Carts", "Checkout", "Orders"} {
		if !strings.Contains(err.Error(), "does not provide "+r+" (") {
			t.Errorf("without any role: %q does not name %s", err, r)
		}
	}
}

func TestOrderingRolesOptional(t *testing.T) {
	s, err := orderingRoles(requiredOnly{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Locations == nil || s.Checkout == nil || s.GiftCards != nil || s.HouseAccounts != nil || s.CartRewards != nil || s.GroupOrders != nil {
		t.Fatalf("roles taken: %+v", s)
	}
	f := map[string]any{"rewardsAtCheckout": true}
	s.addFeatures(f)
	for _, k := range []string{"giftCards", "houseAccounts", "cartRewards", "groupOrders", "rewardsAtCheckout"} {
		if f[k] != false {
			t.Errorf("without the optional roles %s = %v, want false", k, f[k])
		}
	}
	s, err = orderingRoles(everyOrderingRole{})
	if err != nil {
		t.Fatal(err)
	}
	f = map[string]any{"rewardsAtCheckout": true}
	s.addFeatures(f)
	for _, k := range []string{"giftCards", "houseAccounts", "cartRewards", "groupOrders", "rewardsAtCheckout"} {
		if f[k] != true {
			t.Errorf("with every role %s = %v, want true", k, f[k])
		}
	}
}

// runOrderingOn makes the edges built until the test ends run on the ordering system
// system makes from the built-in provider.
func runOrderingOn(t *testing.T, system func(ordering.Provider) any) {
	was := orderingSystem
	orderingSystem = system
	t.Cleanup(func() { orderingSystem = was })
}

func TestEdgeRefusesOrderingWithoutRequiredRole(t *testing.T) {
	runOrderingOn(t, func(p ordering.Provider) any {
		return noCheckout{locationsRole: p, Menus: p, Carts: p, Orders: p}
	})
	s, err := New(context.Background(), Config{BuildDir: t.TempDir(), AppPrefix: "t", Environment: "prod", PasswordCost: 4}, nil)
	if err == nil {
		s.Close()
		t.Fatal("the edge started without Checkout")
	}
	if want := "does not provide Checkout (cart handoff, time, tip, submit)"; !strings.Contains(err.Error(), want) {
		t.Fatalf("error %q, want it to say %q", err, want)
	}
}

// TestEdgeWithoutOptionalOrderingRoles: an ordering system without gift cards, house
// accounts or cart rewards runs the site with those features off.
func TestEdgeWithoutOptionalOrderingRoles(t *testing.T) {
	runOrderingOn(t, func(p ordering.Provider) any {
		return requiredOnly{locationsRole: p, Menus: p, Carts: p, Checkout: p, Orders: p}
	})
	s := newTestServer(t)
	g := newGuest(t, s)
	features := bootstrapOf(t, g.page("/")).Config.Features
	for _, k := range []string{"giftCards", "houseAccounts", "cartRewards", "groupOrders", "rewardsAtCheckout"} {
		if features[k] != false {
			t.Errorf("features.%s = %v, want false", k, features[k])
		}
	}
	for _, r := range []struct{ method, path, body string }{
		{"GET", "/api/giftcards/designs", ""},
		{"POST", "/api/giftcards/balance", `{"number":"6000000000000001","pin":"1234"}`},
	} {
		if s, m, _ := g.send(r.method, r.path, r.body); s != 404 || m["error"].(map[string]any)["code"] != "feature_unavailable" {
			t.Errorf("%s %s: %d %v, want 404 feature_unavailable", r.method, r.path, s, m)
		}
	}
	// The rest of ordering works as before.
	if s, m, _ := g.send("GET", "/api/locations/states", ""); s != 200 || len(m["states"].([]any)) == 0 {
		t.Fatalf("states: %d %v", s, m)
	}
	if s, m, _ := g.send("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`); s != 201 {
		t.Fatalf("cart: %d %v", s, m)
	}
}

func TestEdgeOnBuiltinOrderingHasEveryFeature(t *testing.T) {
	s := newTestServer(t)
	features := bootstrapOf(t, newGuest(t, s).page("/")).Config.Features
	for _, k := range []string{"giftCards", "houseAccounts", "cartRewards", "rewardsAtCheckout", "groupOrders"} {
		if features[k] != true {
			t.Errorf("features.%s = %v, want true", k, features[k])
		}
	}
	if s.orderRoles.GiftCards == nil || s.Ordering == nil {
		t.Fatal("the built-in provider's roles were not all taken")
	}
}
