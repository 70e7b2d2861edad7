package server

import (
	"testing"
)

// A signed-in browser behind HTTP authentication (a password-protected staging site)
// sends "Authorization: Basic …" with its cookies; it keeps its own cart.
func TestBasicAuthBrowserKeepsItsCart(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201, "Authorization", "Basic c3RhZ2luZzpwdw==")
	if cart := g.ok("GET", "/api/cart", "", 200, "Authorization", "Basic c3RhZ2luZzpwdw==")["cart"]; cart == nil {
		t.Fatal("the cart went to another owner")
	}
	if cart := g.ok("GET", "/api/cart", "", 200)["cart"]; cart == nil {
		t.Fatal("the visitor's cart is missing without the header")
	}
}
