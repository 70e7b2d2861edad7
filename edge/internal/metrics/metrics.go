// Package metrics measures the edge with OpenTelemetry metrics, beside the traces of
// package telemetry (docs/operations.md, "Metrics").
//
// New builds a meter provider read by a Prometheus exporter (GET /metrics, Handler)
// and, when OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_METRICS_ENDPOINT is
// set, pushed over OTLP/HTTP as well. It measures:
//
//   - http.server.request.duration (s, histogram; its count is the request count) per
//     route id (a page's route table id, else the router's pattern), method and status
//     code (Middleware);
//   - henhouse.page.views per route, module, version and channel: the version of the
//     route's module each page was served with (PageView);
//   - the browser's reports (POST /api/beacons): henhouse.browser.views,
//     henhouse.browser.errors and one histogram per web vital (Browser);
//   - Redis command time and connection pool statistics (InstrumentRedis, from
//     go-redis's own instrumentation), and the Go runtime (goroutines, memory, GC).
//
// The per-request work is a clock read, a map lookup for the attribute set (built once
// per route, method and status) and one measurement: no allocation.
package metrics

import (
	"context"
	"errors"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/adaptor"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/redis/go-redis/extra/redisotel/v9"
	"github.com/redis/go-redis/v9"
	"go.opentelemetry.io/contrib/instrumentation/runtime"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetrichttp"
	otelprom "go.opentelemetry.io/otel/exporters/prometheus"
	"go.opentelemetry.io/otel/metric"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/resource"

	"github.com/henhouse/platform/edge/internal/httpx"
)

// Metrics holds the edge's instruments.
type Metrics struct {
	Provider *sdkmetric.MeterProvider
	registry *prometheus.Registry
	scrape   fiber.Handler

	reqDuration metric.Float64Histogram
	browser     browserInstruments

	mu    sync.RWMutex
	sets  map[reqKey]reqOpts
	views map[viewKey]*viewCount
}

// viewCount is one page view series, counted with an atomic add and reported to the
// SDK when metrics are collected (an observable counter): a page view costs no SDK call.
type viewCount struct {
	n    atomic.Int64
	opts []metric.ObserveOption
}

// reqOpts are one attribute set's options, kept as the slices the instruments take so
// that a measurement allocates nothing.
type reqOpts struct {
	record []metric.RecordOption
}

type reqKey struct {
	route, method string
	status        int
}

type viewKey struct{ route, module, version, channel string }

// Config configures New.
type Config struct {
	Service, Version string
	// OTLP pushes to an OTLP/HTTP collector too. Default: when
	// OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_METRICS_ENDPOINT is set.
	OTLP *bool
	// Runtime adds the Go runtime's metrics. Default: true.
	NoRuntime bool
}

