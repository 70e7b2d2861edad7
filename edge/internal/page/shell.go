package page

import (
	"encoding/json"
	"html"
	"slices"
	"strconv"
	"strings"

	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/routes"
)

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
	// Slots are the values a prerendered screen may ask for, by slot name
	// (docs/shell.md, "Prerendered screens"): a product page's "menu", "product", "name",
	// "description" and "image". A prerendered screen with a slot not here is not written.
	Slots map[string]string
	// Lists are the entries of the lists a prerendered screen may ask for, by list name, each entry
	// the values of the list item's slots (the subscription plans: "plans", each with
	// "name", "cost", "description" and "perk"). A prerendered screen with a list not here, or an
	// entry without a value for one of its item's slots, is not written.
	Lists map[string][]map[string]string
	// ChosenLocation: the visitor's browser has a location chosen (the shell's location
	// hint cookie, session.LocationHint), which a screen such as the sign-up's form
	// starts with; its prerendered screen is only for a visitor without one ("noLocation").
	ChosenLocation bool
	// NoOrders: the visitor has placed no order, as far as the edge tells without asking
	// Redis (session.NoOrders); /order's prerendered screen is only for such a visitor ("noOrders").
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
		// The prerendered screen is painted with the page: its styles are the page's from the start.
		b = pre.styles.write(b, nonce)
	}
	// With a popup in the HTML the page's downloads wait for it, and with a
	// prerendered screen for the first paint (afterPopup).
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
