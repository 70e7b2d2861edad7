package server

import (
	"crypto/hmac"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
)

// The recorded Storyblok answers the provider's own tests replay.
const storyblokData = "../providers/content/storyblok/testdata"

const (
	sbToken   = "pub-token"
	sbPreview = "preview-token"
	sbSecret  = "hook-secret"
)

// fakeStoryblok replays the recorded Content Delivery API answers and counts calls.
type fakeStoryblok struct {
	*httptest.Server
	mu    sync.Mutex
	calls map[string]int
}

func newFakeStoryblok(t *testing.T) *fakeStoryblok {
	f := &fakeStoryblok{calls: map[string]int{}}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.calls[r.URL.Path]++
		f.mu.Unlock()
		q := r.URL.Query()
		if want := map[bool]string{true: sbPreview, false: sbToken}[q.Get("version") == "draft"]; q.Get("token") != want {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		file := ""
		switch p := r.URL.Path; {
		case p == "/v2/cdn/spaces/me":
			file = "spaces_me.json"
		case p == "/v2/cdn/links":
			file = "links.json"
		case strings.HasPrefix(p, "/v2/cdn/stories/"):
			slug := strings.ReplaceAll(strings.TrimPrefix(p, "/v2/cdn/stories/"), "/", "__")
			file = filepath.Join("stories", slug+".json")
			if d := filepath.Join("stories", slug+".draft.json"); q.Get("version") == "draft" && fileExists(filepath.Join(storyblokData, d)) {
				file = d
			}
		}
		b, err := os.ReadFile(filepath.Join(storyblokData, file))
		if file == "" || err != nil {
			w.WriteHeader(http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(b)
	}))
	t.Cleanup(f.Close)
	return f
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

func (f *fakeStoryblok) count(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[path]
}

func newStoryblokServer(t *testing.T, f *fakeStoryblok) *Server {
	return newTestServerWith(t, func(c *Config) {
		c.ContentProvider = "storyblok"
		c.Storyblok = StoryblokConfig{Token: sbToken, PreviewToken: sbPreview, WebhookSecret: sbSecret, APIURL: f.URL,
			CVInterval: time.Minute, CacheTTL: time.Hour}
	})
}

func do(t *testing.T, s *Server, req *http.Request) (*http.Response, string) {
	t.Helper()
	resp, err := s.App.Test(req, fiber.TestConfig{Timeout: 10 * time.Second, FailOnTimeout: true})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// A Storyblok story is a page of the site: its path is a 200 page described by the
// story's SEO description, its blocks are served by the content API (and checked
// against the contract), and a slug Storyblok does not have is the 404 page.
func TestStoryblokPages(t *testing.T) {
	f := newFakeStoryblok(t)
	s := newStoryblokServer(t, f)
	for _, c := range []struct{ path, title, description string }{
		{"/franchising", "<title>Franchising | Henhouse</title>", `<meta name="description" content="Own a Henhouse.">`},
		{"/about", "<title>About | Henhouse</title>", `<meta name="description" content="About Henhouse.">`},
		{"/", "<title>Henhouse</title>", `<meta name="description" content="Hand-breaded fried chicken, made fresh all day.`},
	} {
		resp, body := get(t, s, c.path)
		if resp.StatusCode != 200 || !strings.Contains(body, c.title) || !strings.Contains(body, c.description) {
			t.Errorf("%s: %d, want %q and %q in\n%.900s", c.path, resp.StatusCode, c.title, c.description, body)
		}
	}
	if resp, body := get(t, s, "/no-such-story"); resp.StatusCode != 404 || !strings.Contains(body, "Page not found") {
		t.Errorf("a story Storyblok does not have: %d", resp.StatusCode)
	}
	g := newGuest(t, s)
	slugs := g.ok("GET", "/api/content/slugs", "", 200)["slugs"].([]any)
	if len(slugs) != 5 {
		t.Fatalf("slugs = %v", slugs)
	}
	for _, slug := range slugs {
		if slug == "legal/privacy-policy" {
			continue // listed by links.json, not recorded as a story
		}
		g.ok("GET", "/api/content/pages/"+slug.(string), "", 200)
	}
	home := g.ok("GET", "/api/content/pages", "", 200)
	if b := home["blocks"].([]any); len(b) != 5 || b[0].(map[string]any)["title"] != "Fried fresh. Every hour." {
		t.Fatalf("home blocks = %v", b)
	}
	if pp := g.ok("GET", "/api/content/popups", "", 200)["popups"].([]any); len(pp) == 0 {
		t.Fatal("no popups")
	}
	g.ok("GET", "/api/content/pages/no-such-story", "", 404)
	// The page's policy lets Storyblok's images load.
	resp, _ := get(t, s, "/about")
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "img-src 'self' data: blob: https://*.storyblok.com") {
		t.Fatalf("policy: %s", csp)
	}
}

func webhook(t *testing.T, s *Server, body, sig string) (*http.Response, string) {
	t.Helper()
	req := httptest.NewRequest("POST", "/api/cms/webhook", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if sig != "" {
		req.Header.Set("webhook-signature", sig)
	}
	return do(t, s, req)
}

// Storyblok's webhook needs no session or CSRF token but a good signature: with one,
// the next read of a story asks Storyblok again; without, it is a 401 in our error
// shape. With the built-in content there is no webhook.
func TestStoryblokWebhook(t *testing.T) {
	f := newFakeStoryblok(t)
	s := newStoryblokServer(t, f)
	g := newGuest(t, s)
	g.ok("GET", "/api/content/pages/about", "", 200)
	g.ok("GET", "/api/content/pages/about", "", 200)
	if n := f.count("/v2/cdn/stories/about"); n != 1 {
		t.Fatalf("about fetched %d times before the webhook, want 1", n)
	}
	body := `{"text":"The user editor@henhouse.example published the Story About (about)","action":"published","space_id":287419,"story_id":581662420}`
	mac := hmac.New(sha1.New, []byte(sbSecret))
	mac.Write([]byte(body))
	good := hex.EncodeToString(mac.Sum(nil))
	for _, sig := range []string{"", strings.Repeat("0", 40), good[:39] + "x"} {
		resp, out := webhook(t, s, body, sig)
		var e struct {
			Error struct{ Code, Message string }
		}
		if resp.StatusCode != 401 || json.Unmarshal([]byte(out), &e) != nil || e.Error.Code != "bad_signature" || e.Error.Message == "" {
			t.Fatalf("signature %q: %d %s", sig, resp.StatusCode, out)
		}
	}
	g.ok("GET", "/api/content/pages/about", "", 200)
	if n := f.count("/v2/cdn/stories/about"); n != 1 {
		t.Fatalf("a bad signature invalidated the cache: %d fetches", n)
	}
	if resp, out := webhook(t, s, body, good); resp.StatusCode != 200 || !strings.Contains(out, `"received":true`) {
		t.Fatalf("good signature: %d %s", resp.StatusCode, out)
	}
	g.ok("GET", "/api/content/pages/about", "", 200)
	if n := f.count("/v2/cdn/stories/about"); n != 2 {
		t.Fatalf("after the webhook about was fetched %d times, want 2", n)
	}

	// Unmounted, the path is like any unknown POST: refused by the CSRF check.
	builtin := newTestServer(t)
	for _, r := range builtin.App.GetRoutes(true) {
		if r.Path == "/api/cms/webhook" {
			t.Fatal("built-in content mounts the webhook")
		}
	}
	if resp, _ := webhook(t, builtin, body, good); resp.StatusCode == 200 {
		t.Fatal("built-in content: the webhook answers 200")
	}
}

// An editor who opens the site from Storyblok's editor (a signed preview link) gets
// the preview cookie and sees the draft, never kept by a cache; everyone else, and a
// forged link, gets the published page.
func TestStoryblokPreview(t *testing.T) {
	f := newFakeStoryblok(t)
	s := newStoryblokServer(t, f)
	stamp := strconv.FormatInt(time.Now().Add(-time.Minute).Unix(), 10)
	tk := sha1.Sum([]byte("287419:" + sbPreview + ":" + stamp))
	link := func(token string) string {
		q := url.Values{"_storyblok": {"581662411"}, "_storyblok_tk[space_id]": {"287419"}, "_storyblok_tk[timestamp]": {stamp}, "_storyblok_tk[token]": {token}}
		return "/?" + q.Encode()
	}
	resp, _ := get(t, s, link(strings.Repeat("ab", 20)))
	if _, set := cookieOf(resp, PreviewCookie); set {
		t.Fatal("a forged preview link got the cookie")
	}
	resp, _ = get(t, s, link(hex.EncodeToString(tk[:])))
	cookie, set := cookieOf(resp, PreviewCookie)
	if resp.StatusCode != 200 || !set {
		t.Fatalf("a signed preview link: %d, cookie set %v", resp.StatusCode, set)
	}
	title := func(cookies ...string) (string, string) {
		req := httptest.NewRequest("GET", "/api/content/pages", nil)
		if len(cookies) > 0 {
			req.Header.Set("Cookie", strings.Join(cookies, "; "))
		}
		resp, body := do(t, s, req)
		var pg struct {
			Blocks []struct{ Title string }
		}
		if resp.StatusCode != 200 || json.Unmarshal([]byte(body), &pg) != nil || len(pg.Blocks) == 0 {
			t.Fatalf("home: %d %s", resp.StatusCode, body)
		}
		return pg.Blocks[0].Title, resp.Header.Get("Cache-Control")
	}
	if got, cc := title(PreviewCookie + "=" + cookie); got != "Fried fresh. Every half hour." || cc != "private, no-store" {
		t.Fatalf("editor: %q, Cache-Control %q", got, cc)
	}
	if got, cc := title(); got != "Fried fresh. Every hour." || !strings.HasPrefix(cc, "public") {
		t.Fatalf("guest: %q, Cache-Control %q", got, cc)
	}
	if got, _ := title(PreviewCookie + "=" + cookie + "0"); got != "Fried fresh. Every hour." {
		t.Fatalf("a forged cookie saw the draft: %q", got)
	}
}

// A Storyblok setting that cannot work stops the edge at start, naming the variable.
func TestContentConfigFromEnv(t *testing.T) {
	keys := []string{"CONTENT_PROVIDER", "STORYBLOK_TOKEN", "STORYBLOK_PREVIEW_TOKEN", "STORYBLOK_API_URL", "STORYBLOK_WEBHOOK_SECRET", "STORYBLOK_CV_INTERVAL", "STORYBLOK_CACHE_TTL"}
	clear := func() {
		for _, k := range keys {
			t.Setenv(k, "")
		}
	}
	clear()
	c, err := ConfigFromEnv()
	if err != nil || c.ContentProvider != "builtin" {
		t.Fatalf("default: %q %v", c.ContentProvider, err)
	}
	t.Setenv("CONTENT_PROVIDER", "storyblok")
	t.Setenv("STORYBLOK_TOKEN", "pub")
	c, err = ConfigFromEnv()
	if err != nil || c.Storyblok.APIURL != "https://api.storyblok.com" || c.Storyblok.CVInterval != time.Minute || c.Storyblok.CacheTTL != time.Hour {
		t.Fatalf("storyblok defaults: %+v %v", c.Storyblok, err)
	}
	t.Setenv("STORYBLOK_API_URL", "https://api-us.storyblok.com/")
	t.Setenv("STORYBLOK_CV_INTERVAL", "30")
	if c, err = ConfigFromEnv(); err != nil || c.Storyblok.APIURL != "https://api-us.storyblok.com" || c.Storyblok.CVInterval != 30*time.Second {
		t.Fatalf("us region, 30 s: %+v %v", c.Storyblok, err)
	}
	for _, bad := range []struct{ env map[string]string }{
		{map[string]string{"CONTENT_PROVIDER": "contentful"}},
		{map[string]string{"CONTENT_PROVIDER": "", "STORYBLOK_TOKEN": "pub"}},
		{map[string]string{"CONTENT_PROVIDER": "", "STORYBLOK_WEBHOOK_SECRET": "s"}},
		{map[string]string{"STORYBLOK_TOKEN": ""}},
		{map[string]string{"STORYBLOK_PREVIEW_TOKEN": "pub"}},
		{map[string]string{"STORYBLOK_API_URL": "http://api.storyblok.com"}},
		{map[string]string{"STORYBLOK_API_URL": "https://api.storyblok.com/v2/cdn"}},
		{map[string]string{"STORYBLOK_API_URL": "api.storyblok.com"}},
		{map[string]string{"STORYBLOK_CV_INTERVAL": "0"}},
		{map[string]string{"STORYBLOK_CACHE_TTL": "1h"}},
	} {
		clear()
		t.Setenv("CONTENT_PROVIDER", "storyblok")
		t.Setenv("STORYBLOK_TOKEN", "pub")
		for k, v := range bad.env {
			t.Setenv(k, v)
		}
		_, err := ConfigFromEnv()
		named := false
		for k := range bad.env {
			named = named || err != nil && strings.Contains(err.Error(), k)
		}
		if !named {
			t.Errorf("%v: want an error naming the setting, got %v", bad.env, err)
		}
	}
	clear()
	t.Setenv("APP_ENV", "dev")
	t.Setenv("CONTENT_PROVIDER", "storyblok")
	t.Setenv("STORYBLOK_TOKEN", "pub")
	t.Setenv("STORYBLOK_API_URL", "http://127.0.0.1:9000")
	if _, err := ConfigFromEnv(); err != nil {
		t.Fatalf("http outside prod: %v", err)
	}
}

// With previews on, Storyblok's visual editor may frame the pages; without, only this
// origin may (and X-Frame-Options says so to browsers that do not know the policy).
func TestStoryblokEditorMayFrameThePages(t *testing.T) {
	f := newFakeStoryblok(t)
	for _, tc := range []struct {
		preview    string
		ancestors  string
		xFrameOpts string
	}{
		{sbPreview, "frame-ancestors 'self' https://app.storyblok.com;", ""},
		{"", "frame-ancestors 'self';", "SAMEORIGIN"},
	} {
		s := newTestServerWith(t, func(c *Config) {
			c.ContentProvider = "storyblok"
			c.Storyblok = StoryblokConfig{Token: sbToken, PreviewToken: tc.preview, APIURL: f.URL, CVInterval: time.Minute, CacheTTL: time.Hour}
		})
		resp, _ := do(t, s, httptest.NewRequest(http.MethodGet, "/about", nil))
		if p := resp.Header.Get("Content-Security-Policy"); !strings.Contains(p, tc.ancestors) {
			t.Errorf("preview %q: policy %q, want %q", tc.preview, p, tc.ancestors)
		}
		if got := resp.Header.Get("X-Frame-Options"); got != tc.xFrameOpts {
			t.Errorf("preview %q: X-Frame-Options %q, want %q", tc.preview, got, tc.xFrameOpts)
		}
	}
}
