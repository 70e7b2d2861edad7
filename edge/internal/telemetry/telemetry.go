// Package telemetry traces the edge with OpenTelemetry.
//
// Setup installs a tracer provider: with OTEL_EXPORTER_OTLP_ENDPOINT (or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) set, spans are batched to that collector over
// OTLP/HTTP; otherwise no spans are made at all (they would leave the process never).
// New is a Fiber middleware in Fiber's own shape: one server span per request, named
// "<METHOD> <route>", continuing a W3C traceparent from the caller.
package telemetry

import (
	"context"
	"os"
	"sync/atomic"

	"github.com/gofiber/fiber/v3"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// Setup installs the global tracer provider and propagator. Call the returned
// function at shutdown to flush spans.
func Setup(ctx context.Context, service, version string) (func(context.Context) error, error) {
	res := resource.NewSchemaless(
		attribute.String("service.name", service),
		attribute.String("service.version", version),
	)
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))
	if os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT") == "" && os.Getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") == "" {
		// No exporter: spans would be recorded and dropped, a few microseconds and a
		// dozen allocations per request and Redis call for nothing. The global no-op
		// provider keeps the calls and still carries an incoming trace context on.
		return func(context.Context) error { return nil }, nil
	}
	exp, err := otlptracehttp.New(ctx)
	if err != nil {
		return nil, err
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithResource(res), sdktrace.WithBatcher(exp))
	otel.SetTracerProvider(tp)
	exporting.Store(true)
	return tp.Shutdown, nil
}

// exporting is set by Setup when spans go to a collector. Without it, New on the
// global provider passes requests through untouched: its spans would be no-ops, yet
// reading the trace headers and building the span's attributes cost every request.
var exporting atomic.Bool

// Exporting reports whether Setup found a collector: spans made now leave the process.
// Without one, instrumentation that would only make no-op spans can be left out.
func Exporting() bool { return exporting.Load() }

// Config configures the tracing middleware.
type Config struct {
	// Next skips tracing when it returns true. Default: skip /healthz and /readyz.
	Next func(c fiber.Ctx) bool
	// TracerProvider to use. Default: the global provider.
	TracerProvider trace.TracerProvider
	// Propagator reads the caller's trace context. Default: the global propagator.
	Propagator propagation.TextMapPropagator
}

// ConfigDefault is the default configuration.
var ConfigDefault = Config{
	Next: func(c fiber.Ctx) bool { p := c.Path(); return p == "/healthz" || p == "/readyz" },
}

func configDefault(config ...Config) Config {
	cfg := ConfigDefault
	if len(config) > 0 {
		cfg = config[0]
		if cfg.Next == nil {
			cfg.Next = ConfigDefault.Next
		}
	}
	if cfg.TracerProvider == nil {
		cfg.TracerProvider = otel.GetTracerProvider()
	}
	if cfg.Propagator == nil {
		cfg.Propagator = otel.GetTextMapPropagator()
	}
	return cfg
}

// headerCarrier adapts a Fiber request's headers for the propagator.
type headerCarrier struct{ c fiber.Ctx }

func (h headerCarrier) Get(key string) string { return h.c.Get(key) }
func (h headerCarrier) Set(key, value string) { h.c.Set(key, value) }
func (h headerCarrier) Keys() []string {
	var keys []string
	for k := range h.c.Request().Header.All() {
		keys = append(keys, string(k))
	}
	return keys
}

// New returns the tracing middleware.
func New(config ...Config) fiber.Handler {
	explicit := len(config) > 0 && config[0].TracerProvider != nil
	cfg := configDefault(config...)
	tracer := cfg.TracerProvider.Tracer("github.com/henhouse/platform/edge")
	return func(c fiber.Ctx) error {
		if (!explicit && !exporting.Load()) || cfg.Next(c) {
			return c.Next()
		}
		ctx := cfg.Propagator.Extract(c.Context(), headerCarrier{c})
		ctx, span := tracer.Start(ctx, c.Method(), trace.WithSpanKind(trace.SpanKindServer),
			trace.WithAttributes(
				attribute.String("http.request.method", c.Method()),
				attribute.String("url.path", c.Path()),
			))
		defer span.End()
		c.SetContext(ctx)
		err := c.Next()
		status := c.Response().StatusCode()
		if err != nil {
			if fe, ok := err.(*fiber.Error); ok {
				status = fe.Code
			}
			span.RecordError(err)
		}
		if r := c.Route(); r != nil {
			span.SetName(c.Method() + " " + r.Path)
			span.SetAttributes(attribute.String("http.route", r.Path))
		}
		span.SetAttributes(attribute.Int("http.response.status_code", status))
		if status >= 500 {
			span.SetStatus(codes.Error, "server error")
		}
		return err
	}
}
