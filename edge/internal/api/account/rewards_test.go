package account_test

import (
	"fmt"
	"maps"
	"slices"
	"sync"
	"testing"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

func TestRedeemIntoTheCartAndCancel(t *testing.T) {
	e := newEnv(t)
	b := e.browser(t)
	b.do("GET", "/api/rewards", "").want(t, 401)
	id := b.member()
	m, err := e.l.AdjustPoints(ctx, id, 500, "test")
	if err != nil {
		t.Fatal(err)
	}
	a := b.do("GET", "/api/rewards", "").want(t, 200)
	if a.field("points") != float64(m.Points) || a.field("tier") != m.Tier || a.header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("members %s", a.raw)
	}
	if a := b.do("POST", "/api/rewards/free-biscuit/redeem", "").want(t, 422); a.errorCode() != "no_cart" {
		t.Fatalf("no cart %s", a.raw)
	}
	if _, err := e.o.CreateCart(ctx, b.cookies["hh_sid"], "m-standard", "oh-columbus-downtown"); err != nil {
		t.Fatal(err)
	}
	a = b.do("POST", "/api/rewards/free-biscuit/redeem", "").want(t, 200)
	red, _ := a.field("redemption.id").(string)
	rewards, _ := a.field("cart.rewards").([]any)
	if red == "" || len(rewards) != 1 || rewards[0].(map[string]any)["id"] != red || a.field("members.points") != float64(m.Points-200) {
		t.Fatalf("redeemed %s", a.raw)
	}
	a = b.do("DELETE", "/api/rewards/redemptions/"+red, "").want(t, 200)
	if a.field("members.points") != float64(m.Points) || a.field("cart.rewards") != nil {
		t.Fatalf("cancelled %s", a.raw)
	}
}

// Putting a reward into the cart and taking it out change the cart, so they take
// If-Match like every cart change: made on a cart the member no longer sees (another
// device changed it), they are refused 412 cart_changed with the cart as it is now,
// and nothing is spent or given back.
func TestRewardsInTheCartTakeIfMatch(t *testing.T) {
	e := newEnv(t)
	b := e.browser(t)
	id := b.member()
	m, err := e.l.AdjustPoints(ctx, id, 500, "test")
	if err != nil {
		t.Fatal(err)
	}
	b.do("GET", "/api/rewards", "").want(t, 200) // the session cookie names the cart's owner
	owner := b.cookies["hh_sid"]
	c, err := e.o.CreateCart(ctx, owner, "m-standard", "oh-columbus-downtown")
	if err != nil {
		t.Fatal(err)
	}
	seen := fmt.Sprintf(`"%d"`, c.Version)
	// Another device adds an item: the version this one shows is stale.
	now, err := e.o.AddProduct(ctx, owner, ordering.LineInput{ProductID: "side-mac", Quantity: 1})
	if err != nil {
		t.Fatal(err)
	}
	a := b.do("POST", "/api/rewards/free-biscuit/redeem", "", "If-Match", seen).want(t, 412)
	if a.errorCode() != "cart_changed" || a.field("cart.version") != float64(now.Version) ||
		a.header.Get("ETag") != fmt.Sprintf(`"%d"`, now.Version) || len(a.field("cart.products").([]any)) != 1 {
		t.Fatalf("stale redeem %s (etag %q)", a.raw, a.header.Get("ETag"))
	}
	if p := b.do("GET", "/api/rewards", "").want(t, 200).field("points"); p != float64(m.Points) {
		t.Fatalf("a refused redemption spent points: %v, want %d", p, m.Points)
	}
	if a := b.do("POST", "/api/rewards/free-biscuit/redeem", "", "If-Match", "3x"); a.status != 400 {
		t.Fatalf("malformed If-Match %d %s", a.status, a.raw)
	}

	a = b.do("POST", "/api/rewards/free-biscuit/redeem", "", "If-Match", fmt.Sprintf(`"%d"`, now.Version)).want(t, 200)
	red, _ := a.field("redemption.id").(string)
	after := a.field("cart.version").(float64)
	if red == "" || after <= float64(now.Version) || a.header.Get("ETag") != fmt.Sprintf(`"%d"`, int64(after)) {
		t.Fatalf("redeem on the current cart %s (etag %q)", a.raw, a.header.Get("ETag"))
	}

	// Removing it on the version before the redemption: refused, the reward stays.
	a = b.do("DELETE", "/api/rewards/redemptions/"+red, "", "If-Match", fmt.Sprintf(`"%d"`, now.Version)).want(t, 412)
	if a.errorCode() != "cart_changed" || len(a.field("cart.rewards").([]any)) != 1 || a.field("cart.version") != after {
		t.Fatalf("stale removal %s", a.raw)
	}
	if p := b.do("GET", "/api/rewards", "").want(t, 200).field("points"); p != float64(m.Points-200) {
		t.Fatalf("a refused removal gave points back: %v", p)
	}
	a = b.do("DELETE", "/api/rewards/redemptions/"+red, "", "If-Match", fmt.Sprintf(`"%d"`, int64(after))).want(t, 200)
	if a.field("members.points") != float64(m.Points) || a.field("cart.rewards") != nil || a.header.Get("ETag") == "" {
		t.Fatalf("removal on the current cart %s", a.raw)
	}
}

// Two devices of one member redeem two rewards on the same version at once: one goes
// in, the other is refused 412 and its points come back, so the member pays for exactly
// the reward the cart holds.
func TestTwoDevicesRedeemOnOneVersion(t *testing.T) {
	e := newEnv(t)
	b := e.browser(t)
	id := b.member()
	m, err := e.l.AdjustPoints(ctx, id, 1000, "test")
	if err != nil {
		t.Fatal(err)
	}
	b.do("GET", "/api/rewards", "").want(t, 200)
	c, err := e.o.CreateCart(ctx, b.cookies["hh_sid"], "m-standard", "oh-columbus-downtown")
	if err != nil {
		t.Fatal(err)
	}
	devices := []*browser{b, {t: t, e: e, cookies: maps.Clone(b.cookies)}}
	rewards := []string{"free-biscuit", "free-drink"}
	seen := fmt.Sprintf(`"%d"`, c.Version)
	got := make([]answer, 2)
	var wg sync.WaitGroup
	for i, d := range devices {
		wg.Go(func() { got[i] = d.do("POST", "/api/rewards/"+rewards[i]+"/redeem", "", "If-Match", seen) })
	}
	wg.Wait()
	slices.SortFunc(got, func(x, y answer) int { return x.status - y.status })
	if got[0].status != 200 || got[1].status != 412 || got[1].errorCode() != "cart_changed" {
		t.Fatalf("answers %d %s / %d %s, want one 200 and one 412", got[0].status, got[0].raw, got[1].status, got[1].raw)
	}
	cart, err := e.o.Cart(ctx, b.cookies["hh_sid"])
	if err != nil {
		t.Fatal(err)
	}
	spent, _ := got[0].field("redemption.points").(float64)
	p := b.do("GET", "/api/rewards", "").want(t, 200).field("points")
	if len(cart.Rewards) != 1 || cart.Rewards[0].ID != got[0].field("redemption.id") || spent <= 0 || p != float64(m.Points)-spent {
		t.Fatalf("cart rewards %v, points %v; want the winner's reward only and %v", cart.Rewards, p, float64(m.Points)-spent)
	}
}
