package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/sony/gobreaker/v2"
)

// How long one Redis call may take. A healthy Redis answers in well under a
// millisecond; these bound what a guest waits when it does not (a stopped process, a
// lost network) before the edge answers 503 and the page renders without Redis.
const (
	// DialTimeout bounds opening a connection (one attempt, no dial retries).
	DialTimeout = 300 * time.Millisecond
	// IOTimeout bounds writing a command and reading its reply.
	IOTimeout = 300 * time.Millisecond
	// PoolTimeout bounds waiting for a free connection when all are busy.
	PoolTimeout = 400 * time.Millisecond
)

// PoolSize is how many connections to Redis an edge keeps at most. A request holds one
// only for a round trip, but on a busy edge that round trip includes the wait for a
// CPU to read the reply; with go-redis's default (10 per CPU) a burst of a few hundred
// requests queued for connections, long enough to end in PoolTimeout (bench/README.md,
// "apiload"). Redis serves thousands of clients; the URL's pool_size overrides it.
const PoolSize = 128

// The circuit breaker: after BreakAfter connectivity failures in a row every call
// fails at once for CoolDown, then one call probes Redis; its success closes the
// breaker, its failure opens it for another CoolDown. An outage so costs each
// request nothing, and no goroutines pile up waiting on a dead connection.
const (
	BreakAfter = 3
	CoolDown   = 2 * time.Second
)

// breaker is the go-redis hook that bounds the cost of an outage and names it: every
// dial, command and pipeline of the client goes through it. It logs one line when
// Redis becomes unreachable and one when it answers again.
type breaker struct {
	cb         *gobreaker.TwoStepCircuitBreaker[struct{}]
	log        *slog.Logger
	breakAfter uint32
	coolDown   time.Duration
	now        func() time.Time

	// healthy is true while the breaker is closed and the last call it counted
	// succeeded. Calls then skip the breaker's lock (every Redis call of every
	// request would otherwise take it twice) and only a failure is counted; see call.
	healthy atomic.Bool

	mu        sync.Mutex
	lastErr   error     // the last connectivity failure, for the outage's log line
	down      time.Time // when the breaker opened for this outage; zero while up
	openUntil time.Time // when the current open period ends
	onUp      []func()
}

var _ redis.Hook = (*breaker)(nil)

func newBreaker(log *slog.Logger, breakAfter uint32, coolDown time.Duration) *breaker {
	b := &breaker{log: log, breakAfter: breakAfter, coolDown: coolDown, now: time.Now}
	b.cb = gobreaker.NewTwoStepCircuitBreaker[struct{}](gobreaker.Settings{
		Name:        "redis",
		MaxRequests: 1, // one probe when half-open
		Timeout:     coolDown,
		ReadyToTrip: func(c gobreaker.Counts) bool { return c.ConsecutiveFailures >= breakAfter },
		// Only a failure to reach Redis counts: redis.Nil, a script's error or a lost
		// WATCH race are answers.
		IsSuccessful:  func(err error) bool { return !connectivity(err) },
		IsExcluded:    excluded,
		OnStateChange: b.changed,
	})
	b.healthy.Store(true)
	return b
}

// excluded reports errors the breaker counts neither as failures nor as successes.
// A request the guest abandoned, or a client being closed, says nothing about Redis;
// nor does waiting too long for a free connection of the pool: that is the edge
// itself being busy (a burst, a starved CPU). Such a call still fails (503), but one
// busy moment must not fail every request for CoolDown. When Redis itself stops
// answering, the calls holding the connections time out, and those count.
func excluded(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, redis.ErrClosed) ||
		errors.Is(err, redis.ErrPoolTimeout) || errors.Is(err, redis.ErrPoolExhausted)
}

// call runs fn, one command or pipeline, through the breaker and returns fn's error,
// or the breaker's when it did not let fn run (ran is then false).
//
// While healthy, fn runs without asking the breaker, and only a counted failure is
// reported to it; a success reported then too, when a failure was counted while fn
// ran, so that a success between failures still resets their streak as the breaker
// counts it. Otherwise every call goes through the breaker; the first success that
// leaves it closed with no failures counted makes it healthy again.
func (b *breaker) call(fn func() error) (ran bool, err error) {
	if b.healthy.Load() {
		err = fn()
		counted := !excluded(err)
		if connectivity(err) && counted {
			b.healthy.Store(false)
			b.report(err)
		} else if !b.healthy.Load() && counted {
			b.report(err)
		}
		return true, err
	}
	finish, berr := b.cb.Allow()
	if berr != nil {
		return false, berr
	}
	err = fn()
	finish(err)
	if connectivity(err) && !excluded(err) {
		b.healthy.Store(false)
	} else if b.cb.State() == gobreaker.StateClosed && b.cb.Counts().ConsecutiveFailures == 0 {
		b.healthy.Store(true)
	}
	return true, err
}

// report counts the outcome of a call that ran without the breaker. A closed breaker
// lets every call through, so Allow only fails when the breaker opened meanwhile;
// the outcome is then not counted, as gobreaker does not count calls of an earlier
// state.
func (b *breaker) report(err error) {
	if finish, berr := b.cb.Allow(); berr == nil {
		finish(err)
	}
}

