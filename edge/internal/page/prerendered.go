package page

import (
	"html"
	"regexp"
	"strings"

	"github.com/henhouse/platform/edge/internal/modules"
)

// prerendered is the prerendered screen (the page's screen drawn at build time) that this visitor may
// see with the first paint (docs/shell.md, "Prerendered screens"), or nil: the release's
// version of the screen has one for the layout, the layout's chrome has the main area's
// markers, the screen was drawn with this edge's brand, and each of its conditions holds
// for the visitor. A QA override's version is not the release's: its page has none.
func (s *Shell) prerendered(p *Page) *prerenderedScreen {
	c, ok := s.chrome[p.Route.Layout]
	if !ok || !c.Main || p.Modules == nil || p.Status != 200 || overridden(p.Overrides, p.Route.Module) {
		return nil
	}
	pre := p.Modules.prerendered(p.Visitor, p.Route.Module, p.Route.Screen, p.Route.Layout)
	if pre == nil || pre.brand != s.brand {
		return nil
	}
	for _, cond := range pre.when {
		switch cond {
		case "signedOut":
			if !p.Session.SignedOut() {
				return nil
			}
		case "noCart":
			if p.Session.HasCart {
				return nil
			}
		case "noQuery":
			// A query fills the screen's form (the location search's address).
			if len(p.Query) > 0 {
				return nil
			}
		case "noLocation":
			if p.ChosenLocation {
				return nil
			}
		case "noOrders":
			if !p.NoOrders {
				return nil
			}
		case "noParams":
			// The route's optional parameters name what the screen shows (an order's id).
			for _, v := range p.Params {
				if v != "" {
					return nil
				}
			}
		default:
			return nil // a condition this edge cannot tell
		}
	}
	if !fills(pre.parts, p.Slots, p.Lists) {
		return nil
	}
	return pre
}

// slotToken is a slot in a prerendered screen's HTML (kit/src/prerender/screens.tsx, slot), or the
// start or end of a list's item (slotList): __hh_eachplans__ … __hh_endplans__. The
// markers are shaped as slots, so an edge that knows no lists finds no value for them
// and writes no prerendered screen rather than the markers.
var slotToken = regexp.MustCompile(`__hh_([a-z]+)__`)

const (
	listStart = "each"
	listEnd   = "end"
)

// screenPart is a piece of a prerendered screen: HTML as it is, a slot the page fills in, or a list,
// whose item is written once for each of the page's entries of that list.
type screenPart struct {
	html string
	slot string
	list string
	item []screenPart // a list's
}

// parseScreen cuts a prerendered screen's HTML into its parts; false when a list is inside a list, or
// a list's start or end has not the other (kit's slotList writes them in pairs).
func parseScreen(screenHTML string) ([]screenPart, bool) {
	var top, item []screenPart
	list := "" // the list whose item is being read
	add := func(part screenPart) {
		if list != "" {
			item = append(item, part)
		} else {
			top = append(top, part)
		}
	}
	last := 0
	for _, m := range slotToken.FindAllStringSubmatchIndex(screenHTML, -1) {
		if m[0] > last {
			add(screenPart{html: screenHTML[last:m[0]]})
		}
		last = m[1]
		name := screenHTML[m[2]:m[3]]
		switch {
		case strings.HasPrefix(name, listStart):
			if list != "" {
				return nil, false
			}
			list, item = name[len(listStart):], nil
		case strings.HasPrefix(name, listEnd):
			if list == "" || name[len(listEnd):] != list {
				return nil, false
			}
			top = append(top, screenPart{list: list, item: item})
			list = ""
		default:
			add(screenPart{slot: name})
		}
	}
	if list != "" {
		return nil, false
	}
	if last < len(screenHTML) {
		top = append(top, screenPart{html: screenHTML[last:]})
	}
	return top, true
}

// fills reports whether the page has a value for each slot of parts and each entry
// of each of its lists a value for each slot of the list's item.
func fills(parts []screenPart, slots map[string]string, lists map[string][]map[string]string) bool {
	for _, part := range parts {
		switch {
		case part.list != "":
			entries, ok := lists[part.list]
			if !ok {
				return false
			}
			for _, entry := range entries {
				if !fills(part.item, entry, nil) {
					return false
				}
			}
		case part.slot != "":
			if _, ok := slots[part.slot]; !ok {
				return false
			}
		}
	}
	return true
}

// write writes the prerendered screen with each slot's value, escaped, and each list's item once
// per entry.
func (c *prerenderedScreen) write(b []byte, slots map[string]string, lists map[string][]map[string]string) []byte {
	return writeParts(b, c.parts, slots, lists)
}

func writeParts(b []byte, parts []screenPart, slots map[string]string, lists map[string][]map[string]string) []byte {
	for _, part := range parts {
		switch {
		case part.list != "":
			for _, entry := range lists[part.list] {
				b = writeParts(b, part.item, entry, nil)
			}
		case part.slot != "":
			b = appendHTML(b, slots[part.slot])
		default:
			b = append(b, part.html...)
		}
	}
	return b
}

// prerenderedScreen is a prerendered screen as the page writes it: inside the main area, in
// an element the shell finds by its data-prerendered attribute and the guest cannot act
// on (inert) until the screen itself takes its place, and the screen's style sheets for
// the head, with the page's nonce as the sheets the remote adds carry it.
type prerenderedScreen struct {
	parts  []screenPart
	styles Fragment
	when   []string
	brand  string
}

// Each style sheet carries its file name as data-href: the remote's style loader
// (mini-css-extract-plugin) takes a sheet on the page with the chunk's file name there
// for its own instead of adding the same sheet again. A prerendered screen whose lists are not
// well formed is none (nil).
func newPrerenderedScreen(module, screen string, pre modules.Prerendered, css []string) *prerenderedScreen {
	var st strings.Builder
	for _, f := range css {
		name := f[strings.LastIndexByte(f, '/')+1:]
		st.WriteString(`<link rel="stylesheet" href="` + html.EscapeString(f) + `" data-href="` + html.EscapeString(name) + `" nonce="` + nonceHole + "\">\n")
	}
	loading := ""
	if pre.Partial {
		loading = ` data-screen-loading=""`
	}
	screenHTML := `<div class="hh-prerendered" data-prerendered="` + html.EscapeString(module+"/"+screen) + `"` + loading +
		` inert aria-busy="true">` + pre.HTML + "</div>"
	parts, ok := parseScreen(screenHTML)
	if !ok {
		return nil
	}
	return &prerenderedScreen{parts: parts, styles: fragment(st.String()), when: pre.When, brand: pre.Brand}
}
