package builtin

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

var biscuit = ordering.LineInput{ProductID: "biscuit"}

// startGroup gives the host "host" a cart with one biscuit at Columbus Downtown and
// makes it Dana's group order.
func startGroup(t *testing.T, e *env, in ordering.GroupStart) ordering.Cart {
	t.Helper()
	if _, err := e.p.CreateCart(ctx, "host", "m-standard", "oh-columbus-downtown"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.p.AddProduct(ctx, "host", biscuit); err != nil {
		t.Fatal(err)
	}
	if in.HostName == "" {
		in.HostName = "Dana"
	}
	c, err := e.p.StartGroup(ctx, "host", in)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func join(t *testing.T, e *env, code, viewer, name, email string) ordering.GroupView {
	t.Helper()
	v, err := e.p.JoinGroup(ctx, code, viewer, ordering.GroupJoin{Name: name, Email: email})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func faultMsg(err error) string {
	fe, _ := fault.As(err)
	if fe == nil {
		return ""
	}
	return fe.Message
}

// noEmail fails when what an API answers holds any email.
func noEmail(t *testing.T, what string, v any) {
	t.Helper()
	b, _ := json.Marshal(v)
	if strings.Contains(string(b), "@") {
		t.Fatalf("%s shows an email: %s", what, b)
	}
}

func TestGroupOrderRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		if _, err := e.p.StartGroup(ctx, "nobody", ordering.GroupStart{HostName: "Dana"}); faultCode(t, err) != "cart_not_found" {
			t.Fatal("a group needs a cart")
		}
		e.p.CreateCart(ctx, "host", "m-standard", "oh-columbus-downtown")
		_, err := e.p.StartGroup(ctx, "host", ordering.GroupStart{HostName: "  "})
		if fe, _ := fault.As(err); fe == nil || fe.Code != "invalid" || fe.Fields["host_name"] == "" {
			t.Fatalf("a host needs a name: %v", err)
		}
		c := startGroup(t, e, ordering.GroupStart{HostEmail: "dana@example.com", LimitCents: 1000})
		g := c.Group
		if len(g.Code) != 16 || g.Path != "/group/"+g.Code || g.State != "open" || !g.Deadline.Equal(noon.Add(30*time.Minute)) || g.DeadlineLabel != "12:30 PM" {
			t.Fatalf("group: %+v", g)
		}
		if len(g.Participants) != 1 || !g.Participants[0].Host || !g.Participants[0].HasEmail || c.Products[0].Participant != g.HostID {
			t.Fatalf("the host is its first person and owns the cart's lines: %+v %+v", g.Participants, c.Products)
		}
		noEmail(t, "the cart", c)
		if _, err := e.p.StartGroup(ctx, "host", ordering.GroupStart{HostName: "Dana"}); faultCode(t, err) != "group_open" {
			t.Fatal("started twice")
		}
		code := g.Code

		if _, err := e.p.Group(ctx, "AAAAAAAAAAAAAAAA", "bob"); faultCode(t, err) != "group_not_found" || faultMsg(err) != "We couldn't find that group order. Check the link." {
			t.Fatalf("unknown code: %v", err)
		}
		v, err := e.p.Group(ctx, code, "bob")
		if err != nil || v.Me != nil || v.HostName != "Dana" || v.LocationName == "" || v.Host || v.State != "open" {
			t.Fatalf("before joining: %+v %v", v, err)
		}
		if _, err := e.p.AddGroupLine(ctx, code, "bob", biscuit); faultCode(t, err) != "group_not_joined" {
			t.Fatal("added before joining")
		}
		if _, err := e.p.JoinGroup(ctx, code, "bob", ordering.GroupJoin{Name: "Bob", Email: "not-an-email"}); faultCode(t, err) != "invalid" {
			t.Fatal("a bad email is refused")
		}
		join(t, e, code, "bob", " Bob ", "bob@example.com")
		join(t, e, code, "alice", "Alice", "")
		if _, err := e.p.AddGroupLine(ctx, code, "bob", biscuit); err != nil {
			t.Fatal(err)
		}
		v, err = e.p.AddGroupLine(ctx, code, "bob", biscuit)
		if err != nil || v.Me.Name != "Bob" || len(v.Me.Products) != 1 || v.Me.Products[0].Quantity != 2 || v.Me.ItemCount != 2 {
			t.Fatalf("bob's two biscuits are one line: %+v %v", v.Me, err)
		}
		unit := v.Me.Products[0].UnitPriceCents
		if v.Me.SubtotalCents != 2*unit || v.Me.RemainingCents == nil || *v.Me.RemainingCents != 1000-2*unit {
			t.Fatalf("bob's part: %+v", v.Me)
		}
		bobLine := v.Me.Products[0].ID
		av, err := e.p.AddGroupLine(ctx, code, "alice", biscuit)
		if err != nil || len(av.Me.Products) != 1 || av.Me.Products[0].Quantity != 1 || av.Me.Products[0].ID == bobLine {
			t.Fatalf("alice's biscuit is her own line: %+v %v", av.Me, err)
		}
		noEmail(t, "bob's view", v)
		noEmail(t, "alice's view", av)
		if _, err := e.p.UpdateGroupLine(ctx, code, "alice", bobLine, ordering.LineInput{Quantity: 5}); faultCode(t, err) != "line_not_found" {
			t.Fatal("alice changed bob's line")
		}
		if _, err := e.p.RemoveGroupLine(ctx, code, "alice", bobLine); faultCode(t, err) != "line_not_found" {
			t.Fatal("alice removed bob's line")
		}
		// The limit, on an add and on a change; the host is not held to it.
		_, err = e.p.AddGroupLine(ctx, code, "bob", ordering.LineInput{ProductID: "biscuit", Quantity: 40})
		want := fmt.Sprintf("That would bring your items to %s, over Dana's $10.00 limit per person.", dollars(42*unit))
		if faultCode(t, err) != "group_limit" || faultMsg(err) != want {
			t.Fatalf("limit: %v", err)
		}
		if _, err := e.p.UpdateGroupLine(ctx, code, "bob", bobLine, ordering.LineInput{Quantity: 40}); faultCode(t, err) != "group_limit" {
			t.Fatalf("limit on a change: %v", err)
		}
		c, err = e.p.AddProduct(ctx, "host", ordering.LineInput{ProductID: "biscuit", Quantity: 40})
		if err != nil || c.Products[0].Quantity != 41 || c.Products[0].Participant != c.Group.HostID {
			t.Fatalf("the host's own add: %v %+v", err, c.Products)
		}
		if c.Group.Participants[1].SubtotalCents != 2*unit || c.Group.Participants[1].ItemCount != 2 || c.Group.Participants[1].HasEmail != true {
			t.Fatalf("bob as the host sees him: %+v", c.Group.Participants[1])
		}
		noEmail(t, "the host's cart", c)

		// Done, and removing people.
		if v, err := e.p.SetGroupDone(ctx, code, "bob", true); err != nil || !v.Me.Done {
			t.Fatalf("done: %v", err)
		}
		if _, err := e.p.RemoveParticipant(ctx, "host", c.Group.HostID); faultCode(t, err) != "group_host" {
			t.Fatal("the host was taken out")
		}
		if _, err := e.p.RemoveParticipant(ctx, "host", "nobody"); faultCode(t, err) != "participant_not_found" {
			t.Fatal("unknown person")
		}
		c, err = e.p.RemoveParticipant(ctx, "host", av.Me.ID)
		if err != nil || len(c.Group.Participants) != 2 || len(c.Products) != 2 {
			t.Fatalf("alice and her line leave: %v %+v", err, c.Products)
		}
		if v, err := e.p.Group(ctx, code, "alice"); err != nil || v.Me != nil {
			t.Fatalf("alice is out: %+v %v", v, err)
		}

		// Closing now, and reopening with a later deadline.
		if c, err = e.p.ChangeGroup(ctx, "host", ordering.GroupChange{Close: true}); err != nil || c.Group.State != "closed" {
			t.Fatalf("close: %v", err)
		}
		if _, err := e.p.AddGroupLine(ctx, code, "bob", biscuit); faultCode(t, err) != "group_closed" {
			t.Fatal("added to a closed group")
		}
		if v, err := e.p.Group(ctx, code, "bob"); err != nil || v.State != "closed" || len(v.Me.Products) != 1 {
			t.Fatalf("bob still sees his part: %+v %v", v, err)
		}
		if _, err := e.p.Group(ctx, code, "carol"); faultCode(t, err) != "group_closed" || faultMsg(err) != "This group order is closed." {
			t.Fatal("a closed group to a newcomer")
		}
		if _, err := e.p.JoinGroup(ctx, code, "carol", ordering.GroupJoin{Name: "Carol"}); faultCode(t, err) != "group_closed" {
			t.Fatal("joined a closed group")
		}
		later := noon.Add(time.Hour)
		if c, err = e.p.ChangeGroup(ctx, "host", ordering.GroupChange{Deadline: &later}); err != nil || c.Group.State != "open" || c.Group.DeadlineLabel != "1:00 PM" {
			t.Fatalf("extend reopens: %v", err)
		}
		if _, err := e.p.AddGroupLine(ctx, code, "bob", biscuit); err != nil {
			t.Fatal(err)
		}
		// The deadline passes.
		e.clk.Set(later)
		if _, err := e.p.AddGroupLine(ctx, code, "bob", biscuit); faultCode(t, err) != "group_closed" {
			t.Fatal("added after the deadline")
		}
		if v, err := e.p.Group(ctx, code, "bob"); err != nil || v.State != "closed" {
			t.Fatalf("after the deadline: %+v %v", v, err)
		}
		if _, _, err := e.p.TransferCart(ctx, "host", "m-standard", "oh-cincinnati"); faultCode(t, err) != "group_open" {
			t.Fatal("a group order changed location")
		}

		// Ending: everyone else's lines go and the code is closed.
		c, err = e.p.EndGroup(ctx, "host")
		if err != nil || c.Group != nil || len(c.Products) != 1 || c.Products[0].Participant != "" {
			t.Fatalf("end: %v %+v", err, c.Products)
		}
		if _, err := e.p.Group(ctx, code, "bob"); faultCode(t, err) != "group_closed" {
			t.Fatal("an ended group")
		}
		if _, err := e.p.EndGroup(ctx, "host"); faultCode(t, err) != "group_not_found" {
			t.Fatal("ended twice")
		}
		if n, _ := st.Client.Exists(ctx, e.p.groupContactsKey("host")).Result(); n != 0 {
			t.Fatal("the contacts outlive the group")
		}
	})
}

