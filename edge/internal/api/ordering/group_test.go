package ordering_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	orderingapi "github.com/henhouse/platform/edge/internal/api/ordering"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/session"
)

const groupCode = "Xq3vTz9kLmN2pQ7r"

// fakeGroups is a GroupOrders that records what it was asked and answers a fixed
// cart and view, or err when it is set.
type fakeGroups struct {
	mu    sync.Mutex
	calls []string
	err   error

	start   ordering.GroupStart
	change  ordering.GroupChange
	removed string
	invited []string
	join    ordering.GroupJoin
	line    ordering.LineInput
	lineID  string
	done    *bool
	// code, viewer and ifMatch are those of the last call that had them.
	code, viewer, owner string
	ifMatch             int64
	hasIfMatch          bool
}

func (f *fakeGroups) record(ctx context.Context, call string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, call)
	f.ifMatch, f.hasIfMatch = ordering.IfMatch(ctx)
	return f.err
}

func (f *fakeGroups) called() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.calls...)
}

func groupCart() ordering.Cart {
	return ordering.Cart{ID: "cart-1", Version: 4, LocationID: "oh-dayton", MenuID: "m-standard", Group: &ordering.CartGroup{
		Code: groupCode, Path: "/group/" + groupCode, HostName: "Dana", HostID: "p-host", State: ordering.GroupOpen,
		Deadline: time.Date(2026, 11, 25, 16, 30, 0, 0, time.UTC), DeadlineLabel: "11:30 AM",
		Participants: []ordering.Participant{{ID: "p-host", Name: "Dana", Host: true}},
	}}
}

func groupView(me *ordering.GroupPart) ordering.GroupView {
	return ordering.GroupView{Code: groupCode, HostName: "Dana", LocationID: "oh-dayton", LocationName: "Dayton", MenuID: "m-standard",
		Deadline: time.Date(2026, 11, 25, 16, 30, 0, 0, time.UTC), DeadlineLabel: "11:30 AM", State: ordering.GroupOpen,
		Handoff: "pickup", Me: me}
}

func (f *fakeGroups) hostCall(ctx context.Context, call, owner string) (ordering.Cart, error) {
	f.owner = owner
	if err := f.record(ctx, call); err != nil {
		return ordering.Cart{}, err
	}
	return groupCart(), nil
}

func (f *fakeGroups) StartGroup(ctx context.Context, owner string, in ordering.GroupStart) (ordering.Cart, error) {
	f.start = in
	return f.hostCall(ctx, "StartGroup", owner)
}

func (f *fakeGroups) ChangeGroup(ctx context.Context, owner string, in ordering.GroupChange) (ordering.Cart, error) {
	f.change = in
	return f.hostCall(ctx, "ChangeGroup", owner)
}

func (f *fakeGroups) EndGroup(ctx context.Context, owner string) (ordering.Cart, error) {
	return f.hostCall(ctx, "EndGroup", owner)
}

func (f *fakeGroups) RemoveParticipant(ctx context.Context, owner, participantID string) (ordering.Cart, error) {
	f.removed = participantID
	return f.hostCall(ctx, "RemoveParticipant", owner)
}

func (f *fakeGroups) InviteToGroup(ctx context.Context, owner string, emails []string) (int, error) {
	f.invited, f.owner = emails, owner
	if err := f.record(ctx, "InviteToGroup"); err != nil {
		return 0, err
	}
	return len(emails), nil
}

func (f *fakeGroups) linkCall(ctx context.Context, call, code, viewer string, me *ordering.GroupPart) (ordering.GroupView, error) {
	f.code, f.viewer = code, viewer
	if err := f.record(ctx, call); err != nil {
		return ordering.GroupView{}, err
	}
	return groupView(me), nil
}

var samPart = &ordering.GroupPart{ID: "p-sam", Name: "Sam", Products: []ordering.CartProduct{}}

func (f *fakeGroups) Group(ctx context.Context, code, viewer string) (ordering.GroupView, error) {
	return f.linkCall(ctx, "Group", code, viewer, nil)
}

