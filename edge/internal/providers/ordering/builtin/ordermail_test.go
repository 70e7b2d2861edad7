package builtin

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/outbox"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// mailsOf lists the messages of one kind sent to ada@example.com (guest's email).
func mailsOf(t *testing.T, st *store.Store, kind string) []outbox.Message {
	t.Helper()
	var out []outbox.Message
	for _, m := range mails(t, st, guest.Email) {
		if m.Kind == kind {
			out = append(out, m)
		}
	}
	return out
}

// flakySender fails the sends it is told to, then passes them to the outbox.
type flakySender struct {
	box   *outbox.Outbox
	fails atomic.Int64
}

func (f *flakySender) Send(ctx context.Context, m outbox.Message) error {
	if f.fails.Add(-1) >= 0 {
		return errors.New("mail gateway down")
	}
	return f.box.Send(ctx, m)
}

// A placed order sends one receipt, however many submits of it run at once and
// however often it is retried, and however many edges sweep at once: its number, where
// and when, the lines with choices and allergens, the totals and the payments.
func TestOneReceiptPerOrder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		placeable(t, e, "v")
		in := ordering.SubmitInput{IdempotencyKey: "mail-0001", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "instore"}}}
		var wg sync.WaitGroup
		ids := make([]string, 8)
		for i := range ids {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				o, _ := e.p.Submit(ctx, "v", in)
				ids[i] = o.ID
			}(i)
		}
		wg.Wait()
		o, err := e.p.Submit(ctx, "v", in) // a retry later
		if err != nil {
			t.Fatal(err)
		}
		for range 2 { // two edges' sweeps at once, twice
			// As if an edge had sent it and stopped before taking it off the list.
			if err := e.p.listMail(ctx, o.ID, map[string]time.Time{mailReceipt: noon}); err != nil {
				t.Fatal(err)
			}
			var sw sync.WaitGroup
			for range 2 {
				sw.Add(1)
				go func() { defer sw.Done(); _, _ = e.p.SendDueOrderMail(ctx) }()
			}
			sw.Wait()
		}
		got := mailsOf(t, st, "order_receipt")
		if len(got) != 1 {
			t.Fatalf("%d receipts", len(got))
		}
		r := got[0]
		if r.Subject != "Your Henhouse order 101: receipt" || !strings.HasSuffix(r.Link, "/order/confirm/"+o.ID) {
			t.Fatalf("receipt: %q %q", r.Subject, r.Link)
		}
		for _, want := range []string{
			"Hi Ada,", "Your order number is 101.",
			"In-store pickup at Henhouse Columbus Downtown, ", "Ready: Wednesday, Nov 25 at 12:15 PM",
			"1 × 5 Tenders  $", "    Original\n", "    Contains: ",
			"Subtotal: $", "Tax: $", "Total: " + dollars(o.Totals.TotalCents),
			"Pay in store: " + dollars(o.Totals.TotalCents) + " (Pay when you collect it)",
			"Order id: " + o.ID,
		} {
			if !strings.Contains(r.Body, want) {
				t.Errorf("the receipt lacks %q:\n%s", want, r.Body)
			}
		}
	})
}

// The ready mail goes once the order is ready, once; a cancelled order sends one cancel
// mail and no ready mail.
func TestReadyAndCancelledMails(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		o := place(t, e, "v", "mail-0002")
		if n, err := e.p.SendDueOrderMail(ctx); err != nil || n != 0 || len(mailsOf(t, st, "order_ready")) != 0 {
			t.Fatalf("before it is ready: %d %v", n, err)
		}
		e.clk.Set(noon.Add(16 * time.Minute))
		for range 3 {
			if _, err := e.p.SendDueOrderMail(ctx); err != nil {
				t.Fatal(err)
			}
		}
		ready := mailsOf(t, st, "order_ready")
		if len(ready) != 1 || ready[0].Subject != "Your Henhouse order 101 is ready" ||
			!strings.Contains(ready[0].Body, "Order 101: Your order is ready at the counter.") {
			t.Fatalf("ready mails: %+v", ready)
		}

		e.clk.Set(noon)
		c := place(t, e, "w", "mail-0003")
		w := ordering.Viewer{Owner: "w"}
		if _, err := e.p.CancelOrder(ctx, c.ID, w); err != nil {
			t.Fatal(err)
		}
		if _, err := e.p.CancelOrder(ctx, c.ID, w); faultCode(t, err) != "order_not_cancellable" {
			t.Fatal("cancelled twice")
		}
		e.clk.Set(noon.Add(time.Hour))
		if _, err := e.p.SendDueOrderMail(ctx); err != nil {
			t.Fatal(err)
		}
		cancelled := mailsOf(t, st, "order_cancelled")
		if len(cancelled) != 1 || cancelled[0].Subject != "Your Henhouse order 102 was cancelled" ||
			!strings.Contains(cancelled[0].Body, "This order was cancelled. Nothing was charged, so there's nothing to pay.") ||
			!strings.Contains(cancelled[0].Body, "(Nothing to pay)") {
			t.Fatalf("cancel mails: %+v", cancelled)
		}
		if n := len(mailsOf(t, st, "order_ready")); n != 1 {
			t.Fatalf("%d ready mails: the cancelled order sent one", n)
		}
		if n := len(mailsOf(t, st, "order_receipt")); n != 2 {
			t.Fatalf("%d receipts for two orders", n)
		}
		if left, _ := st.Client.ZCard(ctx, e.p.orderMailsKey()).Result(); left != 0 {
			t.Fatalf("%d mails still listed", left)
		}
		_ = o
	})
}

// A receipt whose send fails is sent by the next sweep, once.
func TestAFailedReceiptIsSentLater(t *testing.T) {
	st := storetest.Embedded(t)
	fs := &flakySender{box: outbox.New(st, outbox.Config{})}
	fs.fails.Store(1)
	e := newEnvWith(t, st, func(c *Config) { c.Outbox = fs })
	o := place(t, e, "v", "mail-0004")
	if n := len(mailsOf(t, st, "order_receipt")); n != 0 {
		t.Fatalf("%d receipts while the gateway is down", n)
	}
	for range 2 {
		if _, err := e.p.SendDueOrderMail(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if got := mailsOf(t, st, "order_receipt"); len(got) != 1 || !strings.Contains(got[0].Body, o.ID) {
		t.Fatalf("receipts after the sweep: %+v", got)
	}
}
