package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

func clearLoyaltyEnv(t *testing.T) {
	t.Helper()
	t.Setenv("LOYALTY_PROVIDER", "")
	for _, k := range punchhVars {
		t.Setenv(k, "")
	}
}

func TestLoyaltyConfigFromEnv(t *testing.T) {
	clearLoyaltyEnv(t)
	c, err := ConfigFromEnv()
	if err != nil || c.LoyaltyProvider != LoyaltyBuiltin {
		t.Fatalf("default: the built-in programme: %q %v", c.LoyaltyProvider, err)
	}

	t.Setenv("LOYALTY_PROVIDER", "Punchh")
	t.Setenv("PUNCHH_SERVER_NAME", "henhouse-sandbox")
	t.Setenv("PUNCHH_CLIENT_ID", "client-1")
	t.Setenv("PUNCHH_CLIENT_SECRET", "secret-1")
	c, err = ConfigFromEnv()
	if err != nil || c.LoyaltyProvider != LoyaltyPunchh || c.Punchh.ServerURL != "https://henhouse-sandbox.punchh.com" ||
		c.Punchh.ClientID != "client-1" || c.Punchh.ClientSecret != "secret-1" || c.Punchh.Timeout != 10*time.Second {
		t.Fatalf("punchh by server name: %+v %v", c.Punchh, err)
	}
	t.Setenv("PUNCHH_SERVER_NAME", "")
	t.Setenv("PUNCHH_SERVER_URL", "https://sandbox.punchh.com/")
	t.Setenv("PUNCHH_TIMEOUT", "5")
	t.Setenv("PUNCHH_SITE_URL", "https://order.henhouse.example")
	if c, err = ConfigFromEnv(); err != nil || c.Punchh.ServerURL != "https://sandbox.punchh.com" || c.Punchh.Timeout != 5*time.Second || c.Punchh.SiteURL != "https://order.henhouse.example" {
		t.Fatalf("punchh by URL: %+v %v", c.Punchh, err)
	}

	// Each refusal names what is wrong.
	for _, tc := range []struct{ key, value, want string }{
		{"PUNCHH_CLIENT_ID", "", "PUNCHH_CLIENT_ID"},
		{"PUNCHH_CLIENT_SECRET", "", "PUNCHH_CLIENT_SECRET"},
		{"PUNCHH_SERVER_URL", "", "PUNCHH_SERVER_URL"},
		{"PUNCHH_SERVER_URL", "http://sandbox.punchh.com", "PUNCHH_SERVER_URL must be an https origin"},
		{"PUNCHH_SERVER_URL", "sandbox.punchh.com", "PUNCHH_SERVER_URL must be an https origin"},
		{"PUNCHH_SERVER_NAME", "brand", "not both"},
		{"PUNCHH_TIMEOUT", "0", "PUNCHH_TIMEOUT"},
		{"PUNCHH_SITE_URL", "/app", "PUNCHH_SITE_URL"},
		{"LOYALTY_PROVIDER", "loyaltyplus", "LOYALTY_PROVIDER must be builtin or punchh"},
	} {
		t.Run(tc.key+"="+tc.value, func(t *testing.T) {
			t.Setenv(tc.key, tc.value)
			if _, err := ConfigFromEnv(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v; want an error naming %q", err, tc.want)
			}
		})
	}

	// A Punchh setting with the built-in programme is a mistake, not ignored.
	clearLoyaltyEnv(t)
	t.Setenv("PUNCHH_CLIENT_SECRET", "secret-1")
	if _, err := ConfigFromEnv(); err == nil || !strings.Contains(err.Error(), "PUNCHH_CLIENT_SECRET is set but LOYALTY_PROVIDER is builtin") {
		t.Fatalf("stray Punchh setting: %v", err)
	}
}

// With LOYALTY_PROVIDER=punchh the edge's loyalty programme is the adapter: the
// roles Punchh fills are taken, and the features of the others are off.
func TestPunchhProviderConfigBuilds(t *testing.T) {
	st := storetest.Embedded(t)
	p, err := openPunchh(PunchhConfig{ServerURL: "https://sandbox.punchh.com", ClientID: "c", ClientSecret: "s", Timeout: time.Second}, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := loyaltyRolesOf(p)
	if err != nil {
		t.Fatalf("the roles of the Punchh adapter: %v", err)
	}
	if id := r.members.ID(); id != "punchh" {
		t.Fatalf("provider %q", id)
	}
	for _, off := range []string{"addresses", "wallet", "favorites", "badges"} {
		if r.features[off] {
			t.Errorf("feature %s is on, but Punchh does not fill its role", off)
		}
	}
	for _, on := range []string{"rewards", "offers", "challenges", "subscriptions"} {
		if !r.features[on] {
			t.Errorf("feature %s is off, but Punchh fills its role", on)
		}
	}
	// A member never signed in through this edge has no Punchh session.
	if _, err := r.members.Member(context.Background(), "1"); !fault.Is(err, fault.Unauthorized) {
		t.Fatalf("member without a session: %v", err)
	}
	if _, err := openPunchh(PunchhConfig{ServerURL: "https://sandbox.punchh.com"}, st, nil); err == nil {
		t.Fatal("built without a client id and secret")
	}
}
