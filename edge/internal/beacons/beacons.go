// Package beacons takes the browser's reports, POST /api/beacons (docs/api.md,
// "Beacons"): page views, web vitals and client errors, sent with
// navigator.sendBeacon when a page is hidden. They become metrics labelled by route and
// module version, and count towards the health of module canaries (modules.Observe).
//
// sendBeacon cannot set headers, so the route is exempt from the CSRF header check;
// instead a request must come from the same origin (Sec-Fetch-Site and Origin, when
// the browser sends them) with the visitor cookie. Nothing personal is kept: the body
// holds a route id, module versions, event kinds, vital values and error types, no
// URL, message or stack.
package beacons

import (
	"context"
	"encoding/json"
	"log/slog"
	"maps"
	"math"
	"mime"
	"net/url"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/metrics"
	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/ratelimit"
	"github.com/henhouse/platform/edge/internal/session"
)

// Path is where beacons are posted.
const Path = "/api/beacons"

// Limits of one beacon.
const (
	MaxBody   = 8 << 10
	MaxEvents = 50
)

// OtherRoute labels a route id the route table does not know.
const OtherRoute = "other"

// Rule limits beacons per client: a page sends one or two.
var Rule = ratelimit.Rule{Name: "beacons", What: "reports", IP: ratelimit.Limit{Count: 120, Window: time.Minute}}

// ErrTooLarge answers a body over MaxBody or with more than MaxEvents events.
var ErrTooLarge = httpx.Errorf(fiber.StatusRequestEntityTooLarge, "payload_too_large",
	"A report holds at most %d events and %d bytes.", MaxEvents, MaxBody)

var errCrossSite = fault.New(fault.Forbidden, "cross_site", "Reports are taken from this site's pages only.")

// Registry is what beacons need of the module registry.
type Registry interface {
	Has(name, version string) bool
	Observe(ctx context.Context, obs []modules.Observation) ([]string, error)
}

// Config configures Mount.
type Config struct {
	Metrics  *metrics.Metrics
	Registry Registry
	// RouteModule gives the module of a route id; false for an unknown id.
	RouteModule func(id string) (string, bool)
	Limiter     *ratelimit.Limiter
	Log         *slog.Logger
	// Signer verifies the page-load token of a beacon (sign.go). Optional. Default:
	// nil, and no beacon counts towards a canary's health.
	Signer *Signer
}

// Body is a beacon.
type Body struct {
	Route   string            `json:"route"`
	Modules map[string]string `json:"modules"`
	Events  []Event           `json:"events"`
	// Load is the page-load token of the bootstrap ("beacon"); without one that
	// verifies, the beacon becomes metrics only.
	Load string `json:"load,omitempty"`
}

// Event is one of a beacon's events: {"kind":"view"}, {"kind":"vital","name":"LCP",
// "value":1234.5}, {"kind":"error","type":"render","module":"mf-menu","version":"1.0.0"}.
type Event struct {
	Kind    string   `json:"kind"`
	Name    string   `json:"name,omitempty"`
	Value   *float64 `json:"value,omitempty"`
	Type    string   `json:"type,omitempty"`
	Module  string   `json:"module,omitempty"`
	Version string   `json:"version,omitempty"`
}

var (
	vitals     = map[string]bool{"LCP": true, "INP": true, "CLS": true, "FCP": true, "TTFB": true}
	errorTypes = map[string]bool{"remote_load": true, "render": true, "unhandled": true, "chunk_load": true}
)

// Mount registers POST /api/beacons on api, the /api group: after the visitor
// middleware and before the CSRF check.
func Mount(api fiber.Router, cfg Config) {
	api.Post("/beacons", sameOrigin, ratelimit.Guard(cfg.Limiter, Rule, nil), handler(cfg))
}

// sameOrigin refuses a beacon another site's page sent, or one without the visitor
// cookie.
func sameOrigin(c fiber.Ctx) error {
	if s := c.Get("Sec-Fetch-Site"); s != "" && s != "same-origin" {
		return errCrossSite
	}
	if o := c.Get(fiber.HeaderOrigin); o != "" {
		u, err := url.Parse(o)
		if err != nil || u.Host != c.Host() {
			return errCrossSite
		}
	}
	if session.VisitorID(c) == "" {
		return session.ErrNoVisitor
	}
	return c.Next()
}

