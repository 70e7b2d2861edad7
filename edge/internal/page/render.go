package page

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/routes"
)

// Fragment is pre-rendered HTML that holds the response's nonce: its parts are written
// with the (escaped) nonce between each two.
type Fragment []string

func (f Fragment) write(b []byte, nonce string) []byte {
	for i, p := range f {
		if i > 0 {
			b = append(b, nonce...)
		}
		b = append(b, p...)
	}
	return b
}

// nonceHole marks where the nonce goes while a fragment is built.
const nonceHole = "\x00nonce\x00"

func fragment(s string) Fragment { return strings.Split(s, nonceHole) }

// Shell is the part of every document that only changes with the build and the
// deployment's configuration: the head's links, the scripts, the route table and the
// configuration in the bootstrap, and the chrome per layout.
type Shell struct {
	brand      string
	head       string   // the head's links after the title and description
	preloads   Fragment // preloads of the chunks the shell's entry asks for at once
	scripts    Fragment // the shell's entry scripts
	bootStart  []byte   // {"version":1,"buildId":"…","status":
	routesJSON []byte   // ,"routes":[…],"modules":
	configJSON []byte   // ,"config":{…},"session":
	// routeJSON is each route's "route" member up to its params:
	// {"id":…,"module":…,"screen":…,"heading":…,"params":
	routeJSON map[string][]byte
	chrome    Chrome
	noscript  string
	apiBase   string // the API's base path ("/api"), before a page's Data
}

// NewShell renders what every page of this build shares.
func NewShell(a Assets, cfg Config, table []*routes.Compiled, chrome Chrome) (*Shell, error) {
	s := &Shell{brand: cfg.BrandName, chrome: chrome, routeJSON: map[string][]byte{}, apiBase: cfg.APIBase}
	var head strings.Builder
	head.WriteString(`<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" href="/static/icons/icon.svg" type="image/svg+xml">
<link rel="icon" href="/static/icons/icon-192.png" type="image/png" sizes="192x192">
<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">
`)
	for _, css := range a.CSS {
		head.WriteString(`<link rel="stylesheet" href="/assets/` + html.EscapeString(css) + "\">\n")
	}
	s.head = head.String()
	// Classic scripts that webpack adds with the page's nonce and no crossorigin
	// attribute: preloaded the same way, so the browser reuses each download. At low
	// priority: the style sheet, which the first paint waits for, goes first.
	var pre strings.Builder
	for _, f := range a.Preload {
		pre.WriteString(`<link rel="preload" href="/assets/` + html.EscapeString(f) + `" as="script" fetchpriority="low" nonce="` + nonceHole + "\">\n")
	}
	s.preloads = fragment(pre.String())
	var js strings.Builder
	for _, f := range a.JS {
		js.WriteString(`<script defer src="/assets/` + html.EscapeString(f) + `" nonce="` + nonceHole + "\"></script>\n")
	}
	s.scripts = fragment(js.String())
	s.noscript = "<noscript><p>Please turn on JavaScript to order from " + html.EscapeString(cfg.BrandName) + ".</p></noscript>\n"

	s.bootStart = append([]byte(`{"version":`+strconv.Itoa(BootstrapVersion)+`,"buildId":`), jsonString(a.BuildID)...)
	s.bootStart = append(s.bootStart, `,"status":`...)
	rt, err := json.Marshal(table)
	if err != nil {
		return nil, err
	}
	s.routesJSON = slices.Concat([]byte(`,"routes":`), rt, []byte(`,"modules":`))
	c, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	s.configJSON = slices.Concat([]byte(`,"config":`), c, []byte(`,"session":`))
	for _, r := range table {
		m, err := json.Marshal(RouteMatch{ID: r.ID, Module: r.Module, Screen: r.Screen, Heading: r.Heading})
		if err != nil {
			return nil, err
		}
		// Marshalled with null params: cut them off, each request writes its own.
		s.routeJSON[r.ID] = []byte(strings.TrimSuffix(string(m), "null}"))
	}
	return s, nil
}

// PopupsPath is the API path (below the API base) of the popups' content, which the
// shell reads on every page of the default layout.
const PopupsPath = "/content/popups"

