package builtin

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// An order is credited when it completes, not when it is placed: HoldOrder keeps a
// placed order as pending (its redemptions used), AccrueOrder credits it once it has
// completed, and CancelOrder closes it uncredited and gives back its redemptions. The
// three share the order record in the orderdata hash and the set of pending order ids,
// and each is one transaction on the member's keys, so of two racing calls on one
// order only the first changes it.

var (
	errOrderUnknown   = fault.New(fault.NotFound, "order_not_found", "We couldn't find that order in your points history.")
	errOrderCancelled = fault.New(fault.Conflict, "order_cancelled", "This order was cancelled, so it earns no points.")
	errOrderCredited  = fault.New(fault.Conflict, "order_already_credited", "This order's points were already credited.")
)

// withStatus fills the status of records kept before orders were held: they were
// credited when placed.
func withStatus(o loyalty.Order) loyalty.Order {
	if o.Status == "" {
		o.Status = loyalty.OrderCredited
	}
	return o
}

// heldOrder reads the member's record of an order, if any.
func (p *Provider) heldOrder(ctx context.Context, c redis.Cmdable, memberID, orderID string) (loyalty.Order, bool, error) {
	raw, err := c.HGet(ctx, p.mk(memberID, "orderdata"), orderID).Result()
	if errors.Is(err, redis.Nil) {
		return loyalty.Order{}, false, nil
	}
	if err != nil {
		return loyalty.Order{}, false, err
	}
	var o loyalty.Order
	if err := json.Unmarshal([]byte(raw), &o); err != nil {
		return loyalty.Order{}, false, err
	}
	return withStatus(o), true, nil
}

// useRedemptions marks the order's active redemptions used by it: the redemptions to
// write, the active keys to drop and the ids used.
func useRedemptions(o loyalty.OrderRecord, reds []any, active map[string]string, now time.Time) (map[string]any, []string, []string, error) {
	set := map[string]any{}
	var delActive, used []string
	for i, v := range reds {
		raw, _ := v.(string)
		if raw == "" {
			continue
		}
		var r storedRedemption
		if json.Unmarshal([]byte(raw), &r) != nil || r.Status != loyalty.RedemptionActive {
			continue
		}
		r.Status, r.OrderID = loyalty.RedemptionUsed, o.OrderID
		closed := now.Truncate(time.Second)
		r.ClosedAt = &closed
		b, err := json.Marshal(r)
		if err != nil {
			return nil, nil, nil, err
		}
		set[o.RedemptionIDs[i]] = string(b)
		if active[r.AKey] == r.ID {
			delActive = append(delActive, r.AKey)
		}
		used = append(used, r.ID)
	}
	return set, delActive, used, nil
}

// retaken is a refunded redemption an order used: its JSON as used, its points and
// its claim key.
type retaken struct {
	raw    string
	points int64
	claim  string
}

// retakeRedemptions finds the order's redemptions whose points were refunded
// (cancelled elsewhere, or expired) although the order took their discount: they
// become used by the order and their points are taken again, even below zero, as
// the discount was given. It answers them by id and their ledger lines.
func retakeRedemptions(o loyalty.OrderRecord, reds []any, bal int64, now time.Time) (map[string]retaken, []string, error) {
	out := map[string]retaken{}
	var ledger []string
	for i, v := range reds {
		raw, _ := v.(string)
		var r storedRedemption
		if raw == "" || json.Unmarshal([]byte(raw), &r) != nil || (r.Status != loyalty.RedemptionCancelled && r.Status != loyalty.RedemptionExpired) {
			continue
		}
		closed := now.Truncate(time.Second)
		r.Status, r.OrderID, r.ClosedAt = loyalty.RedemptionUsed, o.OrderID, &closed
		b, err := json.Marshal(r)
		if err != nil {
			return nil, nil, err
		}
		out[o.RedemptionIDs[i]] = retaken{raw: string(b), points: r.Points, claim: r.CKey}
		if r.Points > 0 {
			bal -= r.Points
			ledger = append(ledger, ledgerJSON(now, -r.Points, bal, "Used on an order: "+r.Name, r.ID))
		}
	}
	return out, ledger, nil
}

