package routes

import (
	"reflect"
	"strings"
	"testing"
)

func TestMatchEveryRow(t *testing.T) {
	r := MustCompile(Table("henhouse"))
	cases := []struct {
		path   string
		id     string
		layout Layout
		params map[string]string
	}{
		{"/", "home", LayoutDefault, nil},
		{"/404", "not-found", LayoutDefault, nil},
		{"/account", "account", LayoutDefault, nil},
		{"/account/confirmed", "account-confirmed", LayoutDefault, nil},
		{"/account/forgot", "account-forgot", LayoutDefault, nil},
		{"/account/settings", "account-settings", LayoutDefault, nil},
		{"/account/signin", "account-signin", LayoutDefault, nil},
		{"/account/signup", "account-signup", LayoutDefault, nil},
		{"/contact", "contact", LayoutDefault, nil},
		{"/henhouse-louisville-jobs", "jobs", LayoutDefault, map[string]string{"brand": "henhouse", "city": "louisville"}},
		{"/henhouse-new-york-jobs", "jobs", LayoutDefault, map[string]string{"brand": "henhouse", "city": "new-york"}},
		{"/otherbrand-louisville-jobs", "content", LayoutDefault, map[string]string{"slug": "otherbrand-louisville-jobs"}},
		{"/locations", "locations", LayoutDefault, nil},
		{"/locations/all", "locations-all", LayoutDefault, nil},
		{"/locations/ky", "locations-browse", LayoutDefault, map[string]string{"state": "ky"}},
		{"/locations/ky/louisville", "locations-browse", LayoutDefault, map[string]string{"state": "ky", "city": "louisville"}},
		{"/locations/ky/louisville/100-main-st", "locations-browse", LayoutDefault, map[string]string{"state": "ky", "city": "louisville", "address": "100-main-st"}},
		{"/order", "order", LayoutDefault, nil},
		{"/order/checkout", "checkout", LayoutMinimal, nil},
		{"/order/confirm", "order-confirm", LayoutDefault, nil},
		{"/order/confirm/o-123", "order-confirm", LayoutDefault, map[string]string{"oid": "o-123"}},
		{"/checkout/order", "checkout-alias", LayoutDefault, nil},
		{"/gift-cards/buy", "giftcards-buy", LayoutDefault, nil},
		{"/gift-cards/balance", "giftcards-balance", LayoutDefault, nil},
		{"/gift-cards", "content", LayoutDefault, map[string]string{"slug": "gift-cards"}},
		{"/menu", "menu-index", LayoutDefault, nil},
		{"/menu/m1", "menu", LayoutDefault, map[string]string{"mid": "m1"}},
		{"/menu/m1/category/c2", "menu-category", LayoutDefault, map[string]string{"mid": "m1", "cid": "c2"}},
		{"/menu/m1/category", "menu-category", LayoutDefault, map[string]string{"mid": "m1"}},
		{"/menu/category/c2", "menu-category", LayoutDefault, map[string]string{"cid": "c2"}},
		{"/menu/m1/product/p3", "menu-product", LayoutDefault, map[string]string{"mid": "m1", "pid": "p3"}},
		{"/menu/product/p3", "menu-product", LayoutDefault, map[string]string{"pid": "p3"}},
		{"/app/checkout", "app-checkout", LayoutApp, nil},
		{"/app/code", "app-code", LayoutApp, nil},
		{"/app/signin", "app-signin", LayoutApp, nil},
		{"/app/subscribe", "app-subscribe", LayoutApp, nil},
		{"/app/testcheckout", "app-testcheckout", LayoutApp, nil},
		{"/sitemap", "sitemap", LayoutDefault, nil},
		{"/typography", "typography", LayoutDefault, nil},
		{"/catering", "content", LayoutDefault, map[string]string{"slug": "catering"}},
		{"/nutrition-and-allergen/", "content", LayoutDefault, map[string]string{"slug": "nutrition-and-allergen"}},
		{"/blog/2026/spicy", "content", LayoutDefault, map[string]string{"slug": "blog/2026/spicy"}},
		// trailing slashes
		{"/account/signin/", "account-signin", LayoutDefault, nil},
		{"/menu/m1/", "menu", LayoutDefault, map[string]string{"mid": "m1"}},
		{"/locations/ky/", "locations-browse", LayoutDefault, map[string]string{"state": "ky"}},
		// percent-encoding is decoded before matching
		{"/menu/m%201", "menu", LayoutDefault, map[string]string{"mid": "m 1"}},
		{"/%61ccount", "account", LayoutDefault, nil},
	}
	for _, tc := range cases {
		m, ok := r.Match(tc.path)
		if !ok {
			t.Errorf("%s: no match, want %s", tc.path, tc.id)
			continue
		}
		if m.Route.ID != tc.id || m.Route.Layout != tc.layout {
			t.Errorf("%s: got %s/%s, want %s/%s", tc.path, m.Route.ID, m.Route.Layout, tc.id, tc.layout)
		}
		want := tc.params
		if want == nil {
			want = map[string]string{}
		}
		if !reflect.DeepEqual(m.Params, want) {
			t.Errorf("%s: params %v, want %v", tc.path, m.Params, want)
		}
	}
}

