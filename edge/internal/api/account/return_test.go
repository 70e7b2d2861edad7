package account

import "testing"

// A return path stays on this site however it is spelt.
func TestSafeReturn(t *testing.T) {
	for in, want := range map[string]string{
		"/account?section=orders": "/account?section=orders",
		"/menu/":                  "/menu/",
		"":                        "/account",
		"https://evil.example":    "/account",
		"//evil.example":          "/account",
		"/\\evil.example":         "/account",
		"/%5Cevil.example":        "/account",
		"/account/../../evil":     "/account",
		"/./account":              "/account",
		"/%2e%2e/evil":            "/account",
		"/account%0d%0aX: y":      "/account",
		"/account\x00":            "/account",
		"/a//b":                   "/account",
		"/%2F%2Fevil.example":     "/account",
	} {
		if got := safeReturn(in); got != want {
			t.Errorf("safeReturn(%q) = %q, want %q", in, got, want)
		}
	}
}
