package server

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/page"
	"github.com/henhouse/platform/edge/internal/session"
)

// countCalls counts the Redis commands the edge sends (a pipeline counts once: one
// round trip), except the module registry's reads of the release state: those run in
// the background (on subscribing to its change channel, which can complete during any
// request, and on a timer), never for a page view.
type countCalls struct{ n atomic.Int64 }

func registryRead(cmds []redis.Cmder) bool {
	for _, c := range cmds {
		a := c.Args()
		if len(a) != 2 || c.Name() != "hgetall" || !strings.Contains(fmt.Sprint(a[1]), "modules:") {
			return false
		}
	}
	return len(cmds) > 0
}

func (h *countCalls) DialHook(next redis.DialHook) redis.DialHook { return next }
func (h *countCalls) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error { h.n.Add(1); return next(ctx, cmd) }
}
func (h *countCalls) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		if !registryRead(cmds) {
			h.n.Add(1)
		}
		return next(ctx, cmds)
	}
}

func getWithCookies(t *testing.T, s *Server, path string, cookies ...string) (*http.Response, string) {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	if len(cookies) > 0 {
		req.Header.Set("Cookie", strings.Join(cookies, "; "))
	}
	resp, err := s.App.Test(req, fiber.TestConfig{Timeout: 10 * time.Second, FailOnTimeout: true})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func cookieOf(resp *http.Response, name string) (string, bool) {
	for _, c := range resp.Cookies() {
		if c.Name == name {
			return c.Value, true
		}
	}
	return "", false
}

// A page view costs no Redis round trip for a new visitor or one whose hint says no
// cart, and one for a visitor whose hint says there is a cart (or who has no hint yet);
// session.hasCart says whether the cart exists and a stale hint is corrected.
func TestPageViewRedisRoundTripsAndCartHint(t *testing.T) {
	s := newTestServer(t)
	calls := &countCalls{}
	s.Store.Client.AddHook(calls)
	ctx := context.Background()
	withCart, without := session.NewID(), session.NewID()
	if _, err := s.Ordering.CreateCart(ctx, withCart, "m-standard", "oh-dayton"); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		cookies  []string
		trips    int64
		hasCart  bool
		setsHint string // "" for no Set-Cookie
	}{
		{"new visitor", nil, 0, false, "0"},
		{"hint: no cart", []string{"hh_sid=" + without, "hh_cart=0"}, 0, false, ""},
		{"hint: no cart, stale", []string{"hh_sid=" + withCart, "hh_cart=0"}, 0, false, ""},
		{"hint: cart", []string{"hh_sid=" + withCart, "hh_cart=1"}, 1, true, ""},
		{"hint: cart, stale", []string{"hh_sid=" + without, "hh_cart=1"}, 1, false, "0"},
		{"no hint yet, cart", []string{"hh_sid=" + withCart}, 1, true, "1"},
		{"no hint yet, none", []string{"hh_sid=" + without}, 1, false, "0"},
	}
	for _, path := range []string{"/", "/menu/m-standard", "/locations"} {
		for _, c := range cases {
			getWithCookies(t, s, path, c.cookies...) // the page's own lookups are cached from the first view
			before := calls.n.Load()
			resp, body := getWithCookies(t, s, path, c.cookies...)
			trips := calls.n.Load() - before
			if resp.StatusCode != 200 {
				t.Fatalf("%s %s: %d", path, c.name, resp.StatusCode)
			}
			if trips != c.trips {
				t.Errorf("%s %s: %d Redis round trips, want %d", path, c.name, trips, c.trips)
			}
			if b := bootstrapOf(t, body); b.Session.HasCart != c.hasCart {
				t.Errorf("%s %s: hasCart %v", path, c.name, b.Session.HasCart)
			}
			v, set := cookieOf(resp, session.CartHintCookie)
			if (c.setsHint == "") == set || v != c.setsHint {
				t.Errorf("%s %s: hint cookie %q (set %v), want %q", path, c.name, v, set, c.setsHint)
			}
		}
	}
}

