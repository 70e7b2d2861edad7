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

// oneGroup is a GroupOrders with one group, knownGroup, that anyone may read, join
// and add to; every other code names no group. The host's calls answer the owner's
// cart (from carts) as a group order.
type oneGroup struct{ carts ordering.Carts }

var errNoGroup = fault.New(fault.NotFound, "group_not_found", "We couldn't find this group order.")

func (oneGroup) view(code string, joined bool) (ordering.GroupView, error) {
	if code != knownGroup {
		return ordering.GroupView{}, errNoGroup
	}
	v := ordering.GroupView{Code: code, HostName: "Dana", LocationID: "oh-dayton", LocationName: "Dayton", MenuID: "m-standard",
		Deadline: time.Now().Add(time.Hour), DeadlineLabel: "11:30 AM", State: ordering.GroupOpen, Handoff: "pickup",
		Time: ordering.TimeWanted{Mode: ordering.TimeASAP}}
	if joined {
		v.Me = &ordering.GroupPart{ID: "p-sam", Name: "Sam", Products: []ordering.CartProduct{}}
	}
	return v, nil
}

// hostCart is the owner's cart as a group order; end leaves it the host's alone.
func (g oneGroup) hostCart(ctx context.Context, owner string, end bool) (ordering.Cart, error) {
	cart, err := g.carts.Cart(ctx, owner)
	if err != nil || end {
		return cart, err
	}
	cart.Group = &ordering.CartGroup{Code: knownGroup, Path: "/group/" + knownGroup, HostName: "Dana", HostID: "p-host",
		Deadline: time.Now().Add(time.Hour), DeadlineLabel: "11:30 AM", State: ordering.GroupOpen,
		Participants: []ordering.Participant{{ID: "p-host", Name: "Dana", Host: true, JoinedAt: time.Now()}}}
	return cart, nil
}

func (g oneGroup) StartGroup(ctx context.Context, owner string, _ ordering.GroupStart) (ordering.Cart, error) {
	return g.hostCart(ctx, owner, false)
}

func (g oneGroup) ChangeGroup(ctx context.Context, owner string, _ ordering.GroupChange) (ordering.Cart, error) {
	return g.hostCart(ctx, owner, false)
}

func (g oneGroup) EndGroup(ctx context.Context, owner string) (ordering.Cart, error) {
	return g.hostCart(ctx, owner, true)
}

func (g oneGroup) RemoveParticipant(ctx context.Context, owner, _ string) (ordering.Cart, error) {
	return g.hostCart(ctx, owner, false)
}

func (oneGroup) InviteToGroup(_ context.Context, _ string, emails []string) (int, error) {
	return len(emails), nil
}

func (g oneGroup) Group(_ context.Context, code, _ string) (ordering.GroupView, error) {
	return g.view(code, true)
}

func (g oneGroup) JoinGroup(_ context.Context, code, _ string, _ ordering.GroupJoin) (ordering.GroupView, error) {
	return g.view(code, true)
}

func (g oneGroup) AddGroupLine(_ context.Context, code, _ string, _ ordering.LineInput) (ordering.GroupView, error) {
	return g.view(code, true)
}

func (g oneGroup) UpdateGroupLine(_ context.Context, code, _, _ string, _ ordering.LineInput) (ordering.GroupView, error) {
	return g.view(code, true)
}

func (g oneGroup) RemoveGroupLine(_ context.Context, code, _, _ string) (ordering.GroupView, error) {
	return g.view(code, true)
}

func (g oneGroup) SetGroupDone(_ context.Context, code, _ string, _ bool) (ordering.GroupView, error) {
	return g.view(code, true)
}

// runGroupsOn makes the edges of the test run the built-in provider's required roles
// with oneGroup for group orders.
func runGroupsOn(t *testing.T) {
	runOrderingOn(t, func(p ordering.Provider) any {
		return struct {
			requiredOnly
			ordering.GroupOrders
		}{requiredOnly{locationsRole: p, Menus: p, Carts: p, Checkout: p, Orders: p}, oneGroup{carts: p}}
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

// Every group route answers as the document says (checkAPIAnswers holds each answer to
// it): the host's with the cart and its ETag, a link's with the group.
func TestGroupRoutesAnswerAsDocumented(t *testing.T) {
	runGroupsOn(t)
	s := newTestServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201)
	st, m, h := g.sendFull("POST", "/api/cart/group", `{"host_name":"Dana","limit_cents":1500,"note":"One combo each"}`)
	if st != 201 || m["cart"].(map[string]any)["group"].(map[string]any)["code"] != knownGroup || firstOf(h["Etag"]) == "" {
		t.Fatalf("start: %d %v %v", st, m, h)
	}
	g.ok("PUT", "/api/cart/group", `{"close":true}`, 200)
	g.ok("DELETE", "/api/cart/group/participants/p-sam", "", 200)
	g.ok("POST", "/api/cart/group/invites", `{"emails":["sam@example.com"]}`, 202)
	if m := g.ok("DELETE", "/api/cart/group", "", 200); m["cart"].(map[string]any)["group"] != nil {
		t.Fatalf("end: %v", m)
	}
	base := "/api/groups/" + knownGroup
	p := newGuest(t, s)
	p.ok("GET", base, "", 200)
	p.ok("POST", base+"/participants", `{"name":"Sam","email":"sam@example.com"}`, 201)
	p.ok("POST", base+"/lines", `{"product_id":"two-piece","quantity":1}`, 201)
	p.ok("PUT", base+"/lines/l-1", `{"quantity":2}`, 200)
	p.ok("DELETE", base+"/lines/l-1", "", 200)
	if m := p.ok("PUT", base+"/done", `{"done":true}`, 200); m["group"].(map[string]any)["me"] == nil {
		t.Fatalf("done: %v", m)
	}
}
