// Package pages answers every page request with the shell document (package page): it
// matches the route, looks up what the page's path names (its heading, title,
// description, structured data, largest image and the values of its prerendered screen)
// and writes the document from the parts rendered once per build and per module release.
//
// What a route's page names comes from its filler, one row of the fillers table per
// route (fillers.go); a filler takes only the provider roles it reads.
// docs/architecture.md, "Pages and prerendered screens".
package pages

import (
	"context"
	"log/slog"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/beacons"
	"github.com/henhouse/platform/edge/internal/csp"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/page"
	"github.com/henhouse/platform/edge/internal/providers/careers"
	cms "github.com/henhouse/platform/edge/internal/providers/content"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/routes"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/site"
)

// Deps is what the page handler is built from. A provider role left nil leaves out what
// it would have told: the fillers that read it, and the cart a page view looks for.
type Deps struct {
	// Router matches the page's path. Required.
	Router *routes.Router
	// Registry holds the module versions per visitor. Required.
	Registry *modules.Registry
	// Names answers the page headings' lookups (page.Heading). Optional. Default: the
	// heading made of the path.
	Names page.Names
	// Content serves the content pages (home and the content-managed paths). Optional.
	Content cms.Provider
	// Locations and Menus describe the location browse, menu, category and product
	// pages. Optional.
	Locations ordering.Locations
	Menus     ordering.Menus
	// CartOwner is whose cart the page looks for: a signed-in member's one cart, else
	// the visitor's (the API's owner). Optional. Default: the visitor.
	CartOwner func(fiber.Ctx) string
	// Carts tells whether the visitor has a cart (session.HasCart in the bootstrap).
	// Optional. Default: no cart.
	Carts ordering.Carts
	// Careers describes a city's jobs page. Optional.
	Careers careers.Provider
	// Subscriptions gives the app's subscription page its plans. Optional.
	Subscriptions loyalty.Subscriptions
	// BuildDir holds the shell's build (BuildDir/shell/entrypoints.json, chrome.json).
	BuildDir string
	// Config is the deployment's public configuration for the bootstrap.
	Config page.Config
	// CookieSecure marks the cookies a page sets Secure.
	CookieSecure bool
	// Log is where lookups that failed are told. Optional. Default: slog.Default().
	Log *slog.Logger
	// CSRFToken gives the visitor's CSRF token for the bootstrap. Optional. Default: none.
	CSRFToken func(c fiber.Ctx) string
	// Overrides are the module versions a request asks for (a QA override). Optional.
	// Default: none.
	Overrides func(c fiber.Ctx) []modules.Module
	// PageLoads signs the page load and its module versions for the beacons. Optional.
	// Default: the page's beacons count for metrics only.
	PageLoads *beacons.Signer
	// Viewed is told of each page served: its route and the version of the route's
	// module (metrics). Optional.
	Viewed func(c fiber.Ctx, p *page.Page)
	// Popup is the markup of the popup to show at path to this visitor, who has
	// dismissed the popups whose keys are in dismissed; nil for none. Optional. Default:
	// pages carry no popup.
	Popup func(ctx context.Context, path string, signedIn bool, dismissed []string) []byte
}

// Handler answers every page request with the shell document. A page view costs at most
// one Redis round trip, for a visitor whose cart hint says they may have a cart
// (cartState); everything else it needs is held in memory: the module release state
// (modules.Registry), the pre-rendered document parts (page.Shell, page.Release), what
// the page's path names (metaCache) and the live popups with their markup (Deps.Popup).
type Handler struct {
	d       Deps
	fillers map[string]filler

	shellMu sync.Mutex
	shell   atomic.Pointer[page.Shell]

	releaseMu sync.Mutex
	release   atomic.Pointer[page.Release]

	meta metaCache
}

// New builds the page handler from d.
func New(d Deps) *Handler {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Handler{d: d, fillers: newFillers(&d)}
}

