package builtin

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// newEnvWith is newEnv with a change to the provider's configuration.
func newEnvWith(t *testing.T, st *store.Store, edit func(*Config)) *env {
	t.Helper()
	clk := &fakeClock{t: noon}
	cs := &cards{}
	cfg := Config{Store: st, Now: clk.Now, Cards: cs}
	edit(&cfg)
	p, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &env{p: p, clk: clk, cards: cs, st: st}
}

// place submits the owner's placeable cart at Columbus Downtown (prep 15 minutes),
// ASAP at noon: ready at 12:15.
func place(t *testing.T, e *env, owner, key string, pays ...ordering.PaymentInput) ordering.Order {
	t.Helper()
	placeable(t, e, owner)
	if len(pays) == 0 {
		pays = []ordering.PaymentInput{{Kind: "instore"}}
	}
	o, err := e.p.Submit(ctx, owner, ordering.SubmitInput{IdempotencyKey: key, Customer: guest, Payments: pays})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func statusAt(t *testing.T, e *env, id string, v ordering.Viewer, at time.Time) ordering.Order {
	t.Helper()
	e.clk.Set(at)
	o, err := e.p.Order(ctx, id, v)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestOrderLifecycleFollowsTheClock(t *testing.T) {
	st := storetest.Embedded(t)
	e := newEnv(t, st)
	o := place(t, e, "v", "life-0001")
	v := ordering.Viewer{Owner: "v"}
	want := ordering.StatusTimes{Placed: noon, Preparing: noon.Add(time.Minute), Ready: noon.Add(15 * time.Minute), Completed: noon.Add(45 * time.Minute)}
	if o.Status != ordering.OrderPlaced || !o.Cancellable || o.StatusTimes != want {
		t.Fatalf("placed: %s %v %+v", o.Status, o.Cancellable, o.StatusTimes)
	}
	for _, c := range []struct {
		at     time.Duration
		status string
	}{
		{59 * time.Second, "placed"}, {time.Minute, "preparing"}, {14 * time.Minute, "preparing"},
		{15 * time.Minute, "ready"}, {44 * time.Minute, "ready"}, {45 * time.Minute, "completed"}, {48 * time.Hour, "completed"},
	} {
		got := statusAt(t, e, o.ID, v, noon.Add(c.at))
		if got.Status != c.status || got.Cancellable != (c.status == "placed") || got.StatusTimes != want {
			t.Errorf("at +%v: %s cancellable=%v %+v", c.at, got.Status, got.Cancellable, got.StatusTimes)
		}
	}

	// The order's location carries its zone's offset as of the answer, for the
	// confirmation's times (EST until the switch to daylight saving time).
	if off, until := o.Location.UTCOffsetMinutes, o.Location.UTCOffsetUntil; off == nil || *off != -300 || until == nil ||
		!until.Equal(time.Date(2027, 3, 14, 7, 0, 0, 0, time.UTC)) {
		t.Fatalf("order location offset %v until %v", off, until)
	}
	if got := statusAt(t, e, o.ID, v, time.Date(2027, 7, 1, 16, 0, 0, 0, time.UTC)); got.Location.UTCOffsetMinutes == nil || *got.Location.UTCOffsetMinutes != -240 {
		t.Fatalf("in July the order's location is on EDT: %v", got.Location.UTCOffsetMinutes)
	}

	// An order for later is prepared during the prep time before it is due.
	e.clk.Set(noon)
	placeable(t, e, "w")
	at := noon.Add(2 * time.Hour)
	if _, err := e.p.SetTime(ctx, "w", ordering.TimeWanted{Mode: "later", At: &at}); err != nil {
		t.Fatal(err)
	}
	later, err := e.p.Submit(ctx, "w", ordering.SubmitInput{IdempotencyKey: "life-0002", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}})
	if err != nil {
		t.Fatal(err)
	}
	if !later.StatusTimes.Preparing.Equal(at.Add(-15*time.Minute)) || !later.StatusTimes.Completed.Equal(at.Add(30*time.Minute)) {
		t.Fatalf("later: %+v", later.StatusTimes)
	}
	if got := statusAt(t, e, later.ID, ordering.Viewer{Owner: "w"}, at.Add(-16*time.Minute)); got.Status != "placed" {
		t.Fatalf("an hour and three quarters before: %s", got.Status)
	}
}

func TestOrderClockSpeed(t *testing.T) {
	st := storetest.Embedded(t)
	e := newEnvWith(t, st, func(c *Config) { c.ClockSpeed = 60 })
	o := place(t, e, "v", "speed-0001")
	// A minute of the kitchen's time is a second: preparing after 1 s, ready after
	// 15 s, completed after 45 s.
	want := ordering.StatusTimes{Placed: noon, Preparing: noon.Add(time.Second), Ready: noon.Add(15 * time.Second), Completed: noon.Add(45 * time.Second)}
	if o.StatusTimes != want {
		t.Fatalf("times: %+v", o.StatusTimes)
	}
	v := ordering.Viewer{Owner: "v"}
	for at, status := range map[time.Duration]string{500 * time.Millisecond: "placed", 2 * time.Second: "preparing", 20 * time.Second: "ready", 46 * time.Second: "completed"} {
		if got := statusAt(t, e, o.ID, v, noon.Add(at)); got.Status != status {
			t.Errorf("at +%v: %s, want %s", at, got.Status, status)
		}
	}
	for _, bad := range []float64{-1, math.Inf(1), math.NaN()} {
		if _, err := New(ctx, Config{Store: st, ClockSpeed: bad}); err == nil {
			t.Errorf("clock speed %v accepted", bad)
		}
	}
}

func faultOf(t *testing.T, err error) *fault.Error {
	t.Helper()
	fe, ok := fault.As(err)
	if !ok {
		t.Fatalf("not a fault: %v", err)
	}
	return fe
}

func TestOrdersBelongToWhoPlacedThem(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v")
		o, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "own-0001", MemberID: "m1", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}})
		if err != nil || o.MemberID != "m1" {
			t.Fatalf("submit: %v %v", o.MemberID, err)
		}
		for _, v := range []ordering.Viewer{{Owner: "v"}, {Owner: "other", MemberID: "m1"}, {MemberID: "m1"}} {
			if _, err := e.p.Order(ctx, o.ID, v); err != nil {
				t.Errorf("%+v may read the order: %v", v, err)
			}
		}
		for _, v := range []ordering.Viewer{{Owner: "other"}, {Owner: "other", MemberID: "m2"}, {}} {
			if _, err := e.p.Order(ctx, o.ID, v); faultCode(t, err) != "order_not_found" {
				t.Errorf("%+v reads another's order", v)
			}
			if _, err := e.p.CancelOrder(ctx, o.ID, v); faultCode(t, err) != "order_not_found" {
				t.Errorf("%+v cancels another's order", v)
			}
			if _, err := e.p.OrderArrived(ctx, o.ID, v); faultCode(t, err) != "order_not_found" {
				t.Errorf("%+v arrives for another's order", v)
			}
		}
		if _, err := e.p.Order(ctx, "o_nope", ordering.Viewer{Owner: "v"}); faultCode(t, err) != "order_not_found" {
			t.Fatal("unknown id")
		}
		// What only the provider keeps is never in the answer.
		raw, _ := json.Marshal(o)
		for _, k := range []string{`"owner"`, `"charges"`, `"slot"`} {
			if strings.Contains(string(raw), k) {
				t.Errorf("the answer carries %s: %s", k, raw)
			}
		}
		// An order kept before its owner was recorded is the visitor's when it is on the
		// visitor's list of orders.
		old := place(t, e, "v2", "own-0002")
		key := e.p.orderKey(old.ID)
		var stored map[string]any
		b, _ := st.Client.Get(ctx, key).Bytes()
		_ = json.Unmarshal(b, &stored)
		delete(stored, "owner")
		delete(stored, "slot")
		delete(stored, "charges")
		b, _ = json.Marshal(stored)
		st.Client.Set(ctx, key, b, 0)
		got, err := e.p.Order(ctx, old.ID, ordering.Viewer{Owner: "v2"})
		if err != nil || got.Cancellable {
			t.Fatalf("an old order: %v cancellable=%v", err, got.Cancellable)
		}
		if _, err := e.p.Order(ctx, old.ID, ordering.Viewer{Owner: "v"}); faultCode(t, err) != "order_not_found" {
			t.Fatal("an old order read by another visitor")
		}
		if _, err := e.p.CancelOrder(ctx, old.ID, ordering.Viewer{Owner: "v2"}); faultCode(t, err) != "order_not_cancellable" {
			t.Fatal("an old order has no record of what to give back")
		}
	})
}

