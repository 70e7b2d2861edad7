package builtin

import (
	"strings"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

func faultMessage(err error) string {
	if fe, ok := fault.As(err); ok {
		return fe.Message
	}
	return ""
}

// A catering package needs 24 hours' notice: the time is checked against it when it is
// set, when a package is added and when the order is placed, with the same words.
func TestCateringNoticeIsEnforced(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st) // Wed 12:00 in Columbus, open 10:30–22:00
		const want = "Tender Tray (small) needs 24 hours' notice: the earliest time is Thu 12:00 PM."
		if _, err := e.p.CreateCart(ctx, "v", "m-standard", "oh-columbus-downtown"); err != nil {
			t.Fatal(err)
		}
		// An ASAP cart takes the tray, and says what it needs.
		c, err := e.p.AddProduct(ctx, "v", ordering.LineInput{ProductID: "tender-tray-small"})
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Warnings) != 1 || c.Warnings[0].Message != want || c.Warnings[0].Code != "lead_time" || c.Warnings[0].Field != "time" {
			t.Fatalf("warnings %+v", c.Warnings)
		}
		// The time picker offers no ASAP and no time before the notice.
		opts, err := e.p.CartTimes(ctx, "v")
		if err != nil {
			t.Fatal(err)
		}
		thuNoon := noon.Add(24 * time.Hour)
		if opts.ASAPAvailable || opts.LaterAvailable || opts.Notice != want || !opts.Earliest.Equal(thuNoon) || opts.EarliestLabel != "Thu 12:00 PM" {
			t.Fatalf("options: asap=%v later=%v notice=%q earliest=%v %q", opts.ASAPAvailable, opts.LaterAvailable, opts.Notice, opts.Earliest, opts.EarliestLabel)
		}
		if first := opts.Days[0].Slots[0]; !first.At.Equal(thuNoon) || first.Label != "Thu 12:00 PM" {
			t.Fatalf("first slot %+v", first)
		}
		// Placing it ASAP is refused.
		_, err = e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "lead-0001-abcdef", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}})
		if faultCode(t, err) != "lead_time" || faultMessage(err) != want {
			t.Fatalf("submit ASAP: %v", err)
		}
		// Setting ASAP or a time today is refused.
		if _, err := e.p.SetTime(ctx, "v", ordering.TimeWanted{Mode: "asap"}); faultCode(t, err) != "lead_time" || faultMessage(err) != want {
			t.Fatalf("ASAP: %v", err)
		}
		soon := noon.Add(2 * time.Hour)
		if _, err := e.p.SetTime(ctx, "v", ordering.TimeWanted{Mode: "later", At: &soon}); faultCode(t, err) != "lead_time" {
			t.Fatalf("later today: %v", err)
		}
		if c, err = e.p.SetTime(ctx, "v", ordering.TimeWanted{Mode: "advance", At: &thuNoon}); err != nil || len(c.Warnings) != 0 {
			t.Fatalf("a day ahead: %v %+v", err, c.Warnings)
		}
		// A cart wanted for this afternoon refuses the tray when it is added.
		e.p.CreateCart(ctx, "w", "m-standard", "oh-columbus-downtown")
		if _, err := e.p.SetTime(ctx, "w", ordering.TimeWanted{Mode: "later", At: &soon}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.AddProduct(ctx, "w", comboLine()); err != nil {
			t.Fatal(err)
		}
		_, err = e.p.AddProduct(ctx, "w", ordering.LineInput{ProductID: "tender-tray-small"})
		if faultCode(t, err) != "lead_time" || faultMessage(err) != want {
			t.Fatalf("add to a cart for this afternoon: %v", err)
		}
		if c, _ := e.p.Cart(ctx, "w"); len(c.Products) != 1 {
			t.Fatalf("the refused tray stayed: %d lines", len(c.Products))
		}
		// Without catering, ASAP is offered as before.
		if opts, _ := e.p.CartTimes(ctx, "w"); !opts.ASAPAvailable || opts.Notice != "" || !opts.LaterAvailable {
			t.Fatalf("no catering: %+v", opts)
		}
	})
}

