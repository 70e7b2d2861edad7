package server

import (
	"net/url"
	"strings"
	"testing"
)

func apiError(t *testing.T, m map[string]any) (code, message string, fields map[string]any) {
	t.Helper()
	e, ok := m["error"].(map[string]any)
	if !ok {
		t.Fatalf("no error in %v", m)
	}
	fields, _ = e["fields"].(map[string]any)
	code, _ = e["code"].(string)
	message, _ = e["message"].(string)
	return code, message, fields
}

// The search box's suggestions: places as the guest types, never an error for a
// query that is too short or unknown, a field error for one that is too long.
func TestPlaceSuggestions(t *testing.T) {
	s := newTestServer(t)
	g := newGuest(t, s)

	places := g.ok("GET", "/api/places?q="+url.QueryEscape(" Louisville, KY "), "", 200)["places"].([]any)
	first := places[0].(map[string]any)
	if first["label"] != "Louisville, KY" || first["state"] != "KY" || first["kind"] != "city" || first["query"] != "Louisville, KY" {
		t.Fatalf("Louisville, KY: %v", places)
	}
	places = g.ok("GET", "/api/places?q=40202", "", 200)["places"].([]any)
	if zip := places[0].(map[string]any); zip["label"] != "Louisville, KY 40202" || zip["zip"] != "40202" || zip["kind"] != "zip" {
		t.Fatalf("a ZIP code: %v", places)
	}
	if n := len(g.ok("GET", "/api/places?q=Springfield", "", 200)["places"].([]any)); n != 5 {
		t.Fatalf("at most five places: %d", n)
	}
	// From the third letter, by the start of words, our locations' streets and cities first.
	for q, want := range map[string]string{
		"Lou":          "Louisville, KY",
		"Colum":        "Columbus, OH",
		"9838 Madison": "9838 Madison Ave, Louisville, KY 40202",
	} {
		places := g.ok("GET", "/api/places?q="+url.QueryEscape(q), "", 200)["places"].([]any)
		if len(places) == 0 || places[0].(map[string]any)["label"] != want {
			t.Errorf("%q: %v, want %q first", q, places, want)
		}
	}
	for _, p := range g.ok("GET", "/api/places?q=ville", "", 200)["places"].([]any) {
		if p.(map[string]any)["city"] == "Louisville" {
			t.Errorf("ville: Louisville matched in the middle of its name")
		}
	}
	resp, _ := get(t, s, "/api/places?q=columbus")
	if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=300" {
		t.Fatalf("suggestions are shared-cacheable for a short while: %q", cc)
	}

	for _, q := range []string{"", " l ", " lo ", "  ", "zzzz nowhere", "🐔🐔🐔", strings.Repeat("🐔", 200)} {
		if places := g.ok("GET", "/api/places?q="+url.QueryEscape(q), "", 200)["places"].([]any); len(places) != 0 {
			t.Errorf("%.12q: %v, want no places", q, places)
		}
	}

	st, m, _ := g.send("GET", "/api/places?q="+strings.Repeat("a", 201), "")
	code, msg, fields := apiError(t, m)
	if st != 400 || code != "invalid" || fields["q"] != "must be at most 200 characters" || msg == "" {
		t.Fatalf("300 characters: %d %v", st, m)
	}
	if st, m, _ := g.send("GET", "/api/places", ""); st != 400 || m["error"].(map[string]any)["fields"].(map[string]any)["q"] == nil {
		t.Fatalf("no q: %d %v", st, m)
	}
	resp, _ = get(t, s, "/api/places?q="+strings.Repeat("a", 300))
	if resp.StatusCode != 400 || strings.Contains(resp.Header.Get("Cache-Control"), "public") {
		t.Fatalf("an error is not cached: %d %q", resp.StatusCode, resp.Header.Get("Cache-Control"))
	}
}

