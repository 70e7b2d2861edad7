package account

import (
	"net/url"
	"strings"
	"testing"
	"unicode"
)

// FuzzSafeReturn: whatever a link carries, the return path is a path on this site.
//
//	go test -fuzz=FuzzSafeReturn ./edge/internal/api/account
func FuzzSafeReturn(f *testing.F) {
	for _, s := range []string{"/account", "//evil.example", "/\\evil", "/%2e%2e/x", "https://x", "/a?b=c#d", "/%0d%0a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := safeReturn(in)
		u, err := url.Parse(out)
		if err != nil || u.Scheme != "" || u.Host != "" || !strings.HasPrefix(out, "/") || strings.HasPrefix(out, "//") ||
			strings.ContainsRune(out, '\\') || strings.IndexFunc(out, unicode.IsControl) >= 0 {
			t.Fatalf("safeReturn(%q) = %q", in, out)
		}
	})
}
