package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
)

// appClient is the native app's HTTP client: the member's token in the Authorization
// header and no cookies.
func appClient(t *testing.T, s *Server, token string) func(method, path, body string) (int, map[string]any) {
	return func(method, path, body string) (int, map[string]any) {
		t.Helper()
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := s.App.Test(req, fiber.TestConfig{Timeout: 10 * time.Second, FailOnTimeout: true})
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		var m map[string]any
		_ = json.Unmarshal(raw, &m)
		return res.StatusCode, m
	}
}

// productIDs are the product ids of a cart answer's lines, in order.
func productIDs(t *testing.T, m map[string]any) []string {
	t.Helper()
	cart, _ := m["cart"].(map[string]any)
	if cart == nil {
		return nil
	}
	var out []string
	for _, l := range cart["products"].([]any) {
		out = append(out, l.(map[string]any)["product_id"].(string))
	}
	return out
}

// signInWithCode signs g in as email through the password and code steps, answering
// the signed-in body.
func signInWithCode(g *guest, email string) map[string]any {
	g.t.Helper()
	ch := g.ok("POST", "/api/auth/signin", `{"email":"`+email+`","password":"chicken123"}`, 200, "X-Bot-Check", g.bot("login"))["challenge"].(map[string]any)
	code := g.latestCode(email)
	return g.ok("POST", "/api/auth/code", `{"challenge_id":"`+ch["id"].(string)+`","code":"`+code+`"}`, 200)
}

// A member signed in on the web and in the native app has one cart: what one device
// adds, the other sees.
func TestOneCartPerMemberOnEveryDevice(t *testing.T) {
	s := newDevServer(t)
	web := newGuest(t, s)
	web.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", web.bot("signup"))
	app := appClient(t, s, web.cookies["hh_token"])

	if st, m := app("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`); st != 201 {
		t.Fatalf("app cart: %d %v", st, m)
	}
	if st, m := app("POST", "/api/cart/products", `{"product_id":"biscuit"}`); st != 201 {
		t.Fatalf("app add: %d %v", st, m)
	}
	if got := productIDs(t, web.ok("GET", "/api/cart", "", 200)); len(got) != 1 || got[0] != "biscuit" {
		t.Fatalf("the web shows %v, want the app's biscuit", got)
	}
	web.ok("POST", "/api/cart/products", `{"product_id":"sandwich-biscuit"}`, 201)
	if _, m := app("GET", "/api/cart", ""); len(productIDs(t, m)) != 2 {
		t.Fatalf("the app shows %v, want the web's line too", productIDs(t, m))
	}
	// A page on another browser of the member knows there is a cart to fetch.
	other := newGuest(t, s)
	signInWithCode(other, "ada@example.com")
	if sess := other.bootSession("/menu/m-standard"); sess["hasCart"] != true {
		t.Fatalf("the member's page says no cart: %v", sess)
	}
	if got := productIDs(t, other.ok("GET", "/api/cart", "", 200)); len(got) != 2 {
		t.Fatalf("another browser of the member shows %v", got)
	}

	// Signed out, the browser is a guest with a cart of its own: none.
	web.ok("POST", "/api/auth/logout", "", 204)
	if cart := web.ok("GET", "/api/cart", "", 200)["cart"]; cart != nil {
		t.Fatalf("a signed-out browser still shows the member's cart: %v", cart)
	}
}

// A guest's cart joins the member's at sign-in: with nothing on either side nothing
// appears; a guest's cart becomes the member's when the member has none; when both
// hold items the lines are merged into the member's cart at its location.
func TestGuestCartJoinsTheMembersAtSignIn(t *testing.T) {
	s := newDevServer(t)
	const email = "ada@example.com"
	setup := newGuest(t, s)
	setup.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", setup.bot("signup"))
	app := appClient(t, s, setup.cookies["hh_token"])

	t.Run("both empty", func(t *testing.T) {
		g := newGuest(t, s)
		g.t = t
		signInWithCode(g, email)
		if cart := g.ok("GET", "/api/cart", "", 200)["cart"]; cart != nil {
			t.Fatalf("a cart appeared from nothing: %v", cart)
		}
	})

	t.Run("member has none", func(t *testing.T) {
		g := newGuest(t, s)
		g.t = t
		g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-columbus-downtown"}`, 201)
		g.ok("POST", "/api/cart/products", `{"product_id":"biscuit"}`, 201)
		in := signInWithCode(g, email)
		if in["not_transferred"] != nil {
			t.Fatalf("nothing should be left behind: %v", in["not_transferred"])
		}
		m := g.ok("GET", "/api/cart", "", 200)
		if got := productIDs(t, m); len(got) != 1 || got[0] != "biscuit" {
			t.Fatalf("the member's cart holds %v, want the guest's biscuit", got)
		}
		if loc := m["cart"].(map[string]any)["location_id"]; loc != "oh-columbus-downtown" {
			t.Fatalf("the guest's cart moved to %v", loc)
		}
		if _, am := app("GET", "/api/cart", ""); len(productIDs(t, am)) != 1 {
			t.Fatalf("the app does not see the joined cart: %v", am)
		}
		g.ok("POST", "/api/auth/logout", "", 204)
		if cart := g.ok("GET", "/api/cart", "", 200)["cart"]; cart != nil {
			t.Fatalf("the guest's cart is still the visitor's after joining: %v", cart)
		}
	})

	t.Run("both hold items", func(t *testing.T) {
		// The member's cart (from the previous step, at Columbus) holds a biscuit.
		g := newGuest(t, s)
		g.t = t
		g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201)
		g.ok("POST", "/api/cart/products", `{"product_id":"sandwich-biscuit"}`, 201)
		signInWithCode(g, email)
		m := g.ok("GET", "/api/cart", "", 200)
		got := productIDs(t, m)
		if len(got) != 2 || got[0] != "biscuit" || got[1] != "sandwich-biscuit" {
			t.Fatalf("merged cart holds %v, want the member's biscuit then the guest's sandwich", got)
		}
		if loc := m["cart"].(map[string]any)["location_id"]; loc != "oh-columbus-downtown" {
			t.Fatalf("the merged cart is at %v, want the member cart's location", loc)
		}
	})
}

