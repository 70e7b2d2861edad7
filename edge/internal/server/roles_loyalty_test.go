package server

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// The roles' own names would clash with the methods of the same name when embedded.
type (
	accountsRole  = loyalty.Accounts
	signInRole    = loyalty.SignIn
	membersRole   = loyalty.Members
	pointsRole    = loyalty.Points
	rewardsRole   = loyalty.Rewards
	offersRole    = loyalty.Offers
	favoritesRole = loyalty.Favorites
)

// lean is a program with the required roles, rewards and offers: no saved
// addresses, cards or locations, no challenges, badges or subscriptions.
type lean struct {
	accountsRole
	signInRole
	membersRole
	pointsRole
	rewardsRole
	offersRole
}

func leanProgram(p loyalty.Provider) any { return lean{p, p, p, p, p, p} }

func TestRequiredLoyaltyRoleMissingStopsTheEdge(t *testing.T) {
	// No Points: the error names the role and what the site needs it for.
	_, err := loyaltyRolesOf(struct {
		accountsRole
		signInRole
		membersRole
		favoritesRole
	}{})
	if _, named, _ := strings.Cut(errText(err), "needs: "); !strings.HasPrefix(named, "loyalty.Points (points for placed orders") || strings.Contains(named, "loyalty.Members") {
		t.Fatalf("missing Points: %v", err)
	}
	if _, err := loyaltyRolesOf(nil); err == nil || !strings.Contains(err.Error(), "loyalty.Accounts") || !strings.Contains(err.Error(), "loyalty.SignIn") {
		t.Fatalf("no program: %v", err)
	}
	// New refuses to start on such a program.
	dir := t.TempDir()
	cfg := Config{BuildDir: dir, BrandName: "Henhouse", BrandSlug: "henhouse", AppPrefix: "t", Environment: "prod", BodyLimit: 4096, PasswordCost: 4,
		loyaltyProgram: func(p loyalty.Provider) any { return struct{ accountsRole }{p} }}
	s, err := New(context.Background(), cfg, slog.New(slog.DiscardHandler))
	if err == nil {
		s.Close()
		t.Fatal("the edge started without the Members, SignIn and Points roles")
	}
	for _, role := range []string{"loyalty.SignIn", "loyalty.Members", "loyalty.Points"} {
		if !strings.Contains(err.Error(), role) {
			t.Errorf("the error does not name %s: %v", role, err)
		}
	}
}

func TestOptionalLoyaltyRolesMissingTurnTheirFeaturesOff(t *testing.T) {
	r, err := loyaltyRolesOf(leanProgram(nil))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"addresses": false, "wallet": false, "favorites": false, "rewards": true, "offers": true,
		"challenges": false, "badges": false, "subscriptions": false}
	for k, v := range want {
		if got, ok := r.features[k]; !ok || got != v {
			t.Errorf("feature %s = %v (%v), want %v", k, got, ok, v)
		}
	}

	s := newTestServerWith(t, func(c *Config) { c.loyaltyProgram = leanProgram })
	g := memberAt(t, s, "ada@example.com")
	features := bootstrapOf(t, g.page("/account")).Config.Features
	for k, v := range want {
		if features[k] != v {
			t.Errorf("config.features.%s = %v, want %v", k, features[k], v)
		}
	}
	if features["preselectDefaultModifiers"] != true {
		t.Errorf("the site's own flags are gone: %v", features)
	}
	for _, path := range []string{"/api/user/addresses", "/api/user/cards", "/api/user/favorites", "/api/subscriptions", "/api/subscriptions/plans"} {
		if code, body, raw := g.send("GET", path, ""); code != 404 || body["error"].(map[string]any)["code"] != "feature_unavailable" {
			t.Errorf("GET %s: %d %s", path, code, raw)
		}
	}
	// What the program does fill still works: the members area, without badges.
	m := g.ok("GET", "/api/rewards", "", 200)
	if b, _ := m["badges"].([]any); b == nil || len(b) != 0 {
		t.Errorf("badges of a program without them: %v", m["badges"])
	}
	if r, _ := m["rewards"].([]any); len(r) == 0 {
		t.Errorf("rewards: %v", m["rewards"])
	}
}

// The built-in program fills every role: every feature is on.
func TestBuiltinLoyaltyFillsEveryRole(t *testing.T) {
	s := newTestServer(t)
	features := bootstrapOf(t, newGuest(t, s).page("/")).Config.Features
	for _, role := range loyaltyRoleList {
		if role.feature != "" && features[role.feature] != true {
			t.Errorf("config.features.%s = %v", role.feature, features[role.feature])
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
