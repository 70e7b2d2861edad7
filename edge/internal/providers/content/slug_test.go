package content

import (
	"strings"
	"testing"
)

// A path names the page of its slug, trimmed and in lower case, the root the home page;
// a slug no page can have names none.
func TestPageSlug(t *testing.T) {
	for in, want := range map[string]string{
		"": "home", "/": "home", "//": "home", "home": "home", "/about": "about", "About/": "about",
		"/legal/privacy-policy": "legal/privacy-policy", "gift_cards.v2": "gift_cards.v2",
		"9-piece": "9-piece", strings.Repeat("a", 255): strings.Repeat("a", 255),
	} {
		if got, ok := PageSlug(in); !ok || got != want {
			t.Errorf("PageSlug(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{
		"a b", "caf\u00e9", "../secret", "a/../b", "a..b", "-about", "_about", ".about",
		"about?x=1", "about#top", "a%2Fb", "a\\b", strings.Repeat("a", 256),
	} {
		if got, ok := PageSlug(in); ok {
			t.Errorf("PageSlug(%q) = %q, a page's slug", in, got)
		}
	}
}
