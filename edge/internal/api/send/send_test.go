package send_test

import (
	"encoding/json"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

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
	for _, bad := range []string{`{"method":"TRACE","path":"/whoami"}`, `{"path":"whoami"}`, `{"path":"/send"}`, `{"path":"/../x"}`, `{"path":"/x","extra":1}`, `nope`} {
		if s, m, _ := call(t, a, "application/json", bad, ""); s != 400 {
			t.Fatalf("%s: %d %v", bad, s, m)
		}
	}
}
