package builtin

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

var ctx = context.Background()

// Wednesday 25 Nov 2026, 12:00 in New York.
var noon = time.Date(2026, 11, 25, 17, 0, 0, 0, time.UTC)

type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) Set(t time.Time)     { c.mu.Lock(); c.t = t; c.mu.Unlock() }
func (c *fakeClock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

type env struct {
	p   *Provider
	clk *fakeClock
	st  *store.Store
}

var seq atomic.Int64

func newEnv(t *testing.T, st *store.Store, mod ...func(*Config)) *env {
	t.Helper()
	clk := &fakeClock{t: noon}
	cfg := Config{Store: st, Now: clk.Now, BcryptCost: bcrypt.MinCost, SiteURL: "https://henhouse.test",
		LocationExists: func(_ context.Context, id string) bool { return !strings.HasPrefix(id, "closed-") }}
	for _, m := range mod {
		m(&cfg)
	}
	p, err := New(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &env{p: p, clk: clk, st: st}
}

// each runs fn on the embedded Redis and, when one answers, on a real Redis.
func each(t *testing.T, fn func(t *testing.T, e *env), mod ...func(*Config)) {
	t.Helper()
	storetest.Each(t, func(t *testing.T, st *store.Store) { fn(t, newEnv(t, st, mod...)) })
}

// input is a valid sign-up with a unique email and phone.
func input() loyalty.SignUpInput {
	n := seq.Add(1)
	return loyalty.SignUpInput{
		FirstName: "Jane", LastName: "Doe", Email: fmt.Sprintf("jane%d@example.com", n),
		Phone: fmt.Sprintf("614555%04d", n%10000), Password: "chicken123", FavoriteLocationID: "oh-columbus-downtown",
	}
}

func (e *env) signUp(t *testing.T, mods ...func(*loyalty.SignUpInput)) loyalty.Member {
	t.Helper()
	in := input()
	for _, m := range mods {
		m(&in)
	}
	m, err := e.p.SignUp(ctx, in)
	if err != nil {
		t.Fatalf("sign up: %v", err)
	}
	return m
}

// member signs up and tops the balance up to points.
func (e *env) member(t *testing.T, points int64) loyalty.Member {
	t.Helper()
	m := e.signUp(t)
	if d := points - m.Points; d != 0 {
		var err error
		if m, err = e.p.AdjustPoints(ctx, m.ID, d, "test"); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

func (e *env) lastMessage(t *testing.T, to string) loyalty.Message {
	t.Helper()
	ms, err := e.p.OutboxFor(ctx, to, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) == 0 {
		t.Fatalf("no message to %s", to)
	}
	return ms[0]
}

func (e *env) messageCount(t *testing.T, to string) int {
	t.Helper()
	ms, err := e.p.OutboxFor(ctx, to, 100)
	if err != nil {
		t.Fatal(err)
	}
	return len(ms)
}

func faultOf(t *testing.T, err error) *fault.Error {
	t.Helper()
	if err == nil {
		t.Fatal("expected an error, got nil")
	}
	fe, ok := fault.As(err)
	if !ok {
		t.Fatalf("not a fault: %v", err)
	}
	return fe
}

func wantFault(t *testing.T, err error, kind fault.Kind, code string) *fault.Error {
	t.Helper()
	fe := faultOf(t, err)
	if fe.Kind != kind || fe.Code != code {
		t.Fatalf("got %v (kind %d), want kind %d code %s", fe, fe.Kind, kind, code)
	}
	return fe
}

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// formatPhone writes 10 digits as (614) 555-0123.
func formatPhone(d string) string {
	return "(" + d[:3] + ") " + d[3:6] + "-" + d[6:]
}
