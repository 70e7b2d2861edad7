package server

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The Cache-Control each kind of file is sent with, as docs/operations.md ("A CDN in
// front") tells a CDN: a version's files never change, its manifest and the shell's
// fixed-name entry are revalidated, pages are never served from a cache unrevalidated.
func TestCacheHeadersPerFileKind(t *testing.T) {
	s := newTestServer(t)
	for name, body := range map[string]string{
		"modules/mf-menu/1.0.0/static/css/menu.css":    "a{}",
		"modules/mf-menu/1.0.0/static/font/hen.woff2":  "font",
		"modules/mf-menu/1.0.0/static/js/123.9f8e.js":  "chunk()",
		"shell/static/icon.png":                        "png",
		"modules/mf-menu/1.0.0/mf-stats.json":          "{}",
		"modules/mf-menu/1.0.0/static/js/menu.js":      strings.Repeat("menu();", 200),
		"modules/mf-menu/1.0.0/static/js/menu.js.gz":   string(gzipped(t, []byte(strings.Repeat("menu();", 200)))),
		"modules/mf-menu/1.0.0/static/js/other.js.map": "{}",
	} {
		p := filepath.Join(s.cfg.BuildDir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const immutable = "public, max-age=31536000, immutable"
	for path, want := range map[string]string{
		"/modules/mf-menu/1.0.0/remoteEntry.js":         immutable,
		"/modules/mf-menu/1.0.0/static/js/123.9f8e.js":  immutable,
		"/modules/mf-menu/1.0.0/static/js/menu.js":      immutable,
		"/modules/mf-menu/1.0.0/static/css/menu.css":    immutable,
		"/modules/mf-menu/1.0.0/static/font/hen.woff2":  immutable,
		"/modules/mf-menu/1.0.0/static/js/other.js.map": immutable,
		"/modules/mf-menu/1.0.0/mf-manifest.json":       "no-cache",
		"/modules/mf-menu/1.0.0/mf-stats.json":          "no-cache",
		"/assets/391.c680d74e.js":                       immutable,
		"/assets/main.js":                               "no-cache",
		"/static/icon.png":                              "public, max-age=3600",
		"/contact":                                      "no-cache",
	} {
		resp, _ := request(t, s, "GET", path, map[string]string{"Accept-Encoding": "gzip"})
		if cc := resp.Header.Get("Cache-Control"); resp.StatusCode != 200 || cc != want {
			t.Errorf("%s: %d Cache-Control %q, want %q", path, resp.StatusCode, cc, want)
		}
	}
	// A module file is the same for every visitor but its encoding: caches key on it.
	resp, _ := request(t, s, "GET", "/modules/mf-menu/1.0.0/static/js/menu.js", map[string]string{"Accept-Encoding": "gzip"})
	if resp.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") ||
		resp.Header.Get("Access-Control-Allow-Origin") != "*" || resp.Header.Get("Set-Cookie") != "" {
		t.Errorf("module file headers: %v", resp.Header)
	}
}