func (f *fakeGroups) JoinGroup(ctx context.Context, code, viewer string, in ordering.GroupJoin) (ordering.GroupView, error) {
	f.join = in
	return f.linkCall(ctx, "JoinGroup", code, viewer, samPart)
}

func (f *fakeGroups) AddGroupLine(ctx context.Context, code, viewer string, in ordering.LineInput) (ordering.GroupView, error) {
	f.line = in
	return f.linkCall(ctx, "AddGroupLine", code, viewer, samPart)
}

func (f *fakeGroups) UpdateGroupLine(ctx context.Context, code, viewer, lineID string, in ordering.LineInput) (ordering.GroupView, error) {
	f.line, f.lineID = in, lineID
	return f.linkCall(ctx, "UpdateGroupLine", code, viewer, samPart)
}

func (f *fakeGroups) RemoveGroupLine(ctx context.Context, code, viewer, lineID string) (ordering.GroupView, error) {
	f.lineID = lineID
	return f.linkCall(ctx, "RemoveGroupLine", code, viewer, samPart)
}

func (f *fakeGroups) SetGroupDone(ctx context.Context, code, viewer string, done bool) (ordering.GroupView, error) {
	f.done = &done
	return f.linkCall(ctx, "SetGroupDone", code, viewer, samPart)
}

// groupApp is the API with only the Groups role, the fake behind it, and a guard on
// each kind of group route that counts the requests it let through.
type groupApp struct {
	fake          *fakeGroups
	linkGuarded   int
	inviteGuarded int
	client        *client
}

func newGroupApp(t *testing.T, groups ordering.GroupOrders) *groupApp {
	t.Helper()
	g := &groupApp{}
	if f, ok := groups.(*fakeGroups); ok {
		g.fake = f
	}
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil)})
	api := app.Group("/api")
	api.Use(session.New())
	orderingapi.Mount(api, orderingapi.Config{Groups: groups,
		GroupGuard:       []fiber.Handler{func(c fiber.Ctx) error { g.linkGuarded++; return c.Next() }},
		GroupInviteGuard: []fiber.Handler{func(c fiber.Ctx) error { g.inviteGuarded++; return c.Next() }}})
	g.client = &client{t: t, app: app}
	return g
}

func groupOf(t *testing.T, m map[string]any) map[string]any {
	t.Helper()
	g, ok := m["group"].(map[string]any)
	if !ok || len(m) != 1 {
		t.Fatalf("not {group}: %v", m)
	}
	return g
}

func TestGroupHostRoutes(t *testing.T) {
	g := newGroupApp(t, &fakeGroups{})
	c, f := g.client, g.fake

	s, m := c.do("POST", "/api/cart/group", `{"host_name":"  Dana ","host_email":"dana@example.com","limit_cents":1500,"note":" One combo each "}`)
	if s != 201 || m["cart"].(map[string]any)["group"].(map[string]any)["path"] != "/group/"+groupCode {
		t.Fatalf("start: %d %v", s, m)
	}
	if c.header.Get("ETag") != `"4"` || c.header.Get("Cache-Control") != "private, no-store" || c.set[session.CartHintCookie] == "" {
		t.Fatalf("start headers: %v, cookies %v", c.header, c.set)
	}
	if f.start.HostName != "Dana" || f.start.Note != "One combo each" || f.start.LimitCents != 1500 || f.start.HostEmail != "dana@example.com" || f.owner == "" {
		t.Fatalf("the provider was given %+v for %q", f.start, f.owner)
	}

	s, m = c.do("PUT", "/api/cart/group", `{"close":true}`)
	if s != 200 || m["cart"] == nil || !f.change.Close || c.header.Get("ETag") != `"4"` {
		t.Fatalf("close: %d %v %+v", s, m, f.change)
	}
	s, m = c.do("PUT", "/api/cart/group", `{"deadline":"2026-11-25T16:45:00Z"}`)
	if s != 200 || f.change.Deadline == nil || !f.change.Deadline.Equal(time.Date(2026, 11, 25, 16, 45, 0, 0, time.UTC)) || f.change.Close {
		t.Fatalf("extend: %d %v %+v", s, m, f.change)
	}
	if s, m := c.do("DELETE", "/api/cart/group/participants/p-sam", ""); s != 200 || m["cart"] == nil || f.removed != "p-sam" {
		t.Fatalf("remove: %d %v %q", s, m, f.removed)
	}
	if s, m := c.do("DELETE", "/api/cart/group", ""); s != 200 || m["cart"] == nil || c.header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("end: %d %v", s, m)
	}

	s, m = c.do("POST", "/api/cart/group/invites", `{"emails":["sam@example.com"," lee@example.org "]}`)
	if s != 202 || m["sent"] != 2.0 || len(m) != 1 {
		t.Fatalf("invite: %d %v", s, m)
	}
	if strings.Join(f.invited, ",") != "sam@example.com,lee@example.org" || g.inviteGuarded != 1 {
		t.Fatalf("invited %v, guarded %d", f.invited, g.inviteGuarded)
	}
	if g.linkGuarded != 0 {
		t.Fatalf("the link's guards ran %d times for the host's routes", g.linkGuarded)
	}
	want := "StartGroup,ChangeGroup,ChangeGroup,RemoveParticipant,EndGroup,InviteToGroup"
	if got := strings.Join(f.called(), ","); got != want {
		t.Fatalf("calls %s, want %s", got, want)
	}
}

