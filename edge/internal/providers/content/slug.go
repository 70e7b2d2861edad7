package content

import (
	"regexp"
	"strings"
)

// HomeSlug is the slug of the home page, the one "/" names.
const HomeSlug = "home"

// pageSlugRe is what a page's slug is made of: lower-case letters, digits, "-", "_",
// "." and "/", starting with a letter or a digit, at most 255 characters (a Storyblok
// full slug can be no other).
var pageSlugRe = regexp.MustCompile(`^[a-z0-9][a-z0-9._/-]{0,254}$`)

// PageSlug is the slug of the content page a path or a link's cached_url names, the one
// rule every content provider reads a page by (docs/content.md): no slashes at either
// end, lower case, HomeSlug for "" and "/". ok is false for a slug no page can have
// (another character, ".." anywhere, too long): such a page is not found without asking.
func PageSlug(path string) (slug string, ok bool) {
	s := strings.ToLower(strings.Trim(path, "/"))
	if s == "" {
		return HomeSlug, true
	}
	if !pageSlugRe.MatchString(s) || strings.Contains(s, "..") {
		return "", false
	}
	return s, true
}
