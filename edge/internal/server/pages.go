package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

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

// pageTable is the route table the edge serves: without the test pages unless
// TEST_CHECKOUT says so, so that in production /app/testcheckout is the 404 page and
// the shell's router does not know it either.
func pageTable(cfg Config) []routes.Route {
	t := routes.Table(cfg.BrandSlug)
	if cfg.TestCheckout {
		return t
	}
	return routes.WithoutTestPages(t)
}

// pageHandler answers every page request with the shell document. A page view costs
// at most one Redis round trip, for a visitor whose cart hint says they may have a
// cart (cartState); everything else it needs is held in memory: the module release
// state (modules.Registry), the pre-rendered document parts (page.Shell, page.Release),
// what the page's path names (metaCache) and the live popups with their markup
// (earlyPopups).
type pageHandler struct {
	router   *routes.Router
	registry *modules.Registry
	content  cms.Provider
	names    page.Names
	orders   ordering.Provider
	careers  careers.Provider
	loyalty  loyalty.Provider
	buildDir string
	config   page.Config
	// cookieSecure marks the cookies a page sets Secure (Config.CookieSecure).
	cookieSecure bool
	log          *slog.Logger
	// csrfToken gives the visitor's CSRF token for the bootstrap.
	csrfToken func(c fiber.Ctx) string
	// overrides are the module versions a request asks for (qaOverrides); nil: none.
	overrides func(c fiber.Ctx) []modules.Module
	// pageLoads signs the page load and its module versions for the beacons; nil: the
	// page's beacons count for metrics only.
	pageLoads *beacons.Signer
	// viewed is told of each page served: its route and the version of the route's
	// module (metrics); nil: nobody.
	viewed func(c fiber.Ctx, p *page.Page)

	shellMu sync.Mutex
	shell   atomic.Pointer[page.Shell]

	releaseMu sync.Mutex
	release   atomic.Pointer[page.Release]

	meta metaCache
	// popups are the live popups, for the one a page of the default layout carries;
	// nil: pages carry none.
	popups *earlyPopups
}

// shellDoc reads entrypoints.json (and chrome.json beside it) once they exist (a
// build may finish after start) and renders what every page of the build shares.
func (h *pageHandler) shellDoc() (*page.Shell, error) {
	if s := h.shell.Load(); s != nil {
		return s, nil
	}
	h.shellMu.Lock()
	defer h.shellMu.Unlock()
	if s := h.shell.Load(); s != nil {
		return s, nil
	}
	dir := filepath.Join(h.buildDir, "shell")
	a, err := page.LoadAssets(dir)
	if err != nil {
		return nil, err
	}
	chrome, err := page.LoadChrome(dir)
	if err != nil {
		h.log.Error("chrome.json unreadable: pages have the plain heading", "err", err)
	}
	s, err := page.NewShell(a, h.config, h.router.Routes(), chrome)
	if err != nil {
		return nil, err
	}
	h.shell.Store(s)
	return s, nil
}

// currentRelease is the registry's state rendered for the bootstrap and the preloads,
// rendered again after each change of the registry.
func (h *pageHandler) currentRelease(ctx context.Context) *page.Release {
	gen := h.registry.Generation()
	if r := h.release.Load(); r != nil && r.Generation() == gen {
		return r
	}
	h.releaseMu.Lock()
	defer h.releaseMu.Unlock()
	if r := h.release.Load(); r != nil && r.Generation() == h.registry.Generation() {
		return r
	}
	r := page.NewRelease(ctx, h.registry, h.router.Routes())
	h.release.Store(r)
	return r
}

