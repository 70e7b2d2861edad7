package store

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"net"
	"os"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/sony/gobreaker/v2"
)

// ErrUnavailable is in the chain of every error a Redis call returns while Redis
// cannot be reached: errors.Is(err, store.ErrUnavailable). The HTTP layer answers it
// with 503 storage_unavailable, whichever provider it came through.
var ErrUnavailable = errors.New("store: redis unavailable")

// UnavailableError is a Redis call that failed because Redis could not be reached or
// could not serve it yet (timeout, refused or reset connection, pool timeout, the
// breaker being open, a server still loading or failing over). It wraps the cause.
type UnavailableError struct {
	// Err is what go-redis (or the breaker) returned.
	Err error
	// RetryAfter is when the edge expects to try Redis again: the rest of the breaker's
	// cool-down while it is open, else the cool-down.
	RetryAfter time.Duration
}

func (e *UnavailableError) Error() string { return "store: redis unavailable: " + e.Err.Error() }

// Unwrap gives both ErrUnavailable and the cause to errors.Is and errors.As.
func (e *UnavailableError) Unwrap() []error { return []error{ErrUnavailable, e.Err} }

// Unavailable reports whether err means that Redis could not be reached, and returns
// it as an *UnavailableError. An error the breaker hook already classified is
// returned as is; a raw go-redis error (from a client the hook does not cover, such
// as a Cluster node's own connection in a WATCH) is classified here, so the answer
// does not depend on where the error surfaced. redis.Nil, server errors about the
// command (WRONGTYPE, NOSCRIPT …), a transaction that lost its race and a cancelled
// request are not outages.
func Unavailable(err error) (*UnavailableError, bool) {
	if err == nil {
		return nil, false
	}
	var ue *UnavailableError
	if errors.As(err, &ue) {
		return ue, true
	}
	if !connectivity(err) && !errors.Is(err, redis.ErrClosed) {
		return nil, false
	}
	return &UnavailableError{Err: err, RetryAfter: CoolDown}, true
}

// connectivity reports errors that say Redis is unreachable or not serving: these
// count against the breaker.
//
// A filesystem error is never one, whatever it wraps: a syscall.Errno satisfies
// net.Error, so a full disk or a missing file would otherwise read as Redis being
// away (503 storage_unavailable) instead of the edge's own fault (a logged 500).
func connectivity(err error) bool {
	switch {
	case err == nil, errors.Is(err, redis.Nil), errors.Is(err, redis.TxFailedErr), errors.Is(err, context.Canceled):
		return false
	case filesystem(err):
		return false
	case errors.Is(err, redis.ErrPoolTimeout), errors.Is(err, redis.ErrPoolExhausted),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, context.DeadlineExceeded),
		errors.Is(err, gobreaker.ErrOpenState), errors.Is(err, gobreaker.ErrTooManyRequests):
		return true
	case redis.IsLoadingError(err), redis.IsClusterDownError(err), redis.IsTryAgainError(err),
		redis.IsMasterDownError(err), redis.IsReadOnlyError(err), redis.IsMaxClientsError(err):
		// The server answers but cannot serve yet: loading its data after a restart,
		// a cluster slot without a primary, a failover under way.
		return true
	}
	var ne net.Error // timeouts, refused and reset connections, DNS failures
	if !errors.As(err, &ne) {
		return false
	}
	// A bare errno is a system call's, not the network's: the net package always
	// wraps those it returns (*net.OpError).
	var op *net.OpError
	_, errno := ne.(syscall.Errno)
	return !errno || errors.As(err, &op)
}

// filesystem reports an error of a file operation (os, io/fs), unless it is a network
// error that happens to be wrapped as one.
func filesystem(err error) bool {
	var pe *fs.PathError
	var le *os.LinkError
	var op *net.OpError
	return (errors.As(err, &pe) || errors.As(err, &le)) && !errors.As(err, &op)
}
