package server

import (
	"errors"
	"fmt"
	"math"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/admin"
	"github.com/henhouse/platform/edge/internal/beacons"
	"github.com/henhouse/platform/edge/internal/clientip"
	"github.com/henhouse/platform/edge/internal/csp"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/metrics"
	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/page"
)

// DeliveryConfig configures module delivery: the ops API, metrics and the canary
// policy (docs/operations.md, "Shipping a module version").
type DeliveryConfig struct {
	// OpsTokens (OPS_TOKEN) are the ops API's tokens: one token, or comma-separated
	// name:token pairs (the name goes into the audit log). Optional. Default: "" (no
	// ops API; GET /metrics only from loopback or with METRICS_TOKEN).
	OpsTokens admin.Tokens
	// AdminAddr (ADMIN_ADDR) is where the ops API listens, host:port, apart from the
	// site so that uploads may be larger than BODY_LIMIT and the API can stay off the
	// public network. Optional. Default: 127.0.0.1:8081.
	AdminAddr string
	// UploadLimit (MODULE_UPLOAD_LIMIT, bytes) bounds one published version's files.
	// Optional. Default: 67108864 (64 MiB).
	UploadLimit int64
	// MetricsTokens (METRICS_TOKEN) may read GET /metrics from anywhere, as the ops
	// tokens may. Optional. Default: "" (loopback and the ops tokens only).
	MetricsTokens admin.Tokens
	// QATokens (QA_TOKEN) let a request in prod ask for module versions itself (a QA
	// override): one token, or comma-separated name:token pairs, none an ops token.
	// Optional. Default: "" (no overrides in prod).
	QATokens admin.Tokens
	// CanaryMargin (CANARY_ERROR_MARGIN) is how much a canary's client error rate
	// (errors per page view) may exceed stable's before the edge rolls it back.
	// Optional. Default: 0.05.
	CanaryMargin float64
	// CanaryMinViews (CANARY_MIN_VIEWS) is the fewest canary page views the edge judges
	// a canary on. Optional. Default: 200.
	CanaryMinViews int
	// CanaryMinVisitors (CANARY_MIN_VISITORS) is the fewest distinct visitors who must
	// have loaded a canary before the edge judges it. Optional. Default: 20.
	CanaryMinVisitors int
	// BeaconSampleRate (BEACON_SAMPLE_RATE) is the share of page loads whose browser
	// sends beacons (views, Web Vitals, errors), 0 to 1. Canary health counts sampled
	// views and errors alike, so a lower rate only needs more traffic to judge a canary.
	// Optional. Default: 1 (nil).
	BeaconSampleRate *float64
}

func (c *Config) readDelivery() error {
	d := &c.Delivery
	var err error
	if d.OpsTokens, err = admin.ParseTokens(os.Getenv("OPS_TOKEN")); err != nil {
		return err
	}
	if d.MetricsTokens, err = admin.ParseTokens(os.Getenv("METRICS_TOKEN")); err != nil {
		return fmt.Errorf("METRICS_TOKEN: %w", err)
	}
	if d.QATokens, err = admin.ParseTokens(os.Getenv("QA_TOKEN")); err != nil {
		return fmt.Errorf("QA_TOKEN: %w", err)
	}
	// Testers hold the QA token: it must not be one that publishes.
	for _, entry := range strings.Split(os.Getenv("QA_TOKEN"), ",") {
		if secret := admin.ClientToken(entry); secret != "" {
			if _, ok := d.OpsTokens.Match("Bearer " + secret); ok {
				return errors.New("QA_TOKEN must not be an OPS_TOKEN token")
			}
		}
	}
	d.AdminAddr = env("ADMIN_ADDR", "127.0.0.1:8081")
	if _, port, err := net.SplitHostPort(d.AdminAddr); err != nil || port == "" {
		return fmt.Errorf("ADMIN_ADDR must be host:port, like 127.0.0.1:8081, got %q", d.AdminAddr)
	}
	if d.UploadLimit, err = strconv.ParseInt(env("MODULE_UPLOAD_LIMIT", "67108864"), 10, 64); err != nil || d.UploadLimit < 1<<20 {
		return fmt.Errorf("MODULE_UPLOAD_LIMIT must be a byte count of at least 1048576, got %q", os.Getenv("MODULE_UPLOAD_LIMIT"))
	}
	if d.CanaryMargin, err = strconv.ParseFloat(env("CANARY_ERROR_MARGIN", "0.05"), 64); err != nil || d.CanaryMargin < 0 || d.CanaryMargin > 1 || math.IsNaN(d.CanaryMargin) {
		return fmt.Errorf("CANARY_ERROR_MARGIN must be a number from 0 to 1, got %q", os.Getenv("CANARY_ERROR_MARGIN"))
	}
	if d.CanaryMinViews, err = strconv.Atoi(env("CANARY_MIN_VIEWS", "200")); err != nil || d.CanaryMinViews < 1 {
		return fmt.Errorf("CANARY_MIN_VIEWS must be a whole number of at least 1, got %q", os.Getenv("CANARY_MIN_VIEWS"))
	}
	if d.CanaryMinVisitors, err = strconv.Atoi(env("CANARY_MIN_VISITORS", "20")); err != nil || d.CanaryMinVisitors < 1 {
		return fmt.Errorf("CANARY_MIN_VISITORS must be a whole number of at least 1, got %q", os.Getenv("CANARY_MIN_VISITORS"))
	}
	if v := strings.TrimSpace(os.Getenv("BEACON_SAMPLE_RATE")); v != "" {
		rate, err := strconv.ParseFloat(v, 64)
		if err != nil || rate < 0 || rate > 1 || math.IsNaN(rate) {
			return fmt.Errorf("BEACON_SAMPLE_RATE must be a number from 0 to 1, got %q", v)
		}
		d.BeaconSampleRate = &rate
	}
	return nil
}

