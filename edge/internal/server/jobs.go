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
// zone). A card is sent once even if two rounds overlap (docs/giftcards.md). An
// ordering system without gift cards (p nil) has none to send.
func deliverGiftCards(ctx context.Context, st *store.Store, p interface {
	DeliverDueGiftCards(context.Context) (int, error)
}, log *slog.Logger) {
	if p == nil {
		return
	}
	periodic(ctx, st, "deliver-giftcards", time.Minute, 5*time.Second, func(ctx context.Context) {
		if n, err := p.DeliverDueGiftCards(ctx); err != nil {
			log.Error("gift card deliveries failed", "delivered", n, "err", err)
		} else if n > 0 {
			log.Info("gift cards delivered", "cards", n)
		}
	})
}

// sendOrderMail sends, every 10 seconds until ctx ends, the order mails no edge has
// sent yet: a ready mail when its order is ready, and a receipt or cancel mail whose
// edge stopped or whose send failed. Each goes once even if two rounds overlap
// (docs/checkout.md, "Order mail"). A provider without order mail is left alone.
func sendOrderMail(ctx context.Context, st *store.Store, p any, log *slog.Logger) {
	m, ok := p.(interface {
		SendDueOrderMail(context.Context) (int, error)
	})
	if !ok {
		return
	}
	periodic(ctx, st, "order-mail", 10*time.Second, time.Second, func(ctx context.Context) {
		if n, err := m.SendDueOrderMail(ctx); err != nil {
			log.Error("order mails failed", "sent", n, "err", err)
		}
	})
}

// captureCards captures, every 10 seconds until ctx ends, the card holds of the orders
// the kitchen has taken on (docs/providers.md, "Stripe"). Capturing twice is not an
// error, so overlapping rounds are harmless. A provider without captures is left alone.
func captureCards(ctx context.Context, st *store.Store, p any, log *slog.Logger) {
	c, ok := p.(interface {
		CaptureDueCards(context.Context) (int, error)
	})
	if !ok {
		return
	}
	periodic(ctx, st, "capture-cards", 10*time.Second, time.Second, func(ctx context.Context) {
		if n, err := c.CaptureDueCards(ctx); err != nil {
			log.Error("card captures failed", "captured", n, "err", err)
		}
	})
}
