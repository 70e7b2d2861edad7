package server

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/ratelimit"
)

const knownGroup = "Kn0wnGroupCode12"

// oneGroup is a GroupOrders with one group, knownGroup, that anyone may read and
// invite to; every other code names no group.
type oneGroup struct{}

var errNoGroup = fault.New(fault.NotFound, "group_not_found", "We couldn't find this group order.")

func (oneGroup) view(code string) (ordering.GroupView, error) {
	if code != knownGroup {
		return ordering.GroupView{}, errNoGroup
	}
	return ordering.GroupView{Code: code, HostName: "Dana", LocationID: "oh-dayton", LocationName: "Dayton", MenuID: "m-standard",
		Deadline: time.Now().Add(time.Hour), DeadlineLabel: "11:30 AM", State: ordering.GroupOpen, Handoff: "pickup",
		Time: ordering.TimeWanted{Mode: ordering.TimeASAP}}, nil
}

func (oneGroup) StartGroup(context.Context, string, ordering.GroupStart) (ordering.Cart, error) {
	return ordering.Cart{}, errNoGroup
}

func (oneGroup) ChangeGroup(context.Context, string, ordering.GroupChange) (ordering.Cart, error) {
	return ordering.Cart{}, errNoGroup
}
func (oneGroup) EndGroup(context.Context, string) (ordering.Cart, error) {
	return ordering.Cart{}, errNoGroup
}

func (oneGroup) RemoveParticipant(context.Context, string, string) (ordering.Cart, error) {
	return ordering.Cart{}, errNoGroup
}

func (oneGroup) InviteToGroup(_ context.Context, _ string, emails []string) (int, error) {
	return len(emails), nil
}

func (g oneGroup) Group(_ context.Context, code, _ string) (ordering.GroupView, error) {
	return g.view(code)
}

func (g oneGroup) JoinGroup(_ context.Context, code, _ string, _ ordering.GroupJoin) (ordering.GroupView, error) {
	return g.view(code)
}

func (g oneGroup) AddGroupLine(_ context.Context, code, _ string, _ ordering.LineInput) (ordering.GroupView, error) {
	return g.view(code)
}

func (g oneGroup) UpdateGroupLine(_ context.Context, code, _, _ string, _ ordering.LineInput) (ordering.GroupView, error) {
	return g.view(code)
}

func (g oneGroup) RemoveGroupLine(_ context.Context, code, _, _ string) (ordering.GroupView, error) {
	return g.view(code)
}

func (g oneGroup) SetGroupDone(_ context.Context, code, _ string, _ bool) (ordering.GroupView, error) {
	return g.view(code)
}

// runGroupsOn makes the edges of the test run the built-in provider's required roles
// with oneGroup for group orders.
func runGroupsOn(t *testing.T) {
	runOrderingOn(t, func(p ordering.Provider) any {
		return struct {
			requiredOnly
			ordering.GroupOrders
		}{requiredOnly{locationsRole: p, Menus: p, Carts: p, Checkout: p, Orders: p}, oneGroup{}}
	})
}