// The delivery form of the location search: the handoff's address rules, then the
// locations whose radius reaches the address, nearest first.
func TestDeliverySearch(t *testing.T) {
	s := newTestServer(t)
	g := newGuest(t, s)
	const cincinnati = `{"address":{"street":"20 Vine St","unit":"Apt 3","city":"Cincinnati","state":"oh","zip":"45202"}}`

	m := g.ok("POST", "/api/locations/delivery", cincinnati, 200)
	ls := m["locations"].([]any)
	if len(ls) != 2 || ls[0].(map[string]any)["id"] != "oh-cincinnati" || ls[1].(map[string]any)["id"] != "ky-covington" {
		t.Fatalf("Cincinnati, then Covington across the river: %v", ls)
	}
	last := 0.0
	for _, l := range ls {
		l := l.(map[string]any)
		d := l["distance_miles"].(float64)
		svc := l["services"].(map[string]any)
		if d < last || d > svc["delivery_radius_miles"].(float64) || svc["delivery"] != true {
			t.Fatalf("%s at %v miles: %v", l["id"], d, svc)
		}
		last = d
	}
	if c := m["center"].(map[string]any); c["lat"].(float64) < 39 || c["lat"].(float64) > 39.2 || c["lng"].(float64) > -84.4 {
		t.Fatalf("placed at %v", c)
	}

	// A location the search offers takes the delivery.
	id, menu := ls[1].(map[string]any)["id"].(string), ls[1].(map[string]any)["menu_id"].(string)
	g.ok("POST", "/api/cart", `{"menu_id":"`+menu+`","location_id":"`+id+`"}`, 201)
	handoff := g.ok("PUT", "/api/cart/handoff", `{"mode":"delivery",`+cincinnati[1:], 200)["cart"].(map[string]any)["handoff"].(map[string]any)
	if handoff["distance_miles"] != ls[1].(map[string]any)["distance_miles"] {
		t.Fatalf("the handoff's distance %v, the search's %v", handoff["distance_miles"], ls[1].(map[string]any)["distance_miles"])
	}

	// Cleveland's own location does not deliver and no other radius reaches it.
	st, m, _ := g.send("POST", "/api/locations/delivery", `{"address":{"street":"1 Main St","city":"Cleveland","state":"OH","zip":"44114"}}`)
	code, msg, fields := apiError(t, m)
	if st != 422 || code != "outside_delivery_area" || fields["address.street"] == nil || !strings.Contains(msg, "pickup") {
		t.Fatalf("outside every delivery area: %d %v", st, m)
	}

	unknown := `{"address":{"street":"1 Main St","city":"Nowhere","state":"ZZ","zip":"00000"}}`
	st, m, _ = g.send("POST", "/api/locations/delivery", unknown)
	if code, _, fields := apiError(t, m); st != 422 || code != "address_not_found" || fields["address.street"] != "We couldn't find this address" {
		t.Fatalf("unknown address: %d %v", st, m)
	}
	// The same address in the delivery handoff is answered alike.
	st, m2, _ := g.send("PUT", "/api/cart/handoff", `{"mode":"delivery",`+unknown[1:])
	if st != 422 || m2["error"].(map[string]any)["message"] != m["error"].(map[string]any)["message"] {
		t.Fatalf("handoff with an unknown address: %d %v", st, m2)
	}

	st, m, _ = g.send("POST", "/api/locations/delivery", `{"address":{"street":" ","city":"Cincinnati","state":"Ohio","zip":"4520"}}`)
	code, msg, fields = apiError(t, m)
	if st != 400 || code != "invalid" || msg != "Check the highlighted fields." || fields["address.street"] != "Enter a street address" ||
		fields["address.state"] != "A state can be at most 2 characters" || fields["address.zip"] != "Enter a 5-digit ZIP code" {
		t.Fatalf("the handoff's address rules: %d %v", st, m)
	}
	if st, m, _ := g.send("POST", "/api/locations/delivery", `{}`); st != 400 || m["error"].(map[string]any)["fields"].(map[string]any)["address"] != "is required" {
		t.Fatalf("no address: %d %v", st, m)
	}
}

// It is a POST: without the page's CSRF token, or from another site, it is refused.
func TestDeliverySearchNeedsTheCSRFToken(t *testing.T) {
	s := newTestServer(t)
	g := newGuest(t, s)
	const body = `{"address":{"street":"20 Vine St","city":"Cincinnati","state":"OH","zip":"45202"}}`
	good := g.csrf
	g.csrf = ""
	if st, m, _ := g.send("POST", "/api/locations/delivery", body); st != 403 || m["error"].(map[string]any)["code"] != "csrf_failed" {
		t.Fatalf("no token: %d %v", st, m)
	}
	g.csrf = newGuest(t, s).csrf
	if st, _, _ := g.send("POST", "/api/locations/delivery", body); st != 403 {
		t.Fatalf("another visitor's token: %d", st)
	}
	g.csrf = good
	if st, _, _ := g.send("POST", "/api/locations/delivery", body, "Origin", "https://evil.example"); st != 403 {
		t.Fatalf("from another site: %d", st)
	}
	g.ok("POST", "/api/locations/delivery", body, 200)
}
