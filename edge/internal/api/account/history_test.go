package account_test

import "testing"

func TestOrdersAndActivity(t *testing.T) {
	e := newEnv(t)
	b := e.browser(t)
	b.do("GET", "/api/user/orders", "").want(t, 401)
	id := b.member()
	a := b.do("GET", "/api/user/orders", "").want(t, 200)
	if orders, ok := a.field("orders").([]any); !ok || len(orders) != 0 || a.header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("orders %s", a.raw)
	}
	if _, err := e.l.AdjustPoints(ctx, id, 50, "Goodwill"); err != nil {
		t.Fatal(err)
	}
	a = b.do("GET", "/api/user/activity", "").want(t, 200)
	list, _ := a.field("activity").([]any)
	if len(list) == 0 || list[0].(map[string]any)["points"] != float64(50) {
		t.Fatalf("activity, newest first: %s", a.raw)
	}
}