// Page is what one response says beyond the Shell.
type Page struct {
	Status  int
	Path    string
	Query   map[string]string
	Route   *routes.Compiled
	Params  map[string]string
	Heading string
	// Title, when set, is the document title before " | <brand>" instead of the
	// heading: the visually hidden heading follows its own rule (docs/routes.md,
	// "Headings"), a title is what a search result shows ("Jobs in Dayton, OH").
	Title       string
	Description string
	// StructuredData are JSON-LD documents for search engines, each written into the
	// head as a <script type="application/ld+json"> (docs/careers.md, "Structured data").
	StructuredData []json.RawMessage
	Session        Session
	CSRF           string
	// Beacon is the page load's signed token for the beacons (Bootstrap.Beacon).
	Beacon string
	// Modules is the release (versions per visitor) and Visitor the one asking.
	Modules *Release
	Visitor string
	// Overrides are versions this request asked for instead (a QA override,
	// docs/operations.md): they replace the release's choice in the bootstrap, and
	// their screen is not preloaded.
	Overrides []modules.Module
	// Data is the API path (below the API base) the page's screen reads first
	// (routes.Match.DataPath); the head preloads it. Empty: nothing to preload.
	Data string
	// Nonce is the response's Content-Security-Policy nonce: every script element and
	// preload of a script carries it, so the policy lets them (and, through
	// 'strict-dynamic', the scripts they add) run.
	Nonce string
	// Slots are the values a screen's prerendered copy may ask for, by slot name
	// (docs/shell.md, "Prerendered screens"): a product page's "menu", "product", "name",
	// "description" and "image". A copy with a slot not here is not written.
	Slots map[string]string
	// Lists are the entries of the lists a copy may ask for, by list name, each entry
	// the values of the list item's slots (the subscription plans: "plans", each with
	// "name", "cost", "description" and "perk"). A copy with a list not here, or an
	// entry without a value for one of its item's slots, is not written.
	Lists map[string][]map[string]string
	// ChosenLocation: the visitor's browser has a location chosen (the shell's location
	// hint cookie, session.LocationHint), which a screen such as the sign-up's form
	// starts with; its copy is only for a visitor without one ("noLocation").
	ChosenLocation bool
	// NoOrders: the visitor has placed no order, as far as the edge tells without asking
	// Redis (session.NoOrders); /order's copy is only for such a visitor ("noOrders").
	NoOrders bool
	// Image is the site path of the screen's largest image when the edge knows it from
	// the data (a product page's photo): the head preloads it at high priority, so it
	// is there when the screen renders instead of asked for then. Empty: none.
	Image string
	// Popup is the markup of the popup this visitor will see here (PopupHTML), written
	// at the start of the body on pages of the default layout, the only layout that
	// shows popups; nil: none.
	Popup []byte
}

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

// Append writes the document for p to b.
func (s *Shell) Append(b []byte, p *Page) []byte {
	nonce := html.EscapeString(p.Nonce)
	b = append(b, "<!doctype html>\n<html lang=\"en\""...)
	if p.Session.HasCart {
		// The visitor has a cart the page has yet to read: the header's count shows a
		// placeholder, not a 0, until the shell has it (shell/src/session/cartHint.ts).
		b = append(b, " data-cart"...)
	}
	b = append(b, `>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#000">
<title>`...)
	b = appendHTML(b, s.Title(p))
	b = append(b, "</title>\n<meta name=\"description\" content=\""...)
	b = appendHTML(b, p.Description)
	b = append(b, "\">\n"...)
	b = appendStructuredData(b, p.StructuredData, nonce)
	b = append(b, s.head...)
	pre := s.prerendered(p)
	if pre != nil {
		// The copy is painted with the page: its styles are the page's from the start.
		b = pre.styles.write(b, nonce)
	}
	// With a popup in the HTML the page's downloads wait for it, and with the screen's
	// copy for the first paint (afterPopup).
	late := (len(p.Popup) > 0 && p.Route.Layout == routes.LayoutDefault) || pre != nil
	if !late {
		b = s.appendPreloads(b, p, nonce)
	}
	b = append(b, "</head>\n<body>\n"...)
	if p.Route.Layout == routes.LayoutDefault {
		// Before the root, which React owns: the popup paints with the page, and the
		// shell adopts it once its scripts run (PopupHTML).
		b = append(b, p.Popup...)
	}
	b = append(b, "<div id=\"root\">"...)
	if c, ok := s.chrome[p.Route.Layout]; ok {
		b = append(b, c.Before...)
		b = appendHTML(b, p.Heading)
		b = append(b, c.Middle...)
		if pre != nil {
			b = pre.write(b, p.Slots, p.Lists)
		} else {
			b = append(b, c.Loading...)
		}
		b = append(b, c.After...)
	} else {
		b = append(b, `<h1 class="visually-hidden">`...)
		b = appendHTML(b, p.Heading)
		b = append(b, "</h1>"...)
	}
	b = append(b, "</div>\n"...)
	b = append(b, s.noscript...)
	b = append(b, `<script id="bootstrap" type="application/json" nonce="`...)
	b = append(b, nonce...)
	b = append(b, `">`...)
	b = s.appendBootstrap(b, p)
	b = append(b, "</script>\n"...)
	if late {
		b = append(b, `<template id="`+afterPopupID+`">`+"\n"...)
		b = s.appendPreloads(b, p, nonce)
		b = s.scripts.write(b, nonce)
		b = append(b, "</template>\n<script nonce=\""...)
		b = append(b, nonce...)
		b = append(b, "\">"+afterPopup+"</script>\n"...)
	} else {
		b = s.scripts.write(b, nonce)
	}
	return append(b, "</body>\n</html>\n"...)
}

