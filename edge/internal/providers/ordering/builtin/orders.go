package builtin

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
)

// Placed orders: each is kept for good under order:<id> as the order the guest saw
// plus what only the provider needs (storedOrder). The status is not written as the
// kitchen works: it is worked out from the provider's clock whenever the order is
// read (lifecycle), so a cancelled order is the only status change ever stored.
//
// Followers (an order's event streams) learn of changes by push, not by reading again
// and again: a stored change (cancel, arrived_at) is published on the order's channel
// of the "order-changed" feed in the same transaction that stores it, so it is
// announced exactly once, to every edge; a change of the clock (placed → preparing →
// ready → completed) falls at a time the order itself answers (status_times), so each
// follower sets a timer for it (NextChange) and needs no announcement. Placing an
// order announces nothing: nobody can follow an order before it exists.

// CompletedAfter is how long after ready_at an order counts as handed over.
const CompletedAfter = 30 * time.Minute

// PreparingAfter is the least time an order stays placed, and so cancellable.
const PreparingAfter = time.Minute

// storedOrder is what Redis holds for an order. Owner, Slot and Charges never leave
// the provider.
type storedOrder struct {
	ordering.Order
	// Owner is the visitor who placed it (Submit's owner).
	Owner string `json:"owner,omitempty"`
	// Slot is the slot-capacity key the order took; "" for orders placed before
	// cancelling existed, which cannot be cancelled online.
	Slot string `json:"slot,omitempty"`
	// Charges are the payments to give back if the order is cancelled.
	Charges []charged `json:"charges,omitempty"`
	// GroupEmails are the emails of a group order's people other than the host, by
	// participant id, for the mail that tells each their items are in the order. They
	// are kept here, never in the order the API answers.
	GroupEmails map[string]string `json:"group_emails,omitempty"`
}

// charged is money taken for an order: a gift card debit (Key: the card's
// reference), house-account spend (Key: the account id) or a card authorization.
type charged struct {
	Kind      string `json:"kind"`
	Key       string `json:"key,omitempty"`
	Processor string `json:"processor,omitempty"`
	Ref       string `json:"ref,omitempty"`
	Amount    int64  `json:"amount"`
}

var errNoOrder = fault.New(fault.NotFound, "order_not_found", "We couldn't find that order.")

// releaseSlot gives back one unit of slot capacity the order took: KEYS[1] slot.
// A slot whose key has already expired is left alone rather than made negative.
var releaseSlot = redis.NewScript(`
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n <= 0 then return 0 end
return redis.call('DECR', KEYS[1])`)

// visitorOrdersKey lists the ids of an owner's orders, newest first; it shares the
// owner's hash tag with the cart (cartKey).
func (p *Provider) visitorOrdersKey(owner string) string {
	return p.st.Key("visitor-orders", tag(owner))
}

func (p *Provider) readOrder(ctx context.Context, c redis.Cmdable, id string) (storedOrder, error) {
	if len(id) > 64 || id == "" {
		return storedOrder{}, errNoOrder
	}
	raw, err := c.Get(ctx, p.orderKey(id)).Bytes()
	if errors.Is(err, redis.Nil) || string(raw) == abandoned {
		return storedOrder{}, errNoOrder
	}
	if err != nil {
		return storedOrder{}, err
	}
	var s storedOrder
	return s, json.Unmarshal(raw, &s)
}

// mayView reports whether v placed the order or is the member it was placed by.
// Orders kept before their owner was recorded are matched against the visitor's
// list of orders instead.
func (p *Provider) mayView(ctx context.Context, s *storedOrder, v ordering.Viewer) (bool, error) {
	if s.MemberID != "" && v.MemberID == s.MemberID {
		return true, nil
	}
	if v.Owner == "" {
		return false, nil
	}
	if s.Owner != "" {
		return s.Owner == v.Owner, nil
	}
	_, err := p.st.Client.LPos(ctx, p.visitorOrdersKey(v.Owner), s.ID, redis.LPosArgs{}).Result()
	if errors.Is(err, redis.Nil) {
		return false, nil
	}
	return err == nil, err
}