func TestGroupLinkRoutes(t *testing.T) {
	g := newGroupApp(t, &fakeGroups{})
	c, f := g.client, g.fake
	base := "/api/groups/" + groupCode

	s, m := c.do("GET", base, "")
	v := groupOf(t, m)
	if s != 200 || v["host_name"] != "Dana" || v["me"] != nil || c.header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("view: %d %v %v", s, m, c.header)
	}
	if _, has := v["me"]; !has {
		t.Fatal("me is left out before joining; the contract has it null")
	}
	if f.code != groupCode || f.viewer == "" {
		t.Fatalf("asked for %q by %q", f.code, f.viewer)
	}
	viewer := f.viewer

	s, m = c.do("POST", base+"/participants", `{"name":" Sam ","email":"sam@example.com"}`)
	if s != 201 || groupOf(t, m)["me"].(map[string]any)["name"] != "Sam" || f.join != (ordering.GroupJoin{Name: "Sam", Email: "sam@example.com"}) {
		t.Fatalf("join: %d %v %+v", s, m, f.join)
	}
	if c.header.Get("Cache-Control") != "private, no-store" || c.header.Get("ETag") != "" || c.set[session.CartHintCookie] != "" {
		t.Fatalf("a participant's answer carries the host's cart headers: %v %v", c.header, c.set)
	}
	s, m = c.do("POST", base+"/lines", `{"product_id":"tenders-3","quantity":2,"modifiers":[{"id":"flv-spicy"}]}`)
	if s != 201 || groupOf(t, m)["me"] == nil || f.line.ProductID != "tenders-3" || f.line.Quantity != 2 || len(f.line.Modifiers) != 1 {
		t.Fatalf("add: %d %v %+v", s, m, f.line)
	}
	s, m = c.do("PUT", base+"/lines/l-1", `{"quantity":3}`)
	if s != 200 || groupOf(t, m)["code"] != groupCode || f.lineID != "l-1" || f.line.Quantity != 3 {
		t.Fatalf("update: %d %v %+v", s, m, f.line)
	}
	if s, m := c.do("DELETE", base+"/lines/l-2", ""); s != 200 || groupOf(t, m)["code"] != groupCode || f.lineID != "l-2" {
		t.Fatalf("remove: %d %v", s, m)
	}
	if s, m := c.do("PUT", base+"/done", `{"done":true}`); s != 200 || groupOf(t, m)["me"] == nil || f.done == nil || !*f.done {
		t.Fatalf("done: %d %v", s, m)
	}
	if s, _ := c.do("PUT", base+"/done", `{"done":false}`); s != 200 || *f.done {
		t.Fatalf("not done: %d %v", s, *f.done)
	}
	if f.viewer != viewer {
		t.Fatalf("the viewer changed from %q to %q", viewer, f.viewer)
	}
	if g.linkGuarded != 7 {
		t.Fatalf("the link's guards ran %d times for 7 requests", g.linkGuarded)
	}
	want := "Group,JoinGroup,AddGroupLine,UpdateGroupLine,RemoveGroupLine,SetGroupDone,SetGroupDone"
	if got := strings.Join(f.called(), ","); got != want {
		t.Fatalf("calls %s, want %s", got, want)
	}
}

