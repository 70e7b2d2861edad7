package builtin

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/site"
	"github.com/henhouse/platform/edge/internal/store/outbox"
)

// Order mail (docs/checkout.md, "Order mail"): the receipt when an order is placed, a
// mail when it is ready and one when it is cancelled, to the email the guest gave at
// checkout, through the outbox.
//
// Each mail is listed in order-mails (a sorted set of "<order id>|<event>", scored by
// when it is due) before the change it tells of is stored: the receipt and the ready
// mail before the order is, the cancel mail before the cancel. The order itself is the
// truth: a listed mail goes out only when the stored order bears it out (placed;
// ready; cancelled), and an entry it does not is dropped. The edge that made the change
// sends its mail at once; SendDueOrderMail sends what is left (an edge that stopped, a
// failed send, the ready mails) every few seconds.
//
// Exactly once per order and event: a send first takes the event's once-key
// (order-mail-sent:<id>:<event>) as "sending" with a short lease, then sends, then marks
// it "sent" and takes the entry off the list. Two edges, or a retry and the sweep,
// cannot both take the key, so one receipt goes out per order. A send that fails gives
// the key back for the next round; an edge that stops between taking the key and
// marking it lets the lease lapse, and the mail is sent then.

// Mail events of an order.
const (
	mailReceipt   = "receipt"
	mailReady     = "ready"
	mailCancelled = "cancelled"
	// mailGroupPrefix begins the event of a group order's mail to one person
	// ("group:<participant id>"): each is sent once, whatever becomes of the others.
	mailGroupPrefix = "group:"
)

// mailLease is how long a sender holds an event's once-key before marking it sent.
const mailLease = time.Minute

// mailSentKeep is how long a sent mail's once-key is kept: longer than any entry of
// order-mails can wait.
const mailSentKeep = 30 * 24 * time.Hour

// mailBatch bounds one round of SendDueOrderMail.
const mailBatch = 200

func (p *Provider) orderMailsKey() string { return p.st.Key("order-mails") }

func (p *Provider) mailOnceKey(orderID, event string) string {
	return p.st.Key("order-mail-sent", orderID, event)
}

// listMail lists an order's mails, each due at its time.
func (p *Provider) listMail(ctx context.Context, orderID string, due map[string]time.Time) error {
	zs := make([]redis.Z, 0, len(due))
	for event, at := range due {
		zs = append(zs, redis.Z{Score: float64(at.UnixMilli()), Member: orderID + "|" + event})
	}
	return p.st.Client.ZAdd(ctx, p.orderMailsKey(), zs...).Err()
}

// SendDueOrderMail sends the order mails whose time has come and that no edge has sent
// (docs/checkout.md, "Order mail"); it answers how many it sent.
func (p *Provider) SendDueOrderMail(ctx context.Context) (int, error) {
	now := strconv.FormatInt(p.now().UnixMilli(), 10)
	due, err := p.st.Client.ZRangeByScoreWithScores(ctx, p.orderMailsKey(), &redis.ZRangeBy{Min: "-inf", Max: now, Count: mailBatch}).Result()
	if err != nil {
		return 0, err
	}
	sent := 0
	var errs []error
	for _, z := range due {
		m, _ := z.Member.(string)
		id, event, _ := strings.Cut(m, "|")
		listed := time.UnixMilli(int64(z.Score))
		ok, err := p.sendMail(ctx, id, event, listed)
		if err != nil {
			errs = append(errs, fmt.Errorf("order %s %s mail: %w", id, event, err))
		} else if ok {
			sent++
		}
	}
	return sent, errors.Join(errs...)
}