func (h *pageHandler) serve(c fiber.Ctx) error {
	raw := string(c.Request().URI().PathOriginal())
	if i := strings.IndexByte(raw, '?'); i >= 0 {
		raw = raw[:i]
	}
	status := fiber.StatusOK
	m, ok := h.router.Match(raw)
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
		m = routes.Match{Route: h.router.ByID("not-found"), Params: map[string]string{}}
		meta = pageMeta{heading: page.PathHeading("/404"), description: h.defaultDescription()}
	}

	shell, err := h.shellDoc()
	if err != nil {
		h.log.Error("shell assets missing", "err", err)
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
	if h.csrfToken != nil {
		p.CSRF = h.csrfToken(c)
	}
	if h.overrides != nil {
		p.Overrides = h.overrides(c)
	}
	if h.pageLoads != nil && p.Modules != nil {
		served := map[string]string{}
		for name, m := range p.Modules.Modules(visitor) {
			served[name] = m.Version
		}
		for _, o := range p.Overrides {
			served[o.Name] = o.Version
		}
		p.Beacon = h.pageLoads.Sign(visitor, served)
	}
	cartMenu := ""
	if status == fiber.StatusOK && m.Route.Heading == routes.HeadingMenu {
		p.Session.HasCart, cartMenu, p.Heading = h.cartOnMenu(c, visitor, m.Params["mid"], p.Heading)
	} else {
		p.Session.HasCart = h.cartState(c, visitor)
	}
	if status == fiber.StatusOK {
		p.Data = dataPath(c, m, p.Session.HasCart, cartMenu)
	}
	if m.Route.Heading == routes.HeadingMenu && p.Slots != nil && chosenElsewhere(c, m.Params["mid"], p.Slots["placeid"]) {
		p.Slots = nil // the screen's top is another location's: no copy (menuCopySlots)
	}
	if status == fiber.StatusOK && m.Route.Layout == routes.LayoutDefault && m.Route.Popups && h.popups != nil && !session.PopupVisit(c) {
		// The popup this visitor will see, by the shell's own rule, written into the
		// page so that it paints with the page's first paint instead of after the
		// scripts load; the shell adopts it (docs/shell.md, "Popups"). Only over a
		// content page, and once per visit. Dismissals come from the cookie the shell
		// writes beside its own record.
		p.Popup = h.popups.markup(c.Context(), p.Path, p.Session.SignedIn, session.DismissedPopups(c))
		if p.Popup != nil {
			session.MarkPopupVisit(c, h.cookieSecure)
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
	if h.viewed != nil {
		h.viewed(c, p)
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

// cartState says whether the visitor has a cart, from the cart hint cookie the cart
// API keeps (session.CartHint): no cart → no Redis call; a cart or no hint yet (a
// visitor from before the hint) → one EXISTS, and the hint is set to the answer. A new
// visitor has no cart. While Redis cannot be read: no cart, hint left as it was.
func (h *pageHandler) cartState(c fiber.Ctx, visitor string) bool {
	if h.orders == nil || visitor == "" {
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
	if cc, ok := h.orders.(cartCheck); ok {
		has, err = cc.HasCart(c.Context(), visitor)
	} else {
		_, err = h.orders.Cart(c.Context(), visitor)
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
// visitor's cart when the cart is on this menu (orderingNames): the one round trip
// reads the cart instead of only asking whether it exists. It answers the cart's menu
// too ("" without a cart).
func (h *pageHandler) cartOnMenu(c fiber.Ctx, visitor, mid, heading string) (has bool, menu, _ string) {
	if h.orders == nil || visitor == "" {
		return false, "", heading
	}
	if known, has := session.CartHint(c); session.NewVisitor(c) || (known && !has) {
		return h.cartState(c, visitor), "", heading
	}
	cart, err := h.orders.Cart(c.Context(), visitor)
	if err != nil {
		if isNotFound(err) {
			session.SetCartHint(c, false)
		}
		return false, "", heading
	}
	session.SetCartHint(c, true)
	if cart.MenuID == mid && cart.LocationID != "" {
		if l, err := h.orders.Location(c.Context(), cart.LocationID); err == nil {
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
// menu (the hint cookie) gives "?locationId=" and it; a hint that cannot be read, or a
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
		return path + "?locationId=" + location
	case hasCart && (cartMenu == "" || cartMenu == mid):
		return ""
	}
	return path
}

func isNotFound(err error) bool { return fault.Is(err, fault.NotFound) }

// pageMeta is what a page's path names: whether it exists, its heading and its
// description, and for some pages a title and structured data for search engines.
type pageMeta struct {
	found                bool
	heading, description string
	title                string
	structured           []json.RawMessage
	image                string                         // page.Page.Image
	slots                map[string]string              // page.Page.Slots
	lists                map[string][]map[string]string // page.Page.Lists
	// failed: a provider could not answer; the page is a 404 this once, not cached.
	failed bool
}

// describe looks up what the page's path names (content page, location, menu,
// category, product) for its heading and description; a path naming nothing is the
// 404 page.
func (h *pageHandler) describe(ctx context.Context, m routes.Match, path string) pageMeta {
	meta := pageMeta{found: true, description: h.defaultDescription()}
	switch {
	case m.Route.Content || m.Route.ID == "home":
		slug := m.Params["slug"]
		p, err := h.content.Page(ctx, slug)
		if err != nil {
			if !errors.Is(err, cms.ErrNotFound) {
				h.log.Error("content lookup failed", "path", path, "err", err)
				if m.Route.Content {
					return pageMeta{failed: true}
				}
			}
			if m.Route.Content {
				return pageMeta{}
			}
		} else {
			if d := firstNonEmpty(p.Description, p.Title); d != "" {
				meta.description = d
			}
			// The tab and a search result show the editor's page title ("Gift Cards");
			// home keeps the brand alone.
			if m.Route.Content {
				meta.title = p.Title
			}
			meta.image = topImage(p)
			meta.slots = heroCopySlots(p)
		}
	case m.Route.Locations:
		var found, failed bool
		found, failed, meta.description = h.browse(ctx, path, m.Params)
		if !found {
			return pageMeta{failed: failed}
		}
	case m.Route.ID == "jobs":
		var found, failed bool
		found, failed = h.jobs(ctx, path, m.Params["city"], &meta)
		if !found {
			return pageMeta{failed: failed}
		}
	case m.Route.ID == "app-subscribe":
		h.plans(ctx, path, &meta)
	}
	meta.heading, meta.found = page.Heading(ctx, m.Route.Heading, path, m.Params, h.names)
	if !meta.found {
		return pageMeta{}
	}
	if d, img, slots := h.menuMeta(ctx, m); d != "" {
		meta.description, meta.image, meta.slots = d, img, slots
	}
	// The route's title where the page has none of its own (a city's jobs names its city).
	if meta.title == "" {
		meta.title = m.Route.Title
	}
	if d, ok := routeDescriptions[m.Route.ID]; ok {
		meta.description = fmt.Sprintf(d, h.config.BrandName, ordering.GiftCardMinCents/100, ordering.GiftCardMaxCents/100)
	}
	return meta
}

// routeDescriptions describe the pages whose route says all there is to say: %[1]s
// is the brand, %[2]d and %[3]d the smallest and largest e-gift card in dollars.
var routeDescriptions = map[string]string{
	"giftcards-buy":     "Buy a %[1]s e-gift card from $%[2]d to $%[3]d, emailed with your message on the day you choose.",
	"giftcards-balance": "Check the balance of a %[1]s gift card with its number and PIN.",
}

func (h *pageHandler) defaultDescription() string {
	b := h.config.BrandName
	return fmt.Sprintf("Order %s fried chicken online for pickup or delivery, find a %s near you and earn rewards.", b, b)
}

// browse reports whether a location browse page names a state, city and address the
// ordering provider has (one that does not is the 404 page), and describes it.
func (h *pageHandler) browse(ctx context.Context, path string, params map[string]string) (found, failed bool, description string) {
	if h.orders == nil {
		return true, false, h.defaultDescription()
	}
	all, err := h.orders.Locations(ctx)
	if err != nil {
		h.log.Error("locations lookup failed", "path", path, "err", err)
		return false, true, ""
	}
	b := ordering.Browse{State: params["state"], City: params["city"], Address: params["address"]}
	if !ordering.BrowseExists(all, b) {
		return false, false, ""
	}
	matches := ordering.FilterLocations(all, b)
	brand := h.config.BrandName
	switch {
	case b.Address != "" && len(matches) > 0:
		l := matches[0]
		return true, false, fmt.Sprintf("%s %s: %s, %s, %s %s. Order online for pickup or delivery.", brand, l.Name, l.Address.Street, l.Address.City, l.Address.State, l.Address.ZIP)
	case b.City != "" && len(matches) > 0:
		return true, false, fmt.Sprintf("%s locations in %s, %s: %d restaurants. Find one near you and order online.", brand, matches[0].Address.City, matches[0].Address.State, len(matches))
	}
	return true, false, fmt.Sprintf("%s locations in %s: %d restaurants. Find one near you and order online.", brand, strings.ToUpper(b.State), len(matches))
}

// menuMeta describes the menu, category and product pages from the catalogue, and
// names a product page's photo (page.Page.Image) when it is one of the site's own
// files: the page's policy loads images from the site only.
//
// A product page also gets the slots of the product screen's prerendered copy (its top:
// the way back to the menu, the photo, the name and the description; docs/shell.md,
// "Prerendered screens"), as the screen shows them: the photo only when it is one of the
// site's own files, as the screen would otherwise show another.
func (h *pageHandler) menuMeta(ctx context.Context, m routes.Match) (description, image string, slots map[string]string) {
	mid := m.Params["mid"]
	if h.orders == nil || mid == "" {
		return "", "", nil
	}
	brand := h.config.BrandName
	switch m.Route.Heading {
	case routes.HeadingMenu:
		if l, err := h.orders.LocationByMenu(ctx, mid); err == nil {
			return fmt.Sprintf("The %s menu at %s, %s, %s: order online for pickup or delivery.", brand, l.Name, l.Address.Street, l.Address.City), "", h.menuCopySlots(ctx, mid, l)
		}
	case routes.HeadingCategory:
		if cid := m.Params["cid"]; cid != "" {
			if cat, err := h.orders.Category(ctx, mid, cid, ""); err == nil {
				return firstNonEmpty(cat.Description, fmt.Sprintf("%s from the %s menu: order online for pickup or delivery.", cat.Name, brand)), "", nil
			}
		}
	case routes.HeadingProduct:
		if pid := m.Params["pid"]; pid != "" {
			if p, err := h.orders.Product(ctx, mid, pid, ""); err == nil {
				if !sitePath(p.Image) {
					p.Image = ""
				}
				if p.Image != "" {
					// The price and calories, as the screen writes them next to the name.
					slots = map[string]string{"menu": url.PathEscape(mid), "product": url.PathEscape(pid), "name": p.Name, "description": p.Description, "image": p.Image,
						"price": fmt.Sprintf("$%d.%02d", p.PriceCents/100, p.PriceCents%100), "calories": strconv.Itoa(p.Calories)}
				}
				return firstNonEmpty(p.Description, fmt.Sprintf("%s from the %s menu: order online for pickup or delivery.", p.Name, brand)), p.Image, slots
			}
		}
	}
	return "", "", nil
}

// menuCopySlots are the slots of the menu screen's prerendered copy (its top: the menu's
// name and location, the first category in the category bar and the first section's
// heading, description and daily window; docs/menu.md, "The top of the menu with the
// first paint"), as the screen shows the menu at l, the location it is shown at for a
// visitor who has chosen none of its locations. nil (no copy) for a menu that cannot be
// read or has no category. "placeid" is l's id, which serve compares with the visitor's
// chosen location; the copy does not show it.
func (h *pageHandler) menuCopySlots(ctx context.Context, mid string, l ordering.Location) map[string]string {
	m, err := h.orders.Menu(ctx, mid, l.ID)
	if err != nil || len(m.Categories) == 0 {
		return nil
	}
	c := m.Categories[0]
	// When the category is served at l, as the screen says it.
	when := c.ServedLabel
	return map[string]string{
		"menu": url.PathEscape(mid), "menuname": m.Name, "placeid": l.ID,
		"place": l.Name, "street": l.Address.Street, "city": l.Address.City, "state": l.Address.State,
		"category": c.ID, "catname": c.Name, "catdesc": c.Description, "catwhen": when,
	}
}

// chosenElsewhere: the visitor's chosen location (the hint cookie) sells menu mid but is
// not place, or the hint cannot be read. The menu screen shows the chosen location's
// menu then, not the copy's, which shows the menu at place.
func chosenElsewhere(c fiber.Ctx, mid, place string) bool {
	location, menu, present, ok := session.LocationHint(c)
	return present && (!ok || (menu == mid && location != place))
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}

// metaCache keeps what each page path names (pageMeta) for metaTTL, so a page view
// asks the content and ordering providers nothing. Staleness rule: a content page,
// location or menu item added, renamed or removed shows in the page's heading,
// description and status (200/404) within metaTTL; the screen itself reads the API
// and is current at once. Unknown paths are kept too (a flood of them costs the
// providers one lookup each per metaTTL), and the cache is emptied when it reaches
// metaMax entries, bounding its memory.
type metaCache struct {
	mu      sync.RWMutex
	entries map[string]metaEntry
	now     func() time.Time
}

type metaEntry struct {
	meta    pageMeta
	expires time.Time
}

const (
	metaTTL = time.Minute
	metaMax = 10000
)

func (mc *metaCache) get(key string, compute func() pageMeta) pageMeta {
	now := time.Now
	if mc.now != nil {
		now = mc.now
	}
	t := now()
	mc.mu.RLock()
	e, ok := mc.entries[key]
	mc.mu.RUnlock()
	if ok && t.Before(e.expires) {
		return e.meta
	}
	meta := compute()
	if meta.failed {
		return meta
	}
	mc.mu.Lock()
	if mc.entries == nil || len(mc.entries) >= metaMax {
		mc.entries = map[string]metaEntry{}
	}
	mc.entries[key] = metaEntry{meta: meta, expires: t.Add(metaTTL)}
	mc.mu.Unlock()
	return meta
}
