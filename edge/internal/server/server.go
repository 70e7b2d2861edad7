// Package server wires the edge: middleware, static assets and modules, /api and the
// page handler. It is the only package that knows every other one.
package server

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/compress"
	"github.com/gofiber/fiber/v3/middleware/recover"
	"github.com/gofiber/fiber/v3/middleware/static"
	"github.com/redis/go-redis/extra/redisotel/v9"

	accountapi "github.com/henhouse/platform/edge/internal/api/account"
	"github.com/henhouse/platform/edge/internal/api/appdata"
	"github.com/henhouse/platform/edge/internal/api/authorize"
	careersapi "github.com/henhouse/platform/edge/internal/api/careers"
	"github.com/henhouse/platform/edge/internal/api/contact"
	contentapi "github.com/henhouse/platform/edge/internal/api/content"
	"github.com/henhouse/platform/edge/internal/api/openapi"
	orderingapi "github.com/henhouse/platform/edge/internal/api/ordering"
	"github.com/henhouse/platform/edge/internal/api/send"
	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/beacons"
	"github.com/henhouse/platform/edge/internal/botcheck"
	"github.com/henhouse/platform/edge/internal/clientip"
	"github.com/henhouse/platform/edge/internal/csp"
	"github.com/henhouse/platform/edge/internal/csrf"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/metrics"
	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/page"
	"github.com/henhouse/platform/edge/internal/pages"
	"github.com/henhouse/platform/edge/internal/providers/careers"
	careersbuiltin "github.com/henhouse/platform/edge/internal/providers/careers/builtin"
	cms "github.com/henhouse/platform/edge/internal/providers/content"
	"github.com/henhouse/platform/edge/internal/providers/feedback"
	"github.com/henhouse/platform/edge/internal/providers/geocode"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	loyaltybuiltin "github.com/henhouse/platform/edge/internal/providers/loyalty/builtin"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	orderingbuiltin "github.com/henhouse/platform/edge/internal/providers/ordering/builtin"
	"github.com/henhouse/platform/edge/internal/ratelimit"
	"github.com/henhouse/platform/edge/internal/routes"
	"github.com/henhouse/platform/edge/internal/services/member"
	"github.com/henhouse/platform/edge/internal/services/points"
	"github.com/henhouse/platform/edge/internal/services/rewards"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/site"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/outbox"
	"github.com/henhouse/platform/edge/internal/telemetry"
)

// hashedName matches content-hashed bundle names ("391.c680d74e.js", the shell's
// entry "main.1a2b3c4d.js"): their content never changes, so they are immutable.
var hashedName = regexp.MustCompile(`\.[0-9a-f]{8,32}\.(js|css|svg|png|woff2?)(\.map)?$`)

// AppVersion is the product version the page gives the browser.
const AppVersion = "6.7.2"

// DefaultTokenIssuer is the iss claim of member tokens unless TOKEN_ISSUER says otherwise.
const DefaultTokenIssuer = "https://henhouse.local/loyalty"

// TokenVersion is written into new member tokens and is the lowest version the edge
// and the shell accept.
const TokenVersion = "1"

// Server is a wired edge.
type Server struct {
	App *fiber.App
	// Admin is the ops API (nil without OPS_TOKEN), served apart on ADMIN_ADDR.
	Admin    *fiber.App
	Metrics  *metrics.Metrics
	Store    *store.Store
	Registry *modules.Registry
	// moduleCache is where module files fetched from the module store are kept
	// (modulestore.go); dropModuleCache: it is a temporary directory Close removes.
	moduleCache     string
	dropModuleCache bool

	// pageLoads signs each page load for the beacons (package beacons).
	pageLoads *beacons.Signer

	// orderRoles are the ordering system's roles, which consumers are wired with
	// (roles.go).
	orderRoles orderingSet

	Router   *routes.Router
	Ordering ordering.Provider // nil unless the ordering system fills every role: wiring takes orderRoles
	Loyalty  loyalty.Provider
	Careers  careers.Provider
	Tokens   *auth.Tokens
	members  *member.Service
	cfg      Config
	log      *slog.Logger

	// roles are the loyalty program's roles; points and rewards are the services on
	// them (roles_loyalty.go). rewards is nil when the program has no catalogue.
	roles   loyaltyRoles
	points  *points.Service
	rewards *rewards.Service

	// Parts New builds for the later steps.
	cms   cms.Provider
	geo   geoAdapter
	cards cardAdapter
	loyal *loyaltybuiltin.Provider
	// program is the loyalty programme the roles come from: loyal, or an adapter.
	program any
	guard   *guards
	// mail takes what every built-in provider would email or text; outbox reads it
	// back for developers (nil unless DEV_ENDPOINTS).
	mail      *outbox.Outbox
	outbox    outbox.Reader
	clientIPs *clientip.Resolver
	// policy is the pages' Content-Security-Policy; reports counts what browsers
	// report it blocked (docs/security.md).
	policy  *csp.Policy
	reports *csp.Reports
}

