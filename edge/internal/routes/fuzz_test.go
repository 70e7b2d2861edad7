package routes

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzMatch: any path, however spelt, matches at most one route without panicking, and
// what it matches is well-formed: a decoded path with no control characters, and
// parameters that are parts of that path.
//
//	go test -fuzz=FuzzMatch ./edge/internal/routes
func FuzzMatch(f *testing.F) {
	r := MustCompile(Table("henhouse"))
	for _, c := range r.Routes() {
		f.Add(strings.NewReplacer("{", "", "}", "", "?", "", "*", "").Replace(c.Pattern))
	}
	for _, s := range []string{"/", "/menu/m-standard", "/locations/oh/dayton/oh-dayton", "/%2e%2e/", "/a%00b", "//x", "/menu/%ZZ", "/account?x=1", strings.Repeat("/a", 2000)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		m, ok := r.Match(raw)
		if !ok {
			return
		}
		if m.Route == nil || len(raw) > MaxPathLength || !strings.HasPrefix(raw, "/") {
			t.Fatalf("%q matched %+v", raw, m.Route)
		}
		for name, v := range m.Params {
			if v == "" || strings.ContainsAny(v, "\x00\r\n\t") || !utf8.ValidString(v) {
				t.Fatalf("%q: parameter %s = %q", raw, name, v)
			}
		}
	})
}
