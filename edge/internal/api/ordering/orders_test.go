package ordering_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/compress"

	orderingapi "github.com/henhouse/platform/edge/internal/api/ordering"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/providers/ordering/builtin"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// noon is Wednesday 25 Nov 2026, 12:00 in Ohio.
var noon = time.Date(2026, 11, 25, 17, 0, 0, 0, time.UTC)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Set(t time.Time)     { c.mu.Lock(); c.t = t; c.mu.Unlock() }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// counting counts the orders read, to see a stream stop reading.
type counting struct {
	ordering.Orders
	reads atomic.Int64
}

func (c *counting) Order(ctx context.Context, id string, v ordering.Viewer) (ordering.Order, error) {
	c.reads.Add(1)
	return c.Orders.Order(ctx, id, v)
}

type ordersEnv struct {
	app *fiber.App
	p   *counting
	clk *clock
}

// newOrdersApp is the ordering API on the built-in provider with a clock the test
// moves, behind compression as on the edge. X-Test-Member signs the request in.
func newOrdersApp(t *testing.T, edit func(*orderingapi.Config)) *ordersEnv {
	t.Helper()
	clk := &clock{t: noon}
	b, err := builtin.New(context.Background(), builtin.Config{Store: storetest.Embedded(t), Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	p := &counting{Orders: b}
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil), BodyLimit: 64 * 1024})
	app.Use(compress.New())
	api := app.Group("/api")
	api.Use(session.New(), func(c fiber.Ctx) error {
		if m := c.Get("X-Test-Member"); m != "" {
			session.SetMember(c, session.Member{ID: m})
		}
		return c.Next()
	})
	cfg := everyRole(b)
	cfg.Orders, cfg.EventsInterval, cfg.EventsKeepAlive = p, 5*time.Millisecond, 30*time.Millisecond
	if edit != nil {
		edit(&cfg)
	}
	orderingapi.Mount(api, cfg)
	return &ordersEnv{app: app, p: p, clk: clk}
}

