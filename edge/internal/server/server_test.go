package server

import (
	"context"
	"encoding/json"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/page"
)

// newTestServer builds an edge over a build directory with a shell entry and one
// published remote, on the embedded Redis.
func newTestServer(t *testing.T) *Server {
	t.Helper()
	return newTestServerWith(t, func(*Config) {})
}

func newTestServerWith(t testing.TB, edit func(*Config)) *Server {
	t.Helper()
	return newLoggingTestServer(t, edit, slog.New(slog.NewTextHandler(io.Discard, nil)))
}

// newLoggingTestServer is newTestServerWith writing its log to log.
func newLoggingTestServer(t testing.TB, edit func(*Config), log *slog.Logger) *Server {
	t.Helper()
	dir := t.TempDir()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "shell", "assets"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "shell", "entrypoints.json"), []byte(`{"js":["main.js"],"css":[],"buildId":"b1"}`), 0o644))
	must(os.WriteFile(filepath.Join(dir, "shell", "assets", "main.js"), []byte(`console.log(1)`), 0o644))
	must(os.WriteFile(filepath.Join(dir, "shell", "assets", "391.c680d74e.js"), []byte(`console.log(2)`), 0o644))
	for _, m := range []string{"mf-menu", "mf-content", "mf-locations", "mf-checkout", "mf-account"} {
		d := filepath.Join(dir, "modules", m, "1.0.0")
		must(os.MkdirAll(d, 0o755))
		man := `{"name":"` + strings.ReplaceAll(m, "-", "_") + `","metaData":{"remoteEntry":{"name":"remoteEntry.js","path":""}}}`
		must(os.WriteFile(filepath.Join(d, "mf-manifest.json"), []byte(man), 0o644))
		must(os.WriteFile(filepath.Join(d, "remoteEntry.js"), []byte(`var x=1`), 0o644))
	}
	cfg := Config{BuildDir: dir, BrandName: "Henhouse", BrandSlug: "henhouse", AppPrefix: "t", Environment: "prod", BodyLimit: 4096, PasswordCost: 4}
	edit(&cfg)
	s, err := New(context.Background(), cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if tt, ok := t.(*testing.T); ok { // a fuzz target checks its own answers
		checkAPIAnswers(tt, s)
	}
	return s
}

var bootRe = regexp.MustCompile(`(?s)<script id="bootstrap" type="application/json"[^>]*>(.*?)</script>`)

func get(t *testing.T, s *Server, path string) (*http.Response, string) {
	t.Helper()
	req := httptest.NewRequest("GET", "/", nil)
	req.URL.Opaque = path // sent as is, so malformed escapes reach the edge
	resp, err := s.App.Test(req, fiber.TestConfig{Timeout: 10 * time.Second, FailOnTimeout: true})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func bootstrapOf(t *testing.T, body string) page.Bootstrap {
	t.Helper()
	m := bootRe.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no bootstrap in %q", body)
	}
	var b page.Bootstrap
	if err := json.Unmarshal([]byte(m[1]), &b); err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPages(t *testing.T) {
	s := newTestServer(t)
	cases := []struct {
		path, route, module, layout, heading string
		status                               int
	}{
		{"/", "home", "mf-content", "default", "Page home", 200},
		{"/account/signin/", "account-signin", "mf-account", "default", "Page account signin", 200},
		{"/locations/ky/louisville", "locations-browse", "mf-locations", "default", "Page locations ky louisville", 200},
		{"/order/checkout", "checkout", "mf-checkout", "minimal", "Page order checkout", 200},
		{"/app/checkout", "app-checkout", "mf-checkout", "app", "Page app checkout", 200},
		{"/app/signin", "app-signin", "mf-account", "app", "Page app signin", 200},
		{"/account/signin?webview=0", "account-signin", "mf-account", "default", "Page account signin", 200},
		{"/henhouse-louisville-jobs", "jobs", "mf-content", "default", "Page henhouse-louisville-jobs", 200},
		{"/catering", "content", "mf-content", "default", "Page catering", 200},
		{"/nutrition-and-allergen/", "content", "mf-content", "default", "Page nutrition-and-allergen", 200},
		{"/no-such-page", "not-found", "shell", "default", "Page 404", 404},
		{"/404", "not-found", "shell", "default", "Page 404", 404},
		{"/menu/%zz", "not-found", "shell", "default", "Page 404", 404},
		{"/menu/m-texas", "menu", "mf-menu", "default", "Menu page: Henhouse Dallas", 200},
		{"/menu/m-nope", "not-found", "shell", "default", "Page 404", 404},
		{"/menu/m-standard/category/sides", "menu-category", "mf-menu", "default", "Category page: Sides", 200},
		{"/menu/m-standard/category/nope", "not-found", "shell", "default", "Page 404", 404},
		{"/menu/m-texas/product/brisket-sandwich", "menu-product", "mf-menu", "default", "Product page: Chicken & Brisket Stack", 200},
		{"/menu/m-standard/product/brisket-sandwich", "not-found", "shell", "default", "Page 404", 404},
		{"/" + strings.Repeat("x", 1100), "not-found", "shell", "default", "Page 404", 404},
	}
	for _, tc := range cases {
		resp, body := get(t, s, tc.path)
		if resp.StatusCode != tc.status {
			t.Errorf("%s: status %d, want %d", tc.path, resp.StatusCode, tc.status)
			continue
		}
		b := bootstrapOf(t, body)
		if b.Route.ID != tc.route || b.Route.Module != tc.module || string(b.Layout) != tc.layout || b.Heading != tc.heading || b.Status != tc.status {
			t.Errorf("%s: route=%s module=%s layout=%s heading=%q status=%d", tc.path, b.Route.ID, b.Route.Module, b.Layout, b.Heading, b.Status)
		}
		if !strings.Contains(body, `<h1 class="visually-hidden">`+html.EscapeString(tc.heading)+`</h1>`) {
			t.Errorf("%s: document lacks the page heading", tc.path)
		}
		if !strings.Contains(body, `<meta name="theme-color" content="#000">`) {
			t.Errorf("%s: no theme colour", tc.path)
		}
		if b.Modules["mf-menu"].Manifest != "/modules/mf-menu/1.0.0/mf-manifest.json" || len(b.Routes) < 25 {
			t.Errorf("%s: modules/routes missing from bootstrap", tc.path)
		}
		if b.Config.AppVersion != "6.7.2" || b.Config.TokenVersion != "1" || b.Config.Environment != "prod" {
			t.Errorf("%s: config %+v", tc.path, b.Config)
		}
	}
}

func TestRedirectAndHeaders(t *testing.T) {
	s := newTestServer(t)
	resp, _ := get(t, s, "/checkout/order?store=clear")
	if resp.StatusCode != 302 || resp.Header.Get("Location") != "/order/checkout?store=clear" {
		t.Fatalf("redirect: %d %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	// The sign-in's webview variant: ?webview=1 goes to /app/signin, the rest of the
	// query kept as it was written.
	for path, want := range map[string]string{
		"/account/signin?webview=1":                                  "/app/signin",
		"/account/signin/?return=%2Fapp%2Fsubscribe&webview=1&x=a+b": "/app/signin?return=%2Fapp%2Fsubscribe&x=a+b",
	} {
		resp, _ = get(t, s, path)
		if resp.StatusCode != 302 || resp.Header.Get("Location") != want {
			t.Errorf("%s: %d %q, want 302 %q", path, resp.StatusCode, resp.Header.Get("Location"), want)
		}
	}
	resp, _ = get(t, s, "/modules/mf-menu/1.0.0/mf-manifest.json")
	if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("manifest: %d %q", resp.StatusCode, resp.Header.Get("Cache-Control"))
	}
	resp, _ = get(t, s, "/modules/mf-menu/1.0.0/remoteEntry.js")
	if !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("remote entry: %q", resp.Header.Get("Cache-Control"))
	}
	resp, _ = get(t, s, "/modules/mf-menu/9.9.9/remoteEntry.js")
	if resp.StatusCode != 404 {
		t.Fatalf("unknown version: %d", resp.StatusCode)
	}
	resp, _ = get(t, s, "/modules/../../etc/passwd")
	if resp.StatusCode == 200 {
		t.Fatal("path traversal served a file")
	}
	resp, _ = get(t, s, "/assets/391.c680d74e.js")
	if !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("hashed asset: %q", resp.Header.Get("Cache-Control"))
	}
	resp, _ = get(t, s, "/assets/main.js")
	if resp.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("entry asset: %q", resp.Header.Get("Cache-Control"))
	}
}

