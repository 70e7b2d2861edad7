package storyblok

import (
	"context"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/content"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

const (
	pubToken     = "pub-token"
	previewToken = "preview-token"
	secret       = "hook-secret"
)

// fakeStoryblok replays the recorded Content Delivery API answers under testdata/:
// stories/<full_slug with "/" as "__">.json (".draft.json" for the draft version),
// links.json and spaces_me.json, and counts the calls per path.
type fakeStoryblok struct {
	*httptest.Server
	version atomic.Int64 // space.version spaces/me answers
	status  atomic.Int64 // non-zero: every call answers this status
	mu      sync.Mutex
	calls   map[string]int
	queries []string
}

func newFake(t *testing.T) *fakeStoryblok {
	f := &fakeStoryblok{calls: map[string]int{}}
	f.version.Store(1732575600)
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeStoryblok) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.calls[r.URL.Path]++
	f.queries = append(f.queries, r.URL.Path+"?"+r.URL.RawQuery)
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if s := f.status.Load(); s != 0 {
		w.WriteHeader(int(s))
		_, _ = w.Write([]byte(`{"error":"Something went wrong"}`))
		return
	}
	q := r.URL.Query()
	want := pubToken
	if q.Get("version") == "draft" {
		want = previewToken
	}
	if q.Get("token") != want {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"error":"Unauthorized"}`))
		return
	}
	var file string
	switch {
	case r.URL.Path == "/v2/cdn/spaces/me":
		b, _ := os.ReadFile("testdata/spaces_me.json")
		var sp map[string]map[string]any
		_ = json.Unmarshal(b, &sp)
		sp["space"]["version"] = f.version.Load()
		_ = json.NewEncoder(w).Encode(sp)
		return
	case r.URL.Path == "/v2/cdn/links":
		file = "testdata/links.json"
		w.Header().Set("Total", "9")
	case strings.HasPrefix(r.URL.Path, "/v2/cdn/stories/"):
		slug := strings.ReplaceAll(strings.TrimPrefix(r.URL.Path, "/v2/cdn/stories/"), "/", "__")
		file = filepath.Join("testdata", "stories", slug+".json")
		if q.Get("version") == "draft" {
			if d := filepath.Join("testdata", "stories", slug+".draft.json"); exists(d) {
				file = d
			}
		}
	}
	b, err := os.ReadFile(file)
	if err != nil {
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`["This record could not be found"]`))
		return
	}
	_, _ = w.Write(b)
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

func (f *fakeStoryblok) count(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[path]
}

func (f *fakeStoryblok) lastQuery(path string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := len(f.queries) - 1; i >= 0; i-- {
		if strings.HasPrefix(f.queries[i], path+"?") {
			return f.queries[i]
		}
	}
	return ""
}

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newProvider(t *testing.T, f *fakeStoryblok) (*Provider, *clock) {
	t.Helper()
	clk := &clock{t: time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)}
	p, err := New(Config{Token: pubToken, PreviewToken: previewToken, WebhookSecret: secret, BaseURL: f.URL,
		Store: storetest.Embedded(t), Now: clk.now, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return p, clk
}

// blocks decodes a page's blocks as generic JSON.
func blocks(t *testing.T, pg content.Page) []map[string]any {
	t.Helper()
	out := make([]map[string]any, len(pg.Blocks))
	for i, b := range pg.Blocks {
		if err := json.Unmarshal(b, &out[i]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func asJSON(v any) string { b, _ := json.Marshal(v); return string(b) }

// Every block type maps to the fields the built-in provider serves; an unknown
// component is left out; buttons, links and images map to ours.
func TestMapsEveryBlockType(t *testing.T) {
	f := newFake(t)
	p, _ := newProvider(t, f)
	ctx := context.Background()

	home, err := p.Page(ctx, "/")
	if err != nil {
		t.Fatal(err)
	}
	if home.Slug != "home" || home.Title != "Henhouse Fried Chicken" || !strings.HasPrefix(home.Description, "Hand-breaded fried chicken") {
		t.Fatalf("home page: %+v", home)
	}
	bs := blocks(t, home)
	var names []string
	for _, b := range bs {
		names = append(names, b["component"].(string))
	}
	if got := strings.Join(names, ","); got != "hero,top_sellers,rewards,download_app,gift_cards" {
		t.Fatalf("home blocks = %s (newsletter_signup is not ours and is left out)", got)
	}
	want := map[int]string{
		0: `{"component":"hero","cta":[` +
			`{"component":"button","disabled":false,"icon":"arrow","icon_position":"icon-right","link":{"cached_url":"locations","linktype":"story"},"size":"large","text":"Order Now","variant":"primary"},` +
			`{"component":"button","disabled":false,"link":{"cached_url":"account/signup","linktype":"story"},"text":"Join Rewards","variant":"outlined"}],` +
			`"image":{"alt":"A tray of fried chicken, biscuits and slaw","filename":"https://a.storyblok.com/f/287419/1600x1067/9a3be0c5d1/hero-home.jpg","height":1067,"width":1600},` +
			`"text":"Hand-breaded chicken, buttermilk biscuits and sides made from scratch.","title":"Fried fresh. Every hour."}`,
		1: `{"background_color":"#ffc72c","component":"top_sellers","layout":"default","products":[` +
			`{"cta":[],"description":"Hand-breaded, buttermilk-brined tenders, fried to order.","image":{"alt":"Five golden chicken tenders","filename":"https://a.storyblok.com/f/287419/480x320/1b2c3d4e5f/classic-tenders.png","height":320,"width":480},"title":"Classic Tenders"},` +
			`{"cta":[{"component":"button","disabled":false,"link":{"cached_url":"menu","linktype":"story"},"size":"small","text":"Feed the family","variant":"secondary"}],"description":"Twelve pieces, three large sides and six biscuits.","title":"Family Bucket"}],"title":"Top Sellers"}`,
		2: `{"component":"rewards","cta":[{"component":"button","disabled":false,"link":{"cached_url":"account/signup","linktype":"story"},"size":"large","text":"Sign up","variant":"black"}],"show":"no-user","text":"Earn 10 points for every dollar.","title":"Henhouse Rewards"}`,
		3: `{"component":"download_app","stores":[{"label":"Download on the App Store","store":"apple","url":"https://apps.apple.com/app/henhouse"},{"label":"Get it on Google Play","store":"google","url":"https://play.google.com/store/apps/details?id=com.henhouse"}],"text":"Order in two taps, track your order and carry your rewards.","title":"Get the Henhouse app"}`,
		4: `{"component":"gift_cards","cta":[{"component":"button","disabled":false,"link":{"cached_url":"https://gift.henhouse.example/buy","linktype":"url"},"size":"large","target":"_self","text":"Buy a gift card","variant":"secondary"}],"text":"Give the gift of fried chicken.","title":"Gift cards"}`,
	}
	for i, w := range want {
		if got := asJSON(bs[i]); got != w {
			t.Errorf("home block %d:\n got %s\nwant %s", i, got, w)
		}
	}

	about, err := p.Page(ctx, "about")
	if err != nil {
		t.Fatal(err)
	}
	if about.Title != "About" || about.Description != "About Henhouse." {
		t.Fatalf("about: %+v", about)
	}
	if got, w := asJSON(blocks(t, about)), `[{"component":"rich_text","paragraphs":["Henhouse started in 1987 as a six-table chicken shack in Louisville.","Still by hand","Brined for 12 hours"],"title":"Our story"},`+
		`{"component":"timeline","items":[{"text":"First restaurant opens in Louisville","year":"1987"},{"text":"Henhouse Rewards launches","year":"2024"}],"title":"Our history"}]`; got != w {
		t.Errorf("about:\n got %s\nwant %s", got, w)
	}

	fr, err := p.Page(ctx, "franchising/")
	if err != nil {
		t.Fatal(err)
	}
	if fr.Title != "Franchising" || fr.Description != "Own a Henhouse." {
		t.Fatalf("franchising: %+v", fr)
	}
	if got, w := asJSON(blocks(t, fr)), `[{"component":"franchisee","cta":[`+
		`{"component":"button","disabled":false,"link":{"cached_url":"contact","linktype":"story"},"param":"topic=franchising","size":"large","text":"Contact franchising","variant":"primary"},`+
		`{"component":"button","disabled":false,"link":{"cached_url":"mailto:franchise@henhouse.example","linktype":"url"},"text":"Email us","variant":"link"}],`+
		`"text":"We're growing across the Midwest and South.","title":"Own a Henhouse"},`+
		`{"component":"rich_text","paragraphs":["Net worth of $1.5 million.","Liquid assets of $500,000.","Experience running restaurants."],"title":"Requirements"}]`; got != w {
		t.Errorf("franchising:\n got %s\nwant %s", got, w)
	}

	cat, err := p.Page(ctx, "Catering")
	if err != nil {
		t.Fatal(err)
	}
	if got, w := asJSON(blocks(t, cat)), `[{"component":"catering_estimator","text":"Tell us how many guests are coming.","title":"How much do I need?"},{"component":"catering_menu","text":"Order at least 24 hours ahead.","title":"Catering menu"}]`; got != w {
		t.Errorf("catering:\n got %s\nwant %s", got, w)
	}
}

// A story Storyblok does not have is not found, a fault.NotFound, and that answer is
// cached too; a path Storyblok could not have is not asked for; the popups story is
// not a page.
func TestMissingStory(t *testing.T) {
	f := newFake(t)
	p, _ := newProvider(t, f)
	ctx := context.Background()
	for range 2 {
		_, err := p.Page(ctx, "no-such-page")
		if !errors.Is(err, content.ErrNotFound) || !fault.Is(err, fault.NotFound) {
			t.Fatalf("missing story: %v", err)
		}
	}
	if n := f.count("/v2/cdn/stories/no-such-page"); n != 1 {
		t.Fatalf("Storyblok asked %d times for the missing story, want 1", n)
	}
	for _, s := range []string{"../spaces/me", "a b", "%2e%2e", "settings/popups"} {
		if _, err := p.Page(ctx, s); !errors.Is(err, content.ErrNotFound) {
			t.Errorf("%q: %v", s, err)
		}
	}
	if n := f.count("/v2/cdn/stories/settings/popups"); n != 0 {
		t.Errorf("the popups story was read as a page")
	}
}

// The second read is the cache's: Storyblok is asked once per story and cv, and the
// cv is read from spaces/me at most once per interval.
func TestCacheHitOnSecondRead(t *testing.T) {
	f := newFake(t)
	p, clk := newProvider(t, f)
	ctx := context.Background()
	for range 3 {
		if _, err := p.Page(ctx, "about"); err != nil {
			t.Fatal(err)
		}
	}
	if n := f.count("/v2/cdn/stories/about"); n != 1 {
		t.Fatalf("story fetched %d times, want 1", n)
	}
	if n := f.count("/v2/cdn/spaces/me"); n != 1 {
		t.Fatalf("spaces/me read %d times, want 1", n)
	}
	if q := f.lastQuery("/v2/cdn/stories/about"); !strings.Contains(q, "cv=1732575600") || !strings.Contains(q, "version=published") ||
		!strings.Contains(q, "resolve_links=url") || !strings.Contains(q, "token="+pubToken) {
		t.Fatalf("story query: %s", q)
	}
	// After the interval the cv is read again; unchanged, the cache still answers.
	clk.add(61 * time.Second)
	if _, err := p.Page(ctx, "about"); err != nil {
		t.Fatal(err)
	}
	if n, s := f.count("/v2/cdn/spaces/me"), f.count("/v2/cdn/stories/about"); n != 2 || s != 1 {
		t.Fatalf("after the interval: spaces/me %d, story %d; want 2, 1", n, s)
	}
	// A new version in spaces/me (a publish without a webhook) is seen after the interval.
	f.version.Add(100)
	clk.add(61 * time.Second)
	if _, err := p.Page(ctx, "about"); err != nil {
		t.Fatal(err)
	}
	if s := f.count("/v2/cdn/stories/about"); s != 2 {
		t.Fatalf("after a new version: story fetched %d times, want 2", s)
	}
}

func sign(body string) string {
	mac := hmac.New(sha1.New, []byte(secret))
	mac.Write([]byte(body))
	return hex.EncodeToString(mac.Sum(nil))
}

// A signed webhook for a publish makes the next read refetch, even while spaces/me
// still answers the old version; a wrong or missing signature is Unauthorized and
// changes nothing.
func TestWebhookInvalidates(t *testing.T) {
	f := newFake(t)
	p, _ := newProvider(t, f)
	ctx := context.Background()
	if _, err := p.Page(ctx, "about"); err != nil {
		t.Fatal(err)
	}
	body := `{"text":"The user editor@henhouse.example published the Story About (about)","action":"published","space_id":287419,"story_id":581662420,"full_slug":"about"}`
	for _, sig := range []string{"", "nothex", sign(body + " "), strings.Repeat("0", 40)} {
		err := p.Webhook(ctx, []byte(body), sig)
		if !fault.Is(err, fault.Unauthorized) {
			t.Fatalf("signature %q: %v", sig, err)
		}
	}
	if _, err := p.Page(ctx, "about"); err != nil {
		t.Fatal(err)
	}
	if n := f.count("/v2/cdn/stories/about"); n != 1 {
		t.Fatalf("an unsigned webhook invalidated the cache: %d fetches", n)
	}
	if err := p.Webhook(ctx, []byte(body), sign(body)); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Page(ctx, "about"); err != nil {
		t.Fatal(err)
	}
	if n := f.count("/v2/cdn/stories/about"); n != 2 {
		t.Fatalf("after a signed webhook: %d fetches, want 2", n)
	}
	if q := f.lastQuery("/v2/cdn/stories/about"); !strings.Contains(q, "cv=1732575601") {
		t.Fatalf("the refetch carries the raised cv: %s", q)
	}
	// An event that changes nothing readers see leaves the cache alone.
	other := `{"action":"workflow_stage_changed","story_id":581662420,"space_id":287419}`
	if err := p.Webhook(ctx, []byte(other), sign(other)); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Page(ctx, "about"); err != nil {
		t.Fatal(err)
	}
	if n := f.count("/v2/cdn/stories/about"); n != 2 {
		t.Fatalf("a workflow event invalidated the cache: %d fetches", n)
	}
}

// A preview link signed as Storyblok signs it grants a cookie; with it (content.Draft)
// the draft is read with the preview token, never from the cache; everyone else gets
// the published version.
func TestDraftForSignedEditorsOnly(t *testing.T) {
	f := newFake(t)
	p, clk := newProvider(t, f)
	ctx := context.Background()
	now := clk.now()
	stamp := strconv.FormatInt(now.Add(-10*time.Minute).Unix(), 10)
	tk := sha1.Sum([]byte("287419:" + previewToken + ":" + stamp))
	q := map[string]string{"_storyblok": "581662411", "_storyblok_tk[space_id]": "287419", "_storyblok_tk[timestamp]": stamp, "_storyblok_tk[token]": hex.EncodeToString(tk[:])}
	cookie, exp, ok := p.StartPreview(q, now)
	if !ok || !exp.Equal(now.Add(50*time.Minute)) || !p.Preview(cookie, now) {
		t.Fatalf("a good link: ok %v, expires %v", ok, exp)
	}
	if p.Preview(cookie, now.Add(51*time.Minute)) || p.Preview(cookie+"0", now) || p.Preview("9999999999.00", now) {
		t.Fatal("an expired or forged cookie is accepted")
	}
	bad := map[string]string{}
	for k, v := range q {
		bad[k] = v
	}
	bad["_storyblok_tk[space_id]"] = "1"
	if _, _, ok := p.StartPreview(bad, now); ok {
		t.Fatal("a link with a changed space id is accepted")
	}
	if _, _, ok := p.StartPreview(q, now.Add(time.Hour)); ok {
		t.Fatal("a link older than an hour is accepted")
	}

	pub, err := p.Page(ctx, "home")
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		draft, err := p.Page(content.WithDraft(ctx), "home")
		if err != nil {
			t.Fatal(err)
		}
		if got := blocks(t, draft)[0]["title"]; got != "Fried fresh. Every half hour." {
			t.Fatalf("draft hero title = %v", got)
		}
		if strings.Contains(asJSON(blocks(t, draft)), "_editable") {
			t.Fatal("Storyblok's editor markup leaked into the page")
		}
	}
	if q := f.lastQuery("/v2/cdn/stories/home"); !strings.Contains(q, "version=draft") || !strings.Contains(q, "token="+previewToken) {
		t.Fatalf("draft query: %s", q)
	}
	if n := f.count("/v2/cdn/stories/home"); n != 3 {
		t.Fatalf("home fetched %d times, want 3 (published once, each draft read)", n)
	}
	again, _ := p.Page(ctx, "home")
	if got := blocks(t, again)[0]["title"]; got != "Fried fresh. Every hour." || got != blocks(t, pub)[0]["title"] {
		t.Fatalf("a draft read changed what everyone sees: %v", got)
	}
}

// While Storyblok fails (5xx, 401, refused) a story read before is served from the
// last good copy; one never read is a fault.Unavailable, not a crash.
func TestStoryblokFailing(t *testing.T) {
	f := newFake(t)
	p, _ := newProvider(t, f)
	ctx := context.Background()
	if _, err := p.Page(ctx, "about"); err != nil {
		t.Fatal(err)
	}
	body := `{"action":"published","story_id":581662420,"space_id":287419}`
	for _, status := range []int{http.StatusInternalServerError, http.StatusUnauthorized, http.StatusServiceUnavailable} {
		f.status.Store(int64(status))
		if err := p.Webhook(ctx, []byte(body), sign(body)); err != nil { // a new cv: the cache misses
			t.Fatal(err)
		}
		pg, err := p.Page(ctx, "about")
		if err != nil || pg.Title != "About" {
			t.Fatalf("%d: the last good copy is served: %v %+v", status, err, pg)
		}
		_, err = p.Page(ctx, "catering")
		if !fault.Is(err, fault.Unavailable) {
			t.Fatalf("%d: a story never read: %v", status, err)
		}
		if _, err := p.Slugs(ctx); !fault.Is(err, fault.Unavailable) {
			t.Fatalf("%d: slugs: %v", status, err)
		}
	}
	f.Close() // refused connections
	if _, err := p.Page(ctx, "catering"); !fault.Is(err, fault.Unavailable) {
		t.Fatalf("refused: %v", err)
	}
	if _, err := p.Page(ctx, "about"); err != nil {
		t.Fatalf("refused: the last good copy: %v", err)
	}
}

// The slugs are every published story but folders and settings; the popups are the
// live ones of the popups story, mapped to ours.
func TestSlugsAndPopups(t *testing.T) {
	f := newFake(t)
	p, clk := newProvider(t, f)
	ctx := context.Background()
	slugs, err := p.Slugs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(slugs, ","); got != "about,catering,franchising,home,legal/privacy-policy" {
		t.Fatalf("slugs = %s", got)
	}
	if q := f.lastQuery("/v2/cdn/links"); !strings.Contains(q, "per_page=1000") || !strings.Contains(q, "cv=") {
		t.Fatalf("links query: %s", q)
	}
	pp, err := p.Popups(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got, w := asJSON(pp), `[{"id":"welcome","kind":"welcome","version":2,"title":"Welcome to Henhouse","text":"Pick a location to see its menu.",`+
		`"image":{"filename":"https://a.storyblok.com/f/287419/200x150/7c8d9e0f1a/chicken.svg","alt":"","width":200,"height":150},`+
		`"button":{"component":"button","text":"Find a Location","variant":"primary","size":"full","disabled":false,"link":{"cached_url":"locations","linktype":"story"}},`+
		`"show":"no-user","paths":["/"],"exclude":["/account","/checkout","/order"]},`+
		`{"id":"double-points","kind":"site","version":1,"title":"Double points on Tuesdays","text":"Members earn 20 points a dollar on Tuesdays.","show":"all","paths":["/"],`+
		`"starts_at":"2025-01-01T00:00:00Z","ends_at":"2030-12-31T23:59:00Z"}]`; got != w {
		t.Fatalf("popups:\n got %s\nwant %s", got, w)
	}
	clk.add(6 * 365 * 24 * time.Hour)
	pp, _ = p.Popups(ctx)
	if len(pp) != 1 || pp[0].ID != "welcome" {
		t.Fatalf("after the site popup ends: %+v", pp)
	}
	if n := f.count("/v2/cdn/stories/settings/popups"); n > 2 {
		t.Fatalf("popups story fetched %d times", n)
	}
}

// A signed webhook replayed is taken once: the copies are answered without busting
// the cache again, on this edge and any other. Different events close together bust
// once at once and once more when the interval ends, for the whole fleet.
func TestWebhookReplaysAndBurstsBustOnce(t *testing.T) {
	f := newFake(t)
	st := storetest.Embedded(t)
	clk := &clock{t: time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)}
	var later []func()
	edge := func() *Provider {
		p, err := New(Config{Token: pubToken, WebhookSecret: secret, BaseURL: f.URL, Store: st, Now: clk.now, Timeout: 2 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		p.afterFunc = func(d time.Duration, fn func()) {
			if d != DefaultWebhookDebounce {
				t.Errorf("trailing bust after %s, want %s", d, DefaultWebhookDebounce)
			}
			later = append(later, fn)
		}
		return p
	}
	a, b := edge(), edge()
	ctx := context.Background()
	busts := func() int { return f.count("/v2/cdn/spaces/me") }
	body := `{"text":"The user editor@henhouse.example published the Story About (about)","action":"published","space_id":287419,"story_id":581662420,"full_slug":"about"}`
	for i := range 200 {
		p := a
		if i%2 == 1 {
			p = b
		}
		if err := p.Webhook(ctx, []byte(body), sign(body)); err != nil {
			t.Fatalf("replay %d: %v", i, err)
		}
	}
	if n := busts(); n != 1 || len(later) != 0 {
		t.Fatalf("200 copies of one event: %d busts, %d trailing, want 1 and 0", n, len(later))
	}
	// Other events within the interval: no bust now, one trailing bust for them all.
	for i := range 5 {
		other := fmt.Sprintf(`{"action":"published","space_id":287419,"story_id":%d}`, i)
		if err := b.Webhook(ctx, []byte(other), sign(other)); err != nil {
			t.Fatal(err)
		}
	}
	if n := busts(); n != 1 || len(later) != 1 {
		t.Fatalf("a burst of events: %d busts, %d trailing, want 1 and 1", n, len(later))
	}
	later[0]()
	if n := busts(); n != 2 {
		t.Fatalf("after the trailing bust: %d busts, want 2", n)
	}
	// After the interval an event busts at once again; its copy still does not.
	st.Mini().FastForward(DefaultWebhookDebounce)
	next := `{"action":"unpublished","space_id":287419,"story_id":9}`
	for range 3 {
		if err := a.Webhook(ctx, []byte(next), sign(next)); err != nil {
			t.Fatal(err)
		}
	}
	if n := busts(); n != 3 || len(later) != 1 {
		t.Fatalf("after the interval: %d busts, %d trailing, want 3 and 1", n, len(later))
	}
}