func TestGroupDeadline(t *testing.T) {
	e := newEnv(t, storetest.Embedded(t))
	e.p.CreateCart(ctx, "host", "m-standard", "oh-columbus-downtown")
	for _, d := range []time.Time{noon.Add(2 * time.Minute), noon.Add(13 * time.Hour)} {
		_, err := e.p.StartGroup(ctx, "host", ordering.GroupStart{HostName: "Dana", Deadline: &d})
		if fe, _ := fault.As(err); fe == nil || fe.Code != "invalid" || fe.Fields["deadline"] == "" {
			t.Fatalf("deadline %v: %v", d, err)
		}
	}
	at := noon.Add(2 * time.Hour)
	if _, err := e.p.SetTime(ctx, "host", ordering.TimeWanted{Mode: "later", At: &at}); err != nil {
		t.Fatal(err)
	}
	after := at.Add(time.Minute)
	if _, err := e.p.StartGroup(ctx, "host", ordering.GroupStart{HostName: "Dana", Deadline: &after}); faultCode(t, err) != "invalid" {
		t.Fatal("a deadline after the order's time")
	}
	c, err := e.p.StartGroup(ctx, "host", ordering.GroupStart{HostName: "Dana"})
	if err != nil || !c.Group.Deadline.Equal(at.Add(-30*time.Minute)) || c.Group.DeadlineLabel != "1:30 PM" {
		t.Fatalf("default 30 minutes before the order's time: %+v %v", c.Group, err)
	}
	sooner := noon.Add(time.Hour)
	if c, err = e.p.SetTime(ctx, "host", ordering.TimeWanted{Mode: "later", At: &sooner}); err != nil || !c.Group.Deadline.Equal(sooner) {
		t.Fatalf("the deadline moves with an earlier time: %+v %v", c.Group, err)
	}
	e.clk.Set(noon.Add(24 * time.Hour))
	if c, _ := e.p.Cart(ctx, "host"); c.Group.DeadlineLabel != "Wed 1:00 PM" {
		t.Fatalf("another day's label: %q", c.Group.DeadlineLabel)
	}
}

