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
// stored by a late submit: a retry with that key is refused (checkout_expired). A
// submit that stopped before the card was held is not given up: its retry places it.
func (p *Provider) SweepCheckouts(ctx context.Context) (int, error) {
	now := strconv.FormatInt(p.now().UnixMilli(), 10)
	due, err := p.st.Client.ZRangeByScoreWithScores(ctx, p.expectedKey(), &redis.ZRangeBy{Min: "-inf", Max: now, Count: sweepBatch}).Result()
	if err != nil {
		return 0, err
	}
	voided := 0
	var errs []error
	for _, z := range due {
		m, _ := z.Member.(string)
		var e expected
		if err := json.Unmarshal([]byte(m), &e); err != nil || e.Order == "" || p.cfg.Cards == nil {
			p.st.Client.ZRem(ctx, p.expectedKey(), m)
			continue
		}
		n, err := p.sweepOne(ctx, e)
		if err != nil {
			errs = append(errs, err)
			continue // tried again next round
		}
		voided += n
		// A retry of the same checkout lists the hold again with a later due time;
		// that entry stays.
		if err := forgetExpected.Run(ctx, p.st.Client, []string{p.expectedKey()}, m, strconv.FormatFloat(z.Score, 'f', -1, 64)).Err(); err != nil {
			errs = append(errs, err)
		}
	}
	return voided, errors.Join(errs...)
}

// sweepOne voids e's hold when the card was held and no order took it, answering 1;
// a checkout that stopped before holding the card is left free to be retried.
func (p *Provider) sweepOne(ctx context.Context, e expected) (int, error) {
	ref, err := p.cfg.Cards.Authorized(ctx, e.Processor, e.Key)
	if err != nil || ref == "" {
		return 0, err
	}
	gone, err := p.giveUpOrder(ctx, e.Order)
	if err != nil || !gone {
		return 0, err
	}
	// Looked up again: the order is now given up, so no submit holds the card since.
	if ref, err = p.cfg.Cards.Authorized(ctx, e.Processor, e.Key); err != nil || ref == "" {
		return 0, err
	}
	if err := p.cfg.Cards.Void(ctx, e.Processor, ref); err != nil {
		return 0, err
	}
	return 1, nil
}

// forgetExpected: ZREM ARGV[1] from KEYS[1] if its score is still ARGV[2].
var forgetExpected = redis.NewScript(`
local s = redis.call('ZSCORE', KEYS[1], ARGV[1])
if s and tonumber(s) == tonumber(ARGV[2]) then return redis.call('ZREM', KEYS[1], ARGV[1]) end
return 0`)

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
