package account_test

import "testing"

func TestAddressesCardsAndFavorites(t *testing.T) {
	e := newEnv(t)
	b := e.browser(t)
	b.do("GET", "/api/user/addresses", "").want(t, 401)
	b.member()

	a := b.do("POST", "/api/user/addresses", `{"label":"Home","street":"12 Oak Ave","city":"Columbus","state":"OH","zip":"43215"}`).want(t, 201)
	list, _ := a.field("addresses").([]any)
	if len(list) != 1 || list[0].(map[string]any)["street"] != "12 Oak Ave" || list[0].(map[string]any)["default"] != true {
		t.Fatalf("addresses %s", a.raw)
	}
	id := list[0].(map[string]any)["id"].(string)
	a = b.do("PUT", "/api/user/addresses/"+id, `{"label":"Home","street":"14 Oak Ave","city":"Columbus","state":"OH","zip":"43215"}`).want(t, 200)
	if a.field("addresses").([]any)[0].(map[string]any)["street"] != "14 Oak Ave" {
		t.Fatalf("updated %s", a.raw)
	}
	if a := b.do("DELETE", "/api/user/addresses/"+id, "").want(t, 200); len(a.field("addresses").([]any)) != 0 {
		t.Fatalf("removed %s", a.raw)
	}

	// The brand, last 4 digits and expiry are the token's, whatever the request says.
	a = b.do("POST", "/api/user/cards", `{"token":"tok_visa_8f3kQ2","processor":"henpay","brand":"amex","last4":"0005","exp_month":1,"exp_year":2031}`).want(t, 201)
	cards, _ := a.field("cards").([]any)
	if len(cards) != 1 || cards[0].(map[string]any)["label"] != "Visa •••• 4242" || cards[0].(map[string]any)["exp_month"] != 12.0 || cards[0].(map[string]any)["exp_year"] != 2030.0 || a.header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("cards %s", a.raw)
	}
	if a := b.do("DELETE", "/api/user/cards/"+cards[0].(map[string]any)["id"].(string), "").want(t, 200); len(a.field("cards").([]any)) != 0 {
		t.Fatalf("card removed %s", a.raw)
	}

	// The favorite location rule of sign-up and the profile (member.FavoriteLocation).
	if a := b.do("PUT", "/api/user/favorites/nowhere", "").want(t, 400); a.field("error.fields.location_id") != "Choose a location from the list." {
		t.Fatalf("unknown location %s", a.raw)
	}
	a = b.do("PUT", "/api/user/favorites/oh-columbus-downtown", "").want(t, 200)
	favs, _ := a.field("favorites").([]any)
	if len(favs) != 1 || favs[0].(map[string]any)["id"] != "oh-columbus-downtown" || favs[0].(map[string]any)["menu_id"] != "m-standard" {
		t.Fatalf("favorites %s", a.raw)
	}
	if a := b.do("GET", "/api/user/favorites", "").want(t, 200); len(a.field("favorites").([]any)) != 1 {
		t.Fatalf("favorites %s", a.raw)
	}
	if a := b.do("DELETE", "/api/user/favorites/oh-columbus-downtown", "").want(t, 200); len(a.field("favorites").([]any)) != 0 {
		t.Fatalf("favorite removed %s", a.raw)
	}
}
