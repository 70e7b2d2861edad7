package page

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Title is the document title, what a tab and a search result show (docs/routes.md,
// "Titles"), each followed by " | <brand>": "Page not found" on the 404 page; on a
// menu, category or product page the name its heading gives (NamedTitle: "Menu ·
// Henhouse Louisville", "8 Nuggets"); otherwise the page's own title (a content page's
// editor title, a city's jobs) or its route's; a title made of the path's last segment
// (PathTitle) where there is none; the brand alone on the home page. The shell titles a
// client-side navigation by the same rule (kit/src/routing/heading.ts, documentTitle).
func (s *Shell) Title(p *Page) string {
	switch {
	case p.Status == 404:
		return "Page not found | " + s.brand
	case NamedTitle(p.Heading) != "":
		return NamedTitle(p.Heading) + " | " + s.brand
	case p.Title != "":
		return p.Title + " | " + s.brand
	case p.Path == "/" || p.Path == "":
		return s.brand
	}
	return PathTitle(p.Path) + " | " + s.brand
}

// namedHeadings are the headings that name what the page shows, each with the title
// that name makes: a menu is "Menu · {location}", a category or product its name.
var namedHeadings = []struct{ prefix, title string }{
	{"Menu page: ", "Menu · "},
	{"Category page: ", ""},
	{"Product page: ", ""},
}

// NamedTitle is the title a page heading naming a location's menu, a category or a
// product makes (docs/routes.md, "Titles"); empty for any other heading.
func NamedTitle(heading string) string {
	for _, h := range namedHeadings {
		if name, ok := strings.CutPrefix(heading, h.prefix); ok && name != "" {
			return h.title + name
		}
	}
	return ""
}

// PathTitle is the title of a page with none of its own: the path's last segment, its
// dashes and underscores as spaces and its first letter capitalized ("/privacy-policy"
// is "Privacy policy").
func PathTitle(path string) string {
	var last string
	for _, seg := range strings.Split(path, "/") {
		if seg != "" {
			last = seg
		}
	}
	if u, err := url.PathUnescape(last); err == nil {
		last = u
	}
	last = strings.TrimSpace(strings.NewReplacer("-", " ", "_", " ").Replace(last))
	if last == "" {
		return ""
	}
	r, n := utf8.DecodeRuneInString(last)
	return string(unicode.ToUpper(r)) + last[n:]
}