// placeOrder puts a 3-piece tenders in a cart at Dayton and submits it, ASAP at noon
// (ready 12:15), paid in store.
func placeOrder(t *testing.T, c *client, key string, handoff string, hdr ...string) map[string]any {
	t.Helper()
	c.do("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`)
	if s, m := c.do("POST", "/api/cart/products", `{"product_id":"tenders-3","modifiers":[{"id":"flv-spicy"}]}`); s != 201 {
		t.Fatalf("add: %d %v", s, m)
	}
	if handoff != "" {
		if s, m := c.do("PUT", "/api/cart/handoff", handoff); s != 200 {
			t.Fatalf("handoff: %d %v", s, m)
		}
	}
	body := `{"customer":{"first_name":"Sam","last_name":"Lee","email":"sam@example.com","phone":"937-555-0101"},"payments":[{"kind":"instore"}]}`
	s, m := c.do("POST", "/api/cart/submit", body, append([]string{"Idempotency-Key", key}, hdr...)...)
	if s != 201 {
		t.Fatalf("submit: %d %v", s, m)
	}
	return m["order"].(map[string]any)
}

const curbside = `{"mode":"curbside","vehicle":{"make":"Ford","model":"F-150","color":"Red"}}`

func TestOrdersOverHTTP(t *testing.T) {
	e := newOrdersApp(t, nil)
	c := &client{t: t, app: e.app}
	if s, m := c.do("GET", "/api/orders/recent", ""); s != 200 || m["order"] != nil {
		t.Fatalf("no order yet: %d %v", s, m)
	}
	// The orders hint follows: none, then one once an order is placed.
	if c.set["hh_orders"] != "0" {
		t.Errorf("no order yet: orders hint %q, want 0", c.set["hh_orders"])
	}
	o := placeOrder(t, c, "orders-0001", "")
	id := o["id"].(string)
	if c.set["hh_orders"] != "1" {
		t.Errorf("an order placed: orders hint %q, want 1", c.set["hh_orders"])
	}
	if o["status"] != "placed" || o["cancellable"] != true || o["status_times"].(map[string]any)["preparing"] != "2026-11-25T17:01:00Z" {
		t.Fatalf("placed: %v", o)
	}
	s, m := c.do("GET", "/api/orders/"+id, "")
	if s != 200 || m["order"].(map[string]any)["id"] != id || m["order"].(map[string]any)["owner"] != nil {
		t.Fatalf("read: %d %v", s, m)
	}
	if s, m := c.do("GET", "/api/orders/recent", ""); s != 200 || m["order"].(map[string]any)["id"] != id {
		t.Fatalf("recent: %d %v", s, m)
	}

	// Another visitor, even with the link, is told there is no such order.
	other := &client{t: t, app: e.app}
	for _, call := range [][2]string{{"GET", "/api/orders/" + id}, {"GET", "/api/orders/" + id + "/events"}, {"POST", "/api/orders/" + id + "/cancel"}, {"POST", "/api/orders/" + id + "/arrived"}} {
		if s, m := other.do(call[0], call[1], ""); s != 404 || errCode(m) != "order_not_found" {
			t.Errorf("%s %s by another visitor: %d %v", call[0], call[1], s, m)
		}
	}
	if s, m := other.do("GET", "/api/orders/recent", ""); s != 200 || m["order"] != nil {
		t.Fatalf("another visitor's recent order: %d %v", s, m)
	}

	if s, m := c.do("POST", "/api/orders/"+id+"/arrived", ""); s != 422 || errCode(m) != "not_curbside" {
		t.Fatalf("pickup arrived: %d %v", s, m)
	}
	s, m = c.do("POST", "/api/orders/"+id+"/cancel", "")
	if got := m["order"].(map[string]any); s != 200 || got["status"] != "cancelled" || got["cancellable"] != false || got["cancelled_at"] == nil {
		t.Fatalf("cancel: %d %v", s, m)
	}
	if s, m := c.do("POST", "/api/orders/"+id+"/cancel", ""); s != 409 || errCode(m) != "order_not_cancellable" ||
		m["error"].(map[string]any)["message"] != "The kitchen has started your order, so it can't be cancelled online. Call the restaurant." {
		t.Fatalf("cancel again: %d %v", s, m)
	}

	// A curbside order: the guest says they're here once; the first time counts.
	cb := placeOrder(t, c, "orders-0002", curbside)["id"].(string)
	e.clk.Add(5 * time.Minute)
	s, m = c.do("POST", "/api/orders/"+cb+"/arrived", "")
	if s != 200 || m["order"].(map[string]any)["arrived_at"] != "2026-11-25T17:05:00Z" || m["order"].(map[string]any)["status"] != "preparing" {
		t.Fatalf("arrived: %d %v", s, m)
	}
	if s, m := c.do("POST", "/api/orders/"+cb+"/cancel", ""); s != 409 || errCode(m) != "order_not_cancellable" {
		t.Fatalf("cancel while preparing: %d %v", s, m)
	}
	e.clk.Add(time.Minute)
	if s, m := c.do("POST", "/api/orders/"+cb+"/arrived", ""); s != 200 || m["order"].(map[string]any)["arrived_at"] != "2026-11-25T17:05:00Z" {
		t.Fatalf("arrived again: %d %v", s, m)
	}
	e.clk.Add(time.Hour)
	if s, m := c.do("POST", "/api/orders/"+cb+"/arrived", ""); s != 409 || errCode(m) != "order_closed" {
		t.Fatalf("arrived after completion: %d %v", s, m)
	}
}

// A member's order is theirs on any device; another member's is not found.
func TestMembersReadTheirOrdersAnywhere(t *testing.T) {
	e := newOrdersApp(t, nil)
	phone := &client{t: t, app: e.app}
	id := placeOrder(t, phone, "member-0001", "", "X-Test-Member", "m_1")["id"].(string)
	laptop := &client{t: t, app: e.app}
	if s, m := laptop.do("GET", "/api/orders/"+id, "", "X-Test-Member", "m_1"); s != 200 || m["order"].(map[string]any)["member_id"] != "m_1" {
		t.Fatalf("the member on another device: %d %v", s, m)
	}
	if s, m := laptop.do("GET", "/api/orders/"+id, "", "X-Test-Member", "m_2"); s != 404 || errCode(m) != "order_not_found" {
		t.Fatalf("another member: %d %v", s, m)
	}
	if s, m := laptop.do("POST", "/api/orders/"+id+"/cancel", "", "X-Test-Member", "m_1"); s != 200 || m["order"].(map[string]any)["status"] != "cancelled" {
		t.Fatalf("the member cancels: %d %v", s, m)
	}
}

// event is one Server-Sent Event: its name and data, or a comment.
type event struct{ name, data, comment string }

func readEvents(t *testing.T, r io.Reader) []event {
	t.Helper()
	var out []event
	var cur event
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			out = append(out, cur)
			cur = event{}
		case strings.HasPrefix(line, ":"):
			cur.comment = strings.TrimSpace(line[1:])
		case strings.HasPrefix(line, "event: "):
			cur.name = line[len("event: "):]
		case strings.HasPrefix(line, "data: "):
			cur.data = line[len("data: "):]
		default:
			t.Fatalf("not an event line: %q", line)
		}
	}
	return out
}

