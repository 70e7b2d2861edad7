package server

import "testing"

// A member token in the Authorization header, without cookies, takes the native app's
// path past the CSRF check but never past the bot check: the guarded endpoints are the
// anonymous forms abuse aims at, and a web cookie token copied into the header proves
// nothing about who runs the script.
func TestAWebTokenInTheHeaderDoesNotSkipTheBotCheck(t *testing.T) {
	s := newDevServer(t)
	web := newGuest(t, s)
	web.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", web.bot("signup"))
	bearer := "Bearer " + web.cookies["hh_token"]
	// The copied token does verify: the app's cart works with it.
	if st, m := bare(t, s, "POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, "Authorization", bearer); st != 201 {
		t.Fatalf("the app's cart: %d %v", st, m)
	}
	for _, c := range []struct{ path, body string }{
		{"/api/auth/signup", `{"first_name":"Eve","last_name":"L","email":"eve@example.com","phone":"(513) 555-0199","password":"chicken123","favorite_location_id":"oh-dayton"}`},
		{"/api/auth/signin", `{"email":"ada@example.com","password":"chicken123"}`},
		{"/api/auth/passwordless", `{"identifier":"ada@example.com"}`},
		{"/api/auth/forgot", `{"email":"ada@example.com"}`},
		{"/api/contact", `{"name":"Ada","email":"ada@example.com","topic":"feedback","message":"Hi."}`},
		{"/api/giftcards/balance", `{"number":"6006491234567890","pin":"1234"}`},
		{"/api/giftcards/purchases", giftPurchaseBody("tok_x", "sam@example.com")},
		{"/api/cart/submit", `{"customer":{"first_name":"Ada","last_name":"L","email":"ada@example.com","phone":"5135550100"},"payments":[{"kind":"instore"}]}`},
	} {
		if st, m := bare(t, s, "POST", c.path, c.body, "Authorization", bearer, "Idempotency-Key", "bearer-attempt-1"); st != 403 || code(m) != "bot_check_failed" {
			t.Errorf("%s with a member token and no bot check: %d %v", c.path, st, m)
		}
	}
}