// durationBuckets are the request duration histogram's bounds in seconds.
var durationBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// New builds the meter provider and the instruments. Call Shutdown at exit.
func New(ctx context.Context, cfg Config) (*Metrics, error) {
	reg := prometheus.NewRegistry()
	exp, err := otelprom.New(otelprom.WithRegisterer(reg))
	if err != nil {
		return nil, err
	}
	opts := []sdkmetric.Option{
		sdkmetric.WithResource(resource.NewSchemaless(
			attribute.String("service.name", cfg.Service), attribute.String("service.version", cfg.Version))),
		sdkmetric.WithReader(exp),
	}
	otlp := os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || os.Getenv("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT") != ""
	if cfg.OTLP != nil {
		otlp = *cfg.OTLP
	}
	if otlp {
		push, err := otlpmetrichttp.New(ctx)
		if err != nil {
			return nil, err
		}
		opts = append(opts, sdkmetric.WithReader(sdkmetric.NewPeriodicReader(push)))
	}
	mp := sdkmetric.NewMeterProvider(opts...)
	m := &Metrics{Provider: mp, registry: reg, sets: map[reqKey]reqOpts{}, views: map[viewKey]*viewCount{}}
	m.scrape = adaptor.HTTPHandler(promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	meter := mp.Meter("github.com/henhouse/platform/edge")
	var errs []error
	add := func(err error) { errs = append(errs, err) }
	var e error
	m.reqDuration, e = meter.Float64Histogram("http.server.request.duration", metric.WithUnit("s"),
		metric.WithDescription("Time to answer an HTTP request."), metric.WithExplicitBucketBoundaries(durationBuckets...))
	add(e)
	_, e = meter.Int64ObservableCounter("henhouse.page.views", metric.WithUnit("{view}"),
		metric.WithDescription("Pages served, by route and the version of the route's module."),
		metric.WithInt64Callback(m.observeViews))
	add(e)
	add(m.browser.init(meter))
	if !cfg.NoRuntime {
		add(runtime.Start(runtime.WithMeterProvider(mp)))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return m, nil
}

// Shutdown flushes and stops the exporters.
func (m *Metrics) Shutdown(ctx context.Context) error { return m.Provider.Shutdown(ctx) }

// InstrumentRedis adds Redis command time (db.client.connections.use_time) and pool
// statistics (db.client.connections.*) for client.
func (m *Metrics) InstrumentRedis(client redis.UniversalClient) error {
	return redisotel.InstrumentMetrics(client, redisotel.WithMeterProvider(m.Provider))
}

// Handler serves the Prometheus text format of every metric.
func (m *Metrics) Handler() fiber.Handler { return m.scrape }

type routeKey struct{}

// SetRoute names the request's route for the request metrics (a page's route table
// id). id must outlive the request (a field of the route table).
// (The request's user value is set directly: Locals' variadic argument would cost an
// allocation per page.)
func SetRoute(c fiber.Ctx, id *string) { c.RequestCtx().SetUserValue(routeKey{}, id) }

// Middleware measures every request but the health checks and the scrape itself.
func (m *Metrics) Middleware() fiber.Handler {
	return func(c fiber.Ctx) error {
		start := time.Now()
		err := c.Next()
		status := c.Response().StatusCode()
		if err != nil {
			status = httpx.StatusOf(err)
		}
		route := ""
		if id, ok := c.RequestCtx().UserValue(routeKey{}).(*string); ok {
			route = *id
		} else if r := c.Route(); r != nil {
			route = r.Path
		}
		switch route {
		case "/healthz", "/readyz", "/metrics":
			return err
		}
		opts := m.requestSet(route, c.Method(), status)
		ctx := c.Context()
		m.reqDuration.Record(ctx, time.Since(start).Seconds(), opts.record...)
		return err
	}
}

func (m *Metrics) requestSet(route, method string, status int) reqOpts {
	k := reqKey{route, method, status}
	m.mu.RLock()
	opts, ok := m.sets[k]
	m.mu.RUnlock()
	if ok {
		return opts
	}
	// The key's strings may live in a request's buffers: copy them before keeping.
	k = reqKey{string([]byte(route)), string([]byte(method)), status}
	opt := metric.WithAttributeSet(attribute.NewSet(
		attribute.String("http.route", k.route),
		attribute.String("http.request.method", k.method),
		attribute.Int("http.response.status_code", status)))
	opts = reqOpts{record: []metric.RecordOption{opt}}
	m.mu.Lock()
	if len(m.sets) < maxSets {
		m.sets[k] = opts
	}
	m.mu.Unlock()
	return opts
}

// maxSets bounds each attribute set cache; past it sets are built per call.
const maxSets = 4096

// PageView counts a page served with version of module (the route's module).
func (m *Metrics) PageView(_ context.Context, route, module, version, channel string) {
	k := viewKey{route, module, version, channel}
	m.mu.RLock()
	v, ok := m.views[k]
	m.mu.RUnlock()
	if !ok {
		m.mu.Lock()
		if v, ok = m.views[k]; !ok {
			if len(m.views) >= maxSets {
				m.mu.Unlock()
				return
			}
			v = &viewCount{opts: []metric.ObserveOption{metric.WithAttributeSet(attribute.NewSet(
				attribute.String("route", route), attribute.String("module", module),
				attribute.String("version", version), attribute.String("channel", channel)))}}
			m.views[k] = v
		}
		m.mu.Unlock()
	}
	v.n.Add(1)
}

func (m *Metrics) observeViews(_ context.Context, o metric.Int64Observer) error {
	m.mu.RLock()
	defer m.mu.RUnlock()
	for _, v := range m.views {
		o.Observe(v.n.Load(), v.opts...)
	}
	return nil
}
