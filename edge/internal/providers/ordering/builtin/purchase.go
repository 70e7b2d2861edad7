package builtin

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/mail"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store/outbox"
)

// E-gift card purchases (docs/giftcards.md). A purchase is charged at once and kept as
// giftcard-purchase:<id>; its card is issued on the send date, when the recipient's
// email goes out: the number and PIN exist only in that email, Redis keeping the card
// the way it keeps every card (the number's digest, a salted hash of the PIN). A card
// issued at purchase would need its PIN kept until a later send date. Purchases not
// sent yet wait in giftcard-deliveries, a sorted set scored by the moment they are
// due, which DeliverDueGiftCards works through.

// giftNumberPrefix starts the number of every e-gift card; the 10 digits after it are
// random.
const giftNumberPrefix = "600649"

// giftPurchaseKeep is how long a purchase record outlives its send date.
const giftPurchaseKeep = 400 * 24 * time.Hour

func (p *Provider) giftPurchaseKey(id string) string { return p.st.Key("giftcard-purchase", id) }
func (p *Provider) giftDeliveriesKey() string        { return p.st.Key("giftcard-deliveries") }

// storedPurchase is a purchase as Redis keeps it: what the buyer sees and what
// delivery needs.
type storedPurchase struct {
	ordering.GiftCardPurchase
	Owner     string    `json:"owner"`
	MemberID  string    `json:"member_id,omitempty"`
	DeliverAt time.Time `json:"deliver_at"`
	Processor string    `json:"processor"`
	AuthRef   string    `json:"auth_ref"`
	// CardRef is the issued card's reference, once it is issued.
	CardRef string `json:"card_ref,omitempty"`
}

func designName(id string) (string, bool) {
	for _, d := range ordering.GiftCardDesigns {
		if d.ID == id {
			return d.Name, true
		}
	}
	return "", false
}

// emailOK is the rule of an email address a guest types: one address, nothing around
// it, and a dot in its domain.
func emailOK(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s[strings.LastIndex(s, "@"):], ".")
}

func controlChars(s string, newlines bool) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.IsControl(r) && !(newlines && r == '\n') })
}