func TestGroupHoldsTwentyFivePeopleAndAHundredLines(t *testing.T) {
	e := newEnv(t, storetest.Embedded(t))
	code := startGroup(t, e, ordering.GroupStart{}).Group.Code
	for i := 1; i < ordering.MaxGroupParticipants; i++ {
		join(t, e, code, fmt.Sprintf("p%d", i), fmt.Sprintf("P %d", i), "")
	}
	if _, err := e.p.JoinGroup(ctx, code, "late", ordering.GroupJoin{Name: "Late"}); faultCode(t, err) != "group_full" || faultMsg(err) != "This group order is full." {
		t.Fatalf("26th person: %v", err)
	}
	join(t, e, code, "p1", "P One", "") // joining again only renames
	for i := 1; i < ordering.MaxGroupLines; i++ {
		in := ordering.LineInput{ProductID: "biscuit", SpecialInstructions: fmt.Sprint(i)}
		if _, err := e.p.AddGroupLine(ctx, code, fmt.Sprintf("p%d", 1+i%24), in); err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
	}
	if _, err := e.p.AddGroupLine(ctx, code, "p1", ordering.LineInput{ProductID: "biscuit", SpecialInstructions: "one more"}); faultCode(t, err) != "group_lines_full" {
		t.Fatalf("101st line: %v", err)
	}
}

