package server

import (
	"context"
	"log/slog"
	"time"

	orderingbuiltin "github.com/henhouse/platform/edge/internal/providers/ordering/builtin"
	"github.com/henhouse/platform/edge/internal/store"
)

// sweepCheckouts voids, every lock interval (CHECKOUT_LOCK_TTL) until ctx ends, the
// card holds of checkouts whose edge stopped before storing the order and which were
// not retried within the lock's lifetime (docs/operations.md, "Stopped checkouts").
// A provider without such holds to sweep is left alone.
func sweepCheckouts(ctx context.Context, st *store.Store, p any, every time.Duration, log *slog.Logger) {
	s, ok := p.(interface {
		SweepCheckouts(context.Context) (int, error)
	})
	if !ok {
		return
	}
	if every <= 0 {
		every = orderingbuiltin.DefaultSubmitLockTTL
	}
	periodic(ctx, st, "sweep-checkouts", every, every/10, func(ctx context.Context) {
		n, err := s.SweepCheckouts(ctx)
		if err != nil {
			log.Error("checkout sweep failed", "voided", n, "err", err)
		} else if n > 0 {
			log.Info("card holds of stopped checkouts voided", "holds", n)
		}
	})
}
