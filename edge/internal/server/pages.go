package server

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/csp"
	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/page"
	cms "github.com/henhouse/platform/edge/internal/providers/content"
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

// pageHandler answers every page request with the shell document.
type pageHandler struct {
	router   *routes.Router
	registry *modules.Registry
	content  cms.Provider
	names    page.Names
	orders   ordering.Provider
	buildDir string
	config   page.Config
	log      *slog.Logger
	// csrfToken gives the visitor's CSRF token for the bootstrap.
	csrfToken func(c fiber.Ctx) string

	assetsMu sync.Mutex
	assets   *page.Assets
}

// shellAssets reads entrypoints.json once it exists (a build may finish after start).
func (h *pageHandler) shellAssets() (page.Assets, error) {
	h.assetsMu.Lock()
	defer h.assetsMu.Unlock()
	if h.assets != nil {
		return *h.assets, nil
	}
	a, err := page.LoadAssets(filepath.Join(h.buildDir, "shell"))
	if err != nil {
		return a, err
	}
	h.assets = &a
	return a, nil
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
	path := raw
	if ok {
		path = c.Path()
	}
	var heading string
	if ok && m.Route.Content {
		if _, err := h.content.Page(c.Context(), m.Params["slug"]); err != nil {
			if !errors.Is(err, cms.ErrNotFound) {
				h.log.Error("content lookup failed", "path", path, "err", err)
			}
			ok = false
		}
	}
	if ok && m.Route.Locations {
		ok = h.browseExists(c.Context(), path, m.Params)
	}
	if ok {
		heading, ok = page.Heading(withVisitor(c.Context(), session.VisitorID(c)), m.Route.Heading, path, m.Params, h.names)
	}
	if !ok || m.Route.ID == "not-found" {
		status = fiber.StatusNotFound
		m = routes.Match{Route: h.router.ByID("not-found"), Params: map[string]string{}}
		heading = page.PathHeading("/404")
	}

	assets, err := h.shellAssets()
	if err != nil {
		h.log.Error("shell assets missing", "err", err)
		return c.Status(fiber.StatusServiceUnavailable).Type("txt").SendString("The site is being built. Please try again in a minute.")
	}
	visitor := session.VisitorID(c)
	mods := map[string]modules.Module{}
	for _, name := range h.registry.Names() {
		if mod, found := h.registry.Resolve(c.Context(), name, visitor); found {
			mods[name] = mod
		}
	}
	b := &page.Bootstrap{
		Version: page.BootstrapVersion, BuildID: assets.BuildID, Status: status,
		Path: path, Query: c.Queries(),
		Route: page.RouteMatch{ID: m.Route.ID, Module: m.Route.Module, Screen: m.Route.Screen,
			Heading: m.Route.Heading, Params: m.Params},
		Layout: m.Route.Layout, Heading: heading,
		Routes: h.router.Routes(), Modules: mods, Config: h.config,
	}
	b.Session.ForcedSignOut = auth.ForcedSignOut(c)
	b.Session.LoggedOut = auth.LoggedOut(c)
	if cl, ok := auth.ClaimsOf(c); ok {
		b.Session.SignedIn = true
		b.Session.Token = &page.TokenClaims{Provider: cl.Provider, Version: cl.Version}
	}
	if h.csrfToken != nil {
		b.CSRF = h.csrfToken(c)
	}
	if h.orders != nil && visitor != "" {
		_, err := h.orders.Cart(c.Context(), visitor)
		b.Session.HasCart = err == nil
	}
	doc, err := page.Render(b, assets, csp.Nonce(c))
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, site.NoCache)
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	return c.Status(status).Send(doc)
}

// browseExists reports whether a location browse page names a state, city and
// address the ordering provider has; one that does not is the 404 page.
func (h *pageHandler) browseExists(ctx context.Context, path string, params map[string]string) bool {
	if h.orders == nil {
		return true
	}
	all, err := h.orders.Locations(ctx)
	if err != nil {
		h.log.Error("locations lookup failed", "path", path, "err", err)
		return false
	}
	return ordering.BrowseExists(all, ordering.Browse{State: params["state"], City: params["city"], Address: params["address"]})
}
