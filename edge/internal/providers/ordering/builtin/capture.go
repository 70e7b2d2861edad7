package builtin

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// Card captures (docs/providers.md, "Stripe"): a card payment is authorized when the
// order is placed and the hold is captured when the kitchen takes the order on, the
// moment it moves to preparing and can no longer be cancelled; a cancel before then
// voids the hold (CancelOrder). An order's captures are listed in order-captures
// (a sorted set of order ids scored by when they are due) before the order is stored,
// as its mails are, and CaptureDueCards captures what is due every few seconds.
// Capturing twice is not an error, so two edges' rounds may overlap.

// CaptureGrace is how long after the kitchen starts an order its cards are captured:
// edges' clocks differ by less, so a cancel that one edge still allowed is never
// raced by a capture on another.
const CaptureGrace = 10 * time.Second

func (p *Provider) capturesKey() string { return p.st.Key("order-captures") }

// listCaptures lists the order's card payments for capture once the kitchen has taken
// it on (preparing); an order paid without a card lists nothing.
func (p *Provider) listCaptures(ctx context.Context, orderID string, charges []charged, preparing time.Time) error {
	for _, ch := range charges {
		if ch.Kind == ordering.PayCard {
			due := preparing.Add(CaptureGrace).UnixMilli()
			return p.st.Client.ZAdd(ctx, p.capturesKey(), redis.Z{Score: float64(due), Member: orderID}).Err()
		}
	}
	return nil
}

// CaptureDueCards captures the card payments of the orders the kitchen has taken on
// and answers how many it captured. A cancelled order's holds were voided and are
// left alone; a capture the processor refuses for good (the hold was voided or is
// gone) is reported and not tried again; one that fails otherwise is tried next round.
func (p *Provider) CaptureDueCards(ctx context.Context) (int, error) {
	if p.cfg.Cards == nil {
		return 0, nil
	}
	now := strconv.FormatInt(p.now().UnixMilli(), 10)
	due, err := p.st.Client.ZRangeByScoreWithScores(ctx, p.capturesKey(), &redis.ZRangeBy{Min: "-inf", Max: now, Count: sweepBatch}).Result()
	if err != nil {
		return 0, err
	}
	captured := 0
	var errs []error
	for _, z := range due {
		id, _ := z.Member.(string)
		n, done, err := p.captureOrder(ctx, id, time.UnixMilli(int64(z.Score)))
		captured += n
		if err != nil {
			errs = append(errs, fmt.Errorf("order %s capture: %w", id, err))
		}
		if done {
			p.st.Client.ZRem(ctx, p.capturesKey(), id)
		}
	}
	return captured, errors.Join(errs...)
}

// captureOrder captures one listed order's card payments and answers how many, and
// whether the entry is done with.
func (p *Provider) captureOrder(ctx context.Context, id string, listed time.Time) (int, bool, error) {
	s, err := p.readCheckout(ctx, id)
	switch {
	case errors.Is(err, errNoOrder):
		// Its submit failed (and voided) or has not stored it yet.
		return 0, p.now().Sub(listed) > 2*p.cfg.SubmitLockTTL, nil
	case errors.Is(err, errCheckoutExpired):
		return 0, true, nil
	case err != nil:
		return 0, false, err
	}
	switch p.lifecycle(&s).Status {
	case ordering.OrderCancelled:
		return 0, true, nil
	case ordering.OrderPlaced:
		return 0, false, nil // not yet, on this edge's clock
	}
	n, retry := 0, false
	var errs []error
	for _, ch := range s.Charges {
		if ch.Kind != ordering.PayCard {
			continue
		}
		err := p.cfg.Cards.Capture(ctx, ch.Processor, ch.Ref)
		if err == nil {
			n++
			continue
		}
		errs = append(errs, err)
		if f, ok := fault.As(err); !ok || f.Kind == fault.Unavailable {
			retry = true
		}
	}
	return n, !retry, errors.Join(errs...)
}