// A change sent with the version the client shows is made; one sent with a version
// the cart has moved past is refused with 412 cart_changed and the cart as it is now;
// one sent without If-Match is made whatever the version (last write wins).
func TestStaleIfMatchAnswersTheCurrentCart(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201)
	st, m, h := g.sendFull("POST", "/api/cart/products", `{"product_id":"biscuit"}`)
	if st != 201 {
		t.Fatalf("add: %d %v", st, m)
	}
	cart := m["cart"].(map[string]any)
	etag := h["Etag"][0]
	if want := `"` + jsonNumber(cart["version"]) + `"`; etag != want {
		t.Fatalf("ETag %q, want the cart's version %s", etag, want)
	}
	// Compressed, as browsers ask, the ETag is still the version.
	if _, _, hz := g.sendFull("GET", "/api/cart", "", "Accept-Encoding", "gzip, br"); hz["Etag"][0] != etag {
		t.Fatalf("ETag %q with compression, want %s", hz["Etag"][0], etag)
	}
	line := cart["products"].([]any)[0].(map[string]any)["id"].(string)

	// Another tab changes the cart; this tab still shows etag.
	other := g.clone()
	other.ok("PUT", "/api/cart/tip", `{"percent":20}`, 200, "If-Match", etag)

	st, m, h = g.sendFull("PUT", "/api/cart/products/"+line, `{"quantity":3}`, "If-Match", etag)
	if st != 412 {
		t.Fatalf("stale If-Match: %d %v, want 412", st, m)
	}
	if code := m["error"].(map[string]any)["code"]; code != "cart_changed" {
		t.Fatalf("code %v, want cart_changed", code)
	}
	now := m["cart"].(map[string]any)
	if now["tip"].(map[string]any)["percent"] != float64(20) || now["products"].([]any)[0].(map[string]any)["quantity"] != float64(1) {
		t.Fatalf("the 412 does not hold the current cart: %v", now)
	}
	if h["Etag"][0] == etag {
		t.Fatal("the 412 sends the stale ETag")
	}
	// Retried with the version it answered, the change is made.
	g.ok("PUT", "/api/cart/products/"+line, `{"quantity":3}`, 200, "If-Match", h["Etag"][0])
	// Stale If-Match on removing the cart keeps it.
	g.ok("DELETE", "/api/cart", "", 412, "If-Match", etag)
	if g.ok("GET", "/api/cart", "", 200)["cart"] == nil {
		t.Fatal("a stale DELETE removed the cart")
	}
	// Without If-Match: last write wins.
	g.ok("PUT", "/api/cart/products/"+line, `{"quantity":2}`, 200)
	// A malformed If-Match is the client's mistake.
	g.ok("PUT", "/api/cart/tip", `{"percent":15}`, 400, "If-Match", "W/12")
}

func jsonNumber(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// Two tabs send a change at the same moment, each with the version both show:
// exactly one is made, the other is answered 412.
func TestTwoChangesWithOneVersionOneWins(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201)
	_, _, h := g.sendFull("POST", "/api/cart/products", `{"product_id":"biscuit"}`)
	etag := h["Etag"][0]
	const n = 6
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		tab := g.clone()
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i], _, _ = tab.sendFull("POST", "/api/cart/products", `{"product_id":"sandwich-biscuit"}`, "If-Match", etag)
		}()
	}
	wg.Wait()
	won, stale := 0, 0
	for _, st := range statuses {
		switch st {
		case 201:
			won++
		case 412:
			stale++
		}
	}
	if won != 1 || stale != n-1 {
		t.Fatalf("statuses %v: want one 201 and %d × 412", statuses, n-1)
	}
	m := g.ok("GET", "/api/cart", "", 200)
	if q := m["cart"].(map[string]any)["item_count"]; q != float64(2) {
		t.Fatalf("item count %v, want 2 (one change made)", q)
	}
}

// A Redis that lost its data (restarted, flushed) holds no cart: the cart answers as
// a missing one does, with or without If-Match, and the edge stays up.
func TestLostCartAnswersAsMissing(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201)
	_, _, h := g.sendFull("POST", "/api/cart/products", `{"product_id":"biscuit"}`)
	if err := s.Store.Client.FlushDB(context.Background()).Err(); err != nil {
		t.Fatal(err)
	}
	if cart := g.ok("GET", "/api/cart", "", 200)["cart"]; cart != nil {
		t.Fatalf("cart after the flush: %v", cart)
	}
	m := g.ok("PUT", "/api/cart/tip", `{"percent":20}`, 404, "If-Match", h["Etag"][0])
	if m["error"].(map[string]any)["code"] != "cart_not_found" {
		t.Fatalf("change after the flush: %v", m)
	}
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201, "If-Match", h["Etag"][0])
}