// sendMail sends one listed mail when the stored order bears it out, and answers
// whether this call sent it. listed is when it was due: an order that was never
// stored is given until the submit's lock has long lapsed.
func (p *Provider) sendMail(ctx context.Context, id, event string, listed time.Time) (bool, error) {
	ctx = context.WithoutCancel(ctx)
	member := id + "|" + event
	drop := func() (bool, error) { return false, p.st.Client.ZRem(ctx, p.orderMailsKey(), member).Err() }
	s, err := p.readCheckout(ctx, id)
	switch {
	case errors.Is(err, errNoOrder):
		if p.now().Sub(listed) > 2*p.cfg.SubmitLockTTL {
			return drop() // its submit failed: there is no order to tell of
		}
		return false, nil
	case errors.Is(err, errCheckoutExpired):
		return drop()
	case err != nil:
		return false, err
	}
	o := p.lifecycle(&s)
	var m outbox.Message
	who, isGroup := strings.CutPrefix(event, mailGroupPrefix)
	switch {
	case isGroup && s.GroupEmails[who] == "":
		return drop()
	case isGroup:
		m = p.groupPartMail(o, who, s.GroupEmails[who])
	case o.Customer.Email == "":
		return drop()
	case event == mailReceipt:
		m = p.receiptMail(o)
	case event == mailReady && o.Status == ordering.OrderReady:
		m = p.readyMail(o)
	case event == mailReady && (o.Status == ordering.OrderPlaced || o.Status == ordering.OrderPreparing):
		return false, nil // not yet, on this edge's clock
	case event == mailCancelled && o.Status == ordering.OrderCancelled:
		m = p.cancelledMail(o)
	default:
		// Cancelled before it was ready, collected before the ready mail went, or a
		// cancel that was refused: nothing to tell.
		return drop()
	}
	once := p.mailOnceKey(id, event)
	took, err := p.st.Client.SetNX(ctx, once, "sending", mailLease).Result()
	if err != nil {
		return false, err
	}
	if !took {
		if v, _ := p.st.Client.Get(ctx, once).Result(); v == "sent" {
			return drop()
		}
		return false, nil // another edge is sending it now
	}
	if err := p.box.Send(ctx, m); err != nil {
		p.st.Client.Del(ctx, once)
		return false, err
	}
	if err := p.st.Client.Set(ctx, once, "sent", mailSentKeep).Err(); err != nil {
		return true, err
	}
	_, err = drop()
	return true, err
}

// orderLink is the order's confirmation page.
func (p *Provider) orderLink(id string) string {
	return strings.TrimRight(p.cfg.SiteURL, "/") + "/order/confirm/" + id
}

// mailWhen writes t in the location's time zone: "Wednesday, Nov 25 at 12:15 PM".
func (p *Provider) mailWhen(o ordering.Order, t time.Time) string {
	z := p.cat.zones[o.LocationID]
	if z == nil {
		z = time.UTC
	}
	return t.In(z).Format("Monday, Jan 2 at 3:04 PM")
}

// numbered is how a mail names the order: its short number, or its id for orders
// placed before numbers existed.
func numbered(o ordering.Order) string {
	if o.Number != "" {
		return o.Number
	}
	return o.ID
}

func greeting(first string) string {
	if first == "" {
		return "Hi,"
	}
	return "Hi " + first + ","
}

// place writes where and how the order is collected or delivered, and when.
func (p *Provider) mailPlace(b *strings.Builder, o ordering.Order) {
	l, h := o.Location, o.Handoff
	where := fmt.Sprintf("%s, %s", l.Name, oneLine(l.Address))
	switch h.Mode {
	case ordering.HandoffDelivery:
		if h.Address != nil {
			fmt.Fprintf(b, "Delivery from %s to %s\n", l.Name, oneLine(*h.Address))
		}
		if h.DeliveryNotes != "" {
			fmt.Fprintf(b, "Notes for the driver: %s\n", h.DeliveryNotes)
		}
		fmt.Fprintf(b, "Arriving: %s\n", p.mailWhen(o, o.ReadyAt))
	case ordering.HandoffCurbside:
		fmt.Fprintf(b, "Curbside pickup at %s\n", where)
		if v := h.Vehicle; v != nil {
			fmt.Fprintf(b, "Your car: %s %s %s\n", v.Color, v.Make, v.Model)
		}
		fmt.Fprintf(b, "Ready: %s\n", p.mailWhen(o, o.ReadyAt))
	default:
		fmt.Fprintf(b, "In-store pickup at %s\n", where)
		fmt.Fprintf(b, "Ready: %s\n", p.mailWhen(o, o.ReadyAt))
	}
}

func oneLine(a ordering.Address) string {
	street := a.Street
	if a.Unit != "" {
		street += ", " + a.Unit
	}
	return fmt.Sprintf("%s, %s, %s %s", street, a.City, a.State, a.ZIP)
}

// mailLines writes the lines with their choices, allergens and notes, and the totals;
// a group order's lines under each person's name, in the order they joined.
func mailLines(b *strings.Builder, o ordering.Order) {
	b.WriteString("Your order\n")
	if o.Group == nil {
		for _, l := range o.Products {
			mailLine(b, l)
		}
	} else {
		for _, pt := range o.Group.Participants {
			first := true
			for _, l := range o.Products {
				if l.Participant != pt.ID {
					continue
				}
				if first {
					fmt.Fprintf(b, "\n%s  %s\n", pt.Name, dollars(pt.SubtotalCents))
					first = false
				}
				mailLine(b, l)
			}
		}
	}
	mailTotals(b, o)
}