// shellDoc reads entrypoints.json (and chrome.json beside it) once they exist (a
// build may finish after start) and renders what every page of the build shares.
func (h *Handler) shellDoc() (*page.Shell, error) {
	if s := h.shell.Load(); s != nil {
		return s, nil
	}
	h.shellMu.Lock()
	defer h.shellMu.Unlock()
	if s := h.shell.Load(); s != nil {
		return s, nil
	}
	dir := filepath.Join(h.d.BuildDir, "shell")
	a, err := page.LoadAssets(dir)
	if err != nil {
		return nil, err
	}
	chrome, err := page.LoadChrome(dir)
	if err != nil {
		h.d.Log.Error("chrome.json unreadable: pages have the plain heading", "err", err)
	}
	s, err := page.NewShell(a, h.d.Config, h.d.Router.Routes(), chrome)
	if err != nil {
		return nil, err
	}
	h.shell.Store(s)
	return s, nil
}

// currentRelease is the registry's state rendered for the bootstrap and the preloads,
// rendered again after each change of the registry.
func (h *Handler) currentRelease(ctx context.Context) *page.Release {
	gen := h.d.Registry.Generation()
	if r := h.release.Load(); r != nil && r.Generation() == gen {
		return r
	}
	h.releaseMu.Lock()
	defer h.releaseMu.Unlock()
	if r := h.release.Load(); r != nil && r.Generation() == h.d.Registry.Generation() {
		return r
	}
	r := page.NewRelease(ctx, h.d.Registry, h.d.Router.Routes())
	h.release.Store(r)
	return r
}