func TestRecentOrder(t *testing.T) {
	st := storetest.Embedded(t)
	e := newEnv(t, st)
	if _, err := e.p.RecentOrder(ctx, "v"); faultCode(t, err) != "order_not_found" {
		t.Fatal("no order yet")
	}
	place(t, e, "v", "recent-0001")
	second := place(t, e, "v", "recent-0002")
	if o, err := e.p.RecentOrder(ctx, "v"); err != nil || o.ID != second.ID {
		t.Fatalf("recent: %v %v", o.ID, err)
	}
	if _, err := e.p.RecentOrder(ctx, "w"); faultCode(t, err) != "order_not_found" {
		t.Fatal("another visitor's recent order")
	}
}

func TestCancelGivesEverythingBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v")
		acme := guest
		acme.Email = "ada@acme.example"
		for range 3 {
			e.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "family-16", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}, {ID: "pcs-mixed"}, {ID: "fside-fries", Quantity: 2}}})
		}
		o, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "cancel-0001", Customer: acme, HouseAccountIDs: []string{"ha-acme"}, Payments: []ordering.PaymentInput{
			{Kind: "giftcard", Number: "6006491234567890", PIN: "1234", AmountCents: 1000},
			{Kind: "house", AccountID: "ha-acme", PONumber: "PO-1", AmountCents: 2000},
			{Kind: "card", Processor: "hosted", Token: "tok_ok"},
		}})
		if err != nil {
			t.Fatal(err)
		}
		s, err := e.p.readOrder(ctx, st.Client, o.ID)
		if err != nil || s.Slot == "" || len(s.Charges) != 3 {
			t.Fatalf("stored: %+v %v", s, err)
		}
		if n, _ := st.Client.Get(ctx, s.Slot).Int(); n != 1 {
			t.Fatalf("slot taken: %d", n)
		}
		if bal, _ := e.p.GiftCardBalance(ctx, "6006491234567890", "1234"); bal.BalanceCents != 4000 {
			t.Fatalf("gift card debited: %d", bal.BalanceCents)
		}
		// Two cancels at once: one cancels, and everything is given back once.
		var wg sync.WaitGroup
		errs := make([]error, 6)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = e.p.CancelOrder(ctx, o.ID, ordering.Viewer{Owner: "v"})
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if faultCode(t, err) != "order_not_cancellable" {
				t.Fatalf("cancel: %v", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d cancels succeeded", ok)
		}
		got, _ := e.p.Order(ctx, o.ID, ordering.Viewer{Owner: "v"})
		if got.Status != "cancelled" || got.Cancellable || got.CancelledAt == nil || !got.CancelledAt.Equal(noon) {
			t.Fatalf("cancelled: %s %v %v", got.Status, got.Cancellable, got.CancelledAt)
		}
		if bal, _ := e.p.GiftCardBalance(ctx, "6006491234567890", "1234"); bal.BalanceCents != 5000 {
			t.Fatalf("gift card credited: %d", bal.BalanceCents)
		}
		if hs, _ := e.p.HouseAccounts(ctx, acme.Email); len(hs) != 1 || hs[0].AvailableCents != 200000 {
			t.Fatalf("house account spend: %+v", hs)
		}
		if e.cards.voided.Load() != 1 {
			t.Fatalf("card voids: %d", e.cards.voided.Load())
		}
		if n, _ := st.Client.Get(ctx, s.Slot).Int(); n != 0 {
			t.Fatalf("slot freed: %d", n)
		}
		// Cancelled stays cancelled, whatever the time.
		if got := statusAt(t, e, o.ID, ordering.Viewer{Owner: "v"}, noon.Add(24*time.Hour)); got.Status != "cancelled" {
			t.Fatalf("later: %s", got.Status)
		}
	})
}

