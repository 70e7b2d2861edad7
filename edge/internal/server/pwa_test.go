package server

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
)

// writePWAFiles writes what the shell's build writes for the installable web app.
func writePWAFiles(t *testing.T, buildDir, worker string) {
	t.Helper()
	shell := filepath.Join(buildDir, "shell")
	if err := os.MkdirAll(filepath.Join(shell, "static"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"sw.js":                       worker,
		"static/manifest.webmanifest": `{"name":"Henhouse","start_url":"/","scope":"/"}`,
		"static/offline.html":         `<!doctype html><h1>You're offline</h1>`,
	} {
		if err := os.WriteFile(filepath.Join(shell, filepath.FromSlash(name)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func request(t *testing.T, s *Server, method, path string, header map[string]string) (*http.Response, string) {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := s.App.Test(req, fiber.TestConfig{Timeout: 10 * time.Second, FailOnTimeout: true})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func TestPWAFiles(t *testing.T) {
	s := newTestServer(t)
	writePWAFiles(t, s.cfg.BuildDir, `self.addEventListener("fetch",()=>{})`)
	cases := []struct {
		path, contentType, cacheControl, body string
	}{
		{"/sw.js", "application/javascript", "no-cache", `self.addEventListener`},
		{"/manifest.webmanifest", "application/manifest+json", "public, max-age=3600", `"start_url":"/"`},
		{"/offline.html", "text/html", "no-cache", `You're offline`},
	}
	for _, tc := range cases {
		resp, body := request(t, s, "GET", tc.path, nil)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: status %d", tc.path, resp.StatusCode)
		}
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, tc.contentType) {
			t.Errorf("%s: content type %q, want %s", tc.path, ct, tc.contentType)
		}
		if cc := resp.Header.Get("Cache-Control"); cc != tc.cacheControl {
			t.Errorf("%s: cache control %q, want %q", tc.path, cc, tc.cacheControl)
		}
		if !strings.Contains(body, tc.body) {
			t.Errorf("%s: body %q", tc.path, body)
		}
		if resp.Header.Get("Set-Cookie") != "" {
			t.Errorf("%s: sets a cookie", tc.path)
		}
		if resp.Header.Get("ETag") == "" {
			t.Errorf("%s: no ETag", tc.path)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: security headers missing", tc.path)
		}
	}

	resp, _ := request(t, s, "GET", "/sw.js", nil)
	if got := resp.Header.Get("Service-Worker-Allowed"); got != "/" {
		t.Errorf("sw.js: Service-Worker-Allowed %q", got)
	}
	resp, _ = request(t, s, "HEAD", "/sw.js", nil)
	if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("HEAD /sw.js: %d %q", resp.StatusCode, resp.Header.Get("Cache-Control"))
	}
}

func TestPWAWorkerRevalidation(t *testing.T) {
	s := newTestServer(t)
	writePWAFiles(t, s.cfg.BuildDir, `/* deploy 1 */`)
	resp, _ := request(t, s, "GET", "/sw.js", nil)
	etag := resp.Header.Get("ETag")

	resp, body := request(t, s, "GET", "/sw.js", map[string]string{"If-None-Match": etag})
	if resp.StatusCode != fiber.StatusNotModified || body != "" {
		t.Fatalf("unchanged worker: %d %q, want 304", resp.StatusCode, body)
	}
	resp, _ = request(t, s, "GET", "/sw.js", map[string]string{"If-None-Match": `"other", W/` + etag})
	if resp.StatusCode != fiber.StatusNotModified {
		t.Fatalf("weak match in a list: %d, want 304", resp.StatusCode)
	}

	// A new build replaces the file: served at once, without a restart.
	writePWAFiles(t, s.cfg.BuildDir, `/* deploy 2 */`)
	resp, body = request(t, s, "GET", "/sw.js", map[string]string{"If-None-Match": etag})
	if resp.StatusCode != 200 || !strings.Contains(body, "deploy 2") || resp.Header.Get("ETag") == etag {
		t.Fatalf("new worker: %d %q etag %q", resp.StatusCode, body, resp.Header.Get("ETag"))
	}
}

func TestPWAFilesMissing(t *testing.T) {
	s := newTestServer(t) // a build without the PWA files
	for _, path := range []string{"/sw.js", "/manifest.webmanifest", "/offline.html"} {
		resp, body := request(t, s, "GET", path, nil)
		if resp.StatusCode != 404 {
			t.Errorf("%s: status %d, want 404", path, resp.StatusCode)
		}
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
			t.Errorf("%s: content type %q, want text/plain", path, ct)
		}
		if body != "file not found" {
			t.Errorf("%s: body %q", path, body)
		}
		if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("%s: cache control %q", path, cc)
		}
	}
}