// Input the document refuses never reaches the provider, and each problem is named
// at its field.
func TestGroupInputRefused(t *testing.T) {
	g := newGroupApp(t, &fakeGroups{})
	c := g.client
	base := "/api/groups/" + groupCode
	long := strings.Repeat("é", 41)
	for _, r := range []struct {
		method, path, body string
		fields             []string
	}{
		{"POST", "/api/cart/group", `{"host_name":"   "}`, []string{"host_name"}},
		{"POST", "/api/cart/group", `{"host_name":"` + long + `","note":"` + strings.Repeat("n", 201) + `"}`, []string{"host_name", "note"}},
		{"POST", "/api/cart/group", `{"host_name":"Dana","host_email":"dana","limit_cents":50001}`, []string{"host_email", "limit_cents"}},
		{"POST", "/api/cart/group", `{"host_name":"Dana","limit_cents":-1}`, []string{"limit_cents"}},
		{"POST", "/api/cart/group", `{"host_name":"Dana","deadline":"at noon"}`, nil},
		{"POST", "/api/cart/group", `{"host_name":"Dana","extra":1}`, nil},
		{"PUT", "/api/cart/group", `{}`, []string{"deadline"}},
		{"PUT", "/api/cart/group", `{"close":true,"deadline":"2026-11-25T16:45:00Z"}`, []string{"deadline", "close"}},
		{"POST", "/api/cart/group/invites", `{"emails":[]}`, []string{"emails"}},
		{"POST", "/api/cart/group/invites", `{"emails":["sam@example.com","nobody","Lee <lee@example.com>"]}`, []string{"emails.1", "emails.2"}},
		{"POST", "/api/cart/group/invites", `{"emails":["` + strings.Repeat("a", 250) + `@example.com"]}`, []string{"emails.0"}},
		{"POST", base + "/participants", `{"name":""}`, []string{"name"}},
		{"POST", base + "/participants", `{"name":"` + long + `","email":"sam@"}`, []string{"name", "email"}},
		{"POST", base + "/lines", `{"quantity":1}`, []string{"product_id"}},
		{"POST", base + "/lines", `{"product_id":"tenders-3","quantity":0}`, []string{"quantity"}},
		{"PUT", base + "/lines/l-1", `{"quantity":-2}`, []string{"quantity"}},
		{"PUT", base + "/done", `{}`, []string{"done"}},
		{"PUT", base + "/done", `{"done":"yes"}`, nil},
	} {
		s, m := c.do(r.method, r.path, r.body)
		if s != 400 || errCode(m) != "invalid" || m["error"].(map[string]any)["message"] == "" {
			t.Errorf("%s %s %s: %d %v, want 400 invalid", r.method, r.path, r.body, s, m)
			continue
		}
		fields, _ := m["error"].(map[string]any)["fields"].(map[string]any)
		for _, f := range r.fields {
			if msg, _ := fields[f].(string); msg == "" {
				t.Errorf("%s %s %s: no message at %s: %v", r.method, r.path, r.body, f, m)
			}
		}
	}
	if s, m := c.do("POST", "/api/cart/group/invites", `{"emails":[`+strings.Repeat(`"a@example.com",`, 25)+`"z@example.com"]}`); s != 400 || errCode(m) != "invalid" {
		t.Errorf("26 addresses: %d %v", s, m)
	}
	// A name of spaces alone is told in the words the document gives the field.
	for _, r := range []struct{ path, body, field, says string }{
		{"/api/cart/group", `{"host_name":" \t "}`, "host_name", "Enter your name, as the group will see it"},
		{base + "/participants", `{"name":"   "}`, "name", "Enter your name"},
	} {
		_, m := c.do("POST", r.path, r.body)
		if fields, _ := m["error"].(map[string]any)["fields"].(map[string]any); fields[r.field] != r.says {
			t.Errorf("%s %s: %v, want %q at %s", r.path, r.body, m, r.says, r.field)
		}
	}
	if calls := g.fake.called(); len(calls) != 0 {
		t.Fatalf("refused input reached the provider: %v", calls)
	}
	// 50000 cents is the highest limit a host may set.
	if s, m := c.do("POST", "/api/cart/group", `{"host_name":"Dana","limit_cents":50000}`); s != 201 || g.fake.start.LimitCents != 50000 {
		t.Fatalf("the highest limit: %d %v", s, m)
	}
}

