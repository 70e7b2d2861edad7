package account_test

import "testing"

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
