package builtin

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
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
	// longDigits is a card number written into a field that should not hold one.
	longDigits = regexp.MustCompile(`\d[\d -]{10,}\d`)
)

// take one unit of slot capacity unless full: KEYS[1] slot, ARGV[1] capacity, ARGV[2] ttl s.
var takeSlot = redis.NewScript(`
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then return -1 end
n = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return n`)

// debit a gift card: KEYS[1] card, ARGV[1] the PIN hash given, or "" for a card
// named by its token, ARGV[2] amount → new balance, -1 wrong PIN, -2 not enough,
// -3 unknown card.
var debitGift = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return -3 end
if ARGV[1] ~= '' and redis.call('HGET', KEYS[1], 'pin_hash') ~= ARGV[1] then return -1 end
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

func (p *Provider) houseSpendKey(accountID string) string { return p.st.Key("house-spend", accountID) }

func checkCustomer(c ordering.Customer) (ordering.Customer, error) {
	f := map[string]string{}
	c.FirstName = clean(c.FirstName, 50, "customer.first_name", "your first name", f, true)
	c.LastName = clean(c.LastName, 50, "customer.last_name", "your last name", f, true)
	c.Email = clean(c.Email, 254, "customer.email", "your email", f, true)
	if c.Email != "" && f["customer.email"] == "" && !emailOK(c.Email) {
		f["customer.email"] = "Enter an email address like name@example.com"
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

// Submit validates everything again and places the order. The idempotency key names
// the order (checkoutOrderID): a repeated submit (a double click, a retried request, a
// retry after an edge stopped mid-submit) returns that one order, and its card
// payments reuse the authorizations an earlier attempt made.
func (p *Provider) Submit(ctx context.Context, owner string, in ordering.SubmitInput) (ordering.Order, error) {
	if !idemRE.MatchString(in.IdempotencyKey) {
		return ordering.Order{}, fault.New(fault.Invalid, "invalid", "The request is missing its idempotency key.").Field("idempotency_key", "8 to 100 letters, digits, - or _")
	}
	idem := p.st.Key("idem", tag(owner), in.IdempotencyKey)
	// A cart becomes at most one order: submits of one cart with different idempotency
	// keys (two tabs, a script) wait their turn on the cart's lock, and the one that
	// loses finds the cart already gone once the first has placed it. The key is
	// marked pending with the lock and for as long, so an edge that stops mid-submit
	// holds neither for longer than the lock.
	lock := p.submitLockKey(owner)
	held := newID("l_")
	ttl := p.cfg.SubmitLockTTL
	tries := idem + ":failed"
	orderID := checkoutOrderID(owner, in.IdempotencyKey)
	// The key is bound to this request: its body and the cart it places. The cart is
	// read now; none (an earlier attempt placed it) is the same cart.
	cartID := ""
	if c, _, err := p.load(ctx, owner); err == nil {
		cartID = c.ID
	} else if !fault.Is(err, fault.NotFound) {
		return ordering.Order{}, err
	}
	v, err := beginSubmit.Run(ctx, p.st.Client, []string{idem, lock, tries, p.lastCheckoutKey(owner), idem + ":request"},
		held, ttl.Milliseconds(), orderID, idemTTL.Milliseconds(), requestHash(in), cartID).Text()
	if err != nil {
		return ordering.Order{}, err
	}
	switch {
	case v == "reused":
		return ordering.Order{}, errKeyReused
	case v == "pending":
		return ordering.Order{}, fault.New(fault.Conflict, "order_in_progress", "We're already placing this order. One moment…")
	case v == "locked":
		return ordering.Order{}, fault.New(fault.Conflict, "order_in_progress", "We're already placing an order from this cart. One moment…")
	case strings.HasPrefix(v, "order:"):
		o, err := p.Order(ctx, strings.TrimPrefix(v, "order:"), ordering.Viewer{Owner: owner, MemberID: in.MemberID})
		o.Replayed = err == nil
		return o, err
	}
	failed, prev, _ := strings.Cut(strings.TrimPrefix(v, "ok:"), ":")
	defer releaseLock.Run(context.WithoutCancel(ctx), p.st.Client, []string{lock}, held)
	// An earlier attempt with this key, or the owner's last attempt with another key
	// (the guest gave up on one that stopped), may have stored its order and stopped
	// before clearing the cart: that is the cart's order. This key's own may also have
	// been given up by the sweep.
	for _, id := range []string{prev, orderID} {
		if id == "" {
			continue
		}
		s, err := p.readCheckout(ctx, id)
		switch {
		case err == nil:
			if err := p.settle(ctx, owner, idem, id); err != nil {
				return ordering.Order{}, err
			}
			o := p.lifecycle(&s)
			o.Replayed = true
			return o, nil
		case errors.Is(err, errCheckoutExpired) && id == prev:
		case !errors.Is(err, errNoOrder):
			p.dropPending(ctx, owner, idem, tries, orderID)
			return ordering.Order{}, err
		}
	}
	// Placing ends well inside the lock's lifetime, so the sweep, which waits out the
	// lock, never voids an authorization a live submit is about to use.
	pctx, cancel := context.WithTimeout(ctx, ttl/2)
	defer cancel()
	o, err := p.place(pctx, owner, in, orderID, idem, failed)
	if err != nil {
		p.dropPending(ctx, owner, idem, tries, orderID)
		return ordering.Order{}, err
	}
	return o, nil
}

// errKeyReused refuses an Idempotency-Key sent again with another request: answering
// it with the first request's order would leave the new one silently not done.
var errKeyReused = fault.New(fault.Rule, "idempotency_key_reused", "This Idempotency-Key was already used for a different request.")

// requestHash is what binds an idempotency key to its request: a hash of the request
// as decoded (the same body, sent twice, hashes the same whatever its spacing or the
// order of its fields).
func requestHash(v any) string {
	b, _ := json.Marshal(v)
	h := sha256.Sum256(b)
	return base64.RawURLEncoding.EncodeToString(h[:16])
}

// DefaultSubmitLockTTL is Config.SubmitLockTTL's default.
const DefaultSubmitLockTTL = 30 * time.Second

// idemTTL is how long an idempotency key answers with its order.
const idemTTL = 24 * time.Hour

func (p *Provider) submitLockKey(owner string) string { return p.st.Key("submit-lock", tag(owner)) }

// checkoutOrderID names the order an owner's idempotency key places: every attempt
// with the key writes the same order key, so no two of them can both place an order.
func checkoutOrderID(owner, key string) string {
	h := sha256.Sum256([]byte(owner + "\x00" + key))
	return "o_" + base64.RawURLEncoding.EncodeToString(h[:12])
}

// beginSubmit: KEYS[1] the idempotency key, KEYS[2] the cart's lock, KEYS[3] the
// key's count of failed attempts, KEYS[4] the owner's last checkout, KEYS[5] the
// request the key was sent with, ARGV[1] the lock's holder, ARGV[2] TTL ms, ARGV[3]
// the key's order id, ARGV[4] the last checkout's TTL ms (the key's too), ARGV[5]
// the request's hash, ARGV[6] its cart id ("" when the owner has none). It answers
// "reused" when the key is in use (pending or placed) for another request: another
// hash, or another cart than the one it placed (no cart is the same: the order took
// it); "order:<id>" for a key that placed an order, "pending" or "locked" when
// another submit is under way, else takes the lock and marks the key pending, both
// for the TTL, binds the key to the request, records this checkout as the owner's
// last and answers "ok:<failed attempts>:<the previous last checkout's order id, or "">".
var beginSubmit = redis.NewScript(`
local v = redis.call('GET', KEYS[1])
if v then
  local req = redis.call('GET', KEYS[5])
  if req then
    local sp = string.find(req, ' ', 1, true)
    if string.sub(req, 1, sp - 1) ~= ARGV[5] or (ARGV[6] ~= '' and string.sub(req, sp + 1) ~= ARGV[6]) then
      return 'reused'
    end
  end
  if string.sub(v, 1, 6) == 'order:' then return v end
  return 'pending'
end
if not redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return 'locked' end
redis.call('SET', KEYS[1], 'pending', 'PX', ARGV[2])
redis.call('SET', KEYS[5], ARGV[5] .. ' ' .. ARGV[6], 'PX', ARGV[4])
local prev = redis.call('GET', KEYS[4])
if prev == ARGV[3] then prev = '' end
redis.call('SET', KEYS[4], ARGV[3], 'PX', ARGV[4])
return 'ok:' .. (redis.call('GET', KEYS[3]) or '0') .. ':' .. (prev or '')`)

// lastCheckoutKey names the order of the owner's latest submit until it is settled
// or refused: a submit with a new key finishes that order rather than placing the
// cart a second time.
func (p *Provider) lastCheckoutKey(owner string) string { return p.st.Key("checkout", tag(owner)) }

// dropPending frees an idempotency key whose submit failed, so the guest can fix what
// was refused and send it again; a key that meanwhile answers with an order is kept.
// The failed attempt is counted: the card authorizations it voided were made with
// keys naming it, and the next attempt's keys name the next one (a card processor
// answers a key it has seen with the same, now voided, authorization).
func (p *Provider) dropPending(ctx context.Context, owner, idem, tries, orderID string) {
	dropIfPending.Run(context.WithoutCancel(ctx), p.st.Client, []string{idem, tries, p.lastCheckoutKey(owner), idem + ":request"}, idemTTL.Milliseconds(), orderID)
}

// dropIfPending frees the key and the request it was bound to (the guest may send
// the key again with what was refused fixed).
var dropIfPending = redis.NewScript(`
if redis.call('GET', KEYS[3]) == ARGV[2] then redis.call('DEL', KEYS[3]) end
if redis.call('GET', KEYS[1]) ~= 'pending' then return 0 end
redis.call('DEL', KEYS[1], KEYS[4])
redis.call('INCR', KEYS[2])
return redis.call('PEXPIRE', KEYS[2], ARGV[1])`)

// abandoned is what the sweep writes in place of an order no submit stored in time:
// the key's order can then never be placed, and the card hold it took is voided.
const abandoned = "abandoned"

var errCheckoutExpired = fault.New(fault.Conflict, "checkout_expired",
	"We couldn't finish placing this order, so we cancelled it and released any hold on your card. Please place your order again.")

// readCheckout reads the order a checkout key names: errNoOrder when none was stored,
// errCheckoutExpired when the sweep gave it up.
func (p *Provider) readCheckout(ctx context.Context, orderID string) (storedOrder, error) {
	raw, err := p.st.Client.Get(ctx, p.orderKey(orderID)).Result()
	if errors.Is(err, redis.Nil) {
		return storedOrder{}, errNoOrder
	}
	if err != nil {
		return storedOrder{}, err
	}
	if raw == abandoned {
		return storedOrder{}, errCheckoutExpired
	}
	var s storedOrder
	return s, json.Unmarshal([]byte(raw), &s)
}

// settle makes a stored order the owner's: it is listed as their latest, the cart is
// cleared and the idempotency key answers with it, all at once (the owner's slot).
func (p *Provider) settle(ctx context.Context, owner, idem, orderID string) error {
	list := p.visitorOrdersKey(owner)
	_, err := p.st.Client.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
		pipe.LRem(ctx, list, 0, orderID)
		pipe.LPush(ctx, list, orderID)
		pipe.LTrim(ctx, list, 0, 99)
		pipe.Del(ctx, p.cartKey(owner), p.groupContactsKey(owner))
		pipe.Set(ctx, idem, "order:"+orderID, idemTTL)
		pipe.Del(ctx, p.lastCheckoutKey(owner))
		return nil
	})
	p.recent.drop(owner)
	return err
}

