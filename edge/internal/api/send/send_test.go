package send_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/api/send"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/session"
)

func app() *fiber.App {
	a := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil)})
	api := a.Group("/api")
	api.Use(session.New())
	api.Get("/whoami", func(c fiber.Ctx) error {
		return c.JSON(fiber.Map{"visitor": session.VisitorID(c), "q": c.Query("q")})
	})
	api.Post("/echo", func(c fiber.Ctx) error {
		var v map[string]any
		if err := httpx.Decode(c, &v); err != nil {
			return err
		}
		return c.Status(201).JSON(v)
	})
	send.Mount(api, "/api", a.Handler)
	return a
}

func call(t *testing.T, a *fiber.App, ctype, body, cookie string) (int, map[string]any, string) {
	t.Helper()
	req := httptest.NewRequest("POST", "/api/send", strings.NewReader(body))
	req.Header.Set("Content-Type", ctype)
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	res, err := a.Test(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return res.StatusCode, m, res.Header.Get("Set-Cookie")
}

func TestSendDispatchesWithTheCallersSession(t *testing.T) {
	a := app()
	s, m, setCookie := call(t, a, "text/plain", `{"method":"get","path":"/whoami?q=1"}`, "")
	if s != 200 || m["status"].(float64) != 200 || m["body"].(map[string]any)["q"] != "1" {
		t.Fatalf("%d %v", s, m)
	}
	if !strings.HasPrefix(setCookie, "hh_sid=") {
		t.Fatalf("the inner call's cookie is passed on: %q", setCookie)
	}
	cookie := strings.SplitN(setCookie, ";", 2)[0]
	_, m, _ = call(t, a, "application/json", `{"path":"/whoami"}`, cookie)
	if "hh_sid="+m["body"].(map[string]any)["visitor"].(string) != cookie {
		t.Fatalf("the caller's cookie is used: %v", m)
	}
	_, m, _ = call(t, a, "application/json", `{"method":"POST","path":"/echo","body":{"a":1}}`, "")
	if m["status"].(float64) != 201 || m["body"].(map[string]any)["a"].(float64) != 1 {
		t.Fatalf("post: %v", m)
	}
	_, m, _ = call(t, a, "application/json", `{"method":"POST","path":"/echo","body":"x"}`, "")
	if m["status"].(float64) != 400 {
		t.Fatalf("inner errors come back as data: %v", m)
	}
	for _, bad := range []string{`{"method":"TRACE","path":"/whoami"}`, `{"path":"whoami"}`, `{"path":"/send"}`, `{"path":"/SEND"}`, `{"path":"/%73end"}`, `{"path":"/./send"}`, `{"path":"/Send/"}`, `{"path":"/../x"}`, `{"path":"/x","extra":1}`, `nope`} {
		if s, m, _ := call(t, a, "application/json", bad, ""); s != 400 {
			t.Fatalf("%s: %d %v", bad, s, m)
		}
	}
}

// A send cannot make another, however the inner path is spelt: one body once made 1,500
// nested calls. The mark on the inner call refuses it where routing matched it.
func TestSendNeverNests(t *testing.T) {
	a := app()
	nested := `{"method":"POST","path":"/SeNd","body":{"method":"POST","path":"/SeNd","body":{"path":"/whoami"}}}`
	s, m, _ := call(t, a, "application/json", nested, "")
	if s != 400 {
		t.Fatalf("nested send: %d %v", s, m)
	}
	// Past the path check (a spelling it does not know), the mark still refuses it.
	b := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil)})
	api := b.Group("/api")
	api.Post("/relay", func(c fiber.Ctx) error { return c.Next() })
	send.Mount(api, "/api", b.Handler)
	send.Mount(api.Group("/relay"), "/api", b.Handler)
	s, m, _ = call(t, b, "application/json", `{"method":"POST","path":"/relay/send","body":{"path":"/x"}}`, "")
	inner, _ := m["body"].(map[string]any)
	if s != 200 || m["status"].(float64) != 400 || !strings.Contains(inner["error"].(map[string]any)["message"].(string), "can't send another") {
		t.Fatalf("send under another path: %d %v", s, m)
	}
}

// An inner call that opens an event stream is refused instead of held open: an
// events path before it is dispatched, any other stream once it has started.
func TestSendRefusesEventStreams(t *testing.T) {
	a := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil)})
	api := a.Group("/api")
	stopped := make(chan struct{})
	var dispatched atomic.Int32
	api.Get("/orders/:id/events", func(c fiber.Ctx) error {
		dispatched.Add(1)
		return c.SendString("data: x\n\n")
	})
	api.Get("/feed", func(c fiber.Ctx) error {
		c.Set("Content-Type", "text/event-stream")
		return c.SendStreamWriter(func(w *bufio.Writer) {
			defer close(stopped)
			for {
				if _, err := w.WriteString("data: x\n\n"); err != nil {
					return
				}
				if err := w.Flush(); err != nil {
					return
				}
				time.Sleep(10 * time.Millisecond)
			}
		})
	})
	send.Mount(api, "/api", a.Handler)
	for _, path := range []string{"/orders/o1/events", "/ORDERS/o1/%45vents", "/orders/o1/events/?a=1"} {
		if s, m, _ := call(t, a, "application/json", `{"path":"`+path+`"}`, ""); s != 400 || !strings.Contains(fmt.Sprint(m), "event stream") {
			t.Fatalf("%s through send: %d %v", path, s, m)
		}
	}
	if n := dispatched.Load(); n != 0 {
		t.Fatalf("an events path was dispatched %d times", n)
	}
	s, m, _ := call(t, a, "application/json", `{"path":"/feed"}`, "")
	if s != 400 {
		t.Fatalf("event stream through send: %d %v", s, m)
	}
	select {
	case <-stopped:
	case <-time.After(2 * time.Second):
		t.Fatal("the stream's writer is still running")
	}
}