// New builds the edge. The caller owns Close.
func New(ctx context.Context, cfg Config, log *slog.Logger) (*Server, error) {
	if cfg.TokenIssuer == "" {
		cfg.TokenIssuer = DefaultTokenIssuer
	}
	if cfg.MapMaxZoom == 0 {
		cfg.MapMaxZoom = DefaultMapMaxZoom
	}
	if cfg.CareersURL == "" {
		cfg.CareersURL = site.CareersURL
	}
	st, err := openStore(ctx, cfg, log)
	if err != nil {
		return nil, err
	}
	cfg.Environment = environmentName(cfg.Environment)
	if cfg.DevEndpoints && cfg.Environment == "prod" {
		st.Close()
		return nil, fmt.Errorf("the developer endpoints are refused in production (APP_ENV %q)", cfg.Environment)
	}
	ips, err := clientip.New(cfg.ProxyHeader, cfg.TrustedProxies)
	if err != nil {
		st.Close()
		return nil, err
	}
	s := &Server{Store: st, Router: routes.MustCompile(pageTable(cfg)), cfg: cfg, log: log, clientIPs: ips}
	for _, step := range []func(context.Context) error{s.openProviders, s.openIdentity} {
		if err := step(ctx); err != nil {
			st.Close()
			return nil, err
		}
	}
	s.guard.warnBuiltinInProduction(cfg.Environment, log)
	s.Registry.Log, s.Registry.Policy = log, cfg.canaryPolicy()
	if s.pageLoads, err = beacons.NewSigner(ctx, st, nil); err != nil {
		st.Close()
		return nil, err
	}
	if s.Metrics, err = metrics.New(ctx, metrics.Config{Service: "henhouse-edge", Version: AppVersion}); err == nil {
		err = s.Metrics.InstrumentRedis(st.Client)
	}
	if err != nil {
		st.Close()
		return nil, err
	}
	if s.program == any(s.loyal) { // another programme renews its own subscriptions
		go renewSubscriptions(ctx, st, s.loyal, log)
	}
	go deliverGiftCards(ctx, st, s.orderRoles.GiftCards, log)
	go sweepCheckouts(ctx, st, s.orderRoles.system, s.cfg.CheckoutLockTTL, log)
	go sendOrderMail(ctx, st, s.orderRoles.system, log)
	go captureCards(ctx, st, s.orderRoles.system, log)
	s.Registry.Start(ctx) // release state changes from any edge (docs/architecture.md)
	// A Redis restarted faster than the breaker opens gets the shared secrets back too.
	go st.WatchRestarts(ctx, store.RestartCheckEvery)
	s.policy = csp.NewPolicy(pageSources(cfg, s.guard.builtin == nil), cfg.CookieSecure)
	s.reports = csp.NewReports(log)

	s.App = s.newApp()
	s.mountStatic()
	s.mountIdentityPages()
	s.mountHostedFields()
	s.mountAPI()
	s.mountDevModule(s.App) // dev environments only: sets the override cookie
	s.mountPages()
	s.Admin = s.newAdmin()
	return s, nil
}