// appendPreloads writes the head's preloads: the screen's largest image, the shell's
// chunks, the matched screen's files, its first read and the popups' content.
func (s *Shell) appendPreloads(b []byte, p *Page, nonce string) []byte {
	if p.Image != "" {
		b = append(b, `<link rel="preload" href="`...)
		b = appendHTML(b, p.Image)
		b = append(b, `" as="image" fetchpriority="high">`+"\n"...)
	}
	b = s.preloads.write(b, nonce)
	if p.Modules != nil && !overridden(p.Overrides, p.Route.Module) {
		b = p.Modules.preloads(p.Visitor, p.Route.Module, p.Route.Screen).write(b, nonce)
	}
	if p.Data != "" {
		// The screen's first read, on its way while the scripts load. crossorigin: the
		// API client's fetch() is a CORS-mode request with same-origin credentials, and a
		// preload is only reused by a request made the same way.
		b = append(b, `<link rel="preload" href="`...)
		b = appendHTML(b, s.apiBase+p.Data)
		b = append(b, `" as="fetch" crossorigin>`+"\n"...)
	}
	if p.Route.Layout == routes.LayoutDefault {
		// The popups' content (docs/shell.md, "Popups"), read on every page of the full
		// site: asked for by the head, it is there when the shell chooses the popup to
		// show, whose image and code then load while the screen does. Low priority: the
		// screen's own files and first read go first.
		b = append(b, `<link rel="preload" href="`...)
		b = appendHTML(b, s.apiBase+PopupsPath)
		b = append(b, `" as="fetch" fetchpriority="low" crossorigin>`+"\n"...)
	}
	return b
}

// prerendered is the copy of the page's screen drawn at build time that this visitor may
// see with the first paint (docs/shell.md, "Prerendered screens"), or nil: the release's
// version of the screen has one for the layout, the layout's chrome has the main area's
// markers, the copy was drawn with this edge's brand, and each of its conditions holds
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

// slotToken is a slot in a copy's HTML (kit/src/prerender/screens.tsx, slot), or the
// start or end of a list's item (slotList): __hh_eachplans__ … __hh_endplans__. The
// markers are shaped as slots, so an edge that knows no lists finds no value for them
// and writes no copy rather than the markers.
var slotToken = regexp.MustCompile(`__hh_([a-z]+)__`)

const (
	listStart = "each"
	listEnd   = "end"
)

// copyPart is a piece of a copy: HTML as it is, a slot the page fills in, or a list,
// whose item is written once for each of the page's entries of that list.
type copyPart struct {
	html string
	slot string
	list string
	item []copyPart // a list's
}

// parseCopy cuts a copy's HTML into its parts; false when a list is inside a list, or
// a list's start or end has not the other (kit's slotList writes them in pairs).
func parseCopy(copyHTML string) ([]copyPart, bool) {
	var top, item []copyPart
	list := "" // the list whose item is being read
	add := func(part copyPart) {
		if list != "" {
			item = append(item, part)
		} else {
			top = append(top, part)
		}
	}
	last := 0
	for _, m := range slotToken.FindAllStringSubmatchIndex(copyHTML, -1) {
		if m[0] > last {
			add(copyPart{html: copyHTML[last:m[0]]})
		}
		last = m[1]
		name := copyHTML[m[2]:m[3]]
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
			top = append(top, copyPart{list: list, item: item})
			list = ""
		default:
			add(copyPart{slot: name})
		}
	}
	if list != "" {
		return nil, false
	}
	if last < len(copyHTML) {
		top = append(top, copyPart{html: copyHTML[last:]})
	}
	return top, true
}

