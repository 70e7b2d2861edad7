package server

import (
	"context"
	"log/slog"
	"time"

	"github.com/henhouse/platform/edge/internal/store"
)

// renewSubscriptions charges due subscription periods every few minutes until ctx
// ends. With several edges, a short Redis lease lets one of them do each round.
func renewSubscriptions(ctx context.Context, st *store.Store, p interface {
	RenewDue(context.Context) (int, error)
}, log *slog.Logger) {
	const every = 5 * time.Minute
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		ok, err := st.Client.SetNX(ctx, st.Key("jobs", "renew-subscriptions"), "1", every-30*time.Second).Result()
		if err != nil || !ok {
			continue
		}
		if n, err := p.RenewDue(ctx); err != nil {
			log.Error("subscription renewals failed", "err", err)
		} else if n > 0 {
			log.Info("subscriptions renewed", "periods", n)
		}
	}
}

// deliverGiftCards emails the e-gift cards whose send date has come, every minute
// until ctx ends (a card is due at midnight of its send date in the buyer's time
// zone). With several edges, a short Redis lease lets one of them do each round; a
// card is sent once even if two rounds overlap (docs/giftcards.md).
func deliverGiftCards(ctx context.Context, st *store.Store, p interface {
	DeliverDueGiftCards(context.Context) (int, error)
}, log *slog.Logger) {
	const every = time.Minute
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		ok, err := st.Client.SetNX(ctx, st.Key("jobs", "deliver-giftcards"), "1", every-5*time.Second).Result()
		if err != nil || !ok {
			continue
		}
		if n, err := p.DeliverDueGiftCards(ctx); err != nil {
			log.Error("gift card deliveries failed", "delivered", n, "err", err)
		} else if n > 0 {
			log.Info("gift cards delivered", "cards", n)
		}
	}
}
