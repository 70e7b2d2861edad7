package builtin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"regexp"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// MaxPayments on one order.
const MaxPayments = 5

var (
	idemRE  = regexp.MustCompile(`^[A-Za-z0-9_-]{8,100}$`)
	digitRE = regexp.MustCompile(`\D`)
	giftRE  = regexp.MustCompile(`^\d{12,19}$`)
	pinRE   = regexp.MustCompile(`^\d{4,8}$`)
)

// take one unit of slot capacity unless full: KEYS[1] slot, ARGV[1] capacity, ARGV[2] ttl s.
var takeSlot = redis.NewScript(`
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then return -1 end
n = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return n`)

// debit a gift card: KEYS[1] card hash, ARGV[1] pin, ARGV[2] amount → new balance,
// -1 wrong pin, -2 not enough, -3 unknown card.
var debitGift = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return -3 end
if redis.call('HGET', KEYS[1], 'pin') ~= ARGV[1] then return -1 end
local b = tonumber(redis.call('HGET', KEYS[1], 'balance'))
local a = tonumber(ARGV[2])
if b < a then return -2 end
return redis.call('HINCRBY', KEYS[1], 'balance', -a)`)

// charge a house account: KEYS[1] spend counter, ARGV[1] amount, ARGV[2] limit.
var chargeHouse = redis.NewScript(`
local s = tonumber(redis.call('GET', KEYS[1]) or '0')
if s + tonumber(ARGV[1]) > tonumber(ARGV[2]) then return -1 end
return redis.call('INCRBY', KEYS[1], ARGV[1])`)

func (p *Provider) orderKey(id string) string { return p.st.Key("order", id) }

// GiftCardBalance checks a gift card's balance.
func (p *Provider) GiftCardBalance(ctx context.Context, number, pin string) (ordering.GiftCardBalance, error) {
	number = digitRE.ReplaceAllString(number, "")
	if !giftRE.MatchString(number) || !pinRE.MatchString(pin) {
		return ordering.GiftCardBalance{}, fault.New(fault.Invalid, "invalid", "Enter the gift card number and PIN from the back of the card.").Field("number", "12 to 19 digits").Field("pin", "4 to 8 digits")
	}
	vals, err := p.st.Client.HMGet(ctx, p.giftKey(number), "pin", "balance").Result()
	if err != nil {
		return ordering.GiftCardBalance{}, err
	}
	if vals[0] == nil || vals[0].(string) != pin {
		return ordering.GiftCardBalance{}, fault.New(fault.Rule, "giftcard_invalid", "We couldn't find a gift card with that number and PIN.").Field("number", "Check the number and PIN")
	}
	var bal int64
	fmt.Sscan(vals[1].(string), &bal)
	return ordering.GiftCardBalance{Last4: number[len(number)-4:], BalanceCents: bal}, nil
}

// Order returns a placed order.
func (p *Provider) Order(ctx context.Context, id string) (ordering.Order, error) {
	if len(id) > 64 || id == "" {
		return ordering.Order{}, notFound("order_not_found", "We couldn't find that order.")
	}
	raw, err := p.st.Client.Get(ctx, p.orderKey(id)).Bytes()
	if errors.Is(err, redis.Nil) {
		return ordering.Order{}, notFound("order_not_found", "We couldn't find that order.")
	}
	if err != nil {
		return ordering.Order{}, err
	}
	var o ordering.Order
	return o, json.Unmarshal(raw, &o)
}

func checkCustomer(c ordering.Customer) (ordering.Customer, error) {
	f := map[string]string{}
	c.FirstName = clean(c.FirstName, 50, "customer.firstName", "your first name", f, true)
	c.LastName = clean(c.LastName, 50, "customer.lastName", "your last name", f, true)
	c.Email = clean(c.Email, 254, "customer.email", "your email", f, true)
	if c.Email != "" && f["customer.email"] == "" {
		if a, err := mail.ParseAddress(c.Email); err != nil || a.Address != c.Email || !strings.Contains(c.Email[strings.LastIndex(c.Email, "@"):], ".") {
			f["customer.email"] = "Enter an email address like name@example.com"
		}
	}
	phone := digitRE.ReplaceAllString(c.Phone, "")
	if len(phone) == 11 && phone[0] == '1' {
		phone = phone[1:]
	}
	if len(phone) != 10 {
		f["customer.phone"] = "Enter a 10-digit phone number"
	}
	c.Phone = phone
	return c, fault.Fields("Check your contact details.", f)
}

type charged struct {
	kind, key, processor, ref string
	amount                    int64
}

// Submit validates everything again and places the order. The idempotency key makes
// a repeated submit (a double click, a retried request) return the same order.
func (p *Provider) Submit(ctx context.Context, owner string, in ordering.SubmitInput) (ordering.Order, error) {
	if !idemRE.MatchString(in.IdempotencyKey) {
		return ordering.Order{}, fault.New(fault.Invalid, "invalid", "The request is missing its idempotency key.").Field("idempotencyKey", "8 to 100 letters, digits, - or _")
	}
	idem := p.st.Key("idem", owner, in.IdempotencyKey)
	ok, err := p.st.Client.SetNX(ctx, idem, "pending", 24*time.Hour).Result()
	if err != nil {
		return ordering.Order{}, err
	}
	if !ok {
		v, err := p.st.Client.Get(ctx, idem).Result()
		if err != nil && !errors.Is(err, redis.Nil) {
			return ordering.Order{}, err
		}
		if id, found := strings.CutPrefix(v, "order:"); found {
			return p.Order(ctx, id)
		}
		return ordering.Order{}, fault.New(fault.Conflict, "order_in_progress", "We're already placing this order. One moment…")
	}
	o, err := p.place(ctx, owner, in)
	if err != nil {
		p.st.Client.Del(ctx, idem)
		return ordering.Order{}, err
	}
	p.st.Client.Set(ctx, idem, "order:"+o.ID, 24*time.Hour)
	return o, nil
}

func (p *Provider) place(ctx context.Context, owner string, in ordering.SubmitInput) (ordering.Order, error) {
	c, _, err := p.load(ctx, owner)
	if err != nil {
		return ordering.Order{}, err
	}
	l, _, err := p.cartContext(&c)
	if err != nil {
		return ordering.Order{}, err
	}
	p.price(&c, l)
	if len(c.Products) == 0 {
		return ordering.Order{}, fault.New(fault.Rule, "cart_empty", "Your bag is empty.")
	}
	cust, err := checkCustomer(in.Customer)
	if err != nil {
		return ordering.Order{}, err
	}
	if !handoffOffered(l, c.Handoff.Mode) {
		return ordering.Order{}, fault.New(fault.Rule, "handoff_unavailable", "%s doesn't offer %s.", l.Name, modeLabel(c.Handoff.Mode))
	}
	switch c.Handoff.Mode {
	case ordering.HandoffDelivery:
		if c.Handoff.Address == nil {
			return ordering.Order{}, fault.New(fault.Rule, "address_required", "Add a delivery address.")
		}
		if _, ok := delivers(l, c.Handoff.Lat, c.Handoff.Lng); !ok {
			return ordering.Order{}, fault.New(fault.Rule, "outside_delivery_area", "That address is outside %s's delivery area.", l.Name)
		}
		if c.Totals.SubtotalCents < l.Services.DeliveryMinimumCents {
			return ordering.Order{}, fault.New(fault.Rule, "below_delivery_minimum", "Delivery orders need a subtotal of at least $%.2f.", float64(l.Services.DeliveryMinimumCents)/100)
		}
	case ordering.HandoffCurbside:
		if c.Handoff.Vehicle == nil || c.Handoff.Vehicle.Make == "" || c.Handoff.Vehicle.Model == "" || c.Handoff.Vehicle.Color == "" {
			return ordering.Order{}, fault.New(fault.Rule, "vehicle_required", "Tell us the make, model and colour of your car for curbside pickup.")
		}
	}
	if c.Coupon != "" {
		if cp, ok := p.cat.coupons[c.Coupon]; !ok || (cp.Expires != nil && !p.now().Before(*cp.Expires)) {
			return ordering.Order{}, fault.New(fault.Rule, "coupon_expired", "Your coupon has expired. Remove it to continue.")
		}
	}
	now := p.now()
	readyAt, err := p.cat.checkTime(l, c.Time, now)
	if err != nil {
		return ordering.Order{}, err
	}
	plan, err := p.planPayments(ctx, l, &c, cust, in.Payments)
	if err != nil {
		return ordering.Order{}, err
	}

	// Side effects from here on; each is undone if a later one fails.
	slotAt := ceilTo(readyAt, time.Duration(l.SlotMinutes)*time.Minute)
	slot := p.slotKey(l.ID, slotAt)
	ttl := int(time.Until(slotAt).Seconds()) + 86400
	if ttl < 86400 {
		ttl = 86400
	}
	n, err := takeSlot.Run(ctx, p.st.Client, []string{slot}, l.SlotCapacity, ttl).Int64()
	if err != nil {
		return ordering.Order{}, err
	}
	if n < 0 {
		return ordering.Order{}, fault.New(fault.Conflict, "slot_full", "That time just filled up. Choose another time.").Field("time", "Full")
	}
	var done []charged
	undo := func() {
		for _, ch := range done {
			switch ch.kind {
			case ordering.PayGiftCard:
				p.st.Client.HIncrBy(ctx, ch.key, "balance", ch.amount)
			case ordering.PayHouse:
				p.st.Client.DecrBy(ctx, ch.key, ch.amount)
			case ordering.PayCard:
				_ = p.cfg.Cards.Void(ctx, ch.processor, ch.ref)
			}
		}
		p.st.Client.Decr(ctx, slot)
	}
	orderID := newID("o_")
	records := []ordering.PaymentRecord{}
	for i, pm := range plan {
		rec := ordering.PaymentRecord{Kind: pm.Kind, AmountCents: pm.AmountCents}
		switch pm.Kind {
		case ordering.PayGiftCard:
			num := digitRE.ReplaceAllString(pm.Number, "")
			key := p.giftKey(num)
			r, err := debitGift.Run(ctx, p.st.Client, []string{key}, pm.PIN, pm.AmountCents).Int64()
			if err == nil && r < 0 {
				err = fault.New(fault.Rule, "giftcard_insufficient", "Gift card •••• %s doesn't have enough on it any more.", num[len(num)-4:])
			}
			if err != nil {
				undo()
				return ordering.Order{}, err
			}
			done = append(done, charged{kind: pm.Kind, key: key, amount: pm.AmountCents})
			rec.Label = "Gift card •••• " + num[len(num)-4:]
		case ordering.PayHouse:
			h := p.cat.houses[pm.AccountID]
			key := p.st.Key("house-spend", h.ID)
			r, err := chargeHouse.Run(ctx, p.st.Client, []string{key}, pm.AmountCents, h.CreditLimitCents).Int64()
			if err == nil && r < 0 {
				err = fault.New(fault.Rule, "house_account_limit", "This order is over the house account's remaining credit.")
			}
			if err != nil {
				undo()
				return ordering.Order{}, err
			}
			done = append(done, charged{kind: pm.Kind, key: key, amount: pm.AmountCents})
			rec.Label = "House account: " + h.Name
			rec.Reference = pm.PONumber
		case ordering.PayCard:
			ref, label, err := p.cfg.Cards.Authorize(ctx, pm.Processor, pm.Token, pm.AmountCents, fmt.Sprintf("%s-%d", orderID, i))
			if err != nil {
				undo()
				return ordering.Order{}, err
			}
			done = append(done, charged{kind: pm.Kind, processor: pm.Processor, ref: ref, amount: pm.AmountCents})
			rec.Label, rec.Reference = label, ref
		case ordering.PayInStore:
			rec.Label = "Pay in store"
		}
		records = append(records, rec)
	}
	o := ordering.Order{ID: orderID, Status: "placed", LocationID: l.ID, Location: p.withStatus(*l), MenuID: c.MenuID,
		Products: c.Products, Handoff: c.Handoff, Time: c.Time, ReadyAt: readyAt.UTC(), Discounts: c.Discounts, Fees: c.Fees,
		Totals: c.Totals, Payments: records, Customer: cust, Utensils: c.Utensils, TaxExempt: c.TaxExemptID != "",
		PlacedAt: now, MemberID: c.MemberID, CustomFields: c.CustomFields}
	raw, err := json.Marshal(&o)
	if err != nil {
		undo()
		return ordering.Order{}, err
	}
	_, err = p.st.Client.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
		pipe.Set(ctx, p.orderKey(o.ID), raw, 0)
		pipe.LPush(ctx, p.st.Key("visitor-orders", owner), o.ID)
		pipe.LTrim(ctx, p.st.Key("visitor-orders", owner), 0, 99)
		pipe.Del(ctx, p.cartKey(owner))
		return nil
	})
	if err != nil {
		undo()
		return ordering.Order{}, err
	}
	return o, nil
}

// planPayments checks every payment and resolves the one "rest" amount.
func (p *Provider) planPayments(ctx context.Context, l *ordering.Location, c *ordering.Cart, cust ordering.Customer, in []ordering.PaymentInput) ([]ordering.PaymentInput, error) {
	total := c.Totals.TotalCents
	if len(in) == 0 {
		return nil, fault.New(fault.Invalid, "payment_required", "Choose how you'd like to pay.").Field("payments", "required")
	}
	if len(in) > MaxPayments {
		return nil, fault.New(fault.Invalid, "invalid", "Split a payment across at most %d methods.", MaxPayments).Field("payments", "too many")
	}
	rest := -1
	var sum int64
	for i, pm := range in {
		if pm.AmountCents < 0 {
			return nil, fault.New(fault.Invalid, "invalid", "Payment amounts can't be negative.").Field(fmt.Sprintf("payments.%d.amountCents", i), "negative")
		}
		if pm.AmountCents == 0 {
			if rest >= 0 {
				return nil, fault.New(fault.Invalid, "invalid", "Only one payment can cover the rest of the total.").Field(fmt.Sprintf("payments.%d.amountCents", i), "set an amount")
			}
			rest = i
		}
		sum += pm.AmountCents
	}
	out := append([]ordering.PaymentInput(nil), in...)
	if rest >= 0 {
		out[rest].AmountCents = total - sum
		if out[rest].AmountCents <= 0 && total > 0 {
			return nil, fault.New(fault.Invalid, "invalid", "Your payments already cover the total; remove the extra one.").Field(fmt.Sprintf("payments.%d", rest), "not needed")
		}
		sum = total
	}
	if sum != total {
		return nil, fault.New(fault.Invalid, "payment_total_mismatch", "Your payments add up to $%.2f but the total is $%.2f.", float64(sum)/100, float64(total)/100).Field("payments", "must add up to the total")
	}
	gifts := map[string]bool{}
	for i, pm := range out {
		field := fmt.Sprintf("payments.%d", i)
		switch pm.Kind {
		case ordering.PayCard:
			if p.cfg.Cards == nil {
				return nil, fault.New(fault.Unavailable, "cards_unavailable", "Card payments aren't available right now. Choose another way to pay.")
			}
			if pm.Token == "" || pm.Processor == "" {
				return nil, fault.New(fault.Invalid, "invalid", "Enter your card details again.").Field(field+".token", "required")
			}
		case ordering.PayGiftCard:
			num := digitRE.ReplaceAllString(pm.Number, "")
			if gifts[num] {
				return nil, fault.New(fault.Invalid, "invalid", "That gift card is listed twice.").Field(field+".number", "duplicate")
			}
			gifts[num] = true
			bal, err := p.GiftCardBalance(ctx, pm.Number, pm.PIN)
			if err != nil {
				return nil, err
			}
			if bal.BalanceCents < pm.AmountCents {
				return nil, fault.New(fault.Rule, "giftcard_insufficient", "Gift card •••• %s has $%.2f on it. Pay the rest another way.", bal.Last4, float64(bal.BalanceCents)/100).Field(field+".amountCents", "more than the balance")
			}
		case ordering.PayHouse:
			h, ok := p.cat.houses[pm.AccountID]
			if !ok {
				return nil, fault.New(fault.Rule, "house_account_invalid", "We couldn't find that house account.").Field(field+".accountId", "unknown account")
			}
			domain := strings.ToLower(cust.Email[strings.LastIndex(cust.Email, "@")+1:])
			allowed := false
			for _, d := range h.AllowedEmailDomains {
				allowed = allowed || d == domain
			}
			if !allowed {
				return nil, fault.New(fault.Forbidden, "house_account_forbidden", "Your email address isn't authorised to charge %s.", h.Name).Field(field+".accountId", "not authorised")
			}
			if strings.TrimSpace(pm.PONumber) == "" && h.RequiresPO {
				return nil, fault.New(fault.Invalid, "invalid", "Enter a purchase order number for %s.", h.Name).Field(field+".poNumber", "Enter a PO number")
			}
			if len(pm.PONumber) > 40 {
				return nil, fault.New(fault.Invalid, "invalid", "The PO number can be at most 40 characters.").Field(field+".poNumber", "too long")
			}
		case ordering.PayInStore:
			if l.PayInStoreMaxCents <= 0 {
				return nil, fault.New(fault.Rule, "pay_in_store_unavailable", "%s doesn't take payment in store for online orders.", l.Name)
			}
			if c.Handoff.Mode == ordering.HandoffDelivery {
				return nil, fault.New(fault.Rule, "pay_in_store_unavailable", "Pay in store isn't available for delivery.")
			}
			if pm.AmountCents > l.PayInStoreMaxCents {
				return nil, fault.New(fault.Rule, "pay_in_store_limit", "Pay in store is for orders up to $%.2f.", float64(l.PayInStoreMaxCents)/100).Field(field+".amountCents", "over the limit")
			}
		default:
			return nil, fault.New(fault.Invalid, "invalid", "Choose card, gift card, house account or pay in store.").Field(field+".kind", "unknown payment kind")
		}
	}
	return out, nil
}
