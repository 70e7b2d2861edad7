package ordering_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	orderingapi "github.com/henhouse/platform/edge/internal/api/ordering"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/providers/ordering/builtin"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// runningClock runs at real speed from the time it was last set to.
type runningClock struct {
	mu         sync.Mutex
	base, from time.Time
}

func (c *runningClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.base.Add(time.Since(c.from))
}

func (c *runningClock) Set(t time.Time) { c.mu.Lock(); c.base, c.from = t, time.Now(); c.mu.Unlock() }

// pushCounting counts reads like counting and passes on the provider's change news.
type pushCounting struct {
	*counting
	ordering.OrderChanges
}

// An open stream reads the order only when it changes: not at all while nothing
// does, once when the kitchen's clock moves it on and once when a stored change (the
// guest outside) is announced, here from another edge's provider on the same Redis.
func TestOrderEventsArePushed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		e, _, clk := pushApp(t, s)
		// Another edge's provider: the same Redis and prefix, a Store (and feed) of its own.
		other := &store.Store{Client: s.Client, Prefix: s.Prefix}
		b2, err := builtin.New(context.Background(), builtin.Config{Store: other, Now: clk.Now})
		if err != nil {
			t.Fatal(err)
		}
		c := &client{t: t, app: e.app}
		placed := placeOrder(t, c, "events-push", curbside)
		id := placed["id"].(string)
		preparing, err := time.Parse(time.RFC3339, placed["status_times"].(map[string]any)["preparing"].(string))
		if err != nil {
			t.Fatal(err)
		}
		// The kitchen starts 2 s from now: time for the stream to open and stay quiet,
		// even on a loaded machine.
		clk.Set(preparing.Add(-2 * time.Second))

		ls := serveLive(t, e)
		req, _ := http.NewRequest("GET", ls.base+"/api/orders/"+id+"/events", nil)
		req.Header.Set("Cookie", c.cookie)
		res, err := (&http.Client{Transport: &http.Transport{}}).Do(req)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("stream: %v %v", res, err)
		}
		defer res.Body.Close()
		events := make(chan map[string]any, 10)
		go func() {
			sc := bufio.NewScanner(res.Body)
			for sc.Scan() {
				if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
					var m struct{ Order map[string]any }
					_ = json.Unmarshal([]byte(d), &m)
					events <- m.Order
				}
			}
		}()
		next := func(want string) {
			t.Helper()
			select {
			case o := <-events:
				got := o["status"].(string)
				if o["arrived_at"] != nil {
					got += "+arrived"
				}
				if got != want {
					t.Fatalf("event %q, want %q", got, want)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("no %q event", want)
			}
		}
		next("placed")
		time.Sleep(500 * time.Millisecond) // the watcher's own first read is done
		before := e.p.reads.Load()
		time.Sleep(300 * time.Millisecond)
		if n := e.p.reads.Load() - before; n != 0 {
			t.Fatalf("%d reads while the order did not change", n)
		}
		next("preparing")
		if n := e.p.reads.Load() - before; n != 1 {
			t.Fatalf("%d reads for the kitchen starting, want 1", n)
		}
		time.Sleep(100 * time.Millisecond)
		if _, err := b2.OrderArrived(context.Background(), id, ordering.Viewer{Owner: strings.TrimPrefix(c.cookie, "hh_sid=")}); err != nil {
			t.Fatal(err)
		}
		next("preparing+arrived")
		time.Sleep(100 * time.Millisecond)
		if n := e.p.reads.Load() - before; n != 2 {
			t.Fatalf("%d reads for two changes, want 2", n)
		}
	})
}

// pushApp is the ordering API on the built-in provider over s, its streams told of
// changes, with a clock running from noon.
func pushApp(t *testing.T, s *store.Store) (*ordersEnv, *builtin.Provider, *runningClock) {
	t.Helper()
	clk := &runningClock{}
	clk.Set(noon)
	b, err := builtin.New(context.Background(), builtin.Config{Store: s, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	p := pushCounting{counting: &counting{Orders: b}, OrderChanges: b}
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil)})
	api := app.Group("/api")
	api.Use(session.New())
	cfg := everyRole(b)
	cfg.Orders, cfg.EventsInterval, cfg.EventsKeepAlive = p, 5*time.Millisecond, time.Hour
	orderingapi.Mount(api, cfg)
	return &ordersEnv{app: app, p: p.counting}, b, clk
}

// When Redis restarts, the pub/sub connection is made again and every followed order
// is read once, since a change meanwhile was announced to nobody; changes after that
// are heard again.
func TestOrderEventsAfterRedisRestarts(t *testing.T) {
	s := storetest.Embedded(t)
	e, b, _ := pushApp(t, s)
	c := &client{t: t, app: e.app}
	id := placeOrder(t, c, "events-restart", curbside)["id"].(string)
	ls := serveLive(t, e)
	if st, raw, _ := ls.stream(c, id); st != 200 {
		t.Fatalf("stream: %d %s", st, raw)
	}
	res := ls.open[0]
	arrived := make(chan struct{}, 1)
	go func() {
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "data: ") && strings.Contains(sc.Text(), `"arrived_at":"`) {
				arrived <- struct{}{}
				return
			}
		}
	}()
	time.Sleep(300 * time.Millisecond)
	before := e.p.reads.Load()
	s.Mini().Close()
	if err := s.Mini().Restart(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for e.p.reads.Load() == before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond)
	if n := e.p.reads.Load() - before; n != 1 {
		t.Fatalf("%d reads after Redis restarted, want 1", n)
	}
	if _, err := b.OrderArrived(context.Background(), id, ordering.Viewer{Owner: strings.TrimPrefix(c.cookie, "hh_sid=")}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-arrived:
	case <-time.After(5 * time.Second):
		t.Fatal("a change after the restart never reached the stream")
	}
}