// lifecycle fills the status, its times, whether the order can be cancelled and the
// words for its state (ordering.Describe), on the provider's clock. The kitchen's clock runs ClockSpeed times as fast from the
// moment the order was placed: in its time the order is preparing from
// max(placed + 1 min, ready_at − prep time), ready at ready_at and completed 30
// minutes later; the times answered are the wall-clock times those come to.
func (p *Provider) lifecycle(s *storedOrder) ordering.Order {
	o := s.Order
	placed := o.PlacedAt
	speed := p.cfg.ClockSpeed
	wall := func(v time.Time) time.Time {
		return placed.Add(time.Duration(float64(v.Sub(placed)) / speed)).UTC()
	}
	prep := time.Duration(o.Location.PrepMinutes) * time.Minute
	preparing := maxTime(placed.Add(PreparingAfter), o.ReadyAt.Add(-prep))
	ready := maxTime(o.ReadyAt, preparing)
	o.StatusTimes = ordering.StatusTimes{Placed: placed.UTC(), Preparing: wall(preparing), Ready: wall(ready), Completed: wall(ready.Add(CompletedAfter))}
	now := p.now()
	// The location as stored when the order was placed, with its clock as of this answer:
	// the confirmation writes the order's times from the zone's current UTC offset.
	p.cat.stampNow(&o.Location, now)
	z := p.cat.zones[o.Location.ID]
	if z == nil {
		z = time.UTC
	}
	st := o.StatusTimes
	o.StatusLabels = ordering.StatusLabels{Placed: timeLabel(z, st.Placed, now), Preparing: timeLabel(z, st.Preparing, now),
		Ready: timeLabel(z, st.Ready, now), Completed: timeLabel(z, st.Completed, now)}
	o.KitchenStarts = ""
	if o.Status == ordering.OrderCancelled {
		o.Cancellable = false
		ordering.Describe(&o)
		return o
	}
	switch {
	case now.Before(o.StatusTimes.Preparing):
		o.Status = ordering.OrderPlaced
	case now.Before(o.StatusTimes.Ready):
		o.Status = ordering.OrderPreparing
	case now.Before(o.StatusTimes.Completed):
		o.Status = ordering.OrderReady
	default:
		o.Status = ordering.OrderCompleted
	}
	o.Cancellable = o.Status == ordering.OrderPlaced && s.Slot != ""
	if o.Status == ordering.OrderPlaced && o.Time.Mode != ordering.TimeASAP {
		// An order wanted for a chosen time may wait hours, or days, for the kitchen.
		o.KitchenStarts = o.StatusLabels.Preparing
		if sameDate(st.Preparing.In(z), now.In(z)) {
			o.KitchenStarts = "at " + o.KitchenStarts
		}
	}
	ordering.Describe(&o)
	return o
}

// Order returns a placed order to the visitor who placed it or the member it
// belongs to; to anyone else it is not found, as an unknown id is.
func (p *Provider) Order(ctx context.Context, id string, v ordering.Viewer) (ordering.Order, error) {
	s, err := p.readOrder(ctx, p.st.Client, id)
	if err != nil {
		return ordering.Order{}, err
	}
	ok, err := p.mayView(ctx, &s, v)
	if err != nil {
		return ordering.Order{}, err
	}
	if !ok {
		return ordering.Order{}, errNoOrder
	}
	return p.lifecycle(&s), nil
}

// RecentOrder returns the owner's most recent order.
func (p *Provider) RecentOrder(ctx context.Context, owner string) (ordering.Order, error) {
	if owner == "" {
		return ordering.Order{}, errNoOrder
	}
	id, err := p.st.Client.LIndex(ctx, p.visitorOrdersKey(owner), 0).Result()
	if errors.Is(err, redis.Nil) {
		return ordering.Order{}, errNoOrder
	}
	if err != nil {
		return ordering.Order{}, err
	}
	return p.Order(ctx, id, ordering.Viewer{Owner: owner})
}

// errUnchanged tells changeOrder that the order stays as it is.
var errUnchanged = errors.New("order unchanged")

// changeOrder applies change to an order v may see and stores the result, unless
// change returns errUnchanged. The write is a transaction watching the order, so of
// two changes at once (two cancels) only one is made on what it read; the other is
// tried again on the changed order.
func (p *Provider) changeOrder(ctx context.Context, id string, v ordering.Viewer, change func(s *storedOrder, now ordering.Order) error) (storedOrder, ordering.Order, error) {
	key := p.orderKey(id)
	var s storedOrder
	var result error
	txf := func(tx *redis.Tx) error {
		var err error
		result = nil
		if s, err = p.readOrder(ctx, tx, id); err != nil {
			if _, ok := fault.As(err); ok {
				result = err
				return nil
			}
			return err
		}
		ok, err := p.mayView(ctx, &s, v)
		if err != nil {
			return err
		}
		if !ok {
			result = errNoOrder
			return nil
		}
		if err := change(&s, p.lifecycle(&s)); err != nil {
			result = err
			return nil
		}
		raw, err := json.Marshal(&s)
		if err != nil {
			return err
		}
		_, err = tx.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
			pipe.Set(ctx, key, raw, 0)
			p.changes().Publish(ctx, pipe, id)
			return nil
		})
		return err
	}
	for range 5 {
		err := p.st.Client.Watch(ctx, txf, key)
		if errors.Is(err, redis.TxFailedErr) {
			continue
		}
		if err != nil {
			return storedOrder{}, ordering.Order{}, err
		}
		if result != nil && !errors.Is(result, errUnchanged) {
			return storedOrder{}, ordering.Order{}, result
		}
		return s, p.lifecycle(&s), nil
	}
	return storedOrder{}, ordering.Order{}, fault.New(fault.Conflict, "order_busy", "Your order changed while we were updating it. Please try again.")
}