// changed runs under the breaker's lock: it must not call the breaker.
func (b *breaker) changed(_ string, from, to gobreaker.State) {
	now := b.now()
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case to == gobreaker.StateOpen:
		b.openUntil = now.Add(b.coolDown)
		if from == gobreaker.StateClosed {
			b.down = now
			if b.log != nil {
				b.log.Error(fmt.Sprintf("redis unavailable: failing fast, probing again every %s", b.coolDown),
					"failures", b.breakAfter, "err", b.lastErr)
			}
		}
	case to == gobreaker.StateClosed && !b.down.IsZero():
		took := now.Sub(b.down).Round(time.Millisecond)
		b.down = time.Time{}
		if b.log != nil {
			b.log.Info(fmt.Sprintf("redis available again after %s", took))
		}
		for _, fn := range b.onUp {
			go fn()
		}
	}
}

// rejected is the error of a call the open breaker did not let through.
func (b *breaker) rejected(err error) *UnavailableError {
	b.mu.Lock()
	wait := b.openUntil.Sub(b.now())
	b.mu.Unlock()
	if wait < time.Second {
		wait = time.Second
	}
	return &UnavailableError{Err: err, RetryAfter: wait}
}

// failed notes a call's error and classifies it.
func (b *breaker) failed(err error) error {
	if !connectivity(err) {
		return err
	}
	b.mu.Lock()
	b.lastErr = err
	b.mu.Unlock()
	var ue *UnavailableError
	if errors.As(err, &ue) {
		return err
	}
	return &UnavailableError{Err: err, RetryAfter: b.coolDown}
}

// DialHook refuses new connections while the breaker is open, so nothing (a pool
// refill, a transaction's connection) waits on a dial that will fail.
func (b *breaker) DialHook(next redis.DialHook) redis.DialHook {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		if b.cb.State() == gobreaker.StateOpen {
			return nil, b.rejected(gobreaker.ErrOpenState)
		}
		return next(ctx, network, addr)
	}
}

type latchKey struct{}

// WithLatch returns a context in which Redis calls stop at the first one that cannot
// reach Redis: the calls after it fail at once with the same error. A page reads
// Redis several times (the member's session, module release state, the cart), each
// with a fallback; under the latch it waits for at most one timeout, even before the
// breaker has opened. Work that must still try Redis after a failure (giving back
// what a failed order took) should not run under a latch.
func WithLatch(ctx context.Context) context.Context {
	return context.WithValue(ctx, latchKey{}, new(atomic.Pointer[UnavailableError]))
}

func latchOf(ctx context.Context) *atomic.Pointer[UnavailableError] {
	l, _ := ctx.Value(latchKey{}).(*atomic.Pointer[UnavailableError])
	return l
}

// latched returns the error that tripped ctx's latch, if any.
func latched(ctx context.Context) *UnavailableError {
	if l := latchOf(ctx); l != nil {
		return l.Load()
	}
	return nil
}

// trip sets ctx's latch to err when err is an outage.
func trip(ctx context.Context, err error) {
	var ue *UnavailableError
	if l := latchOf(ctx); l != nil && errors.As(err, &ue) {
		l.CompareAndSwap(nil, ue)
	}
}

// handshake reports the commands go-redis sends on a new connection before the
// command that needed it. They go through the hooks too, but they are part of that
// command (the probe, when half-open), which the breaker already let through.
func handshake(cmds ...redis.Cmder) bool {
	for _, c := range cmds {
		switch c.Name() {
		case "hello", "auth", "select", "readonly", "client":
		default:
			return false
		}
	}
	return len(cmds) > 0
}

// ProcessHook runs one command through the breaker.
func (b *breaker) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if handshake(cmd) {
			return next(ctx, cmd)
		}
		if e := latched(ctx); e != nil {
			cmd.SetErr(e)
			return e
		}
		ran, err := b.call(func() error { return next(ctx, cmd) })
		if !ran {
			e := b.rejected(err)
			trip(ctx, e)
			cmd.SetErr(e)
			return e
		}
		if connectivity(err) {
			err = b.failed(err)
			trip(ctx, err)
			cmd.SetErr(err)
		}
		return err
	}
}

// ProcessPipelineHook runs a pipeline or a MULTI/EXEC through the breaker as one call.
func (b *breaker) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		if handshake(cmds...) {
			return next(ctx, cmds)
		}
		e := latched(ctx)
		if e == nil {
			ran, err := b.call(func() error { return next(ctx, cmds) })
			if ran {
				for _, c := range cmds {
					if ce := c.Err(); ce != nil {
						c.SetErr(b.failed(ce))
					}
				}
				err = b.failed(err)
				trip(ctx, err)
				return err
			}
			e = b.rejected(err)
			trip(ctx, e)
		}
		for _, c := range cmds {
			c.SetErr(e)
		}
		return e
	}
}

// up registers fn to run (in its own goroutine) each time Redis answers again after
// an outage.
func (b *breaker) up(fn func()) {
	b.mu.Lock()
	b.onUp = append(b.onUp, fn)
	b.mu.Unlock()
}