// Ten unknown codes from one client address, however they are asked for, and that
// address is answered 429 on every group link, the right code too.
func TestGroupCodeGuessingIsLimited(t *testing.T) {
	runGroupsOn(t)
	s := newTestServer(t)
	g := newGuest(t, s)
	if features := bootstrapOf(t, g.page("/")).Config.Features; features["groupOrders"] != true {
		t.Fatalf("features.groupOrders = %v with the role", features["groupOrders"])
	}
	g.ok("GET", "/api/groups/"+knownGroup, "", 200)
	for i := range 10 {
		code := "Guess" + strconv.Itoa(100000+i) // the shape of a code
		if i == 9 {
			code = "bad!" // a malformed code is counted too
		}
		if st, m, _ := g.send("GET", "/api/groups/"+code, ""); st != 404 || m["error"].(map[string]any)["code"] != "group_not_found" {
			t.Fatalf("unknown code %d: %d %v", i+1, st, m)
		}
		if i < 9 {
			g.ok("GET", "/api/groups/"+knownGroup, "", 200) // known codes are not counted
		}
	}
	for _, r := range []struct{ method, path, body string }{
		{"GET", "/api/groups/" + knownGroup, ""},
		{"GET", "/api/groups/Guess200000", ""},
		{"POST", "/api/groups/" + knownGroup + "/participants", `{"name":"Sam"}`},
	} {
		st, m, h := g.sendFull(r.method, r.path, r.body)
		secs, _ := strconv.Atoi(firstOf(h["Retry-After"]))
		if st != 429 || m["error"].(map[string]any)["code"] != "rate_limited" || secs < 1 || secs > 90 {
			t.Fatalf("%s %s after 10 unknown codes: %d %v %v", r.method, r.path, st, m, h)
		}
	}
	// The host's own routes are not a group's link.
	if st, m, _ := g.send("GET", "/api/cart", ""); st != 200 {
		t.Fatalf("cart: %d %v", st, m)
	}
}

func firstOf(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return v[0]
}

// Requests on group links are limited per client address, whatever they answer.
func TestGroupLookupsAreLimited(t *testing.T) {
	runGroupsOn(t)
	s := newTestServerWith(t, func(c *Config) { c.GroupLookups = ratelimit.Limit{Count: 5, Window: time.Minute} })
	g := newGuest(t, s)
	for i := range 5 {
		if st, m, _ := g.send("GET", "/api/groups/"+knownGroup, ""); st != 200 {
			t.Fatalf("request %d: %d %v", i+1, st, m)
		}
	}
	if st, m, _ := g.send("GET", "/api/groups/"+knownGroup, ""); st != 429 || m["error"].(map[string]any)["code"] != "rate_limited" {
		t.Fatalf("6th request: %d %v", st, m)
	}
}

// One visitor may have a group's link mailed 10 times an hour; another visitor at the
// same address still may.
func TestGroupInvitesAreLimitedPerVisitor(t *testing.T) {
	runGroupsOn(t)
	s := newTestServer(t)
	g := newGuest(t, s)
	body := `{"emails":["sam@example.com","lee@example.com"]}`
	for i := range 10 {
		if m := g.ok("POST", "/api/cart/group/invites", body, 202); m["sent"] != 2.0 {
			t.Fatalf("invite %d: %v", i+1, m)
		}
	}
	st, m, h := g.sendFull("POST", "/api/cart/group/invites", body)
	if st != 429 || m["error"].(map[string]any)["code"] != "rate_limited" || firstOf(h["Retry-After"]) == "" {
		t.Fatalf("11th invite: %d %v %v", st, m, h)
	}
	newGuest(t, s).ok("POST", "/api/cart/group/invites", body, 202)
}

// Without the role the group routes are off, and the page says so.
func TestGroupsOffWithoutTheRole(t *testing.T) {
	runOrderingOn(t, func(p ordering.Provider) any {
		return requiredOnly{locationsRole: p, Menus: p, Carts: p, Checkout: p, Orders: p}
	})
	s := newTestServer(t)
	g := newGuest(t, s)
	if features := bootstrapOf(t, g.page("/")).Config.Features; features["groupOrders"] != false {
		t.Fatalf("features.groupOrders = %v without the role", features["groupOrders"])
	}
	for _, r := range []struct{ method, path, body string }{
		{"GET", "/api/groups/" + knownGroup, ""},
		{"POST", "/api/cart/group", `{"host_name":"Dana"}`},
	} {
		if st, m, _ := g.send(r.method, r.path, r.body); st != 404 || m["error"].(map[string]any)["code"] != "feature_unavailable" {
			t.Errorf("%s %s: %d %v, want 404 feature_unavailable", r.method, r.path, st, m)
		}
	}
}