// CancelOrder cancels an order the kitchen has not started and gives back what it
// took: card authorizations are voided, gift cards credited, house-account spend
// reduced and the slot's capacity freed, as a failed submit gives them back.
func (p *Provider) CancelOrder(ctx context.Context, id string, v ordering.Viewer) (ordering.Order, error) {
	// The cancel mail is listed before the cancel is stored; the sweep drops it if the
	// order was not cancelled after all (ordermail.go).
	if _, err := p.Order(ctx, id, v); err != nil {
		return ordering.Order{}, err // nothing is listed for an order v may not see
	}
	at := p.now()
	if err := p.listMail(ctx, id, map[string]time.Time{mailCancelled: at}); err != nil {
		return ordering.Order{}, err
	}
	s, o, err := p.changeOrder(ctx, id, v, func(s *storedOrder, now ordering.Order) error {
		if !now.Cancellable {
			return fault.New(fault.Conflict, "order_not_cancellable", "The kitchen has started your order, so it can't be cancelled online. Call the restaurant.")
		}
		at := p.now()
		s.Status, s.CancelledAt = ordering.OrderCancelled, &at
		return nil
	})
	if err != nil {
		return ordering.Order{}, err
	}
	// Only the cancel that changed the order gets here, so nothing is given back twice.
	p.giveBack(context.WithoutCancel(ctx), s.Charges, s.Slot)
	_, _ = p.sendMail(ctx, id, mailCancelled, at)
	return o, nil
}

// OrderArrived records when a curbside guest said they were outside.
func (p *Provider) OrderArrived(ctx context.Context, id string, v ordering.Viewer) (ordering.Order, error) {
	_, o, err := p.changeOrder(ctx, id, v, func(s *storedOrder, now ordering.Order) error {
		if s.Handoff.Mode != ordering.HandoffCurbside {
			return fault.New(fault.Rule, "not_curbside", "This order isn't for curbside pickup, so there's no need to tell us you're here.")
		}
		if now.Status == ordering.OrderCompleted || now.Status == ordering.OrderCancelled {
			return fault.New(fault.Conflict, "order_closed", "This order is already %s.", now.Status)
		}
		if s.ArrivedAt != nil {
			return errUnchanged // the first time counts
		}
		at := p.now()
		s.ArrivedAt = &at
		return nil
	})
	return o, err
}

// giveBack returns what an order took, each part on its own: one that fails does not
// stop the others.
func (p *Provider) giveBack(ctx context.Context, charges []charged, slot string) {
	for _, ch := range charges {
		switch ch.Kind {
		case ordering.PayGiftCard:
			p.st.Client.HIncrBy(ctx, p.giftKey(ch.Key), "balance", ch.Amount)
		case ordering.PayHouse:
			p.st.Client.DecrBy(ctx, p.houseSpendKey(ch.Key), ch.Amount)
		case ordering.PayCard:
			if p.cfg.Cards != nil {
				_ = p.cfg.Cards.Void(ctx, ch.Processor, ch.Ref)
			}
		}
	}
	if slot != "" {
		releaseSlot.Run(ctx, p.st.Client, []string{slot})
	}
}

// changes is the feed on which stored changes of orders are announced, by order id.
func (p *Provider) changes() *store.Feed { return p.st.Feed("order-changed") }

// FollowOrder calls changed whenever order id is cancelled or its guest is outside,
// on any edge (ordering.OrderChanges).
func (p *Provider) FollowOrder(id string, changed func()) (stop func()) {
	return p.changes().Listen(id, changed)
}

// NextChange is how long until the kitchen's clock moves order o to its next status.
func (p *Provider) NextChange(o ordering.Order) (time.Duration, bool) {
	var at time.Time
	switch o.Status {
	case ordering.OrderPlaced:
		at = o.StatusTimes.Preparing
	case ordering.OrderPreparing:
		at = o.StatusTimes.Ready
	case ordering.OrderReady:
		at = o.StatusTimes.Completed
	default:
		return 0, false
	}
	d := at.Sub(p.now())
	// A time already past with the status not moved is a clock that does not run (a
	// fixed Now): nothing will change by it.
	return d, d > 0
}
