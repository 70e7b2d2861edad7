package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"syscall"
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

// The circuit breaker opens on a failure rate, not a streak: when, over the last
// Window, at least MinCalls calls were made and at least FailureRate of them could not
// reach Redis (or RefusedInARow connections in a row were refused: nothing listens,
// which a busy edge cannot cause), every call fails at once for CoolDown, then one call probes Redis; its
// success closes the breaker (and starts the window afresh), its failure opens it for
// another CoolDown. An outage so costs each request nothing, and no goroutines pile up
// waiting on a dead connection; while a few calls of a busy edge time out together,
// the many that are answered keep it closed.

// CoolDown is how long the open breaker fails calls at once (DefaultBreaker's).
const CoolDown = 2 * time.Second

// BreakerConfig configures the circuit breaker.
type BreakerConfig struct {
	// Window is how far back calls are counted: short, so that a stopped Redis is
	// judged on the calls since it stopped. Optional. Default: 1 s.
	Window time.Duration
	// MinCalls is the fewest calls in the window the breaker judges on. Optional.
	// Default: 10.
	MinCalls int
	// RefusedInARow is how many refused connections in a row open the breaker
	// whatever the rate. Optional. Default: 3.
	RefusedInARow int
	// FailureRate is the share of the window's calls that, failing, opens the breaker,
	// above 0 and at most 1. Optional. Default: 0.5.
	FailureRate float64
	// CoolDown is how long the open breaker fails calls before it probes. Optional.
	// Default: CoolDown.
	CoolDown time.Duration
	// Now is the window's clock. Optional. Default: time.Now.
	Now func() time.Time
}

// DefaultBreaker is the breaker of Open.
var DefaultBreaker = BreakerConfig{Window: time.Second, MinCalls: 10, RefusedInARow: 3, FailureRate: 0.5, CoolDown: CoolDown}