func orderOf(t *testing.T, ev event) map[string]any {
	t.Helper()
	var m struct {
		Order map[string]any `json:"order"`
	}
	if ev.name != "order" || json.Unmarshal([]byte(ev.data), &m) != nil || m.Order == nil {
		t.Fatalf("not an order event: %+v", ev)
	}
	return m.Order
}

func TestOrderEventsFollowTheOrder(t *testing.T) {
	e := newOrdersApp(t, nil)
	c := &client{t: t, app: e.app}
	id := placeOrder(t, c, "events-0001", curbside)["id"].(string)

	// The kitchen works while the stream is open; the guest arrives on the way.
	go func() {
		steps := []func(){
			func() { e.clk.Set(noon.Add(5 * time.Minute)) }, // preparing
			func() {
				_, _ = e.p.OrderArrived(context.Background(), id, ordering.Viewer{Owner: strings.TrimPrefix(c.cookie, "hh_sid=")})
			},
			func() { e.clk.Set(noon.Add(20 * time.Minute)) }, // ready
			func() { e.clk.Set(noon.Add(time.Hour)) },        // completed
		}
		for _, step := range steps {
			time.Sleep(80 * time.Millisecond)
			step()
		}
	}()
	req := httptest.NewRequest("GET", "/api/orders/"+id+"/events", nil)
	req.Header.Set("Cookie", c.cookie)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Accept-Encoding", "gzip, br")
	res, err := e.app.Test(req, fiber.TestConfig{Timeout: 5 * time.Second, FailOnTimeout: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" || res.Header.Get("Cache-Control") != "no-store" ||
		res.Header.Get("X-Accel-Buffering") != "no" || res.Header.Get("Content-Encoding") != "" {
		t.Fatalf("answer: %d %v", res.StatusCode, res.Header)
	}
	var statuses []string
	arrived, keepAlives := "", 0
	for _, ev := range readEvents(t, res.Body) {
		if ev.comment == "keep-alive" {
			keepAlives++
			continue
		}
		o := orderOf(t, ev)
		statuses = append(statuses, o["status"].(string))
		if a, _ := o["arrived_at"].(string); a != "" && arrived == "" {
			arrived = a
			statuses[len(statuses)-1] += "+arrived"
		}
	}
	if strings.Join(statuses, " ") != "placed preparing preparing+arrived ready completed" {
		t.Fatalf("events: %v", statuses)
	}
	if keepAlives == 0 {
		t.Fatal("no keep-alive while the order did not change")
	}
}

func TestOrderEventsEnd(t *testing.T) {
	e := newOrdersApp(t, func(c *orderingapi.Config) { c.EventsMaxAge = 150 * time.Millisecond })
	c := &client{t: t, app: e.app}
	id := placeOrder(t, c, "events-0002", "")
	stream := func() []event {
		req := httptest.NewRequest("GET", "/api/orders/"+id["id"].(string)+"/events", nil)
		req.Header.Set("Cookie", c.cookie)
		res, err := e.app.Test(req, fiber.TestConfig{Timeout: 5 * time.Second, FailOnTimeout: true})
		if err != nil {
			t.Fatal(err)
		}
		return readEvents(t, res.Body)
	}
	// Nothing changes: the stream ends after EventsMaxAge and the browser reconnects.
	start := time.Now()
	evs := stream()
	if time.Since(start) < 150*time.Millisecond || len(evs) < 2 || orderOf(t, evs[0])["status"] != "placed" {
		t.Fatalf("after %v: %+v", time.Since(start), evs)
	}
	// A closed order is sent once and the stream ends at once.
	c.do("POST", "/api/orders/"+id["id"].(string)+"/cancel", "")
	start = time.Now()
	evs = stream()
	if len(evs) != 1 || orderOf(t, evs[0])["status"] != "cancelled" || time.Since(start) > 100*time.Millisecond {
		t.Fatalf("cancelled: %+v after %v", evs, time.Since(start))
	}
	if s, m := c.do("GET", "/api/orders/o_nope/events", ""); s != 404 || errCode(m) != "order_not_found" {
		t.Fatalf("unknown order: %d %v", s, m)
	}
}

// When the client goes away the stream stops: its next write fails and it reads the
// order no more.
func TestOrderEventsStopWhenTheClientGoes(t *testing.T) {
	e := newOrdersApp(t, func(c *orderingapi.Config) { c.EventsKeepAlive = 10 * time.Millisecond })
	c := &client{t: t, app: e.app}
	id := placeOrder(t, c, "events-0003", "")["id"].(string)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = e.app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	t.Cleanup(func() { _ = e.app.Shutdown() })

	req, _ := http.NewRequest("GET", "http://"+ln.Addr().String()+"/api/orders/"+id+"/events", nil)
	req.Header.Set("Cookie", c.cookie)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(res.Body).ReadString('\n')
	if err != nil || line != "event: order\n" {
		t.Fatalf("first line %q %v", line, err)
	}
	res.Body.Close()
	http.DefaultClient.CloseIdleConnections()
	var last int64 = -1
	for range 50 {
		time.Sleep(40 * time.Millisecond)
		n := e.p.reads.Load()
		if n == last {
			return // the stream has stopped reading
		}
		last = n
	}
	t.Fatal("the stream kept reading the order after the client went away")
}

// liveStreams serves e on a loopback port and opens event streams of order id as c.
type liveStreams struct {
	t    *testing.T
	base string
	open []*http.Response
}

func serveLive(t *testing.T, e *ordersEnv) *liveStreams {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = e.app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	t.Cleanup(func() { _ = e.app.ShutdownWithTimeout(time.Second) })
	ls := &liveStreams{t: t, base: "http://" + ln.Addr().String()}
	t.Cleanup(func() {
		for _, r := range ls.open {
			r.Body.Close()
		}
	})
	return ls
}

// stream opens one stream; an open one is kept (its first event read), a refused one
// is returned with its body read.
func (ls *liveStreams) stream(c *client, id string) (int, string, *http.Response) {
	ls.t.Helper()
	req, _ := http.NewRequest("GET", ls.base+"/api/orders/"+id+"/events", nil)
	req.Header.Set("Cookie", c.cookie)
	res, err := (&http.Client{Transport: &http.Transport{}}).Do(req)
	if err != nil {
		ls.t.Fatal(err)
	}
	if res.StatusCode != 200 {
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		return res.StatusCode, string(raw), res
	}
	line, err := bufio.NewReader(res.Body).ReadString('\n')
	if err != nil || line != "event: order\n" {
		ls.t.Fatalf("first line %q %v", line, err)
	}
	ls.open = append(ls.open, res)
	return 200, "", res
}

// Event streams are capped per visitor, per client address and per edge: one more is
// answered 429 too_many_streams (the page then asks every few seconds), and a stream
// that ends gives its place back.
func TestOrderEventsAreCapped(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*orderingapi.Config)
		cap  int
	}{
		{"per visitor, by default", nil, 4},
		{"per address", func(c *orderingapi.Config) { c.EventsPerVisitor, c.EventsPerAddress = 100, 3 }, 3},
		{"per edge", func(c *orderingapi.Config) { c.EventsPerVisitor, c.EventsMax = 100, 2 }, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newOrdersApp(t, tc.edit)
			c := &client{t: t, app: e.app}
			id := placeOrder(t, c, "events-cap", "")["id"].(string)
			ls := serveLive(t, e)
			for i := range tc.cap {
				if st, raw, _ := ls.stream(c, id); st != 200 {
					t.Fatalf("stream %d: %d %s", i+1, st, raw)
				}
			}
			st, raw, res := ls.stream(c, id)
			if st != 429 || !strings.Contains(raw, `"code":"too_many_streams"`) || res.Header.Get("Retry-After") == "" {
				t.Fatalf("stream %d: %d %s %v", tc.cap+1, st, raw, res.Header)
			}
			// One tab closes: its place is free again once the stream notices.
			ls.open[0].Body.Close()
			deadline := time.Now().Add(3 * time.Second)
			for {
				if st, _, _ = ls.stream(c, id); st == 200 || time.Now().After(deadline) {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			if st != 200 {
				t.Fatalf("after a stream closed: %d", st)
			}
		})
	}
}

// Every stream of one order follows one watcher: ten tabs cost the reads of one.
func TestOrderEventsShareOneWatcher(t *testing.T) {
	e := newOrdersApp(t, func(c *orderingapi.Config) {
		c.EventsPerVisitor, c.EventsInterval, c.EventsKeepAlive = 20, 20*time.Millisecond, time.Hour
	})
	c := &client{t: t, app: e.app}
	id := placeOrder(t, c, "events-shared", "")["id"].(string)
	ls := serveLive(t, e)
	for range 10 {
		if st, raw, _ := ls.stream(c, id); st != 200 {
			t.Fatalf("stream: %d %s", st, raw)
		}
	}
	before, start := e.p.reads.Load(), time.Now()
	time.Sleep(400 * time.Millisecond)
	reads, ticks := e.p.reads.Load()-before, float64(time.Since(start))/float64(20*time.Millisecond)
	if float64(reads) > ticks*1.5+2 {
		t.Fatalf("%d reads in %.0f ticks with 10 streams open: more than one watcher", reads, ticks)
	}
	if reads == 0 {
		t.Fatal("no reads: nothing watches the order")
	}
	// The kitchen starts: every stream hears it from the one watcher.
	e.clk.Set(noon.Add(5 * time.Minute))
	for i, res := range ls.open {
		got := make(chan string, 1)
		go func() {
			sc := bufio.NewScanner(res.Body)
			for sc.Scan() {
				if strings.HasPrefix(sc.Text(), "data: ") && strings.Contains(sc.Text(), `"status":"preparing"`) {
					got <- "preparing"
					return
				}
			}
		}()
		select {
		case <-got:
		case <-time.After(3 * time.Second):
			t.Fatalf("stream %d did not hear the order is being prepared", i)
		}
	}
}

// A cart is one visitor's: no cache, shared or the browser's, may keep it, with or
// without a cart.
func TestCartAnswersAreNotCached(t *testing.T) {
	e := newOrdersApp(t, nil)
	c := &client{t: t, app: e.app}
	check := func(method, path, body string) {
		t.Helper()
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Cookie", c.cookie)
		res, err := e.app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Header.Get("Cache-Control"); got != "private, no-store" {
			t.Errorf("%s %s: %d, Cache-Control %q", method, path, res.StatusCode, got)
		}
	}
	c.do("GET", "/api/cart", "")
	check("GET", "/api/cart", "")
	c.do("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`)
	check("GET", "/api/cart", "")
	check("POST", "/api/cart/products", `{"product_id":"tenders-3","modifiers":[{"id":"flv-spicy"}]}`)
}