// fills reports whether the page has a value for each slot of parts and each entry
// of each of its lists a value for each slot of the list's item.
func fills(parts []copyPart, slots map[string]string, lists map[string][]map[string]string) bool {
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

// write writes the copy with each slot's value, escaped, and each list's item once
// per entry.
func (c *prerenderedScreen) write(b []byte, slots map[string]string, lists map[string][]map[string]string) []byte {
	return writeParts(b, c.parts, slots, lists)
}

func writeParts(b []byte, parts []copyPart, slots map[string]string, lists map[string][]map[string]string) []byte {
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

// prerenderedScreen is a screen's copy as the page writes it: inside the main area, in
// an element the shell finds by its data-prerendered attribute and the guest cannot act
// on (inert) until the screen itself takes its place, and the screen's style sheets for
// the head, with the page's nonce as the sheets the remote adds carry it.
type prerenderedScreen struct {
	parts  []copyPart
	styles Fragment
	when   []string
	brand  string
}

// Each style sheet carries its file name as data-href: the remote's style loader
// (mini-css-extract-plugin) takes a sheet on the page with the chunk's file name there
// for its own instead of adding the same sheet again. A copy whose lists are not
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
	copyHTML := `<div class="hh-prerendered" data-prerendered="` + html.EscapeString(module+"/"+screen) + `"` + loading +
		` inert aria-busy="true">` + pre.HTML + "</div>"
	parts, ok := parseCopy(copyHTML)
	if !ok {
		return nil
	}
	return &prerenderedScreen{parts: parts, styles: fragment(st.String()), when: pre.When, brand: pre.Brand}
}

// afterPopupID is the id of the <template> that holds a popup page's preloads and
// scripts (afterPopup).
const afterPopupID = "hh-after-popup"

// afterPopup starts the page's downloads (the preloads and scripts held in the
// afterPopupID template) once the early popup is on the screen. On a first visit the
// popup is the largest thing there and works without any script ("Close" is a dialog
// form, its action a link), so on a slow connection its image gets the bandwidth before
// some 120 KB of scripts. "On the screen" is the image's element timing (PopupHTML marks
// it) or, for a popup without one, the first contentful paint; a browser without those
// entries waits for the image to decode and one frame. The downloads start at once when
// the popup is closed first, and after 1.5 s whatever the image does. A template's
// content never runs, and an element a script inserts is not parser-inserted: each one
// is copied into a new element, the scripts keeping their order (async=false). Each
// element goes in in a task of its own (a MessageChannel message, which no timer clamp
// delays): every insertion starts a request, which costs the main thread 1–3 ms on a
// busy phone, and the 12–20 of a page in one task were a long task that held up a tap
// (bench/README.md, "The page's downloads start in short tasks").
//
// A tap on the prerendered chrome's menu or cart button before the entry runs is noted
// on the root (data-early-tap, the button's first class), and the shell gives it to its
// own button once it has rendered (shell/src/prerender/earlyClicks.ts).
//
// A popup closed, or whose link is followed, before the shell runs is remembered here,
// at once, as the shell would (shell/src/chrome/dismissals.ts): its key added to the
// JSON list in localStorage (popupsStorageKey in kit/src/rules/popups.ts, the latest 50)
// and the latest 20 keys, space-separated and URI-encoded, in the session.PopupsCookie
// cookie the edge reads. Otherwise a guest who closes it and goes on before the scripts
// have come would see it again. docs/shell.md, "Popups".
const afterPopup = `(function(){` +
	`var t=document.getElementById("` + afterPopupID + `"),d=document.getElementById("` + EarlyPopupID + `"),` +
	`i=d&&d.querySelector("img"),s=0,` +
	`w=i?"element":"paint",p=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];` +
	`function go(){if(s)return;s=1;` +
	`var c=[].slice.call(t.content.children),m=new MessageChannel;m.port1.onmessage=one;one();` +
	`function one(){var e=c.shift();if(!e)return;if(c.length)m.port2.postMessage(0);var n=document.createElement(e.localName);` +
	`for(var a=0;a<e.attributes.length;a++)n.setAttribute(e.attributes[a].name,e.attributes[a].value);` +
	`if(n.localName==="script"){n.async=false;document.body.appendChild(n)}else document.head.appendChild(n)}}` +
	`function remember(){var k=d.getAttribute("data-popup-key"),a=[];` +
	`try{a=JSON.parse(localStorage.getItem("` + dismissedStorageKey + `")||"[]");if(!Array.isArray(a))a=[]}catch(e){}` +
	`if(k&&a.indexOf(k)<0)a.push(k);a=a.slice(-50);` +
	`try{localStorage.setItem("` + dismissedStorageKey + `",JSON.stringify(a))}catch(e){}` +
	`document.cookie="` + dismissedCookie + `="+encodeURIComponent(a.slice(-20).join(" "))+"; Path=/; Max-Age=31536000; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"")}` +
	`function frame(){requestAnimationFrame(function(){setTimeout(go,0)})}` +
	`var r=document.getElementById("root"),f=r&&r.firstElementChild;` +
	`document.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("button");` +
	`if(b&&f&&f.isConnected&&f.contains(b))r.setAttribute("data-early-tap",b.classList[0]||"")},true);` +
	`if(d){d.addEventListener("close",function(){remember();go()});` +
	`d.addEventListener("click",function(e){if(e.target.closest&&e.target.closest("a"))remember()})}` +
	`setTimeout(go,1500);` +
	`if(p.indexOf(w)>=0)new PerformanceObserver(function(l){if(l.getEntries().length)go()}).observe({type:w,buffered:true});` +
	`else if(i&&i.decode)i.decode().then(frame,frame);else frame()` +
	`})();`

// Where the shell keeps the dismissed popups (afterPopup): the localStorage key and the
// cookie (session.PopupsCookie, which this package cannot import).
const (
	dismissedStorageKey = "henhouse:popups"
	dismissedCookie     = "hh_popups"
)

// appendStructuredData writes each JSON-LD document as a data block. A browser does
// not run a script element of this type, so the policy has nothing to allow; it carries
// the nonce anyway, like every script element the edge writes. <, > and & are escaped
// so that no document can close the element.
func appendStructuredData(b []byte, docs []json.RawMessage, nonce string) []byte {
	for _, d := range docs {
		var esc bytes.Buffer
		json.HTMLEscape(&esc, d)
		b = append(b, `<script type="application/ld+json" nonce="`...)
		b = append(b, nonce...)
		b = append(b, `">`...)
		b = append(b, esc.Bytes()...)
		b = append(b, "</script>\n"...)
	}
	return b
}

// appendBootstrap writes the bootstrap JSON byte for byte as json.Marshal writes a
// Bootstrap (member order, escaping of <, > and & included, so it is safe inside
// <script>).
func (s *Shell) appendBootstrap(b []byte, p *Page) []byte {
	b = append(b, s.bootStart...)
	b = strconv.AppendInt(b, int64(p.Status), 10)
	b = append(b, `,"path":`...)
	b = appendJSONString(b, p.Path)
	b = append(b, `,"query":`...)
	b = appendStringMap(b, p.Query)
	b = append(b, `,"route":`...)
	if rj, ok := s.routeJSON[p.Route.ID]; ok {
		b = append(b, rj...)
	} else {
		m, _ := json.Marshal(RouteMatch{ID: p.Route.ID, Module: p.Route.Module, Screen: p.Route.Screen, Heading: p.Route.Heading})
		b = append(b, strings.TrimSuffix(string(m), "null}")...)
	}
	b = appendStringMap(b, p.Params)
	b = append(b, `},"layout":`...)
	b = appendJSONString(b, string(p.Route.Layout))
	b = append(b, `,"heading":`...)
	b = appendJSONString(b, p.Heading)
	b = append(b, s.routesJSON...)
	if p.Modules != nil && len(p.Overrides) > 0 {
		b = p.Modules.appendOverridden(b, p.Visitor, p.Overrides)
	} else if p.Modules != nil {
		b = p.Modules.appendJSON(b, p.Visitor)
	} else {
		b = append(b, "{}"...)
	}
	b = append(b, s.configJSON...)
	b = appendSession(b, p.Session)
	b = append(b, `,"csrf":`...)
	b = appendJSONString(b, p.CSRF)
	if p.Beacon != "" {
		b = append(b, `,"beacon":`...)
		b = appendJSONString(b, p.Beacon)
	}
	return append(b, '}')
}

func appendSession(b []byte, s Session) []byte {
	b = append(b, `{"signedIn":`...)
	b = strconv.AppendBool(b, s.SignedIn)
	b = append(b, `,"forcedSignOut":`...)
	b = strconv.AppendBool(b, s.ForcedSignOut)
	b = append(b, `,"loggedOut":`...)
	b = strconv.AppendBool(b, s.LoggedOut)
	b = append(b, `,"token":`...)
	if s.Token == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, `{"provider":`...)
		b = appendJSONString(b, s.Token.Provider)
		b = append(b, `,"version":`...)
		b = appendJSONString(b, s.Token.Version)
		b = append(b, '}')
	}
	b = append(b, `,"hasCart":`...)
	b = strconv.AppendBool(b, s.HasCart)
	return append(b, '}')
}