// The cart API keeps the hint: set when a cart is created, cleared when it is abandoned.
func TestCartAPIKeepsTheHint(t *testing.T) {
	s := newTestServer(t)
	resp, body := getWithCookies(t, s, "/")
	sid, _ := cookieOf(resp, "hh_sid")
	csrfTok := bootstrapOf(t, body).CSRF
	hint := "0" // what the browser holds
	call := func(method, path, payload string) *http.Response {
		req := httptest.NewRequest(method, path, strings.NewReader(payload))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-CSRF-Token", csrfTok)
		req.Header.Set("Cookie", "hh_sid="+sid+"; hh_cart="+hint)
		resp, err := s.App.Test(req, fiber.TestConfig{Timeout: 10 * time.Second, FailOnTimeout: true})
		if err != nil {
			t.Fatal(err)
		}
		if v, ok := cookieOf(resp, session.CartHintCookie); ok {
			hint = v
		}
		return resp
	}
	r := call("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`)
	if v, _ := cookieOf(r, session.CartHintCookie); r.StatusCode != 201 || v != "1" {
		t.Fatalf("create: %d, hint %q", r.StatusCode, v)
	}
	_, body = getWithCookies(t, s, "/", "hh_sid="+sid, "hh_cart="+hint)
	if !bootstrapOf(t, body).Session.HasCart {
		t.Fatal("no cart after creating one")
	}
	r = call("DELETE", "/api/cart", "")
	if v, set := cookieOf(r, session.CartHintCookie); r.StatusCode != 204 || !set || v != "0" {
		t.Fatalf("abandon: %d, hint %q", r.StatusCode, v)
	}
}

// A menu page preloads the menu answer its screen will ask for: at the guest's chosen
// location when it sells this menu (the location hint cookie), else with no location,
// and nothing when the screen's choice cannot be told (a cart that may be on this menu,
// a hint that cannot be read).
func TestMenuPagePreloadsTheMenuItsScreenAsksFor(t *testing.T) {
	s := newTestServer(t)
	preload := func(href string) string {
		return `<link rel="preload" href="` + href + `" as="fetch" crossorigin>`
	}
	resp, body := getWithCookies(t, s, "/")
	sid, _ := cookieOf(resp, "hh_sid")
	csrfTok := bootstrapOf(t, body).CSRF
	dayton := "hh_location=oh-dayton|m-standard"
	cases := []struct {
		name, path string
		cookies    []string
		want       string
	}{
		{"first visit", "/menu/m-standard", nil, preload("/api/menus/m-standard")},
		{"chosen location", "/menu/m-standard", []string{dayton}, preload("/api/menus/m-standard?location_id=oh-dayton")},
		{"a product", "/menu/m-standard/product/combo-2pc", []string{dayton}, preload("/api/menus/m-standard/products/combo-2pc?location_id=oh-dayton")},
		{"location of another menu", "/menu/m-standard", []string{"hh_location=tx-austin|m-texas"}, preload("/api/menus/m-standard")},
		{"hint not plain", "/menu/m-standard", []string{"hh_location=oh%7Cdayton|m-standard"}, ""},
		{"no menu in the path", "/menu/product/combo-2pc", []string{dayton}, ""},
	}
	for _, c := range cases {
		_, body := getWithCookies(t, s, c.path, c.cookies...)
		if c.want == "" {
			if preloadsScreenRead(body) {
				t.Errorf("%s: preloads an answer", c.name)
			}
		} else if !strings.Contains(body, c.want) {
			t.Errorf("%s: want %s in\n%s", c.name, c.want, body[:min(len(body), 2000)])
		}
	}

	// With a cart on this menu and no location of it chosen, the screen may or may not
	// see the cart first: nothing is preloaded. A cart on another menu does not matter.
	req := httptest.NewRequest("POST", "/api/cart", strings.NewReader(`{"menu_id":"m-standard","location_id":"oh-dayton"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-CSRF-Token", csrfTok)
	req.Header.Set("Cookie", "hh_sid="+sid)
	if r, err := s.App.Test(req, fiber.TestConfig{Timeout: 10 * time.Second, FailOnTimeout: true}); err != nil || r.StatusCode != 201 {
		t.Fatalf("create cart: %v %v", r, err)
	}
	for _, c := range []struct{ path, want string }{
		{"/menu/m-standard", ""},
		{"/menu/m-texas", preload("/api/menus/m-texas")},
		{"/menu/m-standard/product/combo-2pc", ""}, // the handler knows only that a cart exists
	} {
		_, body := getWithCookies(t, s, c.path, "hh_sid="+sid, "hh_cart=1")
		if got := preloadsScreenRead(body); got != (c.want != "") || (c.want != "" && !strings.Contains(body, c.want)) {
			t.Errorf("with a cart, %s: want %q", c.path, c.want)
		}
	}
	_, body = getWithCookies(t, s, "/menu/m-standard", "hh_sid="+sid, "hh_cart=1", dayton)
	if !strings.Contains(body, preload("/api/menus/m-standard?location_id=oh-dayton")) {
		t.Error("with a cart and a chosen location of this menu: no preload at the location")
	}
}

// Pages get a title from their heading and a description of what they show.
func TestPageTitleAndDescription(t *testing.T) {
	s := newTestServer(t)
	cases := []struct{ path, title, description string }{
		{"/", "<title>Henhouse</title>", `<meta name="description" content="`},
		{"/menu/m-standard", "<title>Menu · ", "The Henhouse menu at "},
		{"/locations/oh", "<title>Locations | Henhouse</title>", "Henhouse locations in OH: "},
		{"/contact", "<title>Contact Us | Henhouse</title>", "Order Henhouse fried chicken online"},
		{"/gift-cards", "<title>Gift Cards | Henhouse</title>", `<meta name="description" content="`},
		{"/no/such/page", "<title>Page not found | Henhouse</title>", "Order Henhouse fried chicken online"},
	}
	for _, c := range cases {
		_, body := get(t, s, c.path)
		if !strings.Contains(body, c.title) || !strings.Contains(body, c.description) {
			t.Errorf("%s: want %q and %q in\n%s", c.path, c.title, c.description, body[:min(len(body), 900)])
		}
	}
}

// A product page preloads the product's photo, which its screen shows largest; the
// menu and other pages preload no image.
func TestProductPagePreloadsItsPhoto(t *testing.T) {
	s := newTestServer(t)
	_, body := get(t, s, "/menu/m-standard/product/combo-2pc")
	want := `<link rel="preload" href="/static/img/products/combo-pieces.webp" as="image" fetchpriority="high">`
	if !strings.Contains(body, want) {
		t.Errorf("product page: no %s in\n%s", want, body[:min(len(body), 3000)])
	}
	for _, path := range []string{"/menu/m-standard", "/menu/m-standard/product/no-such-product", "/contact"} {
		if _, body := get(t, s, path); strings.Contains(body, `as="image"`) {
			t.Errorf("%s preloads an image", path)
		}
	}
}

func TestRobots(t *testing.T) {
	s := newTestServer(t)
	resp, body := get(t, s, "/robots.txt")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") ||
		!strings.Contains(body, "User-agent: *\nAllow: /\n") || !strings.Contains(body, "Disallow: /api/\n") || !strings.Contains(body, "Disallow: /app/\n") {
		t.Fatalf("robots.txt: %d %q %q", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
}

// The shell's entry under a content-hashed name is cached for good; under a fixed name
// it is revalidated on every load.
func TestHashedShellEntryIsImmutable(t *testing.T) {
	s := newTestServer(t)
	if err := os.WriteFile(filepath.Join(s.cfg.BuildDir, "shell", "assets", "main.1a2b3c4d.js"), []byte("1"), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{"/assets/main.1a2b3c4d.js": "immutable", "/assets/main.js": "no-cache", "/assets/391.c680d74e.js": "immutable"} {
		resp, _ := get(t, s, path)
		if cc := resp.Header.Get("Cache-Control"); resp.StatusCode != 200 || !strings.Contains(cc, want) {
			t.Errorf("%s: %d %q, want %s", path, resp.StatusCode, cc, want)
		}
	}
}

// With the shell's chrome.json in the build, the page's root holds the layout's
// prerendered chrome with the heading in it; without it, the plain heading.
func TestPagesUseTheBuildsChrome(t *testing.T) {
	plain := newTestServer(t)
	if _, body := get(t, plain, "/contact"); !strings.Contains(body, `<div id="root"><h1 class="visually-hidden">Page contact</h1></div>`) {
		t.Fatalf("without chrome.json:\n%s", body)
	}
	s := newTestServer(t)
	chrome := `{"default":"<header>Henhouse</header><main><h1>` + page.HeadingMarker + `</h1></main>"}`
	if err := os.WriteFile(filepath.Join(s.cfg.BuildDir, "shell", "chrome.json"), []byte(chrome), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, body := get(t, s, "/contact"); !strings.Contains(body, `<div id="root"><header>Henhouse</header><main><h1>Page contact</h1></main></div>`) {
		t.Fatalf("with chrome.json:\n%s", body)
	}
	if _, body := get(t, s, "/app/subscribe"); !strings.Contains(body, `<div id="root"><h1 class="visually-hidden">Page app subscribe</h1></div>`) {
		t.Fatalf("a layout chrome.json lacks:\n%s", body)
	}
}

// A page preloads the API answer its screen reads first when that depends on the path
// alone; a page not found (a path no content page has) preloads nothing.
func TestPagePreloadsItsScreensFirstRead(t *testing.T) {
	s := newTestServer(t)
	cases := []struct{ path, want string }{
		{"/", `<link rel="preload" href="/api/content/pages/" as="fetch" crossorigin>`},
		{"/gift-cards", `<link rel="preload" href="/api/content/pages/gift-cards" as="fetch" crossorigin>`},
		{"/henhouse-dayton-jobs", `<link rel="preload" href="/api/careers/cities/dayton/jobs" as="fetch" crossorigin>`},
		{"/gift-cards/buy", `<link rel="preload" href="/api/giftcards/designs" as="fetch" crossorigin>`},
		{"/locations", `<link rel="preload" href="/api/locations?lat=39&amp;lng=-85&amp;limit=10" as="fetch" crossorigin>`},
		{"/locations?utm_source=mail", `<link rel="preload" href="/api/locations?lat=39&amp;lng=-85&amp;limit=10" as="fetch" crossorigin>`},
		// The address bar asks for a search: the screen sends that one instead.
		{"/locations?formattedAddress=Dayton%2C+OH", ""},
		{"/no/such/page", ""},
		{"/menu/no-such-menu", ""},
	}
	for _, c := range cases {
		_, body := get(t, s, c.path)
		if c.want == "" {
			if preloadsScreenRead(body) {
				t.Errorf("%s preloads an answer:\n%s", c.path, body[:min(len(body), 2000)])
			}
			continue
		}
		if !strings.Contains(body, c.want) {
			t.Errorf("%s: want %s in\n%s", c.path, c.want, body[:min(len(body), 2000)])
		}
	}
	// The preloaded answers are there to be read, the popups' on every page of the full site.
	if _, body := get(t, s, "/no/such/page"); !strings.Contains(body, popupsPreload) {
		t.Errorf("the 404 page does not preload the popups:\n%s", body[:min(len(body), 2000)])
	}
	for _, api := range []string{"/api/content/popups", "/api/content/pages/gift-cards", "/api/careers/cities/dayton/jobs", "/api/giftcards/designs", "/api/locations?lat=39&lng=-85&limit=10"} {
		if resp, body := get(t, s, api); resp.StatusCode != http.StatusOK {
			t.Errorf("%s: %d %s", api, resp.StatusCode, body)
		}
	}
}

const popupsPreload = `<link rel="preload" href="/api/content/popups" as="fetch" fetchpriority="low" crossorigin>`

// preloadsScreenRead tells whether the page preloads its screen's first read (every
// page of the full site also preloads the popups' content).
func preloadsScreenRead(body string) bool {
	return strings.Contains(strings.ReplaceAll(body, popupsPreload, ""), `as="fetch"`)
}

// A product page writes the top of its screen, drawn by mf-menu's build, with the
// product's name, description and photo from the catalogue in its slots, in place of the
// loading state; the page of a product that does not exist has none.
// withPrerenderedScreens gives the test server a chrome whose main area holds a loading state,
// and module's version 1.0.0 the prerendered screens of file (a screen-prerender.json).
func withPrerenderedScreens(t *testing.T, s *Server, module, file string) {
	t.Helper()
	main := `<main><h1>` + page.HeadingMarker + `</h1>` + page.MainStart + `<p role='status'>Loading</p>` + page.MainEnd + `</main>`
	chrome := `{"default":"` + main + `","app":"` + main + `"}`
	if err := os.WriteFile(filepath.Join(s.cfg.BuildDir, "shell", "chrome.json"), []byte(chrome), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.cfg.BuildDir, "modules", module, "1.0.0", modules.ScreenPrerenderFile), []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Registry.Rescan(); err != nil {
		t.Fatal(err)
	}
}

func TestProductPageHasItsScreensTop(t *testing.T) {
	s := newTestServer(t)
	withPrerenderedScreens(t, s, "mf-menu", `{"brandName":"Henhouse","screens":{"Product":{"partial":true,"layouts":{"default":"<a href=\"/menu/__hh_menu__\">Back</a><img src=\"__hh_image__\"><h2>__hh_name__</h2><p>__hh_description__</p>"}}}}`)
	_, body := get(t, s, "/menu/m-standard/product/combo-2pc")
	want := `<div class="hh-prerendered" data-prerendered="mf-menu/Product" data-screen-loading="" inert aria-busy="true"><a href="/menu/m-standard">Back</a><img src="/static/img/products/combo-pieces.webp"><h2>2 Piece Combo</h2><p>`
	if !strings.Contains(body, want) || strings.Contains(body, "Loading") {
		t.Errorf("product page: no %s in\n%s", want, body[:min(len(body), 4000)])
	}
	_, body = get(t, s, "/menu/m-standard/product/no-such-product")
	if strings.Contains(body, "data-prerendered") {
		t.Errorf("a prerendered screen on the page of a product that does not exist:\n%s", body[:min(len(body), 4000)])
	}
}

// A menu page writes the top of its screen, drawn by mf-menu's build, with the menu's
// name, its location and its first category from the catalogue (Columbus Downtown opens
// after breakfast, so its menu opens on chicken at any hour): for a visitor who has
// chosen none of the menu's other locations, has no cart and searched for nothing.
func TestMenuPageHasItsScreensTop(t *testing.T) {
	s := newTestServer(t)
	withPrerenderedScreens(t, s, "mf-menu", `{"brandName":"Henhouse","screens":{"Menu":{"partial":true,"when":["noCart","noQuery"],"layouts":{"default":"<h2>__hh_menuname__</h2><p>Ordering from <strong>__hh_place__</strong> __hh_street__, __hh_city__, __hh_state__</p><a href=\"#category-__hh_category__\">__hh_catname__</a><section><h2>__hh_catname__</h2><p>__hh_catdesc__</p><p>__hh_catwhen__</p></section>"}}}}`)
	want := `<div class="hh-prerendered" data-prerendered="mf-menu/Menu" data-screen-loading="" inert aria-busy="true"><h2>Henhouse Menu</h2><p>Ordering from <strong>Henhouse Columbus Downtown</strong> 5405 Oak Ave, Columbus, OH</p><a href="#category-chicken">Chicken</a><section><h2>Chicken</h2><p>Hand-breaded, bone-in chicken, fried fresh all day, plus tenders, wings and nuggets.</p><p></p></section>`
	for _, c := range []struct {
		about, path string
		cookies     []string
		prerendered bool
	}{
		{"a first visit", "/menu/m-standard", nil, true},
		{"the menu's location chosen", "/menu/m-standard", []string{"hh_location=oh-columbus-downtown|m-standard"}, true},
		{"a location of another menu chosen", "/menu/m-standard", []string{"hh_location=tx-austin|m-texas"}, true},
		{"another location of this menu chosen", "/menu/m-standard", []string{"hh_location=oh-dayton|m-standard"}, false},
		{"a hint that cannot be read", "/menu/m-standard", []string{"hh_location=oh%7Cdayton|m-standard"}, false},
		{"a search in the address", "/menu/m-standard?q=tenders", nil, false},
		{"a menu that does not exist", "/menu/no-such-menu", nil, false},
	} {
		_, body := getWithCookies(t, s, c.path, c.cookies...)
		if got := strings.Contains(body, want); got != c.prerendered || (c.prerendered && strings.Contains(body, "Loading")) {
			t.Errorf("%s: prerendered screen %v, want %v in\n%s", c.about, got, c.prerendered, body[:min(len(body), 4000)])
		}
		if !c.prerendered && strings.Contains(body, "data-prerendered") {
			t.Errorf("%s: another prerendered screen on the page", c.about)
		}
	}
}

// The sign-up page's prerendered screen, drawn for a visitor who has chosen no location, is on the
// page only when the location hint cookie says none is chosen (a chosen one would be the
// form's favourite location).
func TestSignUpPrerenderedScreenWaitsForNoChosenLocation(t *testing.T) {
	s := newTestServer(t)
	withPrerenderedScreens(t, s, "mf-account", `{"brandName":"Henhouse","screens":{"SignUp":{"when":["signedOut","noQuery","noLocation"],"layouts":{"default":"<form>Create account</form>"}}}}`)
	for _, c := range []struct {
		about, path string
		cookies     []string
		prerendered bool
	}{
		{"a first visit", "/account/signup", nil, true},
		{"a location chosen", "/account/signup", []string{"hh_location=oh-dayton|m-standard"}, false},
		{"a hint that cannot be read", "/account/signup", []string{"hh_location=oh%7Cdayton|m-standard"}, false},
		{"a page to return to", "/account/signup?return=%2Faccount", nil, false},
	} {
		_, body := getWithCookies(t, s, c.path, c.cookies...)
		if got := strings.Contains(body, `data-prerendered="mf-account/SignUp"`); got != c.prerendered {
			t.Errorf("%s: prerendered screen %v, want %v in\n%s", c.about, got, c.prerendered, body[:min(len(body), 4000)])
		}
	}
}

// The order page's prerendered screen (an empty cart) is for a visitor the edge knows has placed no
// order: a new visitor, or one whose orders hint says none.
func TestOrderPrerenderedScreenWaitsForNoOrders(t *testing.T) {
	s := newTestServer(t)
	withPrerenderedScreens(t, s, "mf-checkout", `{"brandName":"Henhouse","screens":{"Order":{"when":["noCart","noOrders"],"layouts":{"default":"<p>Your cart is empty.</p>"}}}}`)
	visitor := "hh_sid=" + strings.Repeat("v", 22)
	for _, c := range []struct {
		about       string
		cookies     []string
		prerendered bool
	}{
		{"a new visitor", nil, true},
		{"a visitor the edge knows no orders of", []string{visitor, "hh_cart=0", "hh_orders=0"}, true},
		{"a visitor without the hint", []string{visitor, "hh_cart=0"}, false},
		{"a visitor who has ordered", []string{visitor, "hh_cart=0", "hh_orders=1"}, false},
	} {
		_, body := getWithCookies(t, s, "/order", c.cookies...)
		if got := strings.Contains(body, `data-prerendered="mf-checkout/Order"`); got != c.prerendered {
			t.Errorf("%s: prerendered screen %v, want %v in\n%s", c.about, got, c.prerendered, body[:min(len(body), 4000)])
		}
	}
}

// The home page opens on its hero, drawn in the prerendered screen the remote's build drew, its
// picture preloaded.
func TestHomePageHasItsHero(t *testing.T) {
	s := newTestServer(t)
	withPrerenderedScreens(t, s, "mf-content", `{"brandName":"Henhouse","screens":{"ContentPage":{"partial":true,"when":["signedOut"],"layouts":{"default":"<article data-slug=\"__hh_slug__\"><h2>__hh_title__</h2><a class=\"hh-cbutton--__hh_secondvariant__\">__hh_secondtext__</a><img src=\"__hh_image__\" width=\"__hh_width__\"></article>"}}}}`)
	_, body := get(t, s, "/")
	for _, want := range []string{
		`<div class="hh-prerendered" data-prerendered="mf-content/ContentPage" data-screen-loading="" inert aria-busy="true"><article data-slug="home"><h2>Fried fresh. Every hour.</h2><a class="hh-cbutton--outlined">Join Rewards</a><img src="/static/img/hero-home.webp" width="480"></article>`,
		`<link rel="preload" href="/static/img/hero-home.webp" as="image" fetchpriority="high">`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("home page: no %s in\n%s", want, body[:min(len(body), 4000)])
		}
	}
	if strings.Contains(body, "Loading") {
		t.Error("home page: a loading state beside its prerendered screen")
	}
}

// The app's subscription page opens on the plans for a guest, each written from the
// loyalty program's plans; a member's page has the loading state (their subscription
// and the form are the screen's), as has one the app opens with a handover code.
func TestSubscribePageHasThePlans(t *testing.T) {
	s := newTestServer(t)
	withPrerenderedScreens(t, s, "mf-account", `{"brandName":"Henhouse","screens":{"Subscribe":{"when":["signedOut","noQuery"],"layouts":{"app":"<ul>__hh_eachplans__<li><h4>__hh_name__</h4><p>__hh_cost__</p><p>__hh_description__</p><p>__hh_perk__</p></li>__hh_endplans__</ul>"}}}}`)
	g := newGuest(t, s)
	body := g.page("/app/subscribe")
	want := `<div class="hh-prerendered" data-prerendered="mf-account/Subscribe" inert aria-busy="true"><ul>` +
		`<li><h4>Henhouse Drink Club</h4><p>$5.99 a month</p><p>A free regular drink every day.</p><p>Drink Club: Free Regular Drink, every day</p></li>` +
		`<li><h4>Biscuit Club</h4><p>$2.99 a month</p><p>A free buttermilk biscuit every day.</p><p>Biscuit Club: Free Biscuit, every day</p></li>` +
		`<li><h4>Family Meal Club</h4><p>$14.99 a month</p><p>$10 off a family meal every week.</p><p>Family Meal Club: $10 Off a Family Meal, every week</p></li></ul></div>`
	if !strings.Contains(body, want) || strings.Contains(body, "Loading") {
		t.Errorf("subscribe page: no\n%s\nin\n%s", want, body[:min(len(body), 4000)])
	}
	if body := g.page("/app/subscribe?handover=abc"); strings.Contains(body, "data-prerendered") {
		t.Errorf("a prerendered screen for a guest the app is signing in:\n%s", body[:min(len(body), 4000)])
	}
	g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))
	if body := g.page("/app/subscribe"); strings.Contains(body, "data-prerendered") || !strings.Contains(body, "Loading") {
		t.Errorf("a member's subscribe page has the guest's prerendered screen:\n%s", body[:min(len(body), 4000)])
	}
}
