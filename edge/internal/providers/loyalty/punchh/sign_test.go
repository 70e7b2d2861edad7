package punchh

import "testing"

// The vectors are Punchh's documented examples (the URI without the base URL, then
// the body as sent) signed with the secret "SECRET_GOES_HERE", computed by hand with
// a second HMAC implementation:
//
//	printf '%s' '/api2/mobile/users/profile{"client":"CLIENT_GOES_HERE"}' | openssl dgst -sha256 -hmac SECRET_GOES_HERE
//	printf '%s' '/api/auth/checkins/balance{"client":"CLIENT_GOES_HERE"}' | openssl dgst -sha1 -hmac SECRET_GOES_HERE
func TestSignFollowsPunchhsRule(t *testing.T) {
	cases := []struct{ name, uri, body, want string }{
		{"mobile API: HMAC-SHA256", "/api2/mobile/users/profile", `{"client":"CLIENT_GOES_HERE"}`,
			"743195d63cfe21b8af7fc1f2f288a5b60ae450dc7f19aa36499512b664756c6a"},
		{"online ordering API: HMAC-SHA1", "/api/auth/checkins/balance", `{"client":"CLIENT_GOES_HERE"}`,
			"30c4543287bfec9fb9c3beb47f7f2a39531dc102"},
	}
	for _, c := range cases {
		if got := Sign("SECRET_GOES_HERE", c.uri, []byte(c.body)); got != c.want {
			t.Errorf("%s: Sign = %s; want %s", c.name, got, c.want)
		}
	}
}

// The query string is part of the signed URI, and a change of one byte of the body
// changes the signature.
func TestSignCoversQueryAndBody(t *testing.T) {
	base := Sign("s", "/api2/mobile/users/balance", []byte(`{"client":"c"}`))
	if Sign("s", "/api2/mobile/users/balance?x=1", []byte(`{"client":"c"}`)) == base {
		t.Error("the query string is not signed")
	}
	if Sign("s", "/api2/mobile/users/balance", []byte(`{"client":"d"}`)) == base {
		t.Error("the body is not signed")
	}
	if Sign("t", "/api2/mobile/users/balance", []byte(`{"client":"c"}`)) == base {
		t.Error("the secret is not used")
	}
	if len(base) != 64 || len(Sign("s", "/oauth/token", nil)) != 40 {
		t.Error("want SHA-256 (64 hex digits) on /api2 and SHA-1 (40) elsewhere")
	}
}
