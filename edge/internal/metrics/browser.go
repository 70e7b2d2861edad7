package metrics

import (
	"context"
	"strings"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
)

// Vitals are the web vitals the browser reports, by the name it uses.
var Vitals = []string{"LCP", "INP", "CLS", "FCP", "TTFB"}

type browserInstruments struct {
	views  metric.Int64Counter
	errors metric.Int64Counter
	vitals map[string]metric.Float64Histogram
}

func (b *browserInstruments) init(meter metric.Meter) error {
	var err error
	if b.views, err = meter.Int64Counter("henhouse.browser.views", metric.WithUnit("{view}"),
		metric.WithDescription("Page views the browser reported, per module version it loaded.")); err != nil {
		return err
	}
	if b.errors, err = meter.Int64Counter("henhouse.browser.errors", metric.WithUnit("{error}"),
		metric.WithDescription("Client errors the browser reported: remote_load, chunk_load, render, unhandled.")); err != nil {
		return err
	}
	b.vitals = map[string]metric.Float64Histogram{}
	for _, name := range Vitals {
		unit, bounds := "ms", []float64{100, 250, 500, 800, 1000, 1800, 2500, 3000, 4000, 6000, 10000}
		if name == "CLS" {
			unit, bounds = "1", []float64{0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1}
		}
		h, err := meter.Float64Histogram("henhouse.browser.vital."+strings.ToLower(name), metric.WithUnit(unit),
			metric.WithDescription("The browser's "+name+" web vital."), metric.WithExplicitBucketBoundaries(bounds...))
		if err != nil {
			return err
		}
		b.vitals[name] = h
	}
	return nil
}

// BrowserView counts a reported page view for one module version loaded on it.
func (m *Metrics) BrowserView(ctx context.Context, route, module, version string) {
	m.browser.views.Add(ctx, 1, metric.WithAttributes(
		attribute.String("route", route), attribute.String("module", module), attribute.String("version", version)))
}

// BrowserError counts a reported client error; module and version are "" for an
// error no module is known to have caused.
func (m *Metrics) BrowserError(ctx context.Context, route, kind, module, version string) {
	m.browser.errors.Add(ctx, 1, metric.WithAttributes(
		attribute.String("route", route), attribute.String("type", kind),
		attribute.String("module", module), attribute.String("version", version)))
}

// BrowserVital records a web vital (a name of Vitals) of a page of route, served
// with version of module (the route's module).
func (m *Metrics) BrowserVital(ctx context.Context, route, name, module, version string, value float64) {
	h, ok := m.browser.vitals[name]
	if !ok {
		return
	}
	h.Record(ctx, value, metric.WithAttributes(
		attribute.String("route", route), attribute.String("module", module), attribute.String("version", version)))
}