// releaseLock deletes KEYS[1] if it still holds ARGV[1] (a lock that outlived its TTL
// and was taken by another submit is left alone).
var releaseLock = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`)

// place stores the order orderID from the owner's cart; failed (the key's failed
// attempts so far) names this attempt's card authorizations.
func (p *Provider) place(ctx context.Context, owner string, in ordering.SubmitInput, orderID, idem, failed string) (ordering.Order, error) {
	c, _, err := p.load(ctx, owner)
	if err != nil {
		return ordering.Order{}, err
	}
	l, mi, err := p.cartContext(&c)
	if err != nil {
		return ordering.Order{}, err
	}
	p.price(&c, l)
	now := p.now()
	// The same rules, in the same order, as Validate answers before payment.
	chk, err := p.judge(ctx, &c, l, mi, now)
	if err != nil {
		return ordering.Order{}, err
	}
	if len(chk.blockers) > 0 && chk.blockers[0].Code == "cart_empty" {
		return ordering.Order{}, chk.blockers[0]
	}
	cust, err := checkCustomer(in.Customer)
	if err != nil {
		return ordering.Order{}, err
	}
	if len(chk.blockers) > 0 {
		return ordering.Order{}, chk.blockers[0]
	}
	readyAt := chk.readyAt
	groupEmails, err := p.groupEmails(ctx, owner, c.Group)
	if err != nil {
		return ordering.Order{}, err
	}
	plan, err := p.planPayments(ctx, l, &c, in.HouseAccountIDs, in.Payments)
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
	var expects []string
	undo := func() {
		p.giveBack(context.WithoutCancel(ctx), done, slot)
		p.cardsSettled(ctx, expects) // voided already: nothing for the sweep
	}
	records := []ordering.PaymentRecord{}
	for i, pm := range plan {
		rec := ordering.PaymentRecord{Kind: pm.Kind, AmountCents: pm.AmountCents}
		switch pm.Kind {
		case ordering.PayGiftCard:
			g := pm.gift
			r, err := debitGift.Run(ctx, p.st.Client, []string{p.giftKey(g.ref)}, g.pinHash, pm.AmountCents).Int64()
			if err == nil && r < 0 {
				err = fault.New(fault.Rule, "giftcard_insufficient", "Gift card •••• %s doesn't have enough on it any more.", g.last4)
			}
			if err != nil {
				undo()
				return ordering.Order{}, err
			}
			done = append(done, charged{Kind: pm.Kind, Key: g.ref, Amount: pm.AmountCents})
			rec.Label = "Gift card •••• " + g.last4
		case ordering.PayHouse:
			h := p.cat.houses[pm.AccountID]
			r, err := chargeHouse.Run(ctx, p.st.Client, []string{p.houseSpendKey(h.ID)}, pm.AmountCents, h.CreditLimitCents).Int64()
			if err == nil && r < 0 {
				err = fault.New(fault.Rule, "house_account_limit", "This order is over the house account's remaining credit.")
			}
			if err != nil {
				undo()
				return ordering.Order{}, err
			}
			done = append(done, charged{Kind: pm.Kind, Key: h.ID, Amount: pm.AmountCents})
			rec.Label = "House account: " + h.Name
			rec.Reference = pm.PONumber
		case ordering.PayCard:
			// A retry of an attempt that stopped half-way makes the same keys, so the
			// processor answers with the holds already made instead of holding again.
			key := fmt.Sprintf("%s-%s-%d", orderID, failed, i)
			entry, err := p.expectCard(ctx, orderID, pm.Processor, key)
			expects = append(expects, entry)
			var ref, label string
			if err == nil {
				ref, label, err = p.cfg.Cards.Authorize(ctx, pm.Processor, pm.Token, pm.AmountCents, key)
			}
			if err != nil {
				undo()
				return ordering.Order{}, err
			}
			done = append(done, charged{Kind: pm.Kind, Processor: pm.Processor, Ref: ref, Amount: pm.AmountCents})
			rec.Label, rec.Reference = label, ref
		case ordering.PayInStore:
			rec.Label = "Pay in store"
		}
		records = append(records, rec)
	}
	member := in.MemberID
	if member == "" {
		member = c.MemberID
	}
	number, err := p.orderNumber(ctx, l.ID, readyAt)
	if err != nil {
		undo()
		return ordering.Order{}, err
	}
	s := storedOrder{Order: ordering.Order{ID: orderID, Number: number, Status: ordering.OrderPlaced, LocationID: l.ID, Location: p.withStatus(*l), MenuID: c.MenuID,
		Products: c.Products, Handoff: c.Handoff, Time: c.Time, ReadyAt: readyAt.UTC(), Discounts: c.Discounts, Fees: c.Fees,
		Totals: c.Totals, Payments: records, Customer: cust, Utensils: c.Utensils, TaxExempt: c.TaxExemptID != "",
		PlacedAt: now, MemberID: member, CustomFields: c.CustomFields, Group: orderGroup(c.Group)}, Owner: owner, Slot: slot, Charges: done,
		GroupEmails: groupEmails}
	raw, err := json.Marshal(&s)
	if err != nil {
		undo()
		return ordering.Order{}, err
	}
	// Its mails are listed before it is stored, so an edge that stops in between leaves
	// them to the sweep (ordermail.go).
	times := p.lifecycle(&s).StatusTimes
	mails := map[string]time.Time{mailReceipt: now, mailReady: times.Ready}
	for who := range groupEmails {
		mails[mailGroupPrefix+who] = now
	}
	if err := p.listMail(ctx, orderID, mails); err != nil {
		undo()
		return ordering.Order{}, err
	}
	// Its card holds are captured when the kitchen takes it on (capture.go).
	if err := p.listCaptures(ctx, orderID, done, times.Preparing); err != nil {
		undo()
		return ordering.Order{}, err
	}
	// Storing the order is the moment it is placed, and it records the key's answer
	// too: the order's id is the key's (checkoutOrderID). It is kept under its own id
	// (its own slot on a Redis Cluster); the cart and the owner's list of orders share
	// the owner's slot and follow (settle); a retry finishes them if the edge stops
	// in between.
	ok, err := p.st.Client.SetNX(ctx, p.orderKey(orderID), raw, 0).Result()
	if err != nil {
		undo()
		return ordering.Order{}, err
	}
	if !ok {
		// Another attempt with this key got there first (the card authorizations are
		// the same ones, so they stay), or the sweep gave the order up.
		first, err := p.readCheckout(ctx, orderID)
		if err != nil {
			undo()
			return ordering.Order{}, err
		}
		p.giveBack(context.WithoutCancel(ctx), slices.DeleteFunc(done, func(c charged) bool { return c.Kind == ordering.PayCard }), slot)
		s = first
	}
	p.cardsSettled(ctx, expects)
	if err := p.settle(ctx, owner, idem, orderID); err != nil {
		return ordering.Order{}, err
	}
	// The receipt goes now; one that fails is sent by the sweep.
	_, _ = p.sendMail(ctx, orderID, mailReceipt, now)
	for who := range s.GroupEmails {
		_, _ = p.sendMail(ctx, orderID, mailGroupPrefix+who, now)
	}
	return p.lifecycle(&s), nil
}

// planned is a checked payment; gift is the card of a gift card payment.
type planned struct {
	ordering.PaymentInput
	gift giftCheck
}

// planPayments checks every payment and resolves the one "rest" amount.
func (p *Provider) planPayments(ctx context.Context, l *ordering.Location, c *ordering.Cart, houses []string, in []ordering.PaymentInput) ([]planned, error) {
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
			return nil, fault.New(fault.Invalid, "invalid", "Payment amounts can't be negative.").Field(fmt.Sprintf("payments.%d.amount_cents", i), "negative")
		}
		if pm.AmountCents == 0 {
			if rest >= 0 {
				return nil, fault.New(fault.Invalid, "invalid", "Only one payment can cover the rest of the total.").Field(fmt.Sprintf("payments.%d.amount_cents", i), "set an amount")
			}
			rest = i
		}
		sum += pm.AmountCents
	}
	out := make([]planned, len(in))
	for i, pm := range in {
		out[i].PaymentInput = pm
	}
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
	for i := range out {
		pm := &out[i]
		field := fmt.Sprintf("payments.%d", i)
		switch pm.Kind {
		case ordering.PayCard:
			if p.cfg.Cards == nil {
				return nil, fault.New(fault.Unavailable, "cards_unavailable", "Card payments aren't available right now. Choose another way to pay.")
			}
			if pm.Token == "" || pm.Processor == "" {
				return nil, fault.New(fault.Invalid, "invalid", "Enter your card details again.").Field(field+".token", "required")
			}
			if !slices.Contains(l.CardProcessors, pm.Processor) {
				return nil, fault.New(fault.Rule, "processor_unavailable", "%s doesn't take that kind of card payment. Enter your card again.", l.Name).Field(field+".processor", "not taken at this location")
			}
		case ordering.PayGiftCard:
			var err error
			switch {
			case pm.Token != "" && (pm.Number != "" || pm.PIN != ""):
				return nil, fault.New(fault.Invalid, "invalid", "Pay with the gift card's token or its number and PIN, not both.").Field(field+".token", "token or number and PIN")
			case pm.Token != "":
				if pm.gift, err = p.giftByToken(ctx, pm.Token); err != nil {
					if fe, ok := fault.As(err); ok {
						err = fe.Field(field+".token", "Enter the card again")
					}
				}
			default:
				pm.gift, err = p.giftByNumber(ctx, pm.Number, pm.PIN)
			}
			if err != nil {
				return nil, err
			}
			if gifts[pm.gift.ref] {
				named := field + ".number"
				if pm.Token != "" {
					named = field + ".token"
				}
				return nil, fault.New(fault.Invalid, "invalid", "That gift card is listed twice.").Field(named, "duplicate")
			}
			gifts[pm.gift.ref] = true
			if pm.gift.balance < pm.AmountCents {
				return nil, fault.New(fault.Rule, "giftcard_insufficient", "Gift card •••• %s has $%.2f on it. Pay the rest another way.", pm.gift.last4, float64(pm.gift.balance)/100).Field(field+".amount_cents", "more than the balance")
			}
		case ordering.PayHouse:
			h, ok := p.cat.houses[pm.AccountID]
			if !ok {
				return nil, fault.New(fault.Rule, "house_account_invalid", "We couldn't find that house account.").Field(field+".account_id", "unknown account")
			}
			if !slices.Contains(houses, h.ID) {
				// Who may charge it is decided once, for the signed-in member
				// (member.Service.HouseAccounts), never from the email typed here.
				return nil, errHouseNotAllowed(h.Name).Field(field+".account_id", "not authorised")
			}
			if strings.TrimSpace(pm.PONumber) == "" && h.RequiresPO {
				return nil, fault.New(fault.Invalid, "invalid", "Enter a purchase order number for %s.", h.Name).Field(field+".po_number", "Enter a PO number")
			}
			if len(pm.PONumber) > 40 {
				return nil, fault.New(fault.Invalid, "invalid", "The PO number can be at most 40 characters.").Field(field+".po_number", "too long")
			}
		case ordering.PayInStore:
			if fe := payInStoreRefusal(l, c, pm.AmountCents); fe != nil {
				if fe.Code == "pay_in_store_limit" {
					fe = fe.Field(field+".amount_cents", "over the limit")
				}
				return nil, fe
			}
		default:
			return nil, fault.New(fault.Invalid, "invalid", "Choose card, gift card, house account or pay in store.").Field(field+".kind", "unknown payment kind")
		}
	}
	return out, nil
}
