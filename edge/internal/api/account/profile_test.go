package account_test

import "testing"

func TestProfileIsTheMembersOwn(t *testing.T) {
	e := newEnv(t)
	b := e.browser(t)
	if a := b.do("GET", "/api/user", "").want(t, 401); a.errorCode() != "unauthorized" {
		t.Fatalf("guest %s", a.raw)
	}
	b.member()
	a := b.do("GET", "/api/user", "").want(t, 200)
	if a.field("user.first_name") != "Ada" || a.header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("user %s %q", a.raw, a.header.Get("Cache-Control"))
	}
	a = b.do("PATCH", "/api/user", `{"favoriteLocationId":"nowhere"}`).want(t, 400)
	if a.field("error.fields.favoriteLocationId") != "Choose a location from the list." {
		t.Fatalf("unknown location %s", a.raw)
	}
	a = b.do("PATCH", "/api/user", `{"firstName":"Augusta"}`).want(t, 200)
	if a.field("user.first_name") != "Augusta" {
		t.Fatalf("profile %s", a.raw)
	}
	a = b.do("PUT", "/api/user/settings", `{"emailOffers":true,"smsOffers":false,"paperlessReceipts":false}`).want(t, 200)
	if a.field("user.settings.email_offers") != true || a.field("user.settings.paperless_receipts") != false {
		t.Fatalf("settings %s", a.raw)
	}
	if a := b.do("POST", "/api/user/password", `{"current":"wrong-pass1","password":"chicken456"}`); a.status < 400 {
		t.Fatalf("wrong current password accepted: %s", a.raw)
	}
	if a := b.do("POST", "/api/user/password", `{"current":"chicken123","password":"chicken456"}`).want(t, 200); a.field("changed") != true {
		t.Fatalf("password %s", a.raw)
	}
	if a := b.do("POST", "/api/user/confirmation", "").want(t, 202); a.field("sent") != true {
		t.Fatalf("confirmation %s", a.raw)
	}
}
