package metrics

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"
	"go.opentelemetry.io/otel/trace"

	"github.com/henhouse/platform/edge/internal/httpx"
)

func newMetrics(t testing.TB) *Metrics {
	off := false
	m, err := New(context.Background(), Config{Service: "test", Version: "1", OTLP: &off, NoRuntime: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Shutdown(context.Background()) })
	return m
}

func app(m *Metrics) *fiber.App {
	a := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil)})
	a.Use(m.Middleware())
	a.Get("/metrics", m.Handler())
	a.Get("/api/orders/:id", func(c fiber.Ctx) error {
		if c.Params("id") == "missing" {
			return httpx.Errorf(404, "not_found", "no")
		}
		return c.SendString("ok")
	})
	page := "menu"
	a.Get("/*", func(c fiber.Ctx) error { SetRoute(c, &page); return c.SendString("page") })
	return a
}

func scrape(t *testing.T, a *fiber.App) string {
	res, err := a.Test(httptest.NewRequest("GET", "/metrics", nil))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

func TestRequestsByRouteAndStatus(t *testing.T) {
	m := newMetrics(t)
	a := app(m)
	for _, p := range []string{"/api/orders/1", "/api/orders/2", "/api/orders/missing", "/menu/m1"} {
		if _, err := a.Test(httptest.NewRequest("GET", p, nil)); err != nil {
			t.Fatal(err)
		}
	}
	m.PageView(context.Background(), "menu", "mf-menu", "1.4.0", "canary")
	text := scrape(t, a)
	for _, want := range []string{
		`http_server_request_duration_seconds_count{http_request_method="GET",http_response_status_code="200",http_route="/api/orders/:id",otel_scope_name="github.com/henhouse/platform/edge",otel_scope_schema_url="",otel_scope_version=""} 2`,
		`http_server_request_duration_seconds_count{http_request_method="GET",http_response_status_code="404",http_route="/api/orders/:id",otel_scope_name="github.com/henhouse/platform/edge",otel_scope_schema_url="",otel_scope_version=""} 1`,
		`http_server_request_duration_seconds_count{http_request_method="GET",http_response_status_code="200",http_route="menu",`,
		`henhouse_page_views_total{channel="canary",module="mf-menu",otel_scope_name="github.com/henhouse/platform/edge",otel_scope_schema_url="",otel_scope_version="",route="menu",version="1.4.0"} 1`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("lacks %s", want)
		}
	}
	if strings.Contains(text, `http_route="/metrics"`) {
		t.Error("the scrape measures itself")
	}
}

func TestLogsCarryTheTraceID(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(LogHandler(slog.NewJSONHandler(&buf, nil)))
	tid, _ := trace.TraceIDFromHex("4bf92f3577b34da6a3ce929d0e0e4736")
	sid, _ := trace.SpanIDFromHex("00f067aa0ba902b7")
	ctx := trace.ContextWithSpanContext(context.Background(), trace.NewSpanContext(trace.SpanContextConfig{TraceID: tid, SpanID: sid, TraceFlags: trace.FlagsSampled}))
	log.With("area", "x").InfoContext(ctx, "with a span")
	log.Info("without")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if !strings.Contains(lines[0], `"trace_id":"4bf92f3577b34da6a3ce929d0e0e4736"`) || !strings.Contains(lines[0], `"span_id":"00f067aa0ba902b7"`) {
		t.Fatalf("with a span: %s", lines[0])
	}
	if strings.Contains(lines[1], "trace_id") {
		t.Fatalf("without a span: %s", lines[1])
	}
}

// The middleware's own cost per request, against the same app without it.
func BenchmarkMiddleware(b *testing.B) {
	for _, on := range []bool{false, true} {
		name := "without"
		a := fiber.New()
		if on {
			name = "with"
			a.Use(newMetrics(b).Middleware())
		}
		a.Get("/api/orders/:id", func(c fiber.Ctx) error { return c.SendStatus(200) })
		h := a.Handler()
		b.Run(name, func(b *testing.B) {
			ctx := fastCtx("/api/orders/1")
			b.ReportAllocs()
			for b.Loop() {
				h(ctx)
			}
		})
	}
}