// mailLine writes one line with its choices, allergens and notes.
func mailLine(b *strings.Builder, l ordering.CartProduct) {
	fmt.Fprintf(b, "%d × %s  %s\n", l.Quantity, l.Name, dollars(l.TotalCents))
	var mods []string
	for _, m := range l.Modifiers {
		if m.Quantity > 1 {
			mods = append(mods, fmt.Sprintf("%d × %s", m.Quantity, m.Name))
		} else {
			mods = append(mods, m.Name)
		}
	}
	if len(mods) > 0 {
		fmt.Fprintf(b, "    %s\n", strings.Join(mods, ", "))
	}
	if l.SpecialInstructions != "" {
		fmt.Fprintf(b, "    “%s”\n", l.SpecialInstructions)
	}
	var contains, diets []string
	for _, m := range l.Markers {
		if slices.Contains(ordering.Diets, m) {
			diets = append(diets, m)
		} else {
			contains = append(contains, m)
		}
	}
	if len(contains) > 0 {
		fmt.Fprintf(b, "    Contains: %s\n", strings.Join(contains, ", "))
	}
	if len(diets) > 0 {
		fmt.Fprintf(b, "    Diet: %s\n", strings.Join(diets, ", "))
	}
	for _, c := range l.CrossContact {
		fmt.Fprintf(b, "    %s\n", c)
	}
}

// mailTotals writes the order's totals.
func mailTotals(b *strings.Builder, o ordering.Order) {
	t := o.Totals
	fmt.Fprintf(b, "\nSubtotal: %s\n", dollars(t.SubtotalCents))
	for _, d := range o.Discounts {
		label := d.Label
		if label == "" {
			label = d.Code
		}
		fmt.Fprintf(b, "%s: −%s\n", label, dollars(d.AmountCents))
	}
	for _, f := range o.Fees {
		fmt.Fprintf(b, "%s: %s\n", f.Label, dollars(f.AmountCents))
	}
	exempt := ""
	if o.TaxExempt {
		exempt = " (exempt)"
	}
	fmt.Fprintf(b, "Tax%s: %s\n", exempt, dollars(t.TaxCents))
	if t.TipCents > 0 {
		fmt.Fprintf(b, "Tip: %s\n", dollars(t.TipCents))
	}
	fmt.Fprintf(b, "Total: %s\n", dollars(t.TotalCents))
}

// mailPayments writes each payment with what became of it (ordering.Describe).
func mailPayments(b *strings.Builder, o ordering.Order) {
	b.WriteString("\nPayment\n")
	for _, pm := range o.Payments {
		fmt.Fprintf(b, "%s: %s (%s)\n", pm.Label, dollars(pm.AmountCents), pm.OutcomeLabel)
	}
}

func (p *Provider) mailFooter(b *strings.Builder, o ordering.Order) {
	fmt.Fprintf(b, "\nOrder id: %s\nFollow your order: %s\nQuestions? Call %s at %s.\n\n%s\n",
		o.ID, p.orderLink(o.ID), o.Location.Name, o.Location.Phone, site.Team)
}

// receiptMail is the receipt of a placed order: its number, where and when, the lines
// with choices and allergens, the totals and the payments.
func (p *Provider) receiptMail(o ordering.Order) outbox.Message {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\nThanks for your order. Your order number is %s.\n\n", greeting(o.Customer.FirstName), numbered(o))
	p.mailPlace(&b, o)
	b.WriteString("\n")
	mailLines(&b, o)
	mailPayments(&b, o)
	p.mailFooter(&b, o)
	return outbox.Message{Kind: "order_receipt", To: o.Customer.Email, Link: p.orderLink(o.ID),
		Subject: fmt.Sprintf("Your %s order %s: receipt", site.BrandName, numbered(o)), Body: b.String()}
}

// readyMail tells the guest the order is ready, in the status's own words.
func (p *Provider) readyMail(o ordering.Order) outbox.Message {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\nOrder %s: %s\n\n", greeting(o.Customer.FirstName), numbered(o), o.StatusMessage)
	p.mailPlace(&b, o)
	p.mailFooter(&b, o)
	return outbox.Message{Kind: "order_ready", To: o.Customer.Email, Link: p.orderLink(o.ID),
		Subject: fmt.Sprintf("Your %s order %s is ready", site.BrandName, numbered(o)), Body: b.String()}
}

// cancelledMail tells the guest the order was cancelled and what became of each payment.
func (p *Provider) cancelledMail(o ordering.Order) outbox.Message {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\nOrder %s: %s\n", greeting(o.Customer.FirstName), numbered(o), o.StatusMessage)
	mailPayments(&b, o)
	p.mailFooter(&b, o)
	return outbox.Message{Kind: "order_cancelled", To: o.Customer.Email, Link: p.orderLink(o.ID),
		Subject: fmt.Sprintf("Your %s order %s was cancelled", site.BrandName, numbered(o)), Body: b.String()}
}