// checkPurchase checks every field of a purchase and answers it cleaned, with the
// moment its card is due to go out.
func (p *Provider) checkPurchase(in ordering.GiftCardPurchaseInput) (ordering.GiftCardPurchaseInput, time.Time, error) {
	f := map[string]string{}
	if in.AmountCents < ordering.GiftCardMinCents || in.AmountCents > ordering.GiftCardMaxCents || in.AmountCents%100 != 0 {
		f["amount_cents"] = fmt.Sprintf("Choose an amount from $%d to $%d in whole dollars", ordering.GiftCardMinCents/100, ordering.GiftCardMaxCents/100)
	}
	if _, ok := designName(in.Design); !ok {
		f["design"] = "Choose a design"
	}
	in.RecipientName = clean(in.RecipientName, 50, "recipient_name", "the recipient's name", f, true)
	in.RecipientEmail = clean(in.RecipientEmail, 254, "recipient_email", "the recipient's email", f, true)
	in.SenderName = clean(in.SenderName, 50, "sender_name", "your name", f, true)
	in.BuyerEmail = clean(in.BuyerEmail, 254, "buyer_email", "your email for the receipt", f, true)
	for _, e := range []struct{ field, v string }{{"recipient_email", in.RecipientEmail}, {"buyer_email", in.BuyerEmail}} {
		if e.v != "" && f[e.field] == "" && !emailOK(e.v) {
			f[e.field] = "Enter an email address like name@example.com"
		}
	}
	for _, e := range []struct{ field, v string }{{"recipient_name", in.RecipientName}, {"sender_name", in.SenderName}} {
		if f[e.field] == "" && controlChars(e.v, false) {
			f[e.field] = "Use letters, spaces and punctuation only"
		}
	}
	in.Message = strings.TrimSpace(strings.ReplaceAll(in.Message, "\r\n", "\n"))
	switch {
	case utf8.RuneCountInString(in.Message) > ordering.GiftMessageMax:
		f["message"] = fmt.Sprintf("Keep the message to %d characters", ordering.GiftMessageMax)
	case controlChars(in.Message, true):
		f["message"] = "Use letters, spaces and punctuation only"
	case longDigits.MatchString(in.Message):
		f["message"] = "Don't put a card number in the message"
	}
	if in.TimeZone == "" {
		in.TimeZone = ordering.GiftZone
	}
	var due time.Time
	zone, err := time.LoadLocation(in.TimeZone)
	if err != nil || len(in.TimeZone) > 64 || in.TimeZone == "Local" {
		f["send_on"] = "We couldn't tell your time zone; reload the page and try again"
	} else {
		today := p.now().In(zone)
		today = time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, zone)
		day, err := time.ParseInLocation("2006-01-02", in.SendOn, zone)
		switch {
		case err != nil:
			f["send_on"] = "Enter a send date"
		case day.Before(today):
			f["send_on"] = "Choose today or a later date"
		case day.After(today.AddDate(0, 0, ordering.GiftSendAheadDays)):
			f["send_on"] = fmt.Sprintf("Choose a date within %d days", ordering.GiftSendAheadDays)
		}
		due = day
	}
	if err := fault.Fields("Check the gift card details.", f); err != nil {
		return in, time.Time{}, err
	}
	switch in.Payment.Kind {
	case ordering.PayCard, "":
	case ordering.PayGiftCard:
		return in, time.Time{}, fault.New(fault.Rule, "giftcard_not_accepted", "A gift card can't pay for a gift card. Pay by card.").Field("payment", "Pay by card")
	default:
		return in, time.Time{}, fault.New(fault.Invalid, "invalid", "Pay for a gift card by card.").Field("payment", "Pay by card")
	}
	if in.Payment.Processor == "" {
		in.Payment.Processor = "hosted"
	}
	if strings.TrimSpace(in.Payment.Token) == "" || len(in.Payment.Token) > 200 {
		return in, time.Time{}, fault.New(fault.Invalid, "invalid", "Enter your card details.").Field("card", "Enter your card details")
	}
	return in, due, nil
}

// PurchaseGiftCard sells an e-gift card: it checks the purchase, charges the card,
// sends the buyer's receipt, and issues and emails the card now when it is due today.
func (p *Provider) PurchaseGiftCard(ctx context.Context, owner string, in ordering.GiftCardPurchaseInput) (ordering.GiftCardPurchase, error) {
	if !idemRE.MatchString(in.IdempotencyKey) {
		return ordering.GiftCardPurchase{}, fault.New(fault.Invalid, "invalid", "The request is missing its idempotency key.").Field("idempotency_key", "8 to 100 letters, digits, - or _")
	}
	in, due, err := p.checkPurchase(in)
	if err != nil {
		return ordering.GiftCardPurchase{}, err
	}
	if p.cfg.Cards == nil {
		return ordering.GiftCardPurchase{}, fault.New(fault.Unavailable, "cards_unavailable", "Card payments aren't available right now, so gift cards can't be bought. Please try again later.")
	}
	// The key holds "<state> <hash of the request>": it is bound to the purchase it
	// was first sent with, and another purchase with it is refused.
	idem := p.st.Key("idem-giftcard", tag(owner), in.IdempotencyKey)
	hash := requestHash(in)
	ok, err := p.st.Client.SetNX(ctx, idem, "pending "+hash, 24*time.Hour).Result()
	if err != nil {
		return ordering.GiftCardPurchase{}, err
	}
	if !ok {
		v, err := p.st.Client.Get(ctx, idem).Result()
		if err != nil && !errors.Is(err, redis.Nil) {
			return ordering.GiftCardPurchase{}, err
		}
		state, sent, _ := strings.Cut(v, " ")
		if sent != "" && sent != hash {
			return ordering.GiftCardPurchase{}, errKeyReused
		}
		if id, found := strings.CutPrefix(state, "purchase:"); found {
			s, err := p.loadPurchase(ctx, id)
			s.Replayed = err == nil
			return s.GiftCardPurchase, err
		}
		return ordering.GiftCardPurchase{}, fault.New(fault.Conflict, "purchase_in_progress", "We're already buying this gift card. One moment…")
	}
	s, err := p.purchase(ctx, owner, in, due)
	if err != nil {
		p.st.Client.Del(context.WithoutCancel(ctx), idem)
		return ordering.GiftCardPurchase{}, err
	}
	p.st.Client.Set(context.WithoutCancel(ctx), idem, "purchase:"+s.ID+" "+hash, 24*time.Hour)
	return s.GiftCardPurchase, nil
}