// canaryPolicy is the configured policy, the defaults for a zero Config.
func (c Config) canaryPolicy() modules.CanaryPolicy {
	p := modules.DefaultCanaryPolicy
	if c.Delivery.CanaryMargin > 0 {
		p.Margin = c.Delivery.CanaryMargin
	}
	if c.Delivery.CanaryMinViews > 0 {
		p.MinViews = c.Delivery.CanaryMinViews
	}
	if c.Delivery.CanaryMinVisitors > 0 {
		p.MinVisitors = c.Delivery.CanaryMinVisitors
	}
	return p
}

// newAdmin is the ops API's own app (nil without OPS_TOKEN), served on ADMIN_ADDR.
func (s *Server) newAdmin() *fiber.App {
	d := s.cfg.Delivery
	if len(d.OpsTokens) == 0 {
		return nil
	}
	limit := d.UploadLimit
	if limit == 0 {
		limit = 64 << 20
	}
	return admin.New(admin.Config{Registry: s.Registry, Tokens: d.OpsTokens, UploadLimit: limit, Log: s.log,
		Use:   []fiber.Handler{s.clientIPs.Middleware()},
		Store: s.Store, ConsoleDir: filepath.Join(s.cfg.BuildDir, "ops-console"), CookieSecure: s.cfg.CookieSecure})
}

// qaOverrides are the module versions a request asks for by the hh_modules cookie or
// the X-Module-Override header ("mf-menu@1.4.0,mf-content@1.0.0"): honoured outside
// prod, and in prod only with a QA token (never the ops token, which publishes;
// docs/operations.md, "Trying a version"). In a dev environment an entry may name a
// webpack dev server instead of a version ("mf-menu@http://127.0.0.1:3002/"): the page
// loads that module from there, and its policy allows that server (csp.AllowDevServer).
// Staging and prod ignore such entries, whatever token comes with them.
func (s *Server) qaOverrides(c fiber.Ctx) []modules.Module {
	spec := c.Get(modules.OverrideHeader)
	if spec == "" {
		spec = c.Cookies(modules.OverrideCookie)
	}
	if spec == "" {
		return nil
	}
	if s.cfg.Environment == "prod" {
		if _, ok := s.cfg.Delivery.QATokens.FromRequest(c); !ok {
			return nil
		}
	}
	var published []string
	var dev []modules.Module
	for _, part := range strings.Split(spec, ",") {
		name, target, _ := strings.Cut(strings.TrimSpace(part), "@")
		if !modules.IsDevTarget(target) {
			published = append(published, part)
			continue
		}
		if !s.devServersAllowed() || len(dev) >= 16 {
			continue
		}
		m, err := s.Registry.DevOverride(name, target)
		if err != nil {
			continue
		}
		if u, err := url.Parse(m.Entry); err == nil {
			csp.AllowDevServer(c, u.Scheme+"://"+u.Host)
		}
		dev = append(dev, m)
	}
	out := s.Registry.Overrides(strings.TrimSpace(strings.Join(published, ",")))
	return append(out, dev...)
}

// devServersAllowed: modules may come from a developer's dev server only in a dev
// environment (dev, development, local, test, testing), never in staging or prod, whose
// pages must run only published, integrity-checked versions.
func (s *Server) devServersAllowed() bool {
	// An allow list: a name nobody listed, however it reached the config, is not dev.
	switch strings.ToLower(s.cfg.Environment) {
	case "dev", "development", "local", "test", "testing":
		return true
	}
	return false
}

// DevModulePath sets and clears the override cookie from the browser's address bar in a
// dev environment: /dev/module?mf-menu=http://127.0.0.1:3002/ loads mf-menu from that
// dev server, ?mf-menu=1.4.0 a published version, ?mf-menu= drops mf-menu, ?clear drops
// every override; then it redirects to return (a path on this site; default /).
const DevModulePath = "/dev/module"

