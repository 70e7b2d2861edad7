package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/store"
)

type body struct {
	Name string `json:"name"`
	Qty  int    `json:"qty"`
}

func TestDecodeRejections(t *testing.T) {
	cases := []struct {
		in, field, msg string
	}{
		{`{"name":"a","qty":1,"extra":true}`, "extra", "unknown field"},
		{`{"name":"a","qty":"1"}`, "qty", "must be a whole number in range"},
		{`{"name":"a","qty":1e30}`, "qty", "must be a whole number in range"},
		{`{"name":"a","qty":99999999999999999999}`, "qty", "must be a whole number in range"},
		{`{"name":`, "", ""},
		{`{"name":"a"} {}`, "", ""},
		{`not json`, "", ""},
	}
	for _, tc := range cases {
		var b body
		err := DecodeBytes([]byte(tc.in), &b)
		he, ok := err.(*Error)
		if !ok || he.Status != 400 {
			t.Fatalf("%s: want 400 *Error, got %#v", tc.in, err)
		}
		if tc.field != "" && he.Fields[tc.field] != tc.msg {
			t.Errorf("%s: fields = %v, want %s=%q", tc.in, he.Fields, tc.field, tc.msg)
		}
	}
	var ok body
	if err := DecodeBytes([]byte(`{"name":"x","qty":2}`), &ok); err != nil || ok.Qty != 2 {
		t.Fatalf("valid body rejected: %v", err)
	}
}

type cardPart struct {
	ExpMonth int `json:"exp_month"`
}

// A wrong type in a nested or embedded input is named by the path the client sent,
// never by the server's Go type names.
func TestDecodeWrongTypeNamesTheRequestPath(t *testing.T) {
	var embedded struct {
		Processor string `json:"processor"`
		cardPart
	}
	err := DecodeBytes([]byte(`{"processor":"p","exp_month":"12"}`), &embedded)
	if he, ok := err.(*Error); !ok || len(he.Fields) != 1 || he.Fields["exp_month"] == "" {
		t.Fatalf("embedded: got %#v, want fields {exp_month}", err)
	}
	var nested struct {
		Card cardPart `json:"card"`
	}
	err = DecodeBytes([]byte(`{"card":{"exp_month":"12"}}`), &nested)
	if he, ok := err.(*Error); !ok || len(he.Fields) != 1 || he.Fields["card.exp_month"] == "" {
		t.Fatalf("nested: got %#v, want fields {card.exp_month}", err)
	}
}

func TestErrorHandlerShape(t *testing.T) {
	app := fiber.New(fiber.Config{ErrorHandler: ErrorHandler(nil), BodyLimit: 64})
	app.Post("/x", func(c fiber.Ctx) error {
		var b body
		return Decode(c, &b)
	})
	app.Get("/boom", func(c fiber.Ctx) error { return io.ErrClosedPipe })
	app.Get("/missing", func(c fiber.Ctx) error { return ErrNotFound })

	check := func(req *http.Request, status int, code string) {
		t.Helper()
		resp, err := app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != status {
			t.Fatalf("%s: status %d, want %d", req.URL, resp.StatusCode, status)
		}
		var out struct {
			Error Error `json:"error"`
		}
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			t.Fatalf("body is not the error shape: %v", err)
		}
		if out.Error.Code != code || out.Error.Message == "" {
			t.Fatalf("error = %+v, want code %s", out.Error, code)
		}
	}
	check(newReq("POST", "/x", `{"nope":1}`), 400, "invalid")
	check(newReq("POST", "/x", ``), 400, "invalid")
	check(newReq("GET", "/boom", ""), 500, "internal")
	check(newReq("GET", "/missing", ""), 404, "not_found")
}

func newReq(method, path, b string) *http.Request {
	r := httptest.NewRequest(method, path, strings.NewReader(b))
	r.Header.Set("Content-Type", "application/json")
	return r
}

// An error that says Redis could not be reached is 503 storage_unavailable with
// Retry-After wherever it surfaces, wrapped or raw, and is not logged per request.
func TestStorageErrorsAre503(t *testing.T) {
	var logs bytes.Buffer
	app := fiber.New(fiber.Config{ErrorHandler: ErrorHandler(slog.New(slog.NewTextHandler(&logs, nil)))})
	app.Get("/breaker", func(c fiber.Ctx) error {
		return fmt.Errorf("cart: %w", &store.UnavailableError{Err: errors.New("circuit breaker is open"), RetryAfter: 1500 * time.Millisecond})
	})
	app.Get("/raw", func(c fiber.Ctx) error {
		return &net.OpError{Op: "read", Net: "tcp", Err: os.ErrDeadlineExceeded}
	})
	app.Get("/nil", func(c fiber.Ctx) error { return redis.Nil })
	for path, retry := range map[string]string{"/breaker": "2", "/raw": "2"} {
		resp, err := app.Test(httptest.NewRequest("GET", path, nil))
		if err != nil {
			t.Fatal(err)
		}
		var out struct {
			Error Error `json:"error"`
		}
		_ = json.NewDecoder(resp.Body).Decode(&out)
		if resp.StatusCode != 503 || out.Error.Code != "storage_unavailable" || out.Error.Message == "" || resp.Header.Get("Retry-After") != retry {
			t.Errorf("%s: %d %+v Retry-After %q", path, resp.StatusCode, out.Error, resp.Header.Get("Retry-After"))
		}
	}
	if resp, _ := app.Test(httptest.NewRequest("GET", "/nil", nil)); resp.StatusCode != 500 {
		t.Errorf("redis.Nil reaching the handler is a bug, not an outage: %d", resp.StatusCode)
	}
	if n := strings.Count(logs.String(), "unhandled error"); n != 1 {
		t.Errorf("%d unhandled errors logged, want 1 (redis.Nil):\n%s", n, logs.String())
	}
}

// A panic in a goroutine the edge started for a request is logged with its stack and
// ends that goroutine alone.
func TestRecoverKeepsTheProcess(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, nil))
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer Recover(log, "a test stream")
		var conn net.Conn
		_ = conn.SetWriteDeadline(time.Now()) // nil interface: panics
	}()
	<-done
	if out := buf.String(); !strings.Contains(out, "a test stream ended") || !strings.Contains(out, "stack=") {
		t.Fatalf("log: %s", out)
	}
}

// A refused body is described, never quoted: a value read by its own type (a date) and
// an unknown field whose name is a value (a card number as a key) are not sent back.
func TestDecodeErrorsQuoteNothingSent(t *testing.T) {
	var v struct {
		At time.Time `json:"at"`
	}
	for in, field := range map[string]string{
		`{"at":"4111111111111111"}`: "",
		`{"4111111111111111":"1"}`:  "body",
		`{"4111111111111111":1e99}`: "body",
	} {
		err := DecodeBytes([]byte(in), &v)
		he, ok := err.(*Error)
		if !ok || he.Status != 400 {
			t.Fatalf("%s: %#v", in, err)
		}
		if strings.Contains(he.Message, "4111") || fmt.Sprint(he.Fields) != fmt.Sprint(map[string]string{field: "unknown field"}) && field != "" {
			t.Errorf("%s: %q %v", in, he.Message, he.Fields)
		}
		for k := range he.Fields {
			if strings.Contains(k, "4111") {
				t.Errorf("%s: field %q", in, k)
			}
		}
	}
}