func TestHealthAndAPIErrors(t *testing.T) {
	s := newTestServer(t)
	resp, body := get(t, s, "/healthz")
	if resp.StatusCode != 200 || !strings.Contains(body, `"ok"`) {
		t.Fatalf("healthz: %d %s", resp.StatusCode, body)
	}
	resp, body = get(t, s, "/readyz")
	if resp.StatusCode != 200 || !strings.Contains(body, `"embedded":true`) {
		t.Fatalf("readyz: %d %s", resp.StatusCode, body)
	}
	resp, body = get(t, s, "/api/nope")
	if resp.StatusCode != 404 || !strings.Contains(body, `"code":"not_found"`) {
		t.Fatalf("api 404: %d %s", resp.StatusCode, body)
	}
	resp, body = get(t, s, "/api/content/pages/catering")
	if resp.StatusCode != 200 || !strings.Contains(body, `"slug":"catering"`) {
		t.Fatalf("content: %d %s", resp.StatusCode, body)
	}
	resp, body = get(t, s, "/api/content/pages/nope")
	if resp.StatusCode != 404 || !strings.Contains(body, "This page could not be found") {
		t.Fatalf("content 404: %d %s", resp.StatusCode, body)
	}
	// Storage down: readyz says so with 503, /api answers 503 storage_unavailable
	// with Retry-After, and pages still render.
	s.Store.Mini().Close()
	resp, _ = get(t, s, "/readyz")
	if resp.StatusCode != 503 {
		t.Fatalf("readyz with storage down: %d", resp.StatusCode)
	}
	for range 5 { // before and after the breaker opens
		resp, body = get(t, s, "/api/cart")
		if resp.StatusCode != 503 || !strings.Contains(body, `"code":"storage_unavailable"`) || resp.Header.Get("Retry-After") == "" {
			t.Fatalf("api with storage down: %d %s Retry-After %q", resp.StatusCode, body, resp.Header.Get("Retry-After"))
		}
		resp, body = get(t, s, "/menu/m-texas")
		if resp.StatusCode != 200 || bootstrapOf(t, body).Modules["mf-menu"].Version != "1.0.0" {
			t.Fatalf("page with storage down: %d", resp.StatusCode)
		}
	}
}

func TestConfigFromEnvRejectsBadValues(t *testing.T) {
	for k, v := range map[string]string{"PORT": "eighty", "COOKIE_SECURE": "maybe", "BRAND_SLUG": "hen-house", "BODY_LIMIT": "10"} {
		t.Setenv(k, v)
		if _, err := ConfigFromEnv(); err == nil {
			t.Errorf("%s=%s: want an error", k, v)
		}
		t.Setenv(k, "")
	}
	if c, err := ConfigFromEnv(); err != nil || c.Port != 8080 || !c.CookieSecure || c.AppPrefix != "henhouse" {
		t.Fatalf("defaults: %+v %v", c, err)
	}
}
