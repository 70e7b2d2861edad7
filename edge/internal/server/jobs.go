package server

import (
	"context"
	"log/slog"
	"time"

	"github.com/henhouse/platform/edge/internal/store"
)

// periodic runs round every interval until ctx ends. With several edges, a Redis
// lease a little shorter than the interval (named by job) lets one of them do each
// round.
func periodic(ctx context.Context, st *store.Store, job string, every, slack time.Duration, round func(context.Context)) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		ok, err := st.Client.SetNX(ctx, st.Key("jobs", job), "1", every-slack).Result()
		if err != nil || !ok {
			continue
		}
		round(ctx)
	}
}

// renewSubscriptions charges due subscription periods every 5 minutes until ctx ends.
func renewSubscriptions(ctx context.Context, st *store.Store, p interface {
	RenewDue(context.Context) (int, error)
}, log *slog.Logger) {
	periodic(ctx, st, "renew-subscriptions", 5*time.Minute, 30*time.Second, func(ctx context.Context) {
		if n, err := p.RenewDue(ctx); err != nil {
			log.Error("subscription renewals failed", "err", err)
		} else if n > 0 {
			log.Info("subscriptions renewed", "periods", n)
		}
	})
}

// deliverGiftCards emails the e-gift cards whose send date has come, every minute
// until ctx ends (a card is due at midnight of its send date in the buyer's time
// zone). A card is sent once even if two rounds overlap (docs/giftcards.md).
func deliverGiftCards(ctx context.Context, st *store.Store, p interface {
	DeliverDueGiftCards(context.Context) (int, error)
}, log *slog.Logger) {
	periodic(ctx, st, "deliver-giftcards", time.Minute, 5*time.Second, func(ctx context.Context) {
		if n, err := p.DeliverDueGiftCards(ctx); err != nil {
			log.Error("gift card deliveries failed", "delivered", n, "err", err)
		} else if n > 0 {
			log.Info("gift cards delivered", "cards", n)
		}
	})
}
