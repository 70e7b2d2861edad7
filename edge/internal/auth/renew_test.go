package auth

import (
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

func renewApp(tk *Tokens) *fiber.App {
	app := fiber.New()
	app.Use(Renew(tk), New(tk))
	app.Get("/", func(c fiber.Ctx) error {
		if m, ok := session.MemberOf(c); ok {
			return c.SendString("member " + m.ID)
		}
		if ForcedSignOut(c) {
			return c.SendString("forced")
		}
		return c.SendString("guest")
	})
	return app
}

func get(t *testing.T, app *fiber.App, cookie string) (string, []string) {
	t.Helper()
	req := httptest.NewRequest("GET", "/", nil)
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	res, err := app.Test(req)
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 64)
	n, _ := res.Body.Read(b)
	var set []string
	for _, c := range res.Cookies() {
		set = append(set, c.Name+"="+c.Value)
	}
	return string(b[:n]), set
}

// Many requests with the same refresh token and no access token (tabs restored at
// once) all come back signed in, and the session survives.
func TestRenewConcurrentRequestsShareOneRotation(t *testing.T) {
	st := storetest.Embedded(t)
	clk := newClock()
	tk := newTokens(t, st, clk)
	p := mustIssue(t, tk, "m_1")
	app := renewApp(tk)
	cookie := tk.cfg.RefreshCookieName + "=" + p.RefreshToken
	var wg sync.WaitGroup
	results := make([]string, 8)
	for i := range results {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			results[i], _ = get(t, app, cookie)
		}(i)
	}
	wg.Wait()
	for i, r := range results {
		if r != "member m_1" {
			t.Fatalf("request %d: %q", i, r)
		}
	}
	// The session was not taken for stolen: a fresh sign-in of the same session works.
	body, set := get(t, app, cookie)
	if body != "member m_1" || len(set) == 0 {
		t.Fatalf("after the burst: %q %v", body, set)
	}
}

func TestRenewOfAnInvalidatedSessionShowsTheForcedSignOut(t *testing.T) {
	st := storetest.Embedded(t)
	tk := newTokens(t, st, newClock())
	p := mustIssue(t, tk, "m_2")
	if err := tk.ForceSignOut(t.Context(), "m_2"); err != nil {
		t.Fatal(err)
	}
	body, _ := get(t, renewApp(tk), tk.cfg.RefreshCookieName+"="+p.RefreshToken)
	if body != "forced" {
		t.Fatalf("got %q", body)
	}
}