func (c BreakerConfig) withDefaults() BreakerConfig {
	if c.Window <= 0 {
		c.Window = DefaultBreaker.Window
	}
	if c.MinCalls <= 0 {
		c.MinCalls = DefaultBreaker.MinCalls
	}
	if c.RefusedInARow <= 0 {
		c.RefusedInARow = DefaultBreaker.RefusedInARow
	}
	if c.FailureRate <= 0 || c.FailureRate > 1 {
		c.FailureRate = DefaultBreaker.FailureRate
	}
	if c.CoolDown <= 0 {
		c.CoolDown = DefaultBreaker.CoolDown
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// breaker is the go-redis hook that bounds the cost of an outage and names it: every
// dial, command and pipeline of the client goes through it. It logs one line when
// Redis becomes unreachable and one when it answers again.
type breaker struct {
	cb       *gobreaker.TwoStepCircuitBreaker[struct{}]
	log      *slog.Logger
	cfg      BreakerConfig
	coolDown time.Duration
	now      func() time.Time
	win      *window
	refused  atomic.Int32 // refused connections in a row

	// healthy is true while the breaker is closed and the last call it counted
	// succeeded. Calls then skip the breaker's lock (every Redis call of every
	// request would otherwise take it twice): a success is only added to the window,
	// and only a failure is reported to the breaker; see call.
	healthy atomic.Bool

	mu        sync.Mutex
	lastErr   error     // the last connectivity failure, for the outage's log line
	down      time.Time // when the breaker opened for this outage; zero while up
	openUntil time.Time // when the current open period ends
	onUp      []func()
}

var _ redis.Hook = (*breaker)(nil)

func newBreaker(log *slog.Logger, cfg BreakerConfig) *breaker {
	cfg = cfg.withDefaults()
	b := &breaker{log: log, cfg: cfg, coolDown: cfg.CoolDown, now: cfg.Now, win: newWindow(cfg.Window, cfg.Now)}
	b.cb = gobreaker.NewTwoStepCircuitBreaker[struct{}](gobreaker.Settings{
		Name:        "redis",
		MaxRequests: 1, // one probe when half-open
		Timeout:     cfg.CoolDown,
		// Called on each failure while closed; the window already holds it.
		ReadyToTrip: func(gobreaker.Counts) bool { return b.trips() },
		// Only a failure to reach Redis counts: redis.Nil, a script's error or a lost
		// WATCH race are answers.
		IsSuccessful:  func(err error) bool { return !connectivity(err) },
		IsExcluded:    excluded,
		OnStateChange: b.changed,
	})
	b.healthy.Store(true)
	return b
}

// trips reports whether the window's calls fail at the configured rate, or Redis
// refused the last connections.
func (b *breaker) trips() bool {
	if b.refused.Load() >= int32(b.cfg.RefusedInARow) {
		return true
	}
	calls, failed := b.win.counts()
	return calls >= int64(b.cfg.MinCalls) && float64(failed) >= b.cfg.FailureRate*float64(calls)
}

// count adds a call's outcome to the window and the streak of refused connections.
func (b *breaker) count(err error) {
	b.win.add(connectivity(err))
	if errors.Is(err, syscall.ECONNREFUSED) {
		b.refused.Add(1)
	} else {
		b.refused.Store(0)
	}
}

// window counts calls and failures over a sliding period in ten buckets, with atomics
// only: every Redis call adds to it. A bucket reused for a new slice of time is
// cleared by the first call that sees it stale; a call counted at that instant may be
// lost, which a rate over many calls does not notice.
type window struct {
	now    func() time.Time
	bucket int64 // nanoseconds
	slots  [10]slot
}

type slot struct {
	epoch         atomic.Int64
	calls, failed atomic.Int64
}

func newWindow(span time.Duration, now func() time.Time) *window {
	return &window{now: now, bucket: max(int64(span)/10, 1)}
}

func (w *window) add(failed bool) {
	e := w.now().UnixNano() / w.bucket
	s := &w.slots[e%int64(len(w.slots))]
	if old := s.epoch.Load(); old != e && s.epoch.CompareAndSwap(old, e) {
		s.calls.Store(0)
		s.failed.Store(0)
	}
	s.calls.Add(1)
	if failed {
		s.failed.Add(1)
	}
}

func (w *window) counts() (calls, failed int64) {
	e := w.now().UnixNano() / w.bucket
	for i := range w.slots {
		s := &w.slots[i]
		if ep := s.epoch.Load(); ep > e-int64(len(w.slots)) && ep <= e {
			calls += s.calls.Load()
			failed += s.failed.Load()
		}
	}
	return calls, failed
}

// reset forgets every call counted.
func (w *window) reset() {
	for i := range w.slots {
		w.slots[i].epoch.Store(0)
		w.slots[i].calls.Store(0)
		w.slots[i].failed.Store(0)
	}
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
		if counted {
			b.count(err)
		}
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
	if !excluded(err) && b.cb.State() == gobreaker.StateClosed {
		b.count(err)
	}
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
				calls, failed := b.win.counts()
				b.log.Error(fmt.Sprintf("redis unavailable: failing fast, probing again every %s", b.coolDown),
					"failures", failed, "calls", calls, "window", b.cfg.Window, "err", b.lastErr)
			}
		}
	case to == gobreaker.StateClosed:
		b.win.reset() // the failures of the outage are not the new period's
		b.refused.Store(0)
		if b.down.IsZero() {
			break
		}
		took := now.Sub(b.down).Round(time.Millisecond)
		b.down = time.Time{}
		if b.log != nil {
			b.log.Info(fmt.Sprintf("redis available again after %s", took))
		}
		b.runUp()
	}
}

// runUp runs the recovery callbacks, each in its own goroutine. Callers hold b.mu.
func (b *breaker) runUp() {
	for _, fn := range b.onUp {
		go fn()
	}
}

// recovered runs the recovery callbacks without an outage having been seen (Redis
// restarted faster than the breaker could open).
func (b *breaker) recovered() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.runUp()
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