// 25 people (the host among them) join and add at once: every line is in, and nobody
// is told to try again.
func TestTwentyFivePeopleAddAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		code := startGroup(t, e, ordering.GroupStart{}).Group.Code
		var wg sync.WaitGroup
		errs := make([]error, ordering.MaxGroupParticipants)
		for i := range errs {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				viewer := fmt.Sprintf("guest%d", i)
				if i == 0 {
					viewer = "host"
				}
				if _, err := e.p.JoinGroup(ctx, code, viewer, ordering.GroupJoin{Name: fmt.Sprintf("Person %d", i)}); err != nil {
					errs[i] = err
					return
				}
				_, errs[i] = e.p.AddGroupLine(ctx, code, viewer, ordering.LineInput{ProductID: "biscuit", SpecialInstructions: viewer})
			}(i)
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("person %d: %v", i, err)
			}
		}
		c, err := e.p.Cart(ctx, "host")
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Group.Participants) != 25 || len(c.Products) != 26 {
			t.Fatalf("%d people, %d lines", len(c.Group.Participants), len(c.Products))
		}
		for _, pt := range c.Group.Participants {
			if pt.ItemCount < 1 {
				t.Errorf("%s's line is missing", pt.Name)
			}
		}
	})
}

// The order keeps each person's name and lines; each person who gave an email is
// told once that their items are in it; the receipt lists the items by person; and
// the code is closed after.
func TestGroupOrderIsPlacedForEveryone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		code := startGroup(t, e, ordering.GroupStart{HostEmail: "dana@example.com"}).Group.Code
		join(t, e, code, "bob", "Bob", "bob@example.com")
		join(t, e, code, "alice", "Alice", "")
		for _, who := range []string{"bob", "alice"} {
			if _, err := e.p.AddGroupLine(ctx, code, who, ordering.LineInput{ProductID: "tenders-5", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}}}); err != nil {
				t.Fatal(err)
			}
		}
		o, err := e.p.Submit(ctx, "host", ordering.SubmitInput{IdempotencyKey: "group-0001", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}})
		if err != nil {
			t.Fatal(err)
		}
		if o.Group == nil || o.Group.HostName != "Dana" || len(o.Group.Participants) != 3 || o.Group.Participants[1].Name != "Bob" || o.Group.Participants[1].SubtotalCents == 0 {
			t.Fatalf("order group: %+v", o.Group)
		}
		for _, l := range o.Products {
			if l.Participant == "" {
				t.Fatalf("a line lost its person: %+v", l)
			}
		}
		noEmail(t, "the order's group", o.Group)
		e.p.listMail(ctx, o.ID, map[string]time.Time{mailGroupPrefix + o.Group.Participants[1].ID: noon})
		if _, err := e.p.SendDueOrderMail(ctx); err != nil {
			t.Fatal(err)
		}
		got := mails(t, st, "bob@example.com")
		if len(got) != 1 || got[0].Subject != "Your items are in Dana's order" || !strings.Contains(got[0].Body, "1 × 5 Tenders") || !strings.Contains(got[0].Body, "Hi Bob,") {
			t.Fatalf("bob's mail: %+v", got)
		}
		if n := len(mails(t, st, "dana@example.com")); n != 0 {
			t.Fatalf("the host got %d group mails", n)
		}
		r := mailsOf(t, st, "order_receipt")
		if len(r) != 1 || !strings.Contains(r[0].Body, "\nBob  $") || !strings.Contains(r[0].Body, "\nAlice  $") || !strings.Contains(r[0].Body, "\nDana  $") {
			t.Fatalf("receipt by person: %+v", r)
		}
		if _, err := e.p.Group(ctx, code, "bob"); faultCode(t, err) != "group_closed" {
			t.Fatal("an ordered group is closed")
		}
		if n, _ := st.Client.Exists(ctx, e.p.groupContactsKey("host")).Result(); n != 0 {
			t.Fatal("the contacts outlive the cart")
		}
	})
}

