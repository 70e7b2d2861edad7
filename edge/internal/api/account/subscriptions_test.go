package account_test

import "testing"

func TestPlansAreForEveryoneSubscriptionsForMembers(t *testing.T) {
	e := newEnv(t)
	b := e.browser(t)
	a := b.do("GET", "/api/subscriptions/plans", "").want(t, 200)
	plans, _ := a.field("plans").([]any)
	if len(plans) == 0 || plans[0].(map[string]any)["id"] == "" {
		t.Fatalf("plans %s", a.raw)
	}
	b.do("GET", "/api/subscriptions", "").want(t, 401)
	b.member()
	if a := b.do("GET", "/api/subscriptions", "").want(t, 200); len(a.field("subscriptions").([]any)) != 0 {
		t.Fatalf("subscriptions %s", a.raw)
	}
	plan := plans[0].(map[string]any)["id"].(string)
	a = b.do("POST", "/api/subscriptions", `{"plan_id":"`+plan+`","payment_token":"tok_visa_8f3kQ2"}`).want(t, 201)
	sub, _ := a.field("subscription.id").(string)
	if sub == "" || a.field("subscription.plan_id") != plan {
		t.Fatalf("subscribed %s", a.raw)
	}
	if a := b.do("POST", "/api/subscriptions/"+sub+"/perk", "").want(t, 422); a.errorCode() != "no_cart" {
		t.Fatalf("perk without a cart %s", a.raw)
	}
	a = b.do("DELETE", "/api/subscriptions/"+sub, "").want(t, 200)
	if a.field("subscription.id") != sub || a.field("subscription.status") == "active" {
		t.Fatalf("cancelled %s", a.raw)
	}
}
