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