// mountDevModule serves DevModulePath in a dev environment only.
func (s *Server) mountDevModule(app *fiber.App) {
	if !s.devServersAllowed() {
		return
	}
	app.Get(DevModulePath, s.devModule)
}

func (s *Server) devModule(c fiber.Ctx) error {
	var order []string
	set := map[string]string{}
	if _, clear := c.Queries()["clear"]; !clear {
		for _, part := range strings.Split(c.Cookies(modules.OverrideCookie), ",") {
			name, target, ok := strings.Cut(strings.TrimSpace(part), "@")
			if ok && set[name] == "" {
				order = append(order, name)
				set[name] = target
			}
		}
	}
	for name, target := range c.Queries() {
		if name == "return" || name == "clear" {
			continue
		}
		target = strings.TrimSpace(target)
		if !modules.ValidName(name) || len(s.Registry.Versions(name)) == 0 {
			return httpx.Errorf(fiber.StatusBadRequest, "unknown_module", "No module %q is published.", name)
		}
		switch {
		case target == "":
		case modules.IsDevTarget(target):
			m, err := s.Registry.DevOverride(name, target)
			if err != nil {
				return httpx.Errorf(fiber.StatusBadRequest, "invalid_override", "%q is not a dev server URL like http://127.0.0.1:3002/.", target)
			}
			target = strings.TrimSuffix(m.Entry, "remoteEntry.js")
		case !s.Registry.Has(name, target):
			return httpx.Errorf(fiber.StatusBadRequest, "invalid_override", "%s has no published version %q.", name, target)
		}
		if _, ok := set[name]; !ok {
			order = append(order, name)
		}
		set[name] = target
	}
	var parts []string
	for _, name := range order {
		if set[name] != "" {
			parts = append(parts, name+"@"+set[name])
		}
	}
	// Not HttpOnly: it holds no secret, and a developer may set or clear it from the
	// console as well (document.cookie), which an HttpOnly cookie of the same name blocks.
	cookie := &fiber.Cookie{Name: modules.OverrideCookie, Value: strings.Join(parts, ","), Path: "/",
		Secure: s.cfg.CookieSecure, SameSite: fiber.CookieSameSiteLaxMode}
	if len(parts) == 0 {
		cookie.Expires, cookie.MaxAge = time.Unix(0, 0), -1
	}
	c.Cookie(cookie)
	back := c.Query("return")
	if !strings.HasPrefix(back, "/") || strings.HasPrefix(back, "//") || strings.HasPrefix(back, "/\\") {
		back = "/"
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Redirect().Status(fiber.StatusSeeOther).To(back)
}

// pageViewed names the page's route for the request metrics and counts the view with
// the version of the route's module it was served.
func (s *Server) pageViewed(c fiber.Ctx, p *page.Page) {
	metrics.SetRoute(c, &p.Route.ID)
	module := p.Route.Module
	if module == "" || p.Modules == nil {
		return
	}
	for i := range p.Overrides {
		if p.Overrides[i].Name == module {
			if p.Overrides[i].Channel == modules.DevChannel {
				return // a developer's page, no version's view
			}
			s.Metrics.PageView(c.Context(), p.Route.ID, module, p.Overrides[i].Version, "override")
			return
		}
	}
	if v, ch := p.Modules.Version(p.Visitor, module); v != "" {
		s.Metrics.PageView(c.Context(), p.Route.ID, module, v, ch)
	}
}

// metricsAccess lets GET /metrics be read from loopback, or with an ops or metrics
// token from anywhere.
func (s *Server) metricsAccess(c fiber.Ctx) error {
	if ip := net.ParseIP(clientip.IP(c)); ip != nil && ip.IsLoopback() {
		return c.Next()
	}
	if _, ok := s.cfg.Delivery.OpsTokens.FromRequest(c); ok {
		return c.Next()
	}
	if _, ok := s.cfg.Delivery.MetricsTokens.FromRequest(c); ok {
		return c.Next()
	}
	c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="henhouse-metrics"`)
	return httpx.Errorf(fiber.StatusUnauthorized, "unauthorized", "Metrics are read from loopback or with METRICS_TOKEN or OPS_TOKEN.")
}

// mountBeacons takes the browser's reports (package beacons): after the visitor
// middleware, before the CSRF check, which sendBeacon cannot pass.
func (s *Server) mountBeacons(api fiber.Router) {
	beacons.Mount(api, beacons.Config{
		Metrics: s.Metrics, Registry: s.Registry, Limiter: s.guard.limiter, Log: s.log, Signer: s.pageLoads,
		RouteModule: func(id string) (string, bool) {
			r := s.Router.ByID(id)
			if r == nil {
				return "", false
			}
			return r.Module, true
		},
	})
}