func TestCancelOnlyBeforeTheKitchenStarts(t *testing.T) {
	st := storetest.Embedded(t)
	e := newEnv(t, st)
	o := place(t, e, "v", "late-0001")
	e.clk.Set(noon.Add(2 * time.Minute))
	_, err := e.p.CancelOrder(ctx, o.ID, ordering.Viewer{Owner: "v"})
	if faultCode(t, err) != "order_not_cancellable" {
		t.Fatal("cancelled while preparing")
	}
	if got, _ := e.p.Order(ctx, o.ID, ordering.Viewer{Owner: "v"}); got.Status != "preparing" {
		t.Fatalf("status: %s", got.Status)
	}
}

func TestArrived(t *testing.T) {
	st := storetest.Embedded(t)
	e := newEnv(t, st)
	v := ordering.Viewer{Owner: "v"}
	pickup := place(t, e, "v", "arrive-0001")
	if _, err := e.p.OrderArrived(ctx, pickup.ID, v); faultCode(t, err) != "not_curbside" {
		t.Fatal("pickup orders don't arrive")
	}
	curbside := func(key string) ordering.Order {
		placeable(t, e, "v")
		if _, err := e.p.SetHandoff(ctx, "v", ordering.Handoff{Mode: "curbside", Vehicle: &ordering.Vehicle{Make: "Honda", Model: "Civic", Color: "Blue"}}); err != nil {
			t.Fatal(err)
		}
		o, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: key, Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}})
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	o := curbside("arrive-0002")
	e.clk.Set(noon.Add(10 * time.Minute))
	got, err := e.p.OrderArrived(ctx, o.ID, v)
	if err != nil || got.ArrivedAt == nil || !got.ArrivedAt.Equal(noon.Add(10*time.Minute)) {
		t.Fatalf("arrived: %v %v", got.ArrivedAt, err)
	}
	e.clk.Set(noon.Add(12 * time.Minute))
	if got, err := e.p.OrderArrived(ctx, o.ID, v); err != nil || !got.ArrivedAt.Equal(noon.Add(10*time.Minute)) {
		t.Fatalf("the first time counts: %v %v", got.ArrivedAt, err)
	}
	e.clk.Set(noon.Add(45 * time.Minute))
	if _, err := e.p.OrderArrived(ctx, o.ID, v); faultCode(t, err) != "order_closed" {
		t.Fatal("arrived after completion")
	}
	e.clk.Set(noon)
	c := curbside("arrive-0003")
	if _, err := e.p.CancelOrder(ctx, c.ID, v); err != nil {
		t.Fatal(err)
	}
	if _, err := e.p.OrderArrived(ctx, c.ID, v); faultCode(t, err) != "order_closed" {
		t.Fatal("arrived for a cancelled order")
	}
}