// newReference is an order reference a guest can read out: GC- and 10 letters and
// digits without the ones that look alike (0/O, 1/I).
func newReference() string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 10)
	for i := range b {
		n, _ := rand.Int(rand.Reader, big.NewInt(int64(len(alphabet))))
		b[i] = alphabet[n.Int64()]
	}
	return "GC-" + string(b)
}

func (p *Provider) purchase(ctx context.Context, owner string, in ordering.GiftCardPurchaseInput, due time.Time) (storedPurchase, error) {
	id := newReference()
	authRef, label, err := p.cfg.Cards.Authorize(ctx, in.Payment.Processor, strings.TrimSpace(in.Payment.Token), in.AmountCents, id)
	if err != nil {
		if fe, ok := fault.As(err); ok && fe.Fields == nil {
			err = fe.Field("card", fe.Message)
		}
		return storedPurchase{}, err
	}
	now := p.now()
	s := storedPurchase{
		GiftCardPurchase: ordering.GiftCardPurchase{ID: id, Status: ordering.GiftScheduled, AmountCents: in.AmountCents, Design: in.Design,
			RecipientName: in.RecipientName, RecipientEmail: in.RecipientEmail, SenderName: in.SenderName, Message: in.Message,
			SendOn: in.SendOn, TimeZone: in.TimeZone, BuyerEmail: in.BuyerEmail, PaymentLabel: label, CreatedAt: now.Truncate(time.Second)},
		Owner: owner, MemberID: in.MemberID, DeliverAt: due.UTC(), Processor: in.Payment.Processor, AuthRef: authRef,
	}
	if err := p.savePurchase(ctx, s); err != nil {
		_ = p.cfg.Cards.Void(context.WithoutCancel(ctx), s.Processor, authRef)
		return storedPurchase{}, err
	}
	if err := p.st.Client.ZAdd(ctx, p.giftDeliveriesKey(), redis.Z{Score: float64(s.DeliverAt.Unix()), Member: id}).Err(); err != nil {
		p.st.Client.Del(context.WithoutCancel(ctx), p.giftPurchaseKey(id))
		_ = p.cfg.Cards.Void(context.WithoutCancel(ctx), s.Processor, authRef)
		return storedPurchase{}, err
	}
	// A gift card waits on no kitchen: the hold is captured at once.
	if err := p.cfg.Cards.Capture(ctx, s.Processor, authRef); err != nil {
		p.st.Client.ZRem(context.WithoutCancel(ctx), p.giftDeliveriesKey(), id)
		p.st.Client.Del(context.WithoutCancel(ctx), p.giftPurchaseKey(id))
		_ = p.cfg.Cards.Void(context.WithoutCancel(ctx), s.Processor, authRef)
		return storedPurchase{}, err
	}
	// The card is paid for from here on: a receipt or a delivery that fails now is
	// tried again (the receipt by nobody, the delivery by DeliverDueGiftCards), and the
	// buyer is told the purchase went through.
	_ = p.box.Send(context.WithoutCancel(ctx), receipt(s))
	if !s.DeliverAt.After(now) {
		if sent, err := p.deliver(ctx, id); err == nil && sent != nil {
			s = *sent
		}
	}
	return s, nil
}

func (p *Provider) savePurchase(ctx context.Context, s storedPurchase) error {
	raw, err := json.Marshal(&s)
	if err != nil {
		return err
	}
	ttl := time.Until(s.DeliverAt) + giftPurchaseKeep
	if ttl < giftPurchaseKeep {
		ttl = giftPurchaseKeep
	}
	return p.st.Client.Set(ctx, p.giftPurchaseKey(s.ID), raw, ttl).Err()
}

