package providers_test

// Every provider role is small enough that another system's adapter, or a test fake,
// can implement it whole (docs/providers.md). The composite Provider types only
// embed roles and declare nothing of their own.

import (
	"reflect"
	"testing"

	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

const maxRoleMethods = 12

func roles() map[string]reflect.Type {
	ts := map[string]reflect.Type{}
	for _, v := range []any{
		(*ordering.Locations)(nil), (*ordering.Menus)(nil), (*ordering.Carts)(nil),
		(*ordering.Checkout)(nil), (*ordering.CartRewards)(nil), (*ordering.Orders)(nil),
		(*ordering.GiftCards)(nil), (*ordering.HouseAccounts)(nil), (*ordering.GroupOrders)(nil),
		(*loyalty.Accounts)(nil), (*loyalty.SignIn)(nil), (*loyalty.Members)(nil),
		(*loyalty.Addresses)(nil), (*loyalty.Wallet)(nil), (*loyalty.Favorites)(nil),
		(*loyalty.Points)(nil), (*loyalty.Rewards)(nil), (*loyalty.Offers)(nil),
		(*loyalty.Challenges)(nil), (*loyalty.Badges)(nil), (*loyalty.Subscriptions)(nil),
	} {
		t := reflect.TypeOf(v).Elem()
		ts[t.PkgPath()+"."+t.Name()] = t
	}
	return ts
}

func TestRolesAreSmall(t *testing.T) {
	for name, r := range roles() {
		if n := r.NumMethod(); n == 0 || n > maxRoleMethods {
			t.Errorf("%s has %d methods; a role has 1 to %d", name, n, maxRoleMethods)
		}
	}
}

// TestProvidersAreOnlyTheirRoles: a method added to a composite Provider and to no
// role would be one no adapter could be told about.
func TestProvidersAreOnlyTheirRoles(t *testing.T) {
	for _, p := range []reflect.Type{
		reflect.TypeOf((*ordering.Provider)(nil)).Elem(),
		reflect.TypeOf((*loyalty.Provider)(nil)).Elem(),
	} {
		inRole := map[string]bool{}
		for _, r := range roles() {
			if r.PkgPath() != p.PkgPath() {
				continue
			}
			for i := range r.NumMethod() {
				inRole[r.Method(i).Name] = true
			}
		}
		for i := range p.NumMethod() {
			if m := p.Method(i).Name; !inRole[m] {
				t.Errorf("%s.Provider has %s, which no role declares", p.PkgPath(), m)
			}
		}
	}
}