// Serve answers a page request.
func (h *Handler) Serve(c fiber.Ctx) error {
	raw := string(c.Request().URI().PathOriginal())
	if i := strings.IndexByte(raw, '?'); i >= 0 {
		raw = raw[:i]
	}
	status := fiber.StatusOK
	m, ok := h.d.Router.Match(raw)
	if ok && m.Route.Redirect != "" {
		target := m.Route.Redirect
		if q := string(c.Request().URI().QueryString()); q != "" {
			target += "?" + q
		}
		return c.Redirect().Status(fiber.StatusFound).To(target)
	}
	if ok && m.Route.Webview != "" && c.Query("webview") == "1" {
		target := m.Route.Webview
		if q := withoutParam(string(c.Request().URI().QueryString()), "webview"); q != "" {
			target += "?" + q
		}
		return c.Redirect().Status(fiber.StatusFound).To(target)
	}
	path := raw
	if ok {
		path = c.Path()
	}
	var meta pageMeta
	if ok {
		meta = h.meta.get(m.Route.ID+"\x00"+path, func() pageMeta { return h.describe(c.Context(), m, path) })
		ok = meta.found
	}
	if !ok || m.Route.ID == "not-found" {
		status = fiber.StatusNotFound
		m = routes.Match{Route: h.d.Router.ByID("not-found"), Params: map[string]string{}}
		meta = pageMeta{heading: page.PathHeading("/404"), description: h.defaultDescription()}
	}

	shell, err := h.shellDoc()
	if err != nil {
		h.d.Log.Error("shell assets missing", "err", err)
		return c.Status(fiber.StatusServiceUnavailable).Type("txt").SendString("The site is being built. Please try again in a minute.")
	}
	visitor := session.VisitorID(c)
	p := &page.Page{
		Status: status, Path: path, Query: c.Queries(), Route: m.Route, Params: m.Params,
		Heading: meta.heading, Title: meta.title, Description: meta.description, StructuredData: meta.structured, Image: meta.image, Slots: meta.slots, Lists: meta.lists,
		Modules: h.currentRelease(c.Context()), Visitor: visitor, Nonce: csp.Nonce(c),
	}
	p.Session.ForcedSignOut = auth.ForcedSignOut(c)
	p.Session.LoggedOut = auth.LoggedOut(c)
	if cl, ok := auth.ClaimsOf(c); ok {
		p.Session.SignedIn = true
		p.Session.Token = &page.TokenClaims{Provider: cl.Provider, Version: cl.Version}
	}
	if status == fiber.StatusOK && m.Route.Members && p.Session.SignedOut() && !p.Session.ForcedSignOut && !p.Session.LoggedOut {
		// A member's page asked for by a visitor who is not signed in: straight to the
		// sign-in page, as the screen would send them after its scripts had run. A
		// session this request ended gets the page, whose shell says so first.
		back := path
		if q := c.Request().URI().QueryString(); len(q) > 0 {
			back += "?" + string(q)
		}
		c.Set(fiber.HeaderCacheControl, site.NoCache)
		return c.Redirect().Status(fiber.StatusFound).To(site.SignInPath + "?return=" + url.QueryEscape(back))
	}
	_, _, p.ChosenLocation, _ = session.LocationHint(c)
	p.NoOrders = session.NoOrders(c)
	if h.d.CSRFToken != nil {
		p.CSRF = h.d.CSRFToken(c)
	}
	if h.d.Overrides != nil {
		p.Overrides = h.d.Overrides(c)
	}
	if h.d.PageLoads != nil && p.Modules != nil {
		served := map[string]string{}
		for name, m := range p.Modules.Modules(visitor) {
			served[name] = m.Version
		}
		for _, o := range p.Overrides {
			served[o.Name] = o.Version
		}
		p.Beacon = h.d.PageLoads.Sign(visitor, served)
	}
	cartMenu := ""
	if status == fiber.StatusOK && m.Route.Heading == routes.HeadingMenu {
		p.Session.HasCart, cartMenu, p.Heading = h.cartOnMenu(c, h.cartOwner(c, visitor), m.Params["mid"], p.Heading)
	} else {
		p.Session.HasCart = h.cartState(c, h.cartOwner(c, visitor))
	}
	if status == fiber.StatusOK {
		p.Data = dataPath(c, m, p.Session.HasCart, cartMenu)
	}
	if m.Route.Heading == routes.HeadingMenu && p.Slots != nil && chosenElsewhere(c, m.Params["mid"], p.Slots["placeid"]) {
		p.Slots = nil // the screen's top is another location's: no prerendered screen (menuSlots)
	}
	if status == fiber.StatusOK && m.Route.Layout == routes.LayoutDefault && m.Route.Popups && h.d.Popup != nil && !session.PopupVisit(c) {
		// The popup this visitor will see, by the shell's own rule, written into the
		// page so that it paints with the page's first paint instead of after the
		// scripts load; the shell adopts it (docs/shell.md, "Popups"). Only over a
		// content page, and once per visit. Dismissals come from the cookie the shell
		// writes beside its own record.
		p.Popup = h.d.Popup(c.Context(), p.Path, p.Session.SignedIn, session.DismissedPopups(c))
		if p.Popup != nil {
			session.MarkPopupVisit(c, h.d.CookieSecure)
		}
	}

	rh := &c.Response().Header
	rh.SetCanonical(headerCacheControl, noCache)
	rh.SetContentType(fiber.MIMETextHTMLCharsetUTF8)
	c.Status(status)
	buf, _ := docBuffers.Get().(*[]byte)
	if buf == nil {
		buf = new([]byte)
	}
	// The document becomes the response's body, and the body buffer the response had
	// goes back to the pool: nothing is copied.
	*buf = c.Response().SwapBody(shell.Append((*buf)[:0], p))[:0]
	docBuffers.Put(buf)
	if h.d.Viewed != nil {
		h.d.Viewed(c, p)
	}
	return nil
}

// withoutParam is a raw query string less every key=value pair named key, the others
// kept as they were spelt and in their order.
func withoutParam(query, key string) string {
	parts := strings.Split(query, "&")
	kept := parts[:0]
	for _, p := range parts {
		if p == "" || p == key || strings.HasPrefix(p, key+"=") {
			continue
		}
		kept = append(kept, p)
	}
	return strings.Join(kept, "&")
}

// The page's Cache-Control header, as the response stores it.
var headerCacheControl, noCache = []byte(fiber.HeaderCacheControl), []byte(site.NoCache)

// docBuffers are the buffers documents are written in before they are copied into
// the response.
var docBuffers sync.Pool

// cartCheck is the ordering provider's cheap "does this owner have a cart" (one
// EXISTS); a provider without it is asked for the whole cart.
type cartCheck interface {
	HasCart(ctx context.Context, owner string) (bool, error)
}

// cartOwner is the owner of the cart the page looks for (Deps.CartOwner).
func (h *Handler) cartOwner(c fiber.Ctx, visitor string) string {
	if h.d.CartOwner == nil {
		return visitor
	}
	return h.d.CartOwner(c)
}

