package content

import (
	"strconv"
	"strings"
)

// Which popup a visitor sees, the Go twin of kit/src/rules/popups.ts (docs/shell.md,
// "Popups"). The edge uses it to write that popup into the page's HTML, so it paints
// with the page's first paint instead of after the scripts load on a slow phone; the
// shell, running the same rule once its scripts are here, adopts it. Both must choose
// alike, so a change here is a change there.

// PopupKey is the key a dismissal is remembered by: "id@version". A popup edited with
// a higher version shows again.
func PopupKey(p *Popup) string { return p.ID + "@" + strconv.Itoa(p.Version) }

// isKey reports whether k is PopupKey(p), without building the key.
func isKey(k string, p *Popup) bool {
	rest, ok := strings.CutPrefix(k, p.ID)
	if !ok || len(rest) < 2 || rest[0] != '@' {
		return false
	}
	var v [20]byte
	return rest[1:] == string(strconv.AppendInt(v[:0], int64(p.Version), 10))
}

// dismissedKey reports whether dismissed holds p's key.
func dismissedKey(dismissed []string, p *Popup) bool {
	for _, k := range dismissed {
		if isKey(k, p) {
			return true
		}
	}
	return false
}

// underPrefix matches whole path segments: "/" matches every path; any other prefix,
// less its trailing slashes, matches itself and the paths below it ("/checkout"
// matches "/checkout/" and "/checkout/order", not "/checkouts").
func underPrefix(path, prefix string) bool {
	if prefix == "/" {
		return true
	}
	p := strings.TrimRight(prefix, "/")
	return path == p || (strings.HasPrefix(path, p) && len(path) > len(p) && path[len(p)] == '/')
}

// forAudience: "no-user" is for guests only, "user" for members only, anything else
// (all, or none given) for everyone.
func forAudience(p *Popup, signedIn bool) bool {
	switch p.Show {
	case "no-user":
		return !signedIn
	case "user":
		return signedIn
	}
	return true
}

// PopupApplies reports whether p's audience and paths allow it at path: not under one
// of its Exclude prefixes, and under one of its Paths (every path when it has none).
func PopupApplies(p *Popup, path string, signedIn bool) bool {
	if !forAudience(p, signedIn) {
		return false
	}
	for _, x := range p.Exclude {
		if underPrefix(path, x) {
			return false
		}
	}
	if len(p.Paths) == 0 {
		return underPrefix(path, "/")
	}
	for _, x := range p.Paths {
		if underPrefix(path, x) {
			return true
		}
	}
	return false
}

// ChoosePopup is the popup to show now at path, or nil; it points into popups.
// dismissed holds the keys (PopupKey) the visitor has dismissed. The first welcome
// popup meant for this visitor and not dismissed comes first, and holds the site
// popups back even on paths where it does not show itself, so a first visit is
// greeted before anything is announced. Once it is dismissed (or when there is none
// for this visitor), the first site popup not dismissed that applies here shows.
func ChoosePopup(popups []Popup, path string, signedIn bool, dismissed []string) *Popup {
	for i := range popups {
		p := &popups[i]
		if p.Kind == "welcome" && forAudience(p, signedIn) && !dismissedKey(dismissed, p) {
			if PopupApplies(p, path, signedIn) {
				return p
			}
			return nil
		}
	}
	for i := range popups {
		p := &popups[i]
		if p.Kind == "site" && !dismissedKey(dismissed, p) && PopupApplies(p, path, signedIn) {
			return p
		}
	}
	return nil
}
