package server

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	cms "github.com/henhouse/platform/edge/internal/providers/content"
)

const earlyPopupStart = `<body>` + "\n" + `<dialog class="hh-dialog hh-dialog--early" id="hh-early-popup" data-popup-key="`

// earlyPopupKey is the key of the popup written into a page, "" for none; the popup
// sits between <body> and the root.
func earlyPopupKey(t *testing.T, body string) string {
	t.Helper()
	i := strings.Index(body, earlyPopupStart)
	if i < 0 {
		if strings.Contains(body, "hh-early-popup") {
			t.Fatalf("popup markup out of place:\n%s", body)
		}
		return ""
	}
	rest := body[i+len(earlyPopupStart):]
	key, _, _ := strings.Cut(rest, `"`)
	if !strings.Contains(rest, "</form></dialog>\n"+`<div id="root">`) {
		t.Fatalf("the popup is not followed by the root:\n%s", body)
	}
	return key
}

// A content page of the full site carries the popup its visitor will see, chosen by
// the shell's rule (welcome first, then the site popup on a later visit; none once both
// are dismissed, none where excluded, no guest popup for a member), from the dismissals
// the popups cookie lists. A task page (locations, menu, checkout, gift cards, contact,
// account forms), the 404 page and the minimal and app layouts carry none, and a visit
// has one popup at most: the page that carries it marks the visit.
func TestPagesCarryTheVisitorsPopup(t *testing.T) {
	s := newTestServer(t)
	const welcome, site = "welcome@1", "rewards-double-points@1"
	cases := []struct {
		path, cookie, want string
	}{
		{"/", "", welcome},
		{"/", "hh_popups=welcome%401", site},
		{"/", "hh_popups=welcome%401%20rewards-double-points%401", ""},
		{"/", "hh_popups=rewards-double-points%401%20welcome%401", ""},
		{"/", "hh_popups=welcome%400", welcome}, // an older version was dismissed
		{"/", "hh_popups=%zz", welcome},         // not URI-encoded: nothing dismissed
		{"/about", "", welcome},
		{"/about", "hh_popups=welcome%401", site},
		{"/", "hh_popup_visit=1", ""}, // this visit has had its popup
		{"/about", "hh_popup_visit=1; hh_popups=welcome%401", ""},
		{"/locations", "", ""},
		{"/menu/m-standard", "", ""},
		{"/menu/m-standard", "hh_popups=welcome%401", ""},
		{"/gift-cards/buy", "", ""},
		{"/contact", "", ""},
		{"/account/signup", "", ""},
		{"/no/such/page", "", ""},
		{"/account/signin", "", ""},
		{"/account/signin", "hh_popups=welcome%401", ""},
		{"/order", "hh_popups=welcome%401", ""},
		{"/order/checkout", "", ""}, // minimal layout
		{"/app/signin", "", ""},     // app layout
	}
	for _, c := range cases {
		var cookies []string
		if c.cookie != "" {
			cookies = append(cookies, c.cookie)
		}
		resp, body := getWithCookies(t, s, c.path, cookies...)
		if resp.StatusCode != 200 && c.path != "/no/such/page" {
			t.Fatalf("%s: %d", c.path, resp.StatusCode)
		}
		got := earlyPopupKey(t, body)
		if got != c.want {
			t.Errorf("%s with %q: popup %q, want %q", c.path, c.cookie, got, c.want)
		}
		marked := strings.Contains(strings.Join(resp.Header.Values("Set-Cookie"), "\n"), "hh_popup_visit=1")
		if marked != (got != "") {
			t.Errorf("%s with %q: visit marked %v with popup %q", c.path, c.cookie, marked, got)
		}
	}
	_, body := getWithCookies(t, s, "/")
	for _, want := range []string{`id="hh-early-popup"`, `data-popup-key="welcome@1"`,
		`<h2 id="hh-early-popup-title" class="hh-dialog__title">Welcome to Henhouse</h2>`,
		`<img class="hh-popup__image" src="/static/img/products/chicken-2-piece.webp" alt="" width="320" height="240" fetchpriority="high" elementtiming="hh-early-popup">`,
		`<a class="hh-cbutton hh-cbutton--primary hh-cbutton--full " href="/locations">Find a Location</a>`} {
		if !strings.Contains(body, want) {
			t.Errorf("missing %s", want)
		}
	}

	// A member is shown neither popup: both are for guests ("Not a member yet? Joining
	// is free" is no news to a member).
	g := newGuest(t, s)
	g.ok("POST", "/api/auth/signup", strings.Replace(signUpBody, "ada@", "ada.popups@", 1), 201, "X-Bot-Check", g.bot("signup"))
	if got := earlyPopupKey(t, g.page("/")); got != "" {
		t.Errorf("member: popup %q", got)
	}
	g.cookies["hh_popups"] = "welcome%401"
	if got := earlyPopupKey(t, g.page("/")); got != "" {
		t.Errorf("member, welcome dismissed: popup %q", got)
	}
}

// A page differs per visitor (session, CSRF token, nonce and now popup): it is never
// answered from a cache. It carries no validator, so a conditional request gets the
// whole page, written for the cookies it carries.
func TestPagesWithAPopupAreNotCached(t *testing.T) {
	s := newTestServer(t)
	req := httptest.NewRequest("GET", "/", nil)
	req.Header.Set("If-None-Match", "*")
	req.Header.Set("If-Modified-Since", time.Now().UTC().Format(http.TimeFormat))
	req.Header.Set("Cookie", "hh_popups=welcome%401")
	resp, body := do(t, s, req)
	if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "no-cache" || resp.Header.Get("ETag") != "" || resp.Header.Get("Last-Modified") != "" {
		t.Fatalf("%d, Cache-Control %q, ETag %q, Last-Modified %q", resp.StatusCode, resp.Header.Get("Cache-Control"), resp.Header.Get("ETag"), resp.Header.Get("Last-Modified"))
	}
	if got := earlyPopupKey(t, body); got != "rewards-double-points@1" {
		t.Fatalf("popup %q", got)
	}
}