func (p *Provider) loadPurchase(ctx context.Context, id string) (storedPurchase, error) {
	raw, err := p.st.Client.Get(ctx, p.giftPurchaseKey(id)).Bytes()
	if errors.Is(err, redis.Nil) {
		return storedPurchase{}, fault.New(fault.NotFound, "purchase_not_found", "We couldn't find that gift card purchase.")
	}
	if err != nil {
		return storedPurchase{}, err
	}
	var s storedPurchase
	return s, json.Unmarshal(raw, &s)
}

// DeliverDueGiftCards issues and emails every purchased card whose send date has come.
func (p *Provider) DeliverDueGiftCards(ctx context.Context) (int, error) {
	ids, err := p.st.Client.ZRangeByScore(ctx, p.giftDeliveriesKey(), &redis.ZRangeBy{Min: "-inf", Max: strconv.FormatInt(p.now().Unix(), 10), Count: 500}).Result()
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, id := range ids {
		sent, err := p.deliver(ctx, id)
		if err != nil {
			errs = append(errs, fmt.Errorf("gift card %s: %w", id, err))
		} else if sent != nil {
			n++
		}
	}
	return n, errors.Join(errs...)
}

// createGift writes a new card unless its number is taken: KEYS[1] card; ARGV
// balance, salt, PIN hash, purchase id. Returns 1, or 0 when the number is taken.
var createGift = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'balance', ARGV[1], 'pin_salt', ARGV[2], 'pin_hash', ARGV[3], 'purchase', ARGV[4])
return 1`)

func randomDigits(n int) string {
	b := make([]byte, n)
	for i := range b {
		d, _ := rand.Int(rand.Reader, big.NewInt(10))
		b[i] = byte('0' + d.Int64())
	}
	return string(b)
}

// deliver issues the card of a due purchase and emails it to the recipient. Taking the
// purchase off giftcard-deliveries is what lets one caller deliver it (two edges'
// jobs, or the purchase and a job): the others find it gone and answer nil. A failure
// puts it back, for the next round.
func (p *Provider) deliver(ctx context.Context, id string) (*storedPurchase, error) {
	taken, err := p.st.Client.ZRem(ctx, p.giftDeliveriesKey(), id).Result()
	if err != nil || taken == 0 {
		return nil, err
	}
	s, err := p.loadPurchase(ctx, id)
	if err != nil {
		if fault.Is(err, fault.NotFound) {
			return nil, nil // expired long ago; nothing left to send
		}
		p.retryLater(ctx, id, s.DeliverAt)
		return nil, err
	}
	number, pin, err := p.issueGift(ctx, s)
	if err != nil {
		p.retryLater(ctx, id, s.DeliverAt)
		return nil, err
	}
	if err := p.box.Send(ctx, giftEmail(s, number, pin)); err != nil {
		p.st.Client.Del(context.WithoutCancel(ctx), p.giftKey(giftRef(number)))
		p.retryLater(ctx, id, s.DeliverAt)
		return nil, err
	}
	sentAt := p.now().Truncate(time.Second)
	s.Status, s.SentAt, s.Last4, s.CardRef = ordering.GiftSent, &sentAt, number[len(number)-4:], giftRef(number)
	if err := p.savePurchase(context.WithoutCancel(ctx), s); err != nil {
		return nil, err // the email went out: the record says scheduled, which a reader may retry to find
	}
	if s.MemberID != "" {
		// The buyer's wallet keeps the card; a full wallet leaves it out (the
		// recipient's email is the card).
		_ = p.keepForBuyer(context.WithoutCancel(ctx), s, number[len(number)-4:])
	}
	return &s, nil
}

func (p *Provider) retryLater(ctx context.Context, id string, at time.Time) {
	p.st.Client.ZAdd(context.WithoutCancel(ctx), p.giftDeliveriesKey(), redis.Z{Score: float64(at.Unix()), Member: id})
}

// issueGift makes the card of a purchase: a new number, a PIN, and the balance.
func (p *Provider) issueGift(ctx context.Context, s storedPurchase) (number, pin string, err error) {
	for range 5 {
		number = giftNumberPrefix + randomDigits(10)
		pin = randomDigits(4)
		salt := newSalt()
		n, err := createGift.Run(ctx, p.st.Client, []string{p.giftKey(giftRef(number))}, s.AmountCents, salt, pinHash(salt, pin), s.ID).Int()
		if err != nil {
			return "", "", err
		}
		if n == 1 {
			return number, pin, nil
		}
	}
	return "", "", errors.New("ordering: no free gift card number after 5 tries")
}

// keepForBuyer adds an issued card to the buyer's saved gift cards, named for the
// recipient.
func (p *Provider) keepForBuyer(ctx context.Context, s storedPurchase, last4 string) error {
	token := newID("gc_")
	raw, err := json.Marshal(giftToken{Ref: s.CardRef, Last4: last4})
	if err != nil {
		return err
	}
	if err := p.st.Client.Set(ctx, p.giftTokenKey(token), raw, 0).Err(); err != nil {
		return err
	}
	first, _, _ := strings.Cut(s.RecipientName, " ")
	nickname := "Gift for " + first
	if utf8.RuneCountInString(nickname) > 30 {
		nickname = string([]rune(nickname)[:30])
	}
	if longDigits.MatchString(nickname) {
		nickname = "Gift card"
	}
	saved, err := json.Marshal(savedGift{Token: token, Ref: s.CardRef, Last4: last4, Nickname: nickname, CreatedAt: p.now().Truncate(time.Second)})
	if err != nil {
		return err
	}
	n, err := saveGift.Run(ctx, p.st.Client, []string{p.savedGiftsKey(s.MemberID)}, "gcard_"+s.CardRef[:20], saved, MaxSavedGiftCards).Int()
	if err == nil && n != 1 {
		err = errors.New("ordering: the buyer's wallet is full")
	}
	if err != nil {
		p.st.Client.Del(ctx, p.giftTokenKey(token))
	}
	return err
}

func dollars(cents int64) string { return fmt.Sprintf("$%d.%02d", cents/100, cents%100) }

// groupDigits writes a card number in groups of four.
func groupDigits(n string) string {
	var b strings.Builder
	for i, r := range n {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func sendDay(s storedPurchase) string {
	if d, err := time.Parse("2006-01-02", s.SendOn); err == nil {
		return d.Format("Monday, January 2, 2006")
	}
	return s.SendOn
}

// giftEmail is the recipient's email: the card's number, PIN, amount and design, and
// the sender's message.
func giftEmail(s storedPurchase, number, pin string) outbox.Message {
	design, _ := designName(s.Design)
	var b strings.Builder
	fmt.Fprintf(&b, "Hi %s,\n\n%s sent you a %s Henhouse e-gift card (%s design).\n", s.RecipientName, s.SenderName, dollars(s.AmountCents), design)
	if s.Message != "" {
		fmt.Fprintf(&b, "\nTheir message:\n%s\n", s.Message)
	}
	fmt.Fprintf(&b, "\nCard number: %s\nPIN: %s\nAmount: %s\n\nUse it online at checkout or in any Henhouse restaurant. It never expires.\n", groupDigits(number), pin, dollars(s.AmountCents))
	return outbox.Message{Kind: "gift_card", To: s.RecipientEmail, Subject: fmt.Sprintf("%s sent you a %s Henhouse gift card", s.SenderName, dollars(s.AmountCents)), Body: b.String()}
}

// receipt is the buyer's receipt: what was bought and for whom, never the card's
// number or PIN.
func receipt(s storedPurchase) outbox.Message {
	design, _ := designName(s.Design)
	body := fmt.Sprintf("Thanks for your order.\n\nOrder reference: %s\nE-gift card: %s (%s design)\nTo: %s <%s>\nFrom: %s\nSend date: %s\nPaid with: %s\nTotal: %s\n\nWe email the card to %s on the send date.\n",
		s.ID, dollars(s.AmountCents), design, s.RecipientName, s.RecipientEmail, s.SenderName, sendDay(s), s.PaymentLabel, dollars(s.AmountCents), s.RecipientName)
	return outbox.Message{Kind: "gift_card_receipt", To: s.BuyerEmail, Subject: "Your Henhouse gift card order " + s.ID, Body: body}
}
