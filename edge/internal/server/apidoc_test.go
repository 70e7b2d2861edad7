package server

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

var paramRE = regexp.MustCompile(`:([A-Za-z]+)`)

// Every /api route of the edge is listed in docs/api.md (or docs/identity.md).
func TestAPIRoutesAreDocumented(t *testing.T) {
	s := newTestServer(t)
	var docs string
	for _, f := range []string{"../../../docs/api.md", "../../../docs/identity.md"} {
		if b, err := os.ReadFile(f); err == nil {
			docs += string(b)
		}
	}
	seen := map[string]bool{}
	for _, r := range s.App.GetRoutes(true) {
		if !strings.HasPrefix(r.Path, "/api/") || r.Method == "HEAD" || r.Method == "OPTIONS" || r.Method == "CONNECT" || r.Method == "TRACE" {
			continue
		}
		path := paramRE.ReplaceAllString(r.Path, "{$1}")
		path = strings.Replace(path, "*", "{slug}", 1)
		entry := r.Method + " " + path
		if seen[entry] {
			continue
		}
		seen[entry] = true
		if !strings.Contains(docs, entry) {
			t.Errorf("%s is not in docs/api.md", entry)
		}
	}
	if len(seen) < 20 {
		t.Fatalf("only %d API routes found", len(seen))
	}
}