// Release is the module versions of one state of the registry, pre-rendered: each
// module's bootstrap entry and the preloads of each of its screens, for its stable
// version and, when it has one, its canary.
type Release struct {
	gen  uint64
	mods []releaseModule
	// fixed is the whole "modules" object when no module has a canary: every visitor
	// gets the same.
	fixed []byte
}

type releaseModule struct {
	name     string
	weight   int
	json     [2][]byte              // stable, canary: "name":{…}
	preloads [2]map[string]Fragment // screen → fragment
	// prerender: screen and layout → the screen's copy drawn at build time.
	prerender [2]map[prerenderKey]*prerenderedScreen
	variant   [2]modules.Module
}

type prerenderKey struct {
	screen string
	layout routes.Layout
}

// NewRelease renders the registry's current state for the screens of table.
func NewRelease(ctx context.Context, reg *modules.Registry, table []*routes.Compiled) *Release {
	r := &Release{gen: reg.Generation()}
	screens := map[string][]string{}
	layouts := map[string][]prerenderKey{}
	for _, rt := range table {
		if rt.Module != "" && rt.Screen != "" {
			screens[rt.Module] = append(screens[rt.Module], rt.Screen)
			layouts[rt.Module] = append(layouts[rt.Module], prerenderKey{rt.Screen, rt.Layout})
		}
	}
	anyCanary := false
	for _, name := range reg.Names() {
		stable, canary, weight, ok := reg.Variants(ctx, name)
		if !ok {
			continue
		}
		m := releaseModule{name: name, weight: weight, variant: [2]modules.Module{stable, canary}}
		for i, v := range m.variant {
			if i == 1 && weight == 0 {
				break
			}
			j, _ := json.Marshal(v)
			m.json[i] = slices.Concat(jsonString(name), []byte(":"), j)
			m.preloads[i] = map[string]Fragment{}
			for _, screen := range screens[name] {
				m.preloads[i][screen] = preloadFragment(v.Entry, v.Integrity, reg.Preloads(v, screen))
			}
			m.prerender[i] = map[prerenderKey]*prerenderedScreen{}
			for _, k := range layouts[name] {
				if pre, ok := reg.Prerender(v, k.screen, string(k.layout)); ok {
					if c := newPrerenderedScreen(name, k.screen, pre, reg.Preloads(v, k.screen).CSS); c != nil {
						m.prerender[i][k] = c
					}
				}
			}
		}
		anyCanary = anyCanary || weight > 0
		r.mods = append(r.mods, m)
	}
	if !anyCanary {
		r.fixed = r.appendJSON(nil, "")
	}
	return r
}

