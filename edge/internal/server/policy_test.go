package server

import (
	"encoding/base64"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
)

var (
	policyNonce = regexp.MustCompile(`script-src 'nonce-([A-Za-z0-9_-]+)' 'strict-dynamic'`)
	// Every element that may run or apply code: scripts, styles, and script preloads.
	codeTag  = regexp.MustCompile(`(?is)<(?:script|style)\b[^>]*>|<link\b[^>]*\bas="script"[^>]*>`)
	nonceAtt = regexp.MustCompile(`\bnonce="([^"]*)"`)
)

// writeOfflinePage writes an offline page with inline code, as the shell's build does.
func writeOfflinePage(t *testing.T, buildDir string) {
	t.Helper()
	writePWAFiles(t, buildDir, `self.addEventListener("fetch",()=>{})`)
	page := "<!doctype html><style>body{margin:0}</style><h1>You're offline</h1><script>\n  addEventListener('online', () => location.reload());\n</script>"
	if err := os.WriteFile(filepath.Join(buildDir, "shell", "static", "offline.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkPagePolicy checks that an HTML response has the page policy, that its nonce is
// random enough, and that every script, style and script preload in the body carries it.
// It answers the nonce.
func checkPagePolicy(t *testing.T, path string, header map[string]string, body string) string {
	t.Helper()
	policy := header["Content-Security-Policy"]
	m := policyNonce.FindStringSubmatch(policy)
	if m == nil {
		t.Fatalf("%s: no nonce policy: %q", path, policy)
	}
	nonce := m[1]
	if b, err := base64.RawURLEncoding.DecodeString(nonce); err != nil || len(b) < 16 {
		t.Fatalf("%s: nonce %q is not 128 random bits", path, nonce)
	}
	for _, want := range []string{"style-src 'self' 'nonce-" + nonce + "'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'self'",
		"form-action 'self'", "frame-src 'self'", "worker-src 'self'", "manifest-src 'self'", "report-uri /csp-report"} {
		if !strings.Contains(policy, want) {
			t.Errorf("%s: policy lacks %q: %s", path, want, policy)
		}
	}
	if header["X-Frame-Options"] != "SAMEORIGIN" {
		t.Errorf("%s: X-Frame-Options %q", path, header["X-Frame-Options"])
	}
	// report-to and its endpoint only over HTTPS (csp.NewPolicy).
	secure := header["Strict-Transport-Security"] != ""
	if hasReportTo := strings.Contains(policy, "report-to csp-endpoint"); hasReportTo != secure ||
		(header["Reporting-Endpoints"] == `csp-endpoint="/csp-report"`) != secure {
		t.Errorf("%s: secure %v, policy %q, Reporting-Endpoints %q", path, secure, policy, header["Reporting-Endpoints"])
	}
	tags := codeTag.FindAllString(body, -1)
	if len(tags) == 0 {
		t.Fatalf("%s: no script or style in %s", path, body)
	}
	for _, tag := range tags {
		if n := nonceAtt.FindStringSubmatch(tag); n == nil || n[1] != nonce {
			t.Errorf("%s: %s does not carry the nonce %s", path, tag, nonce)
		}
	}
	return nonce
}

func headersOf(resp interface{ Values(string) []string }, names ...string) map[string]string {
	h := map[string]string{}
	for _, n := range names {
		h[n] = strings.Join(resp.Values(n), ", ")
	}
	return h
}

var securityHeaderNames = []string{"Content-Security-Policy", "Reporting-Endpoints", "X-Frame-Options", "Strict-Transport-Security", "Content-Type"}

func TestEveryHTMLPageHasAPolicyWithItsNonce(t *testing.T) {
	s := newDevServer(t)
	writeOfflinePage(t, s.cfg.BuildDir)
	// Pages of every kind: content, a remote's screen, checkout, the 404 page, the
	// developer's outbox.
	for _, path := range []string{"/", "/menu/m-texas", "/order/checkout", "/locations/ky/louisville", "/no-such-page", "/menu/%zz", "/dev/outbox"} {
		resp, body := get(t, s, path)
		h := headersOf(resp.Header, securityHeaderNames...)
		if !strings.HasPrefix(h["Content-Type"], "text/html") {
			t.Fatalf("%s: %d %q", path, resp.StatusCode, h["Content-Type"])
		}
		first := checkPagePolicy(t, path, h, body)
		resp, body = get(t, s, path)
		if again := checkPagePolicy(t, path, headersOf(resp.Header, securityHeaderNames...), body); again == first {
			t.Errorf("%s: two responses share the nonce %s", path, first)
		}
	}

	// The offline page is kept by the service worker, so its policy names its inline
	// code by hash instead of a nonce.
	resp, _ := request(t, s, "GET", "/offline.html", nil)
	policy := resp.Header.Get("Content-Security-Policy")
	if !strings.Contains(policy, "script-src 'sha256-") || !strings.Contains(policy, "style-src 'self' 'sha256-") ||
		strings.Contains(policy, "nonce-") || strings.Contains(policy, "unsafe-inline") || !strings.Contains(policy, "report-uri /csp-report") {
		t.Errorf("offline page policy: %q", policy)
	}
	if again, _ := request(t, s, "GET", "/offline.html", nil); again.Header.Get("Content-Security-Policy") != policy {
		t.Errorf("offline page policy changes between responses")
	}

	// Pages with a policy of their own keep it: the card frame and the sign-in
	// provider's page.
	dir := filepath.Join(s.cfg.BuildDir, "payments", "2.8.0")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "frame.js"), []byte("/* frame */"), 0o644); err != nil {
		t.Fatal(err)
	}
	if resp, _ := request(t, s, "GET", "/payments/2.8.0/fields", nil); resp.Header.Get("Content-Security-Policy") != fieldsPolicy {
		t.Errorf("card frame policy: %q", resp.Header.Get("Content-Security-Policy"))
	}
	resp, body := request(t, s, "GET", "/loyalty/authorize?client_id=henhouse-web&redirect_uri=/app/code&state=s1&response_type=code", nil)
	// Its scripts are the bot check's, from this origin, and its own inline one by hash.
	if policy := resp.Header.Get("Content-Security-Policy"); resp.StatusCode != 200 || !strings.HasPrefix(policy, "default-src 'none'") ||
		!strings.Contains(policy, "script-src 'sha256-") || strings.Contains(policy, "unsafe") || !strings.Contains(body, `src="/botcheck/enterprise.js`) {
		t.Errorf("authorize page: %d %q", resp.StatusCode, policy)
	}

	// Files and JSON are not pages.
	for _, path := range []string{"/assets/main.js", "/modules/mf-menu/1.0.0/mf-manifest.json", "/api/content/pages/catering", "/healthz"} {
		if resp, _ := request(t, s, "GET", path, nil); resp.Header.Get("Content-Security-Policy") != "" {
			t.Errorf("%s has a page policy", path)
		}
	}
}

func TestPagePolicyNamesTileServerAndReCAPTCHA(t *testing.T) {
	s := newTestServerWith(t, func(c *Config) { c.MapTileURL = "https://{s}.tiles.example.com:8443/{z}/{x}/{y}.png" })
	resp, _ := request(t, s, "GET", "/locations", nil)
	policy := resp.Header.Get("Content-Security-Policy")
	if !strings.Contains(policy, "img-src 'self' data: blob: https://*.tiles.example.com:8443;") || strings.Contains(policy, "google") {
		t.Fatalf("policy with tiles: %s", policy)
	}
	src := pageSources(Config{}, true)
	if strings.Join(src.Frame, " ") != "https://www.google.com https://recaptcha.google.com" ||
		strings.Join(src.Connect, " ") != "https://www.google.com https://www.gstatic.com" || len(src.Img) != 1 {
		t.Fatalf("reCAPTCHA sources: %+v", src)
	}
	if src := pageSources(Config{}, false); len(src.Img)+len(src.Connect)+len(src.Frame) != 0 {
		t.Fatalf("built-in bot check needs no sources: %+v", src)
	}
}

func TestTileSource(t *testing.T) {
	for tmpl, want := range map[string]string{
		"": "",
		"https://tiles.example.com/{z}/{x}/{y}.png":   "https://tiles.example.com",
		"HTTPS://Tiles.Example.com/{z}/{x}/{y}":       "https://tiles.example.com",
		"http://127.0.0.1:9000/t/{z}/{x}/{y}.png":     "http://127.0.0.1:9000",
		"https://{s}.tile.example.org/{z}/{x}/{y}":    "https://*.tile.example.org",
		"https://tiles-{s}.example.org/{z}/{x}/{y}":   "https:",
		"https://a.{s}.example.org/{z}/{x}/{y}.png":   "https:",
		"https://tiles.example.com?z={z}&x={x}&y={y}": "https://tiles.example.com",
	} {
		if got := tileSource(tmpl); got != want {
			t.Errorf("tileSource(%q) = %q, want %q", tmpl, got, want)
		}
	}
}

func TestHSTSOnlyWhenSecure(t *testing.T) {
	secure := newTestServerWith(t, func(c *Config) { c.CookieSecure = true })
	for _, path := range []string{"/", "/healthz", "/assets/main.js", "/api/content/pages/catering"} {
		if resp, _ := request(t, secure, "GET", path, nil); resp.Header.Get("Strict-Transport-Security") != "max-age=63072000; includeSubDomains" {
			t.Errorf("secure %s: HSTS %q", path, resp.Header.Get("Strict-Transport-Security"))
		}
	}
	resp, body := request(t, secure, "GET", "/menu/m-texas", nil)
	checkPagePolicy(t, "secure /menu/m-texas", headersOf(resp.Header, securityHeaderNames...), body)
	plain := newTestServer(t) // COOKIE_SECURE=false, as make run
	for _, path := range []string{"/", "/healthz"} {
		if resp, _ := request(t, plain, "GET", path, nil); resp.Header.Get("Strict-Transport-Security") != "" {
			t.Errorf("plain HTTP %s: HSTS %q", path, resp.Header.Get("Strict-Transport-Security"))
		}
	}
}

// TestCSPReportEndpoint: browsers post reports with no CSRF token, from the page's
// origin or none; the endpoint counts them and /readyz shows the counts.
func TestCSPReportEndpoint(t *testing.T) {
	s := newTestServer(t)
	send := func(contentType, body string) (int, string) {
		req := httptest.NewRequest("POST", "/csp-report", strings.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("Origin", "https://elsewhere.example")
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		resp, err := s.App.Test(req, fiber.TestConfig{Timeout: 10 * time.Second, FailOnTimeout: true})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		buf := make([]byte, 4096)
		for {
			n, err := resp.Body.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
		}
		if len(resp.Header.Values("Set-Cookie")) > 0 {
			t.Errorf("report answer sets cookies: %v", resp.Header.Values("Set-Cookie"))
		}
		return resp.StatusCode, b.String()
	}
	if st, body := send("application/csp-report", `{"csp-report":{"effective-directive":"script-src-elem","blocked-uri":"inline"}}`); st != 204 {
		t.Fatalf("report-uri report: %d %s", st, body)
	}
	if st, body := send("application/reports+json", `[{"type":"csp-violation","body":{"effectiveDirective":"style-src-elem","blockedURL":"inline"}}]`); st != 204 {
		t.Fatalf("Reporting API report: %d %s", st, body)
	}
	if st, body := send("application/csp-report", `<html>`); st != 400 || !strings.Contains(body, `{"error":{"code":"invalid_report"`) {
		t.Fatalf("junk: %d %s", st, body)
	}
	_, body := request(t, s, "GET", "/readyz", nil)
	var ready struct {
		CSP struct {
			Violations  uint64            `json:"violations"`
			ByDirective map[string]uint64 `json:"byDirective"`
		} `json:"csp"`
	}
	if err := json.Unmarshal([]byte(body), &ready); err != nil || ready.CSP.Violations != 2 ||
		ready.CSP.ByDirective["script-src-elem"] != 1 || ready.CSP.ByDirective["style-src-elem"] != 1 {
		t.Fatalf("readyz: %s", body)
	}
}