// HoldOrder records a placed order as pending and marks its redemptions used (one
// refunded meanwhile is taken again, retakeRedemptions); points, challenges and
// badges wait for AccrueOrder. Holding an order again answers the record as it is.
func (p *Provider) HoldOrder(ctx context.Context, memberID string, o loyalty.OrderRecord) (loyalty.Order, error) {
	if err := p.prepareOrder(ctx, memberID, &o); err != nil {
		return loyalty.Order{}, err
	}
	var out loyalty.Order
	err := p.memberTx(ctx, memberID, func(tx *redis.Tx) error {
		old, found, err := p.heldOrder(ctx, tx, memberID, o.OrderID)
		if err != nil || found {
			out = old
			return err
		}
		active, err := tx.HGetAll(ctx, p.mk(memberID, "active")).Result()
		if err != nil {
			return err
		}
		var reds []any
		if len(o.RedemptionIDs) > 0 {
			if reds, err = tx.HMGet(ctx, p.mk(memberID, "redemptions"), o.RedemptionIDs...).Result(); err != nil {
				return err
			}
		}
		now := p.now()
		setReds, delActive, _, err := useRedemptions(o, reds, active, now)
		if err != nil {
			return err
		}
		bal, err := tx.HGet(ctx, p.mk(memberID), "points").Int64()
		if err != nil && !errors.Is(err, redis.Nil) {
			return err
		}
		claims, err := tx.HGetAll(ctx, p.mk(memberID, "claims")).Result()
		if err != nil {
			return err
		}
		retaken, ledger, err := retakeRedemptions(o, reds, bal, now)
		if err != nil {
			return err
		}
		var charge int64
		setClaims := map[string]any{}
		for id, v := range retaken {
			setReds[id] = v.raw
			charge += v.points
			if v.claim != "" && claims[v.claim] == "" {
				setClaims[v.claim] = id // a once-only offer stays taken
			}
		}
		rec := loyalty.Order{OrderRecord: o, Status: loyalty.OrderPending, PendingPoints: p.EarnedPoints(o.SubtotalCents, o.DiscountCents)}
		raw, err := json.Marshal(rec)
		if err != nil {
			return err
		}
		_, err = tx.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
			pipe.HSet(ctx, p.mk(memberID, "orderdata"), o.OrderID, raw)
			pipe.SAdd(ctx, p.mk(memberID, "pending"), o.OrderID)
			pipe.ZAdd(ctx, p.mk(memberID, "orders"), redis.Z{Score: float64(o.PlacedAt.UnixMilli()), Member: o.OrderID})
			if len(setReds) > 0 {
				pipe.HSet(ctx, p.mk(memberID, "redemptions"), setReds)
			}
			if len(delActive) > 0 {
				pipe.HDel(ctx, p.mk(memberID, "active"), delActive...)
			}
			if len(setClaims) > 0 {
				pipe.HSet(ctx, p.mk(memberID, "claims"), setClaims)
			}
			if charge > 0 {
				pipe.HIncrBy(ctx, p.mk(memberID), "points", -charge)
				for _, l := range ledger {
					pipe.LPush(ctx, p.mk(memberID, "ledger"), l)
				}
				pipe.LTrim(ctx, p.mk(memberID, "ledger"), 0, ledgerCap-1)
			}
			return nil
		})
		out = rec
		return err
	})
	return out, err
}