// A code of a shape never issued is unknown, whatever is asked of it, and the
// provider is not asked; the guards against guessing still count it.
func TestGroupMalformedCodeNeverReachesTheProvider(t *testing.T) {
	g := newGroupApp(t, &fakeGroups{})
	c := g.client
	bad := []string{"short", "Xq3vTz9k%20mN2pQ7r", "Xq3vTz9k.mN2pQ7r", strings.Repeat("a", 41), "%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9"}
	n := 0
	for _, code := range bad {
		for _, r := range []struct{ method, suffix, body string }{
			{"GET", "", ""},
			{"POST", "/participants", `{"name":"Sam"}`},
			{"POST", "/lines", `{"product_id":"tenders-3"}`},
			{"PUT", "/lines/l-1", `{"quantity":2}`},
			{"DELETE", "/lines/l-1", ""},
			{"PUT", "/done", `{"done":true}`},
		} {
			n++
			s, m := c.do(r.method, "/api/groups/"+code+r.suffix, r.body)
			if s != 404 || errCode(m) != "group_not_found" {
				t.Errorf("%s %s%s: %d %v, want 404 group_not_found", r.method, code, r.suffix, s, m)
			}
		}
	}
	if calls := g.fake.called(); len(calls) != 0 {
		t.Fatalf("a malformed code reached the provider: %v", calls)
	}
	if g.linkGuarded != n {
		t.Fatalf("the guards ran %d times for %d requests", g.linkGuarded, n)
	}
	// Even with a body that is wrong too: the code is checked first.
	if s, m := c.do("POST", "/api/groups/short/participants", `{"name":""}`); s != 404 || errCode(m) != "group_not_found" {
		t.Fatalf("bad code and body: %d %v", s, m)
	}
}

// The provider's refusals reach the guest as it states them.
func TestGroupProviderErrorsPassThrough(t *testing.T) {
	f := &fakeGroups{}
	g := newGroupApp(t, f)
	c := g.client
	for _, r := range []struct {
		err          error
		method, path string
		body         string
		status       int
		code         string
	}{
		{fault.New(fault.Gone, "group_closed", "This group order is closed."), "GET", "/api/groups/" + groupCode, "", 410, "group_closed"},
		{fault.New(fault.NotFound, "group_not_found", "No such group."), "GET", "/api/groups/" + groupCode, "", 404, "group_not_found"},
		{fault.New(fault.Forbidden, "group_not_joined", "Join the group order first."), "POST", "/api/groups/" + groupCode + "/lines", `{"product_id":"tenders-3"}`, 403, "group_not_joined"},
		{fault.New(fault.Rule, "group_limit", "That would go over the $15.00 limit."), "POST", "/api/groups/" + groupCode + "/lines", `{"product_id":"tenders-3"}`, 422, "group_limit"},
		{fault.New(fault.Conflict, "group_full", "This group order is full."), "POST", "/api/groups/" + groupCode + "/participants", `{"name":"Sam"}`, 409, "group_full"},
		{fault.New(fault.Conflict, "group_open", "Your cart is already a group order."), "POST", "/api/cart/group", `{"host_name":"Dana"}`, 409, "group_open"},
		{fault.New(fault.Conflict, "group_host", "You can't take yourself out."), "DELETE", "/api/cart/group/participants/p-host", "", 409, "group_host"},
		{fault.New(fault.NotFound, "cart_not_found", "You have no cart."), "POST", "/api/cart/group/invites", `{"emails":["sam@example.com"]}`, 404, "cart_not_found"},
	} {
		f.err = r.err
		s, m := c.do(r.method, r.path, r.body)
		if s != r.status || errCode(m) != r.code || m["error"].(map[string]any)["message"] != r.err.(*fault.Error).Message {
			t.Errorf("%s %s with %v: %d %v", r.method, r.path, r.err, s, m)
		}
	}
}

