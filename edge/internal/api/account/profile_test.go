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
	a = b.do("PATCH", "/api/user", `{"favorite_location_id":"nowhere"}`).want(t, 400)
	if a.field("error.fields.favorite_location_id") != "Choose a location from the list." {
		t.Fatalf("unknown location %s", a.raw)
	}
	a = b.do("PATCH", "/api/user", `{"first_name":"Augusta"}`).want(t, 200)
	if a.field("user.first_name") != "Augusta" {
		t.Fatalf("profile %s", a.raw)
	}
	a = b.do("PUT", "/api/user/settings", `{"email_offers":true,"sms_offers":false,"paperless_receipts":false}`).want(t, 200)
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

// A settings change touches only the settings it names: PATCH sends some, PUT must
// send all three, and a setting sent as null or as anything but true or false is
// refused with the field named, changing nothing.
func TestSettingsChangeOnlyWhatIsSent(t *testing.T) {
	e := newEnv(t)
	b := e.browser(t)
	b.member()
	settings := func(a answer) [3]any {
		return [3]any{a.field("user.settings.email_offers"), a.field("user.settings.sms_offers"), a.field("user.settings.paperless_receipts")}
	}
	b.do("PUT", "/api/user/settings", `{"email_offers":true,"sms_offers":true,"paperless_receipts":true}`).want(t, 200)

	if got := settings(b.do("PATCH", "/api/user/settings", `{"sms_offers":false}`).want(t, 200)); got != [3]any{true, false, true} {
		t.Fatalf("PATCH sms_offers=false: %v, want only text offers off", got)
	}
	if got := settings(b.do("GET", "/api/user", "").want(t, 200)); got != [3]any{true, false, true} {
		t.Fatalf("read back: %v", got)
	}
	if got := settings(b.do("PATCH", "/api/user/settings", `{}`).want(t, 200)); got != [3]any{true, false, true} {
		t.Fatalf("PATCH nothing: %v", got)
	}

	// PUT names each setting it lacks.
	a := b.do("PUT", "/api/user/settings", `{"sms_offers":true}`).want(t, 400)
	if a.errorCode() != "invalid" || a.field("error.fields.email_offers") == nil || a.field("error.fields.paperless_receipts") == nil || a.field("error.fields.sms_offers") != nil {
		t.Fatalf("PUT with one setting: %s", a.raw)
	}
	for _, body := range []string{`{"email_offers":null}`, `{"email_offers":"no"}`, `{"email_offers":0}`} {
		a := b.do("PATCH", "/api/user/settings", body).want(t, 400)
		if a.errorCode() != "invalid" || a.field("error.fields.email_offers") == nil {
			t.Fatalf("PATCH %s: %s", body, a.raw)
		}
	}
	a = b.do("PUT", "/api/user/settings", `{"email_offers":false,"sms_offers":null,"paperless_receipts":false}`).want(t, 400)
	if a.field("error.fields.sms_offers") == nil {
		t.Fatalf("PUT with a null: %s", a.raw)
	}
	if got := settings(b.do("GET", "/api/user", "").want(t, 200)); got != [3]any{true, false, true} {
		t.Fatalf("refused changes changed the settings: %v", got)
	}
}
