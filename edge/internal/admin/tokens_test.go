package admin

import "testing"

func TestTokens(t *testing.T) {
	ts, err := ParseTokens("alice:aaaaaaaaaaaaaaaa1, deploy-bot:bbbbbbbbbbbbbbbb2")
	if err != nil || len(ts) != 2 {
		t.Fatalf("%v %v", ts, err)
	}
	cases := map[string]string{
		"Bearer aaaaaaaaaaaaaaaa1": "alice",
		"bearer bbbbbbbbbbbbbbbb2": "deploy-bot",
		"Bearer aaaaaaaaaaaaaaaa":  "",
		"Basic aaaaaaaaaaaaaaaa1":  "",
		"aaaaaaaaaaaaaaaa1":        "",
		"":                         "",
	}
	for h, want := range cases {
		name, ok := ts.Match(h)
		if name != want || ok != (want != "") {
			t.Errorf("%q: %q %v, want %q", h, name, ok, want)
		}
	}
	if one, _ := ParseTokens("cccccccccccccccc3"); len(one) != 1 || one[0].Name != "ops" {
		t.Fatalf("a bare token: %+v", one)
	}
	if none, err := ParseTokens(""); err != nil || len(none) != 0 {
		t.Fatal("empty: no tokens")
	}
	if _, ok := Tokens(nil).Match("Bearer anything-at-all-here"); ok {
		t.Fatal("no tokens match nothing")
	}
	for _, bad := range []string{"short", "alice:short", ":cccccccccccccccc3"} {
		if _, err := ParseTokens(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if ClientToken("alice:aaaaaaaaaaaaaaaa1,bob:x") != "aaaaaaaaaaaaaaaa1" || ClientToken(" plain-token-0123456 ") != "plain-token-0123456" {
		t.Fatal("ClientToken")
	}
}