// cartState says whether the visitor has a cart, from the cart hint cookie the cart
// API keeps (session.CartHint): no cart → no Redis call; a cart or no hint yet (a
// visitor from before the hint) → one EXISTS, and the hint is set to the answer. A new
// visitor has no cart. While Redis cannot be read: no cart, hint left as it was.
func (h *Handler) cartState(c fiber.Ctx, visitor string) bool {
	if h.d.Carts == nil || visitor == "" {
		return false
	}
	known, has := session.CartHint(c)
	switch {
	case session.NewVisitor(c):
		session.SetCartHint(c, false)
		return false
	case known && !has:
		return false
	}
	var err error
	if cc, ok := h.d.Carts.(cartCheck); ok {
		has, err = cc.HasCart(c.Context(), visitor)
	} else {
		_, err = h.d.Carts.Cart(c.Context(), visitor)
		has = err == nil
		if isNotFound(err) {
			err = nil
		}
	}
	if err != nil {
		return false
	}
	session.SetCartHint(c, has)
	return has
}

// cartOnMenu is cartState on a menu page, whose heading names the location of the
// visitor's cart when the cart is on this menu (the page.Names the server gives): the
// one round trip reads the cart instead of only asking whether it exists. It answers
// the cart's menu too ("" without a cart).
func (h *Handler) cartOnMenu(c fiber.Ctx, visitor, mid, heading string) (has bool, menu, _ string) {
	if h.d.Carts == nil || visitor == "" {
		return false, "", heading
	}
	if known, has := session.CartHint(c); session.NewVisitor(c) || (known && !has) {
		return h.cartState(c, visitor), "", heading
	}
	cart, err := h.d.Carts.Cart(c.Context(), visitor)
	if err != nil {
		if isNotFound(err) {
			session.SetCartHint(c, false)
		}
		return false, "", heading
	}
	session.SetCartHint(c, true)
	if cart.MenuID == mid && cart.LocationID != "" && h.d.Locations != nil {
		if l, err := h.d.Locations.Location(c.Context(), cart.LocationID); err == nil {
			heading = "Menu page: " + l.Name
		}
	}
	return true, cart.MenuID, heading
}

// dataPath is the API path the page preloads for its screen (routes.Route.Data), or ""
// when the screen's request cannot be told from the request. A page whose address has
// a value for the route's DataUnless parameter preloads nothing: its screen reads
// something else (the location search on /locations?formattedAddress=…).
//
// A menu screen (DataLocation) asks for its menu at the guest's chosen location when
// that location sells the menu, else at the location of a cart on this menu if the cart
// is in the page's state by then, else with no location. So: a chosen location of this
// menu (the hint cookie) gives "?location_id=" and it; a hint that cannot be read, or a
// cart that may be on this menu (whether the screen sees it first is a race), gives no
// preload; otherwise the path alone. cartMenu is the cart's menu when the handler read
// the cart ("" when it only knows that one exists).
func dataPath(c fiber.Ctx, m routes.Match, hasCart bool, cartMenu string) string {
	path := m.DataPath()
	if path != "" && m.Route.DataUnless != "" && c.Query(m.Route.DataUnless) != "" {
		return ""
	}
	if path == "" || !m.Route.DataLocation {
		return path
	}
	mid := m.Params["mid"]
	location, menu, present, ok := session.LocationHint(c)
	switch {
	case present && !ok:
		return ""
	case present && menu == mid:
		return path + "?location_id=" + location
	case hasCart && (cartMenu == "" || cartMenu == mid):
		return ""
	}
	return path
}

// chosenElsewhere: the visitor's chosen location (the hint cookie) sells menu mid but is
// not place, or the hint cannot be read. The menu screen shows the chosen location's
// menu then, not the prerendered screen's, which shows the menu at place.
func chosenElsewhere(c fiber.Ctx, mid, place string) bool {
	location, menu, present, ok := session.LocationHint(c)
	return present && (!ok || (menu == mid && location != place))
}

func isNotFound(err error) bool { return fault.Is(err, fault.NotFound) }