func TestGroupInvites(t *testing.T) {
	st := storetest.Embedded(t)
	e := newEnv(t, st)
	e.p.cfg.SiteURL = "https://henhouse.example/"
	code := startGroup(t, e, ordering.GroupStart{Note: "Lunch on me"}).Group.Code
	_, err := e.p.InviteToGroup(ctx, "host", []string{"ok@example.com", "nope"})
	if fe, _ := fault.As(err); fe == nil || fe.Fields["emails.1"] == "" {
		t.Fatalf("a bad address: %v", err)
	}
	n, err := e.p.InviteToGroup(ctx, "host", []string{"kim@example.com", "lee@example.com"})
	if err != nil || n != 2 {
		t.Fatalf("%d %v", n, err)
	}
	m := mails(t, st, "kim@example.com")
	if len(m) != 1 || m[0].Subject != "Dana invited you to a group order" || m[0].Link != "https://henhouse.example/group/"+code ||
		!strings.Contains(m[0].Body, "Add yours by 12:30 PM") || !strings.Contains(m[0].Body, "Lunch on me") {
		t.Fatalf("invite: %+v", m)
	}
}

// A host who signs in keeps their group: the link, the people and their emails follow
// the cart to the member.
func TestGroupFollowsTheHostWhoSignsIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		code := startGroup(t, e, ordering.GroupStart{}).Group.Code
		join(t, e, code, "bob", "Bob", "bob@example.com")
		c, _, err := e.p.JoinCart(ctx, "host", "member-1")
		if err != nil || c.Group == nil || c.Group.Code != code {
			t.Fatalf("join: %+v %v", c.Group, err)
		}
		v, err := e.p.AddGroupLine(ctx, code, "bob", biscuit)
		if err != nil || len(v.Me.Products) != 1 {
			t.Fatalf("bob adds to the member's cart: %v", err)
		}
		if v, err := e.p.Group(ctx, code, "member-1"); err != nil || !v.Host || v.Me == nil || len(v.Me.Products) != 1 {
			t.Fatalf("the member is the host: %+v %v", v, err)
		}
		if got, _ := st.Client.HGetAll(ctx, e.p.groupContactsKey("member-1")).Result(); got[v.Me.ID] != "bob@example.com" {
			t.Fatalf("contacts: %v", got)
		}
	})
}