// The popups cost a page view no Redis round trip with Storyblok either: they are
// kept in memory, not read per view.
func TestPagePopupsFromStoryblokCostNoRoundTrip(t *testing.T) {
	f := newFakeStoryblok(t)
	s := newStoryblokServer(t, f)
	calls := &countCalls{}
	s.Store.Client.AddHook(calls)
	_, body := getWithCookies(t, s, "/")
	if got := earlyPopupKey(t, body); got != "welcome@2" {
		t.Fatalf("popup %q", got)
	}
	if !strings.Contains(body, `src="https://a.storyblok.com/f/287419/200x150/7c8d9e0f1a/chicken.svg"`) {
		t.Error("no Storyblok image in the popup")
	}
	before := calls.n.Load()
	for _, ck := range []string{"", "hh_popups=welcome%402"} {
		var cookies []string
		if ck != "" {
			cookies = append(cookies, ck)
		}
		_, body = getWithCookies(t, s, "/", cookies...)
		if got, want := earlyPopupKey(t, body), map[string]string{"": "welcome@2", "hh_popups=welcome%402": "double-points@1"}[ck]; got != want {
			t.Errorf("%q: popup %q, want %q", ck, got, want)
		}
	}
	if n := calls.n.Load() - before; n != 0 {
		t.Errorf("%d Redis round trips for two page views", n)
	}
}

// fakePopups is a content provider whose popups answer is set by the test.
type fakePopups struct {
	cms.Provider
	mu    sync.Mutex
	pp    []cms.Popup
	err   error
	calls int
}

func (f *fakePopups) Popups(context.Context) ([]cms.Popup, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	return f.pp, f.err
}

func (f *fakePopups) set(pp []cms.Popup, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.pp, f.err = pp, err
}

func (f *fakePopups) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls
}

// A provider that cannot answer gives pages no popup, said once as a warning; the
// popups are read again after a while, in the background once some were read, and an
// expired copy serves the page views meanwhile.
func TestEarlyPopupsCacheAndFailures(t *testing.T) {
	var logs bytes.Buffer
	var mu sync.Mutex
	now := time.Unix(1_700_000_000, 0)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	f := &fakePopups{err: errors.New("redis down")}
	e := &earlyPopups{content: f, log: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})), now: clock}
	ctx := context.Background()
	key := func() string {
		m := e.markup(ctx, "/", false, nil)
		if m == nil {
			return ""
		}
		return earlyPopupKey(t, "<body>\n"+string(m)+`<div id="root">`)
	}
	waitCalls := func(n int) {
		t.Helper()
		for i := 0; f.count() < n || e.refreshing.Load(); i++ {
			if i > 500 {
				t.Fatalf("the provider was asked %d times, want %d", f.count(), n)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}

	for range 2 {
		if got := key(); got != "" {
			t.Fatalf("failing provider: popup %q", got)
		}
	}
	if f.count() != 1 {
		t.Fatalf("failing provider asked %d times before the retry", f.count())
	}
	advance(popupsRetry)
	key() // the retry, in the background
	waitCalls(2)
	if w := strings.Count(logs.String(), "level=WARN"); w != 1 || !strings.Contains(logs.String(), "level=DEBUG") {
		t.Fatalf("%d warnings:\n%s", w, logs.String())
	}

	f.set([]cms.Popup{{ID: "promo", Kind: "site", Version: 1, Title: "Promo"}}, nil)
	advance(popupsRetry)
	key()
	waitCalls(3)
	if got := key(); got != "promo@1" {
		t.Fatalf("after recovery: popup %q", got)
	}
	// Kept for popupsTTL: no further reads.
	advance(popupsTTL - time.Second)
	if key(); f.count() != 3 {
		t.Fatalf("read again before it expired: %d", f.count())
	}
	// Expired: this view still gets the copy it has, the next one the new answer.
	f.set([]cms.Popup{{ID: "promo", Kind: "site", Version: 2, Title: "Promo"}}, nil)
	advance(time.Second)
	if got := key(); got != "promo@1" {
		t.Fatalf("expired copy: popup %q", got)
	}
	waitCalls(4)
	if got := key(); got != "promo@2" {
		t.Fatalf("after the refresh: popup %q", got)
	}
	// A failure after a success warns again.
	f.set(nil, errors.New("down again"))
	advance(popupsTTL)
	key()
	waitCalls(5)
	if got := key(); got != "" {
		t.Fatalf("failing again: popup %q", got)
	}
	if w := strings.Count(logs.String(), "level=WARN"); w != 2 {
		t.Fatalf("%d warnings:\n%s", w, logs.String())
	}
}

// The cookie the shell writes is read as it writes it: encodeURIComponent of the keys
// joined by spaces.
func TestPopupsCookieAsTheShellWritesIt(t *testing.T) {
	s := newTestServer(t)
	req := httptest.NewRequest("GET", "/", nil)
	req.Header.Set("Cookie", "hh_sid=AAAAAAAAAAAAAAAAAAAAAA; hh_cart=0; hh_popups=welcome%401")
	_, body := do(t, s, req)
	if got := earlyPopupKey(t, body); got != "rewards-double-points@1" {
		t.Fatalf("popup %q", got)
	}
}