// CancelOrder closes a pending order without credit and gives back each redemption it
// used, as cancelling the redemption would: its points return to the balance and an
// offer or perk can be taken again. Cancelling again answers the record as it is; a
// credited order is refused.
func (p *Provider) CancelOrder(ctx context.Context, memberID, orderID string) (loyalty.Order, error) {
	if _, err := p.memberHash(ctx, memberID); err != nil {
		return loyalty.Order{}, err
	}
	if !orderIDPattern.MatchString(orderID) {
		return loyalty.Order{}, errOrderUnknown
	}
	var out loyalty.Order
	var refusal error
	err := p.memberTx(ctx, memberID, func(tx *redis.Tx) error {
		refusal = nil
		o, found, err := p.heldOrder(ctx, tx, memberID, orderID)
		switch {
		case err != nil:
			return err
		case !found:
			refusal = errOrderUnknown
			return nil
		case o.Status == loyalty.OrderCancelled:
			out = o
			return nil
		case o.Status != loyalty.OrderPending:
			refusal = errOrderCredited
			return nil
		}
		bal, err := tx.HGet(ctx, p.mk(memberID), "points").Int64()
		if err != nil && !errors.Is(err, redis.Nil) {
			return err
		}
		claims, err := tx.HGetAll(ctx, p.mk(memberID, "claims")).Result()
		if err != nil {
			return err
		}
		var reds []any
		if len(o.RedemptionIDs) > 0 {
			if reds, err = tx.HMGet(ctx, p.mk(memberID, "redemptions"), o.RedemptionIDs...).Result(); err != nil {
				return err
			}
		}
		now := p.now()
		closed := now.Truncate(time.Second)
		setReds := map[string]any{}
		var delClaims, ledger []string
		var refund int64
		for _, v := range reds {
			raw, _ := v.(string)
			var r storedRedemption
			if raw == "" || json.Unmarshal([]byte(raw), &r) != nil || r.Status != loyalty.RedemptionUsed || r.OrderID != orderID {
				continue
			}
			r.Status, r.ClosedAt = loyalty.RedemptionCancelled, &closed
			b, err := json.Marshal(r)
			if err != nil {
				return err
			}
			setReds[r.ID] = string(b)
			if r.CKey != "" && claims[r.CKey] == r.ID {
				delClaims = append(delClaims, r.CKey)
			}
			if r.Points > 0 {
				refund += r.Points
				ledger = append(ledger, ledgerJSON(now, r.Points, bal+refund, "Returned: "+r.Name+", order cancelled", r.ID))
			}
		}
		o.Status, o.CancelledAt = loyalty.OrderCancelled, &closed
		raw, err := json.Marshal(o)
		if err != nil {
			return err
		}
		_, err = tx.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
			pipe.HSet(ctx, p.mk(memberID, "orderdata"), orderID, raw)
			pipe.SRem(ctx, p.mk(memberID, "pending"), orderID)
			if len(setReds) > 0 {
				pipe.HSet(ctx, p.mk(memberID, "redemptions"), setReds)
			}
			if len(delClaims) > 0 {
				pipe.HDel(ctx, p.mk(memberID, "claims"), delClaims...)
			}
			if refund > 0 {
				pipe.HIncrBy(ctx, p.mk(memberID), "points", refund)
				for _, l := range ledger {
					pipe.LPush(ctx, p.mk(memberID, "ledger"), l)
				}
				pipe.LTrim(ctx, p.mk(memberID, "ledger"), 0, ledgerCap-1)
			}
			return nil
		})
		out = o
		return err
	})
	if err == nil && refusal != nil {
		return loyalty.Order{}, refusal
	}
	return out, err
}

// PendingOrders lists the member's orders held and neither credited nor cancelled,
// oldest first.
func (p *Provider) PendingOrders(ctx context.Context, memberID string) ([]loyalty.Order, error) {
	if _, err := p.memberHash(ctx, memberID); err != nil {
		return nil, err
	}
	ids, err := p.st.Client.SMembers(ctx, p.mk(memberID, "pending")).Result()
	if err != nil {
		return nil, err
	}
	out := make([]loyalty.Order, 0, len(ids))
	for _, id := range ids {
		o, found, err := p.heldOrder(ctx, p.st.Client, memberID, id)
		if err != nil {
			return nil, err
		}
		if found && o.Status == loyalty.OrderPending {
			out = append(out, o)
		}
	}
	slices.SortFunc(out, func(a, b loyalty.Order) int { return a.PlacedAt.Compare(b.PlacedAt) })
	return out, nil
}