func TestNotFound(t *testing.T) {
	r := MustCompile(Table("henhouse"))
	for _, p := range []string{
		"",
		"no-slash",
		"/menu/%zz",                              // bad percent-encoding
		"/%",                                     // truncated escape
		"/menu/%00",                              // NUL
		"/a%0d%0aSet-Cookie:x",                   // header injection attempt
		"//evil.example",                         // empty segment
		"/" + strings.Repeat("a", MaxPathLength), // very long
	} {
		if m, ok := r.Match(p); ok {
			t.Errorf("%q: matched %s, want not found", p, m.Route.ID)
		}
	}
	// Just under the limit still reaches the catch-all.
	if _, ok := r.Match("/" + strings.Repeat("a", MaxPathLength-1)); !ok {
		t.Error("a path at the limit should match the catch-all")
	}
}

func TestEveryRouteHasAModuleScreenOrRedirect(t *testing.T) {
	seen := map[string]bool{}
	for _, rt := range Table("henhouse") {
		if rt.Redirect == "" && (rt.Module == "" || rt.Screen == "") {
			t.Errorf("%s has no module/screen", rt.ID)
		}
		if rt.Module != "" {
			seen[rt.Module] = true
		}
		if strings.HasPrefix(rt.Pattern, "/app/") && rt.Layout != LayoutApp {
			t.Errorf("%s: /app routes use the app layout", rt.ID)
		}
	}
	for _, m := range []string{ModLocations, ModMenu, ModCheckout, ModAccount, ModContent} {
		if !seen[m] {
			t.Errorf("module %s owns no route", m)
		}
	}
}

func TestSignInHasAWebviewVariant(t *testing.T) {
	r := MustCompile(Table("henhouse"))
	in := r.ByID("account-signin")
	if in.Webview != "/app/signin" {
		t.Fatalf("account-signin webview = %q, want /app/signin", in.Webview)
	}
	m, ok := r.Match(in.Webview)
	if !ok || m.Route.ID != "app-signin" || m.Route.Layout != LayoutApp || m.Route.Screen != in.Screen || m.Route.Module != in.Module {
		t.Fatalf("/app/signin = %+v, want the same screen in the app layout", m.Route)
	}
}

func TestCompileRejectsBadTables(t *testing.T) {
	bad := [][]Route{
		{{ID: "a", Pattern: "/a", Module: "m", Screen: "S"}, {ID: "a", Pattern: "/b", Module: "m", Screen: "S"}},
		{{ID: "a", Pattern: "a", Module: "m", Screen: "S"}},
		{{ID: "a", Pattern: "/a", Screen: "S"}},
		{{ID: "a", Pattern: "/x-{a?}", Module: "m", Screen: "S"}},
		// A webview variant must be a page of the app layout.
		{{ID: "a", Pattern: "/a", Module: "m", Screen: "S", Webview: "/b"}, {ID: "b", Pattern: "/b", Module: "m", Screen: "S", Layout: LayoutDefault}},
		{{ID: "a", Pattern: "/a", Module: "m", Screen: "S", Webview: "/nowhere"}},
	}
	for i, tbl := range bad {
		if _, err := Compile(tbl); err == nil {
			t.Errorf("table %d: want an error", i)
		}
	}
}

// The API path a page preloads is the one its screen asks for (kit/src/api/content.ts
// writes each segment percent-encoded on its own), or none when they could differ.
func TestDataPath(t *testing.T) {
	r := MustCompile(Table("henhouse"))
	cases := []struct{ path, want string }{
		{"/", "/content/pages/"},
		{"/catering", "/content/pages/catering"},
		{"/about/our-story", "/content/pages/about/our-story"},
		{"/caf%C3%A9", ""},                        // é: the escapes may differ
		{"/a%20b", ""},                            // a space
		{"/deals/..", ""},                         // resolved away by a URL
		{"/menu/m-standard", "/menus/m-standard"}, // the location is added by the page (DataLocation)
		{"/menu/m-standard/product/combo-2pc", "/menus/m-standard/products/combo-2pc"},
		{"/menu/m-standard/category/c-1", "/menus/m-standard/categories/c-1"},
		{"/menu/product/combo-2pc", ""}, // no menu: the screen finds it first
		{"/menu/m-standard/category", ""},
		{"/locations", "/locations?lat=39&lng=-85&limit=10"}, // around the map's first centre
		{"/account/signin", ""},                              // nothing to read
		{"/order/checkout", ""},                              // the cart is the visitor's
		{"/henhouse-dayton-jobs", "/careers/cities/dayton/jobs"},
		{"/gift-cards/buy", "/giftcards/designs"},
	}
	for _, c := range cases {
		m, ok := r.Match(c.path)
		if !ok {
			t.Fatalf("%s: no match", c.path)
		}
		if got := m.DataPath(); got != c.want {
			t.Errorf("%s: DataPath = %q, want %q", c.path, got, c.want)
		}
	}
}