// openStore connects to Redis, with command tracing when spans go to a collector
// (telemetry.Exporting; without one the hook would make a no-op span and its
// attributes for every command). A command's span names the command, not its
// arguments (carts, codes and tokens stay out of traces) nor its caller
// (runtime.Callers on every command costs more than the command's own work).
func openStore(ctx context.Context, cfg Config, log *slog.Logger) (*store.Store, error) {
	st, err := store.Open(ctx, cfg.RedisURL, cfg.AppPrefix, log)
	if err != nil {
		return nil, err
	}
	if !telemetry.Exporting() {
		return st, nil
	}
	if err := redisotel.InstrumentTracing(st.Client, redisotel.WithDBStatement(false), redisotel.WithCallerEnabled(false)); err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

// openRegistry opens the module registry over BUILD_DIR/modules, or over the module
// store (MODULE_STORE) with a directory to keep the files fetched from it.
func (s *Server) openRegistry(ctx context.Context) (*modules.Registry, error) {
	dir := filepath.Join(s.cfg.BuildDir, "modules")
	if s.cfg.ModuleStore == "" {
		return modules.Open(dir, s.Store)
	}
	cache := s.cfg.ModuleCacheDir
	if cache == "" {
		tmp, err := os.MkdirTemp("", "modules-cache-")
		if err != nil {
			return nil, err
		}
		cache, s.dropModuleCache = tmp, true
	} else if err := os.MkdirAll(cache, 0o755); err != nil {
		return nil, fmt.Errorf("MODULE_CACHE_DIR: %w", err)
	}
	s.moduleCache = cache
	bucket, err := modules.OpenBucket(ctx, s.cfg.ModuleStore)
	if err != nil {
		return nil, err
	}
	reg, err := modules.OpenStore(dir, bucket, s.Store)
	if err != nil {
		_ = bucket.Close()
		return nil, err
	}
	return reg, nil
}

// openProviders builds the module registry and the providers: content (built-in or
// Storyblok, CONTENT_PROVIDER), and the built-in geocoding, card payments, ordering,
// careers and loyalty.
func (s *Server) openProviders(ctx context.Context) error {
	st := s.Store
	reg, err := s.openRegistry(ctx)
	if err != nil {
		return err
	}
	s.Registry = reg
	if s.cms, err = openContent(s.cfg, st, s.log); err != nil {
		return err
	}
	offline := geocode.New()
	go func() { _ = offline.Warm() }() // index the embedded data before the first search
	s.geo = geoAdapter{offline}
	cards, err := cardProcessors(s.cfg.Cards, st)
	if err != nil {
		return err
	}
	s.cards = cardAdapter{cards}
	var now func() time.Time
	if start := s.cfg.OrderClockStart; !start.IsZero() {
		boot := time.Now()
		now = func() time.Time { return start.Add(time.Since(boot)) }
	}
	s.mail = outbox.New(st, outbox.Config{Now: now})
	orders, err := orderingbuiltin.New(ctx, orderingbuiltin.Config{Store: st, Geocoder: s.geo, Cards: s.cards, Outbox: s.mail, SiteURL: s.cfg.SiteURL, ClockSpeed: s.cfg.OrderClockSpeed, Now: now, SubmitLockTTL: s.cfg.CheckoutLockTTL})
	if err != nil {
		return err
	}
	if s.orderRoles, err = orderingRoles(orderingSystem(orders)); err != nil {
		return err
	}
	s.Ordering, _ = s.orderRoles.system.(ordering.Provider)
	locations := s.orderRoles.Locations
	if s.Careers, err = careersbuiltin.New(ctx, careersbuiltin.Config{Store: st, Locations: hiringLocations(locations), CareersURL: s.cfg.CareersURL}); err != nil {
		return err
	}
	s.loyal, err = loyaltybuiltin.New(ctx, loyaltybuiltin.Config{
		Store: st, BcryptCost: s.cfg.PasswordCost, Billing: billingAdapter{s.cards}, Outbox: s.mail, SiteURL: s.cfg.SiteURL,
		LocationExists: func(ctx context.Context, id string) bool {
			_, err := locations.Location(ctx, id)
			return err == nil
		},
	})
	if err != nil {
		return err
	}
	// The programme whose roles the site runs on (LOYALTY_PROVIDER): the built-in one,
	// or an adapter filling some roles (docs/providers.md).
	s.program = s.loyal
	if s.cfg.LoyaltyProvider == LoyaltyPunchh {
		if s.program, err = openPunchh(s.cfg.Punchh, st, s.log); err != nil {
			return err
		}
	}
	s.Loyalty, _ = s.program.(loyalty.Provider)
	return s.openLoyaltyRoles()
}

// openIdentity builds the member tokens, the member service and the request guards.
func (s *Server) openIdentity(ctx context.Context) error {
	tokens, err := auth.NewTokens(ctx, auth.Config{Store: s.Store, Issuer: s.cfg.TokenIssuer, Provider: s.roles.members.ID(), Version: TokenVersion, Secure: s.cfg.CookieSecure, Log: s.log,
		// Every request may renew an expired access token (auth.Renew), so the refresh
		// cookie goes to every path; it stays HttpOnly, SameSite=Lax and Secure.
		RefreshCookiePath: "/"})
	if err != nil {
		return err
	}
	s.Tokens = tokens
	s.openLoyaltyServices(tokens)
	if s.guard, err = newGuards(ctx, s.Store, s.cfg); err != nil {
		return err
	}
	s.outbox = devOutbox(s.cfg, s.mail) // nil unless DEV_ENDPOINTS: no outbox, no dev endpoints
	return nil
}

// newApp is the Fiber app with the middleware every response goes through, the health
// checks and the policy violation reports.
func (s *Server) newApp() *fiber.App {
	cfg, st := s.cfg, s.Store
	app := fiber.New(fiber.Config{
		AppName:      "henhouse-edge",
		ErrorHandler: httpx.ErrorHandler(s.log),
		BodyLimit:    cfg.BodyLimit,
		ReadTimeout:  15 * time.Second,
		WriteTimeout: 30 * time.Second,
		IdleTimeout:  120 * time.Second,
		// Token cookies and an Authorization header fit well within 8 KB.
		ReadBufferSize: 8192,
		// A page (8–20 KB with its headers) leaves in one write: with the default 4 KB
		// buffer it took two or three system calls, a third of a page view's CPU time.
		WriteBufferSize: 32 << 10,
		// Precompressed copies the builds write (static.go); the edge writes none.
		CompressedFileSuffixes: compressedSuffixes,
		// No handler takes multipart bodies: one is never parsed, so a malformed one is
		// not an error before any handler runs (the sign-in page's form is urlencoded).
		DisablePreParseMultipartForm: true,
	})
	answerReadErrorsQuietly(app)
	app.Use(httpx.OneFraming) // before anything reads the body
	app.Use(recover.New())
	app.Use(s.clientIPs.Middleware()) // the client's address behind our proxies
	app.Use(telemetry.New())
	app.Use(s.Metrics.Middleware())
	app.Use(securityHeaders(cfg.CookieSecure, len(pageSources(cfg, false).FrameAncestors) == 0))
	app.Use(s.policy.Middleware())
	app.Use(compress.New(compress.Config{Next: cartAnswer}))

	app.Get("/healthz", func(c fiber.Ctx) error { return c.JSON(fiber.Map{"status": "ok"}) })
	app.Get("/readyz", func(c fiber.Ctx) error {
		ctx, cancel := context.WithTimeout(c.Context(), 2*time.Second)
		defer cancel()
		if err := st.Ping(ctx); err != nil {
			return c.Status(fiber.StatusServiceUnavailable).JSON(fiber.Map{"status": "unavailable", "storage": err.Error(), "csp": s.reports.Counts(), "botcheck": s.guard.botCheck()})
		}
		// botcheck is information, never a reason to be unready: "builtin" in production
		// means reCAPTCHA is not configured (warned at start).
		return c.JSON(fiber.Map{"status": "ready", "storage": "ok", "embedded": st.Embedded, "csp": s.reports.Counts(), "botcheck": s.guard.botCheck()})
	})
	// Browsers send reports without a CSRF token or cookies: mounted here, before the
	// pages' CSRF check and outside /api.
	app.Post(csp.ReportPath, s.reports.Handler(clientip.IP))
	app.Get("/metrics", s.metricsAccess, s.Metrics.Handler())
	return app
}

// mountStatic serves the published remotes, the shell's bundles and public files, and
// the progressive web app files, from the build directory without writing to it.
func (s *Server) mountStatic() {
	app, cfg, reg := s.App, s.cfg, s.Registry
	// Published remotes: immutable per version, except the manifest, which says
	// what the version contains and must never be cached stale.
	moduleDir := reg.Dir()
	if reg.Shared() {
		files := &storeFiles{reg: reg, dir: s.moduleCache, log: s.log}
		app.Use(modules.URLPrefix, files.handler)
		moduleDir = s.moduleCache
	}
	app.Use(modules.URLPrefix, serveBuild(moduleDir, static.Config{
		ModifyResponse: func(c fiber.Ctx) error {
			if strings.HasSuffix(c.Path(), "/mf-manifest.json") || strings.HasSuffix(c.Path(), "/mf-stats.json") {
				c.Set(fiber.HeaderCacheControl, site.NoCache)
			} else {
				c.Set(fiber.HeaderCacheControl, site.Immutable)
			}
			c.Set("Access-Control-Allow-Origin", "*")
			return nil
		},
		NotFoundHandler: func(c fiber.Ctx) error { return c.Status(fiber.StatusNotFound).SendString("module file not found") },
	}))
	// The shell's hashed bundles.
	app.Use("/assets", serveBuild(filepath.Join(cfg.BuildDir, "shell", "assets"), static.Config{
		ModifyResponse: func(c fiber.Ctx) error {
			if hashedName.MatchString(c.Path()) {
				c.Set(fiber.HeaderCacheControl, site.Immutable)
			} else {
				c.Set(fiber.HeaderCacheControl, site.NoCache) // main.js: revalidated on every load
			}
			return nil
		},
		NotFoundHandler: func(c fiber.Ctx) error { return c.Status(fiber.StatusNotFound).SendString("asset not found") },
	}))
	// Unhashed public files of the shell (icons, images, web manifest).
	app.Use("/static", serveBuild(filepath.Join(cfg.BuildDir, "shell", "static"), static.Config{
		MaxAge:          3600,
		NotFoundHandler: func(c fiber.Ctx) error { return c.Status(fiber.StatusNotFound).SendString("file not found") },
	}))

	mountPWA(app, cfg.BuildDir, s.policy)
	mountRobots(app, cfg.BuildDir)
}

// mountIdentityPages serves the token keys, the provider's sign-in page, the
// developer's outbox and the built-in bot check's script.
func (s *Server) mountIdentityPages() {
	app, guard := s.App, s.guard
	app.Get("/.well-known/jwks.json", s.Tokens.JWKSHandler())
	// The hosted sign-in's bot check binds its tokens to the visitor, as on the site.
	app.Use(authorize.Path, session.New(session.Config{Secure: s.cfg.CookieSecure}))
	// The hosted sign-in page is the programme's own, when it has one (the built-in).
	if h, ok := s.program.(loyalty.HostedSignIn); ok {
		authorize.Mount(app, guard.hostedSignIn(h, s.cfg.CookieSecure))
	}
	mountOutboxPage(app, s.outbox)
	if guard.builtin != nil {
		botcheck.MountScript(app, guard.builtin)
	}
}

// whoIsAsking is the middleware that reads the visitor cookie, then the member token
// (cookie or header), renewed from the refresh cookie when the access token has run out.
func (s *Server) whoIsAsking() []any {
	visitor := session.New(session.Config{Secure: s.cfg.CookieSecure})
	return []any{visitor, auth.Renew(s.Tokens), auth.New(s.Tokens)}
}

// mountAPI registers /api: who is asking, the bot-check token, CSRF, then every
// handler area, and a JSON 404 for the rest.
func (s *Server) mountAPI() {
	app, cfg, st, guard, outbox := s.App, s.cfg, s.Store, s.guard, s.outbox
	tokens, cms, geo, cards := s.Tokens, s.cms, s.geo, s.cards
	owner := cartOwner

	api := app.Group("/api")
	s.mountContentWebhook(api) // signed by the CMS: no visitor, no CSRF token
	who := s.whoIsAsking()
	api.Use(who[0]) // the visitor
	// Every request is held to api/openapi.yaml before any handler reads it
	// (docs/api.md, "Validation").
	api.Use(openapi.Requests())
	// Beacons and bot-check tokens come before the member's token is read: they need only
	// the visitor, and their answers are not read as the API client's are, so none of
	// them may be the call that meets a session ended on the server and clears its
	// cookies, or the forced sign-out would never be shown (docs/identity.md, "Forced
	// sign-out").
	s.mountBeacons(api) // sendBeacon sends no CSRF header: checked for its origin instead
	if guard.builtin != nil {
		botcheck.MountToken(api, guard.builtin, ratelimit.Guard(guard.limiter, ratelimit.BotCheckToken, nil))
	}
	api.Use(who[1:]...)
	// A session invalidated on the server (forced sign-out, new password) ends with the
	// next call, whichever it is (docs/identity.md, "Forced sign-out").
	api.Use(auth.RefuseForcedSignOut("/api/auth/logout"))
	api.Use(guard.csrf)
	if p := s.previewer(); p != nil {
		api.Use("/content/pages", previewContent(p))
	}
	contentapi.Mount(api, contentapi.Config{Provider: cms})
	careersapi.Mount(api, careersapi.Config{Provider: s.Careers})
	ord := s.orderRoles
	var houseAccounts func(context.Context, string) ([]ordering.HouseAccount, error) // none charged without the role
	if ord.HouseAccounts != nil {
		houseAccounts = s.members.HouseAccounts
	}
	orderingapi.Mount(api, orderingapi.Config{Locations: ord.Locations, Menus: ord.Menus, Carts: ord.Carts, Checkout: ord.Checkout, Orders: ord.Orders, GiftCards: ord.GiftCards,
		Groups: ord.GroupOrders, GroupGuard: guard.group(cfg), GroupInviteGuard: guard.groupInvite(cfg, owner),
		Geocoder: geo, Places: geo.g, Tokenize: cards.tokenize, Owner: owner,
		HouseAccounts: houseAccounts, SavedCards: s.savedCards(), PublishableKey: s.publishableKey, OnOrder: s.accrue, OnCancel: s.orderCancelled, OnAbandon: s.cartAbandoned, SubmitGuard: guard.bot(botcheck.ActionCheckout), GiftCardGuard: guard.giftCard(),
		GiftPurchaseGuard: guard.giftPurchase(), EventsMax: cfg.EventsMax, EventsPerVisitor: cfg.EventsPerVisitor, EventsPerAddress: cfg.EventsPerAddress,
		Log: s.log})
	accountapi.Mount(api, s.accountAPI(accountapi.Config{Tokens: tokens, GiftCards: s.orderRoles.GiftCards, Owner: owner, JoinCart: s.joinCart(),
		Guards: guard.account(), Outbox: outbox, Dev: outbox != nil, SSOClientID: site.WebClientID, Secure: cfg.CookieSecure}))
	contact.Mount(api, contact.Config{Inbox: feedback.NewBuiltin(st, feedback.Config{Outbox: s.mail, To: cfg.ContactEmail}),
		Locations: ord.Locations, Orders: ord.Orders, Owner: owner, Guards: guard.contact()})
	appdata.Mount(api, appdata.Config{Locations: ord.Locations, Carts: ord.Carts, Owner: owner, Members: s.members})
	appdata.MountHandover(api, s.handover())
	send.Mount(api, "/api", app.Handler)
	openapi.Mount(api)
	mountModulesAPI(api, s.Registry)
	served := routed(app)
	api.Use(func(c fiber.Ctx) error {
		// Fiber answers HEAD with the GET route's headers, but registers those routes
		// after this catch-all: let HEAD go on to them.
		if c.Method() == fiber.MethodHead {
			if err := c.Next(); err != nil {
				return err
			}
			if c.Response().StatusCode() != fiber.StatusNotFound {
				return nil
			}
		}
		// A path the document has, asked with a method it does not take, is 405 with
		// the methods it does take, not a 404 that says the path does not exist.
		if allow := openapi.Allow(c.Path(), served); len(allow) > 0 {
			c.Set(fiber.HeaderAllow, strings.Join(allow, ", "))
			return httpx.Errorf(fiber.StatusMethodNotAllowed, "method_not_allowed", "This endpoint does not take that method.")
		}
		// The path is not quoted back: it can hold anything the caller put there
		// (docs/security.md, "Errors never echo the request").
		return httpx.Errorf(fiber.StatusNotFound, "not_found", "No such API endpoint.")
	})
}

// handover is the native app's handover to its webview: the codes, and the visitor
// each was bound to by a navigation that carried the app's verifier.
func (s *Server) handover() appdata.HandoverConfig {
	return appdata.HandoverConfig{Codes: s.Store.Codes("app", "handover"), Bound: s.Store.Codes("app", "handover-bound"),
		Locations: s.orderRoles.Locations, Carts: s.orderRoles.Carts, Members: s.members, Owner: cartOwner, JoinCart: s.joinCart()}
}

// mountPages serves every other path as a page of the route table.
func (s *Server) mountPages() {
	app, cfg, guard := s.App, s.cfg, s.guard
	popups := &earlyPopups{content: s.cms, log: s.log, now: time.Now}
	config := page.Config{
		BrandName: cfg.BrandName, BrandSlug: cfg.BrandSlug, AppPrefix: cfg.AppPrefix,
		AppVersion: AppVersion, Environment: cfg.Environment, TokenVersion: TokenVersion,
		LoyaltyProvider: site.LoyaltyProviderID, APIBase: "/api", CareersURL: cfg.CareersURL,
		Features:         site.Features(),
		Map:              page.Map{TileURL: cfg.MapTileURL, Attribution: cfg.MapAttribution, MaxZoom: cfg.MapMaxZoom},
		BeaconSampleRate: cfg.Delivery.BeaconSampleRate,
		BotCheck:         guard.client,
	}
	s.orderRoles.addFeatures(config.Features) // a feature whose ordering role is missing is off
	s.roles.addFeatures(config.Features)      // a feature whose loyalty role is missing is off
	handler := pages.New(pages.Deps{
		Router: s.Router, Registry: s.Registry, Names: orderingNames{s.orderRoles.Locations, s.orderRoles.Menus},
		Content: s.cms, Locations: s.orderRoles.Locations, Menus: s.orderRoles.Menus, Carts: s.orderRoles.Carts, CartOwner: cartOwner,
		Careers: s.Careers, Subscriptions: s.roles.subscriptions,
		BuildDir: cfg.BuildDir, Log: s.log, CookieSecure: cfg.CookieSecure,
		Config:    config,
		CSRFToken: csrf.Token, Overrides: s.qaOverrides, Viewed: s.pageViewed, PageLoads: s.pageLoads,
		Popup: popups.markup,
	})
	app.Use(append([]any{oneOutagePerPage}, append(s.whoIsAsking(), guard.csrf, appdata.BindOnNavigation(s.handover()))...)...)
	if p := s.previewer(); p != nil {
		app.Use(s.startPreview(p))
	}
	app.Get("/*", handler.Serve)
}

// oneOutagePerPage puts a page request under a store latch: every Redis read of a
// page has a fallback (the page renders from what the edge holds in memory), so once
// one cannot reach Redis the others do not wait for their own timeout.
func oneOutagePerPage(c fiber.Ctx) error {
	c.SetContext(store.WithLatch(c.Context()))
	return c.Next()
}

// Close releases storage and flushes the metrics.
func (s *Server) Close() error {
	_ = s.Metrics.Shutdown(context.Background())
	if s.Registry != nil {
		_ = s.Registry.Close()
	}
	if s.dropModuleCache {
		_ = os.RemoveAll(s.moduleCache)
	}
	return s.Store.Close()
}

// hsts tells browsers to use only HTTPS for this host and its subdomains for two years.
const hsts = "max-age=63072000; includeSubDomains"

// securityHeaders sets the headers every response has; secure (COOKIE_SECURE, the edge
// is reached over HTTPS) adds Strict-Transport-Security. Framing is limited by
// X-Frame-Options for browsers that do not know the policy's frame-ancestors
// (sameOrigin); it cannot name another origin, so it is left out when the pages' policy
// lets the CMS's editor frame them (browsers that know frame-ancestors use it alone).
func securityHeaders(secure, sameOrigin bool) fiber.Handler {
	// Names and values as the response stores them: set without normalizing per response.
	var kv [][2][]byte
	add := func(k, v string) { kv = append(kv, [2][]byte{[]byte(k), []byte(v)}) }
	add("X-Content-Type-Options", "nosniff")
	add("Referrer-Policy", "strict-origin-when-cross-origin")
	if sameOrigin {
		add("X-Frame-Options", "SAMEORIGIN")
	}
	if secure {
		add("Strict-Transport-Security", hsts)
	}
	return func(c fiber.Ctx) error {
		h := &c.Response().Header
		for _, p := range kv {
			h.SetCanonical(p[0], p[1])
		}
		return c.Next()
	}
}

// routed says whether app has a route for a method and a path written as the
// document writes it ("/api/cart/products/{lineId}"); the set is read once, on the
// first request that needs it, when every route is mounted.
func routed(app *fiber.App) func(method, docPath string) bool {
	var once sync.Once
	var set map[string]bool
	return func(method, docPath string) bool {
		once.Do(func() {
			set = map[string]bool{}
			for _, r := range app.GetRoutes(true) {
				set[r.Method+" "+anyParam(r.Path)] = true
			}
		})
		return set[method+" "+anyParam(docPath)]
	}
}

var (
	paramSeg = regexp.MustCompile(`(:[A-Za-z0-9_]+\??|\{[^}]+\}|\*)`)
)

// anyParam writes every path parameter as "{}", so that Fiber's ":id" and the
// document's "{id}" compare equal whatever they are named.
func anyParam(path string) string { return paramSeg.ReplaceAllString(path, "{}") }
