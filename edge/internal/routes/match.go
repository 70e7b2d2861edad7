package routes

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"
)

// MaxPathLength is the longest path the matcher considers; longer ones are not found.
const MaxPathLength = 1024

// Compiled is a Route with its regular expression. Regex uses (?<name>…) groups, the
// syntax Go (1.22+) and JavaScript share, so the shell compiles the same string.
type Compiled struct {
	Route
	Regex  string   `json:"regex"`
	Params []string `json:"params,omitempty"`
	re     *regexp.Regexp
}

// Match is the result of matching a path.
type Match struct {
	Route  *Compiled
	Params map[string]string
}

// Router matches paths against a compiled table.
type Router struct {
	routes []*Compiled
	byID   map[string]*Compiled
}

// Compile validates and compiles a table; an invalid pattern is a programming error
// reported once at start.
func Compile(table []Route) (*Router, error) {
	r := &Router{byID: map[string]*Compiled{}}
	for _, rt := range table {
		if _, dup := r.byID[rt.ID]; dup {
			return nil, fmt.Errorf("routes: duplicate id %q", rt.ID)
		}
		if rt.Redirect == "" && (rt.Module == "" || rt.Screen == "") {
			return nil, fmt.Errorf("routes: %s: a page route needs a module and a screen", rt.ID)
		}
		src, params, err := compilePattern(rt.Pattern, rt.Constraints)
		if err != nil {
			return nil, fmt.Errorf("routes: %s: %w", rt.ID, err)
		}
		re, err := regexp.Compile(src)
		if err != nil {
			return nil, fmt.Errorf("routes: %s: %w", rt.ID, err)
		}
		c := &Compiled{Route: rt, Regex: src, Params: params, re: re}
		r.routes = append(r.routes, c)
		r.byID[rt.ID] = c
	}
	// A webview variant is a page of the app layout, or the webview would leave the app.
	for _, c := range r.routes {
		if c.Webview == "" {
			continue
		}
		if m, ok := r.Match(c.Webview); !ok || m.Route.Layout != LayoutApp || m.Route.Webview != "" {
			return nil, fmt.Errorf("routes: %s: webview %q is not a page of the app layout", c.ID, c.Webview)
		}
	}
	return r, nil
}

// MustCompile is Compile that panics; for the built-in table.
func MustCompile(table []Route) *Router {
	r, err := Compile(table)
	if err != nil {
		panic(err)
	}
	return r
}

// Routes returns the compiled table in match order.
func (r *Router) Routes() []*Compiled { return r.routes }

// ByID returns a route by id.
func (r *Router) ByID(id string) *Compiled { return r.byID[id] }

// Match finds the first route for a raw (still percent-encoded) path. ok is false
// for an unknown path, a malformed percent-encoding, one that decodes to bytes that are
// not UTF-8 (no page has such a name), a control character, or a path
// longer than MaxPathLength: all of them are "not found", the 404 page.
func (r *Router) Match(rawPath string) (m Match, ok bool) {
	if len(rawPath) == 0 || len(rawPath) > MaxPathLength || rawPath[0] != '/' {
		return Match{}, false
	}
	path, err := url.PathUnescape(rawPath)
	if err != nil || strings.ContainsAny(path, "\x00\r\n\t") || strings.Contains(path, "//") || !utf8.ValidString(path) {
		return Match{}, false
	}
	for _, c := range r.routes {
		sub := c.re.FindStringSubmatch(path)
		if sub == nil {
			continue
		}
		params := map[string]string{}
		for i, name := range c.re.SubexpNames() {
			if name != "" && sub[i] != "" {
				params[name] = sub[i]
			}
		}
		return Match{Route: c, Params: params}, true
	}
	return Match{}, false
}

// DataPath is the route's Data path for this match, each "{name}" replaced by the
// parameter's value, or "" when the route has none. A value is written as the screens'
// API client writes it (each path segment percent-encoded on its own): a value with a
// character outside A–Z, a–z, 0–9 and "-._~" in a segment answers "", since Go and the
// browser may escape it differently, and a preload of another URL than the screen's
// request is a wasted download; so does a "." or ".." segment, which a URL resolves away,
// and an empty parameter (an optional one left out: the screen asks for something else).
func (m Match) DataPath() string {
	data := m.Route.Data
	if data == "" {
		return ""
	}
	ok := true
	out := paramRe.ReplaceAllStringFunc(data, func(ref string) string {
		v := m.Params[paramRe.FindStringSubmatch(ref)[1]]
		if v == "" {
			ok = false
		}
		for _, seg := range strings.Split(v, "/") {
			if !unreservedRe.MatchString(seg) || seg == "." || seg == ".." {
				ok = false
			}
		}
		return v
	})
	if !ok {
		return ""
	}
	return out
}

var unreservedRe = regexp.MustCompile(`^[A-Za-z0-9._~-]*$`)

var paramRe = regexp.MustCompile(`\{([a-zA-Z][a-zA-Z0-9_]*)(\?|\*)?\}`)

// compilePattern turns "/menu/{mid?}/category/{cid?}" into an anchored regular
// expression. An optional parameter that fills a whole segment makes the segment
// (slash included) optional. A trailing slash is always accepted.
func compilePattern(pattern string, constraints map[string]string) (string, []string, error) {
	if !strings.HasPrefix(pattern, "/") {
		return "", nil, fmt.Errorf("pattern %q must start with /", pattern)
	}
	if pattern == "/" {
		return "^/$", nil, nil
	}
	var b strings.Builder
	var params []string
	b.WriteString("^")
	for _, seg := range strings.Split(pattern[1:], "/") {
		locs := paramRe.FindAllStringSubmatchIndex(seg, -1)
		whole := len(locs) == 1 && locs[0][0] == 0 && locs[0][1] == len(seg)
		if whole {
			name, mod := seg[locs[0][2]:locs[0][3]], ""
			if locs[0][4] >= 0 {
				mod = seg[locs[0][4]:locs[0][5]]
			}
			params = append(params, name)
			body := segmentRe(name, constraints)
			switch mod {
			case "?":
				fmt.Fprintf(&b, "(?:/(?<%s>%s))?", name, body)
			case "*":
				fmt.Fprintf(&b, "/(?<%s>[^/]+(?:/[^/]+)*)?", name)
			default:
				fmt.Fprintf(&b, "/(?<%s>%s)", name, body)
			}
			continue
		}
		b.WriteString("/")
		last := 0
		for _, l := range locs {
			if l[4] >= 0 {
				return "", nil, fmt.Errorf("pattern %q: only a whole segment may be optional", pattern)
			}
			b.WriteString(regexp.QuoteMeta(seg[last:l[0]]))
			name := seg[l[2]:l[3]]
			params = append(params, name)
			fmt.Fprintf(&b, "(?<%s>%s)", name, segmentRe(name, constraints))
			last = l[1]
		}
		b.WriteString(regexp.QuoteMeta(seg[last:]))
	}
	b.WriteString("/?$")
	return b.String(), params, nil
}

func segmentRe(name string, constraints map[string]string) string {
	if c, ok := constraints[name]; ok {
		return c
	}
	return "[^/]+"
}

func quoteMeta(s string) string { return regexp.QuoteMeta(s) }
