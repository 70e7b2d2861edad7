package telemetry

import (
	"net/http/httptest"
	"testing"

	"github.com/gofiber/fiber/v3"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

func TestSpansAndPropagation(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	app := fiber.New()
	app.Use(New(Config{TracerProvider: tp, Propagator: propagation.TraceContext{}}))
	app.Get("/api/cart", func(c fiber.Ctx) error { return c.SendString("ok") })
	app.Get("/boom", func(c fiber.Ctx) error { return c.SendStatus(503) })
	app.Get("/healthz", func(c fiber.Ctx) error { return c.SendString("ok") })

	req := httptest.NewRequest("GET", "/api/cart", nil)
	req.Header.Set("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
	if _, err := app.Test(req); err != nil {
		t.Fatal(err)
	}
	app.Test(httptest.NewRequest("GET", "/boom", nil))
	app.Test(httptest.NewRequest("GET", "/healthz", nil))

	spans := rec.Ended()
	if len(spans) != 2 {
		t.Fatalf("%d spans, want 2 (health checks are skipped)", len(spans))
	}
	if spans[0].Name() != "GET /api/cart" {
		t.Errorf("name = %q", spans[0].Name())
	}
	if got := spans[0].SpanContext().TraceID().String(); got != "4bf92f3577b34da6a3ce929d0e0e4736" {
		t.Errorf("trace id %s: the caller's trace was not continued", got)
	}
	if spans[1].Status().Code.String() != "Error" {
		t.Errorf("a 503 should mark the span as an error, got %v", spans[1].Status())
	}
}