// A host's change made on a cart version that is not the cart's any more is answered
// 412 with the cart as it is now, as every cart change is.
func TestGroupIfMatch(t *testing.T) {
	f := &fakeGroups{}
	g := newGroupApp(t, f)
	c := g.client
	now := groupCart()
	now.Version = 7
	f.err = &ordering.CartChanged{Cart: now}
	for _, r := range []struct{ method, path, body string }{
		{"POST", "/api/cart/group", `{"host_name":"Dana"}`},
		{"PUT", "/api/cart/group", `{"close":true}`},
		{"DELETE", "/api/cart/group", ""},
		{"DELETE", "/api/cart/group/participants/p-sam", ""},
	} {
		s, m := c.do(r.method, r.path, r.body, "If-Match", `"3"`)
		if s != 412 || errCode(m) != "cart_changed" || m["cart"].(map[string]any)["version"] != 7.0 || c.header.Get("ETag") != `"7"` {
			t.Errorf("%s %s: %d %v %v", r.method, r.path, s, m, c.header)
		}
		if !f.hasIfMatch || f.ifMatch != 3 {
			t.Errorf("%s %s: the provider was not told the version (%v %d)", r.method, r.path, f.hasIfMatch, f.ifMatch)
		}
	}
	f.err = nil
	n := len(f.called())
	if s, m := c.do("PUT", "/api/cart/group", `{"close":true}`, "If-Match", "3"); s != 400 || errCode(m) != "invalid" {
		t.Fatalf("a malformed If-Match: %d %v", s, m)
	}
	if len(f.called()) != n {
		t.Fatal("a malformed If-Match reached the provider")
	}
	if s, _ := c.do("PUT", "/api/cart/group", `{"close":true}`); s != 200 || f.hasIfMatch {
		t.Fatalf("without If-Match: %d, version expected %v", s, f.hasIfMatch)
	}
}

// Without the role every group route answers 404 feature_unavailable, without
// running its guards.
func TestGroupsWithoutTheRole(t *testing.T) {
	g := newGroupApp(t, nil)
	c := g.client
	base := "/api/groups/" + groupCode
	for _, r := range []struct{ method, path, body string }{
		{"POST", "/api/cart/group", `{"host_name":"Dana"}`},
		{"PUT", "/api/cart/group", `{"close":true}`},
		{"DELETE", "/api/cart/group", ""},
		{"DELETE", "/api/cart/group/participants/p-sam", ""},
		{"POST", "/api/cart/group/invites", `{"emails":["sam@example.com"]}`},
		{"GET", base, ""},
		{"POST", base + "/participants", `{"name":"Sam"}`},
		{"POST", base + "/lines", `{"product_id":"tenders-3"}`},
		{"PUT", base + "/lines/l-1", `{"quantity":2}`},
		{"DELETE", base + "/lines/l-1", ""},
		{"PUT", base + "/done", `{"done":true}`},
	} {
		s, m := c.do(r.method, r.path, r.body)
		if s != 404 || errCode(m) != "feature_unavailable" || m["error"].(map[string]any)["message"] != "Group orders aren't available here." {
			t.Errorf("%s %s: %d %v, want 404 feature_unavailable", r.method, r.path, s, m)
		}
	}
	if g.linkGuarded+g.inviteGuarded != 0 {
		t.Fatal("a guard ran before a route of a missing role")
	}
}
