package builtin

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/redis/go-redis/v9"
)

// Card authorizations a submit is making are listed before they are made, due once
// the cart's lock has lapsed, and taken off the list when their order is stored. An
// edge that stops in between leaves them listed: SweepCheckouts voids the ones whose
// order was never stored, so a guest's card is not held for an order that does not
// exist.

// expected is a card authorization a submit is making for an order.
type expected struct {
	Order     string `json:"o"`
	Processor string `json:"p"`
	Key       string `json:"k"`
}

func (p *Provider) expectedKey() string { return p.st.Key("checkout-cards") }

// expectCard lists the authorization about to be made with key, due when the lock
// taken now has lapsed, and answers its entry for cardsSettled.
func (p *Provider) expectCard(ctx context.Context, orderID, processor, key string) (string, error) {
	m, err := json.Marshal(expected{Order: orderID, Processor: processor, Key: key})
	if err != nil {
		return "", err
	}
	due := p.now().Add(p.cfg.SubmitLockTTL).UnixMilli()
	return string(m), p.st.Client.ZAdd(ctx, p.expectedKey(), redis.Z{Score: float64(due), Member: string(m)}).Err()
}

// cardsSettled takes a stored order's authorizations off the list (a failure only
// leaves work for the sweep, which then finds the order placed).
func (p *Provider) cardsSettled(ctx context.Context, entries []string) {
	if len(entries) > 0 {
		p.st.Client.ZRem(context.WithoutCancel(ctx), p.expectedKey(), entries)
	}
}

// sweepBatch bounds one round's work; the rest waits for the next round.
const sweepBatch = 200

// SweepCheckouts voids the card authorizations whose submit stopped before storing
// its order and was not retried within the lock's lifetime, and answers how many it
// voided. It first claims the order's key (abandoned), so the order can no longer be
// stored by a late submit: a retry with that key is refused (checkout_expired).
func (p *Provider) SweepCheckouts(ctx context.Context) (int, error) {
	now := strconv.FormatInt(p.now().UnixMilli(), 10)
	due, err := p.st.Client.ZRangeByScore(ctx, p.expectedKey(), &redis.ZRangeBy{Min: "-inf", Max: now, Count: sweepBatch}).Result()
	if err != nil {
		return 0, err
	}
	voided := 0
	var errs []error
	for _, m := range due {
		var e expected
		if err := json.Unmarshal([]byte(m), &e); err != nil || e.Order == "" {
			p.st.Client.ZRem(ctx, p.expectedKey(), m)
			continue
		}
		gone, err := p.giveUpOrder(ctx, e.Order)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if gone && p.cfg.Cards != nil {
			ref, err := p.cfg.Cards.Authorized(ctx, e.Processor, e.Key)
			if err == nil && ref != "" {
				if err = p.cfg.Cards.Void(ctx, e.Processor, ref); err == nil {
					voided++
				}
			}
			if err != nil {
				errs = append(errs, err)
				continue // tried again next round
			}
		}
		if err := p.st.Client.ZRem(ctx, p.expectedKey(), m).Err(); err != nil {
			errs = append(errs, err)
		}
	}
	return voided, errors.Join(errs...)
}

// giveUpOrder answers whether orderID was never stored, marking it abandoned so that
// it never will be; false when the order is placed.
func (p *Provider) giveUpOrder(ctx context.Context, orderID string) (bool, error) {
	ok, err := p.st.Client.SetNX(ctx, p.orderKey(orderID), abandoned, idemTTL).Result()
	if err != nil || ok {
		return ok, err
	}
	_, err = p.readCheckout(ctx, orderID)
	switch {
	case err == nil:
		return false, nil
	case errors.Is(err, errCheckoutExpired):
		return true, nil
	}
	return false, err
}