// At night every time names its day, "Later" is not offered, and ASAP is refused.
func TestTimesCarryTheirDay(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		opts, _ := e.p.Times(ctx, "oh-columbus-downtown")
		if opts.EarliestLabel != "12:25 PM" || opts.Days[0].Label != "Today" || !opts.Days[0].Today || opts.Days[0].Slots[0].Label != "12:30 PM" || !opts.LaterAvailable {
			t.Fatalf("at noon: %q %+v", opts.EarliestLabel, opts.Days[0].Slots[0])
		}
		if d := opts.Days[1]; d.Label != "Thu, Nov 26" || d.Today || d.Slots[0].Label != "Thu 10:45 AM" {
			t.Fatalf("tomorrow: %+v", d.Slots[0])
		}
		// 23:00 on Wednesday: closed until 10:30 on Thursday.
		e.clk.Set(time.Date(2026, 11, 26, 4, 0, 0, 0, time.UTC))
		opts, _ = e.p.Times(ctx, "oh-columbus-downtown")
		if opts.ASAPAvailable || opts.LaterAvailable || opts.EarliestLabel != "Thu 10:55 AM" {
			t.Fatalf("at night: asap=%v later=%v earliest=%q", opts.ASAPAvailable, opts.LaterAvailable, opts.EarliestLabel)
		}
		if d := opts.Days[0]; d.Today || d.Label != "Thu, Nov 26" || d.Slots[0].Label != "Thu 11:00 AM" {
			t.Fatalf("first day at night: %+v", d)
		}
		e.p.CreateCart(ctx, "v", "m-standard", "oh-columbus-downtown")
		at := opts.Days[0].Slots[0].At
		_, err := e.p.SetTime(ctx, "v", ordering.TimeWanted{Mode: "later", At: &at})
		if faultCode(t, err) != "time_not_today" {
			t.Fatalf("later for tomorrow: %v", err)
		}
		if _, err := e.p.SetTime(ctx, "v", ordering.TimeWanted{Mode: "advance", At: &at}); err != nil {
			t.Fatal(err)
		}
		early := at.Add(-30 * time.Minute)
		if _, err := e.p.SetTime(ctx, "v", ordering.TimeWanted{Mode: "advance", At: &early}); !strings.Contains(faultMessage(err), "Thu 10:55 AM") {
			t.Fatalf("too early names the day: %v", err)
		}
		// An empty mode is not ASAP.
		if _, err := e.p.SetTime(ctx, "v", ordering.TimeWanted{}); faultCode(t, err) != "invalid" {
			t.Fatalf("empty mode: %v", err)
		}
	})
}

// An order for tomorrow says when the kitchen starts on it; an ASAP one does not.
func TestAdvanceOrderSaysWhenTheKitchenStarts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st) // Wed 12:00 in Columbus
		placeable(t, e, "v")
		at := time.Date(2026, 11, 26, 16, 0, 0, 0, time.UTC) // Thu 11:00 AM
		if _, err := e.p.SetTime(ctx, "v", ordering.TimeWanted{Mode: "advance", At: &at}); err != nil {
			t.Fatal(err)
		}
		o, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "advance-0001-abc", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}})
		if err != nil {
			t.Fatal(err)
		}
		if o.KitchenStarts != "Thu 10:45 AM" || o.StatusLabels.Ready != "Thu 11:00 AM" || o.StatusLabels.Placed != "12:00 PM" {
			t.Fatalf("starts %q, labels %+v", o.KitchenStarts, o.StatusLabels)
		}
		if want := "Your order is placed. The kitchen starts on it Thu 10:45 AM."; o.StatusMessage != want {
			t.Fatalf("status message %q, want %q", o.StatusMessage, want)
		}
		placeable(t, e, "w")
		o, err = e.p.Submit(ctx, "w", ordering.SubmitInput{IdempotencyKey: "asap-0001-abcdef", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}})
		if err != nil {
			t.Fatal(err)
		}
		if o.KitchenStarts != "" || o.StatusLabels.Ready != "12:15 PM" {
			t.Fatalf("ASAP: starts %q, labels %+v", o.KitchenStarts, o.StatusLabels)
		}
	})
}

// The "earliest available" time of breakfast follows the location's opening hours.
func TestBreakfastFollowsOpeningHours(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st) // Wed 12:00 Eastern
		// Dayton opens at 6:30: breakfast (6:00–10:30) can be had from 6:30.
		cat, err := e.p.Category(ctx, "m-standard", "breakfast", "oh-dayton")
		if err != nil {
			t.Fatal(err)
		}
		p := cat.Products[0]
		if want := time.Date(2026, 11, 26, 11, 30, 0, 0, time.UTC); p.AvailableAt == nil || !p.AvailableAt.Equal(want) {
			t.Fatalf("Dayton: next at %v, want %v", p.AvailableAt, want)
		}
		// Cleveland opens at 11:00: no breakfast at all, and no time to promise.
		cat, _ = e.p.Category(ctx, "m-standard", "breakfast", "oh-cleveland")
		if p := cat.Products[0]; p.AvailableNow == nil || *p.AvailableNow || p.AvailableAt != nil {
			t.Fatalf("Cleveland: %+v", p)
		}
		// A location closed on Sundays: on Saturday after breakfast, the next one is Monday's.
		l := e.p.cat.locations[e.p.cat.locByID["oh-dayton"]]
		l.Hours = append([]ordering.Hours(nil), l.Hours...)
		for i := range l.Hours {
			if l.Hours[i].Day == "sun" {
				l.Hours[i] = ordering.Hours{Day: "sun", Closed: true}
			}
		}
		sat := time.Date(2026, 11, 28, 17, 0, 0, 0, time.UTC) // Sat 12:00
		ok, next := e.p.cat.partDay(&l, p.Availability, sat)
		if want := time.Date(2026, 11, 30, 11, 30, 0, 0, time.UTC); ok || !next.Equal(want) {
			t.Fatalf("closed on Sunday: %v %v, want Mon %v", ok, next, want)
		}
		// Sunday 7:00 there: in the window, but closed.
		if ok, _ := e.p.cat.partDay(&l, p.Availability, time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)); ok {
			t.Fatal("available on a closed Sunday")
		}
		// 7:00 on a weekday: available now.
		if ok, _ := e.p.cat.partDay(&l, p.Availability, time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)); !ok {
			t.Fatal("not available at 7:00 on Monday")
		}
	})
}
