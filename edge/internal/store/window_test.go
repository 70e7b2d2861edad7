package store

import (
	"net"
	"os"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sony/gobreaker/v2"
)

// fakeClock is a settable clock for the breaker's window.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// The breaker opens on a failure rate over its window, never on a short streak: a
// busy edge whose few calls time out together keeps serving the rest.
func TestBreakerTripsOnAFailureRateOverAWindow(t *testing.T) {
	timeout := &net.OpError{Op: "read", Net: "tcp", Err: errTimeout{}}
	type step struct {
		ok, failed int
		wait       time.Duration // before the calls
	}
	cases := []struct {
		name  string
		steps []step
		open  bool
	}{
		{"a few timeouts in a row among many answers", []step{{ok: 50}, {failed: 3}, {ok: 10}}, false},
		{"three timeouts in a row, nothing else", []step{{failed: 3}}, false},
		{"under the minimum of calls, all failing", []step{{failed: 19}}, false},
		{"the minimum of calls, all failing", []step{{failed: 20}}, true},
		{"half of the calls failing", []step{{ok: 10}, {failed: 10}}, true},
		{"two in five failing", []step{{ok: 18}, {failed: 12}}, false},
		{"old failures leave the window", []step{{failed: 15}, {wait: 11 * time.Second, ok: 10}, {failed: 9}}, false},
		{"failures within the window add up", []step{{failed: 15}, {wait: 5 * time.Second, ok: 10}, {failed: 10}}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			clk := &fakeClock{t: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)}
			b := newBreaker(nil, BreakerConfig{Window: 10 * time.Second, MinCalls: 20, FailureRate: 0.5, Now: clk.now})
			for _, s := range tc.steps {
				clk.add(s.wait)
				for range s.ok {
					b.call(func() error { return nil })
				}
				for range s.failed {
					b.call(func() error { return timeout })
				}
			}
			if open := b.cb.State() == gobreaker.StateOpen; open != tc.open {
				t.Fatalf("open = %v, want %v", open, tc.open)
			}
		})
	}
}

// After an outage the window starts afresh: the probe's success closes the breaker
// and the failures before it do not open it again.
func TestBreakerWindowStartsAfreshAfterRecovery(t *testing.T) {
	clk := &fakeClock{t: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)}
	b := newBreaker(nil, BreakerConfig{Now: clk.now, CoolDown: time.Millisecond})
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: &os.SyscallError{Syscall: "connect", Err: syscall.ECONNREFUSED}}
	for range 3 {
		b.call(func() error { return refused })
	}
	if b.cb.State() != gobreaker.StateOpen {
		t.Fatal("not open after 3 refused connections in a row")
	}
	time.Sleep(5 * time.Millisecond) // gobreaker's own clock ends the cool-down
	if ran, err := b.call(func() error { return nil }); !ran || err != nil {
		t.Fatalf("probe: %v %v", ran, err)
	}
	b.call(func() error { return refused })
	if st := b.cb.State(); st != gobreaker.StateClosed {
		t.Fatalf("one failure after recovery: %s", st)
	}
}

type errTimeout struct{}

func (errTimeout) Error() string   { return "i/o timeout" }
func (errTimeout) Timeout() bool   { return true }
func (errTimeout) Temporary() bool { return true }
