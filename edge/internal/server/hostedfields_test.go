package server

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHostedFields(t *testing.T) {
	s := newTestServer(t)
	dir := filepath.Join(s.cfg.BuildDir, "payments", "2.8.0")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"frame.js", "frame.css", "checkout.js"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("/* "+f+" */"), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	resp, body := request(t, s, "GET", "/payments/2.8.0/fields?processor=hosted&channel=abc", nil)
	if resp.StatusCode != 200 {
		t.Fatalf("fields: %d %s", resp.StatusCode, body)
	}
	csp := resp.Header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'none'", "script-src 'self'", "frame-ancestors 'self'", "form-action 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("policy %q lacks %q", csp, want)
		}
	}
	if resp.Header.Get("Cache-Control") != "no-store" || resp.Header.Get("X-Frame-Options") != "SAMEORIGIN" {
		t.Errorf("headers %v", resp.Header)
	}
	// The document carries the visitor's CSRF token, for its POST /api/payments/cards.
	if !strings.Contains(body, `<script src="/payments/2.8.0/frame.js" defer>`) || !strings.Contains(body, `name="csrf-token" content="`) ||
		strings.Contains(body, `name="csrf-token" content=""`) {
		t.Errorf("document %s", body)
	}

	resp, body = request(t, s, "GET", "/payments/2.8.0/checkout.js", nil)
	if resp.StatusCode != 200 || body != "/* checkout.js */" || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("checkout.js: %d %q %q", resp.StatusCode, body, resp.Header.Get("Cache-Control"))
	}
	for _, path := range []string{"/payments/9.9.9/fields", "/payments/latest/fields", "/payments/2.8.0/nope.js"} {
		if resp, _ := request(t, s, "GET", path, nil); resp.StatusCode != 404 {
			t.Errorf("%s: %d, want 404", path, resp.StatusCode)
		}
	}
}