// Generation is the registry generation the release was rendered from.
func (r *Release) Generation() uint64 { return r.gen }

// pick is 1 when visitor gets m's canary.
func (m *releaseModule) pick(visitor string) int {
	if m.weight > 0 && modules.Bucket(visitor, m.name) < m.weight {
		return 1
	}
	return 0
}

func (r *Release) appendJSON(b []byte, visitor string) []byte {
	if r.fixed != nil {
		return append(b, r.fixed...)
	}
	b = append(b, '{')
	for i := range r.mods {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, r.mods[i].json[r.mods[i].pick(visitor)]...)
	}
	return append(b, '}')
}

func overridden(o []modules.Module, name string) bool {
	for i := range o {
		if o[i].Name == name {
			return true
		}
	}
	return false
}

// appendOverridden is appendJSON with the overrides in place of the release's choice.
func (r *Release) appendOverridden(b []byte, visitor string, o []modules.Module) []byte {
	b = append(b, '{')
	for i := range r.mods {
		if i > 0 {
			b = append(b, ',')
		}
		m := &r.mods[i]
		j := m.json[m.pick(visitor)]
		for k := range o {
			if o[k].Name == m.name {
				mj, _ := json.Marshal(o[k])
				j = slices.Concat(jsonString(m.name), []byte(":"), mj)
			}
		}
		b = append(b, j...)
	}
	return append(b, '}')
}

