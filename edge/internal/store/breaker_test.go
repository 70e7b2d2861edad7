package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	"github.com/sony/gobreaker/v2"
)

// freezer forwards TCP connections to a Redis and can stop forwarding, as a Redis
// process stopped with SIGSTOP would: connections open, nothing is answered.
type freezer struct {
	ln     net.Listener
	target string
	frozen atomic.Bool
}

func newFreezer(t *testing.T, target string) *freezer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f := &freezer{ln: ln, target: target}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go f.serve(c)
		}
	}()
	return f
}

func (f *freezer) serve(c net.Conn) {
	defer c.Close()
	up, err := net.Dial("tcp", f.target)
	if err != nil {
		return
	}
	defer up.Close()
	pipe := func(dst, src net.Conn) {
		buf := make([]byte, 32<<10)
		for {
			n, err := src.Read(buf)
			for f.frozen.Load() {
				time.Sleep(5 * time.Millisecond)
			}
			if n > 0 {
				if _, err := dst.Write(buf[:n]); err != nil {
					return
				}
			}
			if err != nil {
				return
			}
		}
	}
	go pipe(up, c)
	pipe(c, up)
}

// syncBuffer is a log destination tests read while the client writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestBreakerFailsFastDuringAnOutageAndLogsItOnce(t *testing.T) {
	m := miniredis.RunT(t)
	f := newFreezer(t, m.Addr())
	var logs syncBuffer
	b := newBreaker(slog.New(slog.NewTextHandler(&logs, nil)), BreakerConfig{MinCalls: 3, FailureRate: 0.5, CoolDown: 300 * time.Millisecond})
	c := redis.NewUniversalClient(failFast(&redis.UniversalOptions{Addrs: []string{f.ln.Addr().String()}}))
	c.AddHook(b)
	t.Cleanup(func() { c.Close() })
	recovered := make(chan struct{}, 1)
	b.up(func() { recovered <- struct{}{} })
	ctx := context.Background()
	if err := c.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatal(err)
	}
	if err := c.Get(ctx, "missing").Err(); !errors.Is(err, redis.Nil) {
		t.Fatalf("a missing key is an answer, not an outage: %v", err)
	}

	f.frozen.Store(true)
	for i := range 3 {
		start := time.Now()
		err := c.Get(ctx, "k").Err()
		if took := time.Since(start); took > IOTimeout+200*time.Millisecond {
			t.Fatalf("call %d took %s", i, took)
		}
		ue, ok := Unavailable(err)
		if !ok || !errors.Is(err, ErrUnavailable) || ue.RetryAfter <= 0 {
			t.Fatalf("call %d: %v is not classified as unavailable", i, err)
		}
	}
	// Open: calls fail at once, pipelines and transactions too.
	start := time.Now()
	for range 50 {
		if err := c.Get(ctx, "k").Err(); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("open breaker: %v", err)
		}
		_, err := c.TxPipelined(ctx, func(p redis.Pipeliner) error { p.Incr(ctx, "n"); return nil })
		if !errors.Is(err, ErrUnavailable) {
			t.Fatalf("open breaker, transaction: %v", err)
		}
	}
	if took := time.Since(start); took > 100*time.Millisecond {
		t.Fatalf("100 calls on an open breaker took %s", took)
	}
	if n := strings.Count(logs.String(), "redis unavailable"); n != 1 {
		t.Fatalf("%d outage lines, want 1:\n%s", n, logs.String())
	}

	f.frozen.Store(false)
	deadline := time.Now().Add(3 * time.Second)
	for c.Get(ctx, "k").Val() != "v" {
		if time.Now().After(deadline) {
			b.mu.Lock()
			last := b.lastErr
			b.mu.Unlock()
			t.Fatalf("no recovery: %v (last %v)\n%s", c.Get(ctx, "k").Err(), last, logs.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	select {
	case <-recovered:
	case <-time.After(time.Second):
		t.Fatal("recovery callbacks did not run")
	}
	if !strings.Contains(logs.String(), "redis available again after") {
		t.Fatalf("no recovery line:\n%s", logs.String())
	}
	if n := strings.Count(logs.String(), "redis unavailable"); n != 1 {
		t.Fatalf("%d outage lines after recovery, want 1:\n%s", n, logs.String())
	}
}

func TestRefusedConnectionsOpenTheBreaker(t *testing.T) {
	m := miniredis.RunT(t)
	b := newBreaker(nil, BreakerConfig{MinCalls: 3, CoolDown: time.Minute})
	c := redis.NewUniversalClient(failFast(&redis.UniversalOptions{Addrs: []string{m.Addr()}}))
	c.AddHook(b)
	t.Cleanup(func() { c.Close() })
	ctx := context.Background()
	if err := c.Ping(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	m.Close()
	for range 3 {
		if err := c.Get(ctx, "k").Err(); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("refused: %v", err)
		}
	}
	_, err := c.Get(ctx, "k").Result()
	ue, ok := Unavailable(err)
	if !ok || ue.RetryAfter < 50*time.Second {
		t.Fatalf("open breaker: %v, retry after %v", err, ue)
	}
}

// A busy edge waits too long for a pooled connection while Redis answers: those calls
// fail (503), but the breaker stays closed and the next calls go through.
func TestPoolTimeoutsDoNotOpenTheBreaker(t *testing.T) {
	m := miniredis.RunT(t)
	b := newBreaker(nil, BreakerConfig{MinCalls: 3, CoolDown: time.Minute})
	c := redis.NewUniversalClient(failFast(&redis.UniversalOptions{Addrs: []string{m.Addr()}, PoolSize: 1, PoolTimeout: 20 * time.Millisecond}))
	c.AddHook(b)
	t.Cleanup(func() { c.Close() })
	ctx := context.Background()
	if err := c.Ping(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	// The pool's one connection is busy with a blocking pop for a while.
	held := make(chan error, 1)
	go func() { held <- c.BLPop(ctx, 400*time.Millisecond, "nothing").Err() }()
	time.Sleep(50 * time.Millisecond)
	for i := range 5 {
		err := c.Get(ctx, "k").Err()
		if !errors.Is(err, redis.ErrPoolTimeout) || !errors.Is(err, ErrUnavailable) {
			t.Fatalf("call %d while the pool is busy: %v, want a pool timeout classified as unavailable", i, err)
		}
	}
	if err := <-held; !errors.Is(err, redis.Nil) {
		t.Fatalf("blocking pop: %v", err)
	}
	if st := b.cb.State(); st != gobreaker.StateClosed {
		t.Fatalf("breaker %s after pool timeouts, want closed", st)
	}
	if err := c.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatalf("after the pool timeouts: %v", err)
	}
}

// The healthy path skips the breaker's lock but still counts every call: a success
// between failures lowers their rate, and the rate opens it.
func TestHealthyBreakerCountsCallsInTheWindow(t *testing.T) {
	b := newBreaker(nil, BreakerConfig{MinCalls: 4, FailureRate: 0.8, CoolDown: time.Minute})
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connect: connection refused")}
	outcome := func(err error) func() error { return func() error { return err } }
	for _, err := range []error{refused, refused, nil, refused} {
		if ran, _ := b.call(outcome(err)); !ran {
			t.Fatalf("closed breaker refused a call")
		}
	}
	if st := b.cb.State(); st != gobreaker.StateClosed {
		t.Fatalf("breaker %s after 3 failures in 4 calls, want closed at 0.8", st)
	}
	b.call(outcome(refused))
	if st := b.cb.State(); st != gobreaker.StateOpen {
		t.Fatalf("breaker %s after 4 failures in 5 calls; want open", st)
	}
	if ran, err := b.call(outcome(nil)); ran || !errors.Is(err, gobreaker.ErrOpenState) {
		t.Fatalf("open breaker let a call run: %v", err)
	}
	if b.healthy.Load() {
		t.Fatal("open breaker is marked healthy")
	}
}

func TestUnavailableClassifiesRawErrors(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connect: connection refused")}
	reset := &net.OpError{Op: "read", Net: "tcp", Err: &os.SyscallError{Syscall: "read", Err: syscall.ECONNRESET}}
	for _, err := range []error{refused, reset, io.EOF, redis.ErrPoolTimeout, context.DeadlineExceeded, redis.ErrClosed,
		errors.New("LOADING Redis is loading the dataset in memory"), errors.New("CLUSTERDOWN The cluster is down")} {
		if _, ok := Unavailable(err); !ok {
			t.Errorf("%v: not classified as unavailable", err)
		}
	}
	for _, err := range []error{nil, redis.Nil, redis.TxFailedErr, context.Canceled, errors.New("WRONGTYPE Operation against a key holding the wrong kind of value"),
		errors.New("NOSCRIPT No matching script"),
		&fs.PathError{Op: "write", Path: "/build/x", Err: syscall.ENOSPC}, &fs.PathError{Op: "read", Path: "/nfs/x", Err: syscall.ETIMEDOUT},
		&os.LinkError{Op: "rename", Old: "a", New: "b", Err: syscall.EXDEV}, fmt.Errorf("mkdir: %w", syscall.EROFS)} {
		if _, ok := Unavailable(err); ok {
			t.Errorf("%v: classified as unavailable", err)
		}
	}
}

func TestURLForms(t *testing.T) {
	cases := []struct {
		url     string
		addrs   []string
		master  string
		cluster bool
	}{
		{"redis://:pw@10.0.0.1:6380/2", []string{"10.0.0.1:6380"}, "", false},
		{"10.0.0.1:6379", []string{"10.0.0.1:6379"}, "", false},
		{"10.0.0.1:7000, 10.0.0.2:7000,10.0.0.3:7000", []string{"10.0.0.1:7000", "10.0.0.2:7000", "10.0.0.3:7000"}, "", false},
		{"redis://10.0.0.1:7000?addr=10.0.0.2:7000", []string{"10.0.0.1:7000", "10.0.0.2:7000"}, "", true},
		{"redis://s1:26379?master_name=primary&addr=s2:26379&password=secret", []string{"s1:26379", "s2:26379"}, "primary", false},
	}
	for _, tc := range cases {
		o, err := universalOptions(tc.url)
		if err != nil {
			t.Errorf("%s: %v", tc.url, err)
			continue
		}
		if strings.Join(o.Addrs, ",") != strings.Join(tc.addrs, ",") || o.MasterName != tc.master || o.IsClusterMode != tc.cluster {
			t.Errorf("%s: addrs %v master %q cluster %v", tc.url, o.Addrs, o.MasterName, o.IsClusterMode)
		}
		if o = failFast(o); o.ReadTimeout != IOTimeout || o.DialTimeout != DialTimeout || o.PoolTimeout != PoolTimeout || o.MaxRetries != -1 || o.PoolSize != PoolSize {
			t.Errorf("%s: timeouts and pool %+v", tc.url, o)
		}
	}
	if o, _ := universalOptions("redis://:pw@10.0.0.1:6380/2"); o.Password != "pw" || o.DB != 2 {
		t.Errorf("password and database: %+v", o)
	}
	if o, _ := universalOptions("redis://s1:26379?master_name=primary&password=secret"); o.Password != "secret" {
		t.Errorf("the primary's password: %+v", o)
	}
	if o, _ := universalOptions("redis://10.0.0.1:6379?read_timeout=2s"); failFast(o).ReadTimeout != 2*time.Second {
		t.Errorf("a timeout the URL sets is kept: %v", o.ReadTimeout)
	}
	if o, _ := universalOptions("redis://10.0.0.1:6379?pool_size=7"); failFast(o).PoolSize != 7 {
		t.Errorf("a pool size the URL sets is kept: %v", o.PoolSize)
	}
}

// Under a latch, the calls after one that could not reach Redis fail at once, even
// while the breaker is still closed; other contexts are not affected.
func TestLatchStopsARequestAtItsFirstOutage(t *testing.T) {
	m := miniredis.RunT(t)
	f := newFreezer(t, m.Addr())
	b := newBreaker(nil, BreakerConfig{MinCalls: 100, CoolDown: time.Minute}) // stays closed
	c := redis.NewUniversalClient(failFast(&redis.UniversalOptions{Addrs: []string{f.ln.Addr().String()}}))
	c.AddHook(b)
	t.Cleanup(func() { c.Close() })
	ctx := WithLatch(context.Background())
	if err := c.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatal(err)
	}
	f.frozen.Store(true)
	start := time.Now()
	for range 5 {
		if err := c.Get(ctx, "k").Err(); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("latched: %v", err)
		}
		if _, err := c.Pipelined(ctx, func(p redis.Pipeliner) error { p.Get(ctx, "k"); return nil }); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("latched pipeline: %v", err)
		}
	}
	if took := time.Since(start); took > IOTimeout+200*time.Millisecond {
		t.Fatalf("ten calls under a latch took %s: more than one timeout", took)
	}
	f.frozen.Store(false)
	if err := c.Get(context.Background(), "k").Err(); err != nil {
		t.Fatalf("another request: %v", err)
	}
}