func TestCardProcessorsOfTheLocation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		for id, want := range map[string]string{"oh-columbus-downtown": "hosted,second", "il-naperville": "second", "il-chicago": "second", "oh-dayton": "hosted"} {
			l, err := e.p.Location(ctx, id)
			if err != nil || strings.Join(l.CardProcessors, ",") != want {
				t.Errorf("%s takes %v, want %s", id, l.CardProcessors, want)
			}
		}
		// Naperville (11:00 there at noon in Columbus) takes the second processor only.
		if _, err := e.p.CreateCart(ctx, "v", "m-standard", "il-naperville"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "tenders-5", Modifiers: []ordering.ModifierInput{{ID: "flv-original"}}}); err != nil {
			t.Fatal(err)
		}
		_, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "proc-0001", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "card", Processor: "hosted", Token: "tok_ok"}}})
		fe := faultOf(t, err)
		if fe.Code != "processor_unavailable" || fe.Fields["payments.0.processor"] == "" || fe.Message != "Henhouse Naperville doesn't take that kind of card payment. Enter your card again." {
			t.Fatalf("hosted at Naperville: %+v", fe)
		}
		if e.cards.auths.Load() != 0 {
			t.Fatal("the card was charged")
		}
		if _, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "proc-0002", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "card", Processor: "second", Token: "pm_ok"}}}); err != nil {
			t.Fatal(err)
		}
	})
}