func handler(cfg Config) fiber.Handler {
	return func(c fiber.Ctx) error {
		if len(c.Body()) > MaxBody {
			return ErrTooLarge
		}
		mt, _, _ := mime.ParseMediaType(c.Get(fiber.HeaderContentType))
		if mt != fiber.MIMEApplicationJSON && mt != fiber.MIMETextPlain {
			return httpx.Errorf(fiber.StatusUnsupportedMediaType, "unsupported_media_type", "Send the report as application/json or text/plain.")
		}
		var b Body
		if err := httpx.DecodeBytes(c.Body(), &b); err != nil {
			return err
		}
		if len(b.Events) > MaxEvents {
			return ErrTooLarge
		}
		served := maps.Clone(b.Modules) // as signed, before validate drops any
		if err := validate(&b, cfg); err != nil {
			return err
		}
		load := pageLoad{visitor: session.VisitorID(c)}
		if cfg.Signer != nil && b.Load != "" {
			load.id, _ = cfg.Signer.Verify(c.Context(), b.Load, load.visitor, served)
		}
		record(c.Context(), cfg, &b, load)
		return c.SendStatus(fiber.StatusNoContent)
	}
}

// validate checks the body and drops what must not become a label: module versions
// that are not published (a made-up version would be a new metric series each time).
func validate(b *Body, cfg Config) error {
	if len(b.Modules) > 16 {
		return httpx.Invalid("Too many modules.", map[string]string{"modules": "At most 16."})
	}
	for name, v := range b.Modules {
		if !modules.ValidName(name) || !modules.ValidVersion(v) {
			return httpx.Invalid("Module versions are name: version.", map[string]string{"modules": "A module name and a version such as 1.0.0."})
		}
		if !cfg.Registry.Has(name, v) {
			delete(b.Modules, name)
		}
	}
	if _, ok := cfg.RouteModule(b.Route); !ok {
		b.Route = OtherRoute
	}
	for i, e := range b.Events {
		field := "events"
		switch e.Kind {
		case "view":
		case "vital":
			if !vitals[e.Name] {
				return httpx.Invalid("Unknown web vital.", map[string]string{field: "name is one of LCP, INP, CLS, FCP, TTFB."})
			}
			if e.Value == nil || math.IsNaN(*e.Value) || math.IsInf(*e.Value, 0) || *e.Value < 0 || *e.Value > 3_600_000 {
				return httpx.Invalid("A vital needs its value.", map[string]string{field: "value is a number from 0."})
			}
		case "error":
			if !errorTypes[e.Type] {
				return httpx.Invalid("Unknown error type.", map[string]string{field: "type is one of remote_load, render, unhandled, chunk_load."})
			}
			if e.Module != "" && (!modules.ValidName(e.Module) || (e.Version != "" && !modules.ValidVersion(e.Version))) {
				return httpx.Invalid("Bad module of an error.", map[string]string{field: "module and version as in modules."})
			}
			if e.Version == "" {
				b.Events[i].Version = b.Modules[e.Module]
			}
			if e.Module != "" && !cfg.Registry.Has(e.Module, b.Events[i].Version) {
				b.Events[i].Module, b.Events[i].Version = "", ""
			}
		default:
			return httpx.Invalid("Unknown event kind.", map[string]string{field: "kind is view, vital or error."})
		}
	}
	return nil
}

// pageLoad is the page load a beacon came from; id is empty when its token did not
// verify.
type pageLoad struct{ id, visitor string }

// record turns a valid beacon into metrics and, for a verified page load, canary
// counts.
func record(ctx context.Context, cfg Config, b *Body, load pageLoad) {
	routeModule, _ := cfg.RouteModule(b.Route)
	routeVersion := b.Modules[routeModule]
	if routeVersion == "" {
		routeModule = ""
	}
	obs := map[[2]string]*modules.Observation{}
	observe := func(module, version string) *modules.Observation {
		k := [2]string{module, version}
		if obs[k] == nil {
			obs[k] = &modules.Observation{Module: module, Version: version, PageLoad: load.id, Visitor: load.visitor}
		}
		return obs[k]
	}
	for _, e := range b.Events {
		switch e.Kind {
		case "view":
			for name, v := range b.Modules {
				if cfg.Metrics != nil {
					cfg.Metrics.BrowserView(ctx, b.Route, name, v)
				}
				observe(name, v).Views++
			}
		case "vital":
			if cfg.Metrics != nil {
				cfg.Metrics.BrowserVital(ctx, b.Route, e.Name, routeModule, routeVersion, *e.Value)
			}
		case "error":
			if cfg.Metrics != nil {
				cfg.Metrics.BrowserError(ctx, b.Route, e.Type, e.Module, e.Version)
			}
			// Only the version the page was served counts against a canary.
			if e.Module != "" && e.Type != "unhandled" && b.Modules[e.Module] == e.Version {
				observe(e.Module, e.Version).Errors++
			}
		}
	}
	if len(obs) == 0 || cfg.Registry == nil || load.id == "" {
		return
	}
	list := make([]modules.Observation, 0, len(obs))
	for _, o := range obs {
		list = append(list, *o)
	}
	if _, err := cfg.Registry.Observe(ctx, list); err != nil && cfg.Log != nil {
		cfg.Log.WarnContext(ctx, "canary health not counted", "err", err)
	}
}

// Encode is a beacon as the browser sends it (for tests and tools).
func Encode(b Body) []byte {
	out, _ := json.Marshal(b)
	return out
}