// Version is the version of module visitor gets ("" for an unknown module).
func (r *Release) Version(visitor, module string) (version, channel string) {
	for i := range r.mods {
		if r.mods[i].name == module {
			v := r.mods[i].variant[r.mods[i].pick(visitor)]
			return v.Version, v.Channel
		}
	}
	return "", ""
}

// Modules are the versions visitor gets, by name.
func (r *Release) Modules(visitor string) map[string]modules.Module {
	out := make(map[string]modules.Module, len(r.mods))
	for i := range r.mods {
		out[r.mods[i].name] = r.mods[i].variant[r.mods[i].pick(visitor)]
	}
	return out
}

func (r *Release) prerendered(visitor, module, screen string, layout routes.Layout) *prerenderedScreen {
	for i := range r.mods {
		if r.mods[i].name == module {
			return r.mods[i].prerender[r.mods[i].pick(visitor)][prerenderKey{screen, layout}]
		}
	}
	return nil
}

func (r *Release) preloads(visitor, module, screen string) Fragment {
	for i := range r.mods {
		if r.mods[i].name == module {
			return r.mods[i].preloads[r.mods[i].pick(visitor)][screen]
		}
	}
	return nil
}

// preloadFragment preloads a module version's remote entry and the files its screen
// loads before it runs. Remote entries and chunks are classic scripts, preloaded with
// the nonce their script elements will carry; the screen's styles are preloaded too.
// A preload is only reused when its request matches the element's: the shell creates
// the remote entry's script with its Subresource Integrity value and crossorigin
// (shell/src/federation/nonce.ts), so its preload carries both; webpack loads chunks
// and style sheets without either, so theirs carry neither (docs/shell.md).
func preloadFragment(entry, entryIntegrity string, a modules.Assets) Fragment {
	var s strings.Builder
	if entryIntegrity == "" {
		entryIntegrity = a.Integrity[entry]
	}
	sri := ""
	if entryIntegrity != "" {
		sri = ` integrity="` + html.EscapeString(entryIntegrity) + `" crossorigin="anonymous"`
	}
	s.WriteString(`<link rel="preload" href="` + html.EscapeString(entry) + `" as="script"` + sri + ` nonce="` + nonceHole + "\">\n")
	for _, f := range a.JS {
		s.WriteString(`<link rel="preload" href="` + html.EscapeString(f) + `" as="script" nonce="` + nonceHole + "\">\n")
	}
	for _, f := range a.CSS {
		s.WriteString(`<link rel="preload" href="` + html.EscapeString(f) + `" as="style">` + "\n")
	}
	return fragment(s.String())
}

func cutOnce(s, sep string) (before, after string, ok bool) {
	if strings.Count(s, sep) != 1 {
		return "", "", false
	}
	return strings.Cut(s, sep)
}

// appendHTML writes s escaped for HTML text and quoted attribute values.
func appendHTML(b []byte, s string) []byte {
	last := 0
	for i := 0; i < len(s); i++ {
		var esc string
		switch s[i] {
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '&':
			esc = "&amp;"
		case '"':
			esc = "&#34;"
		case '\'':
			esc = "&#39;"
		default:
			continue
		}
		b = append(b, s[last:i]...)
		b = append(b, esc...)
		last = i + 1
	}
	return append(b, s[last:]...)
}

func appendStringMap(b []byte, m map[string]string) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, k)
		b = append(b, ':')
		b = appendJSONString(b, m[k])
	}
	return append(b, '}')
}

func jsonString(s string) []byte { return appendJSONString(nil, s) }

const hex = "0123456789abcdef"

// appendJSONString writes s as encoding/json does with HTML escaping: <, > and & as
// \u003c, \u003e and \u0026, U+2028 and U+2029 escaped, invalid UTF-8 as U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
