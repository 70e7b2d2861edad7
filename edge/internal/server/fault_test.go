package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/store"
)

// Redis fault tests (docs/operations.md, "Fault tests"): the edge on a Redis of its
// own, served on a real listener under a little concurrent load, while that Redis is
// stopped (SIGSTOP: connections open, nothing answered) and while it is killed and
// started again empty.

// logBuffer collects the edge's log.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) count(s string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Count(l.b.String(), s)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// liveEdge is an edge on a private Redis, listening on a port.
type liveEdge struct {
	s     *Server
	redis *redisProc
	base  string
	log   *logBuffer
	http  *http.Client
}

func startLiveEdge(t *testing.T) *liveEdge {
	t.Helper()
	e := &liveEdge{redis: startRedis(t, false), log: &logBuffer{}}
	e.s = newLoggingTestServer(t, func(c *Config) {
		c.RedisURL = e.redis.addr()
		c.Environment = "dev"
	}, slog.New(slog.NewTextHandler(e.log, nil)))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e.base = "http://" + ln.Addr().String()
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = e.s.App.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true})
	}()
	e.http = &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 32}}
	t.Cleanup(func() {
		e.http.CloseIdleConnections()
		_ = e.s.App.ShutdownWithTimeout(5 * time.Second)
		<-done
	})
	return e
}

// answer is one request's outcome.
type answer struct {
	status     int
	code       string
	retryAfter string
	start      time.Time
	took       time.Duration
	body       map[string]any
}

// client is a browser of the live edge: its cookies and the CSRF token of its last
// page.
type client struct {
	e       *liveEdge
	mu      sync.Mutex
	cookies map[string]string
	csrf    string
}

func (e *liveEdge) client() *client { return &client{e: e, cookies: map[string]string{}} }

var liveBootRe = regexp.MustCompile(`"csrf":"([^"]*)"`)

func (c *client) do(method, path, body string, hdr ...string) answer {
	req, _ := http.NewRequest(method, c.e.base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	c.mu.Lock()
	req.Header.Set("X-CSRF-Token", c.csrf)
	var ck []string
	for k, v := range c.cookies {
		ck = append(ck, k+"="+v)
	}
	c.mu.Unlock()
	req.Header.Set("Cookie", strings.Join(ck, "; "))
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	a := answer{start: time.Now()}
	res, err := c.e.http.Do(req)
	a.took = time.Since(a.start)
	if err != nil {
		a.code = "transport: " + err.Error()
		return a
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	a.status, a.retryAfter = res.StatusCode, res.Header.Get("Retry-After")
	c.mu.Lock()
	for _, k := range res.Cookies() {
		if k.MaxAge < 0 || k.Value == "" {
			delete(c.cookies, k.Name)
		} else {
			c.cookies[k.Name] = k.Value
		}
	}
	if m := liveBootRe.FindSubmatch(raw); m != nil && len(m[1]) > 0 {
		c.csrf = string(m[1])
	}
	c.mu.Unlock()
	if json.Unmarshal(raw, &a.body) == nil {
		if e, ok := a.body["error"].(map[string]any); ok {
			a.code, _ = e["code"].(string)
		}
	}
	return a
}

func (c *client) must(t *testing.T, want int, method, path, body string, hdr ...string) answer {
	t.Helper()
	a := c.do(method, path, body, hdr...)
	if a.status != want {
		t.Fatalf("%s %s: %d %s, want %d", method, path, a.status, a.code, want)
	}
	return a
}

// load runs workers guests until stop, each looping over reading its cart, adding to
// it and loading the home page, and records every answer.
type load struct {
	mu      sync.Mutex
	answers map[string][]answer // by kind: "cart", "add", "page"
	stop    atomic.Bool
	wg      sync.WaitGroup
}

func startLoad(t *testing.T, e *liveEdge, workers int) *load {
	t.Helper()
	l := &load{answers: map[string][]answer{}}
	for range workers {
		c := e.client()
		c.must(t, 200, "GET", "/", "")
		c.must(t, 201, "POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`)
		l.wg.Add(1)
		go func() {
			defer l.wg.Done()
			for !l.stop.Load() {
				for _, r := range []struct{ kind, method, path, body string }{
					{"cart", "GET", "/api/cart", ""},
					{"add", "POST", "/api/cart/products", `{"product_id":"sandwich-biscuit"}`},
					{"page", "GET", "/", ""},
				} {
					a := c.do(r.method, r.path, r.body)
					l.mu.Lock()
					l.answers[r.kind] = append(l.answers[r.kind], a)
					l.mu.Unlock()
				}
				time.Sleep(5 * time.Millisecond)
			}
		}()
	}
	return l
}

func (l *load) end() {
	l.stop.Store(true)
	l.wg.Wait()
}

// between returns the answers of kind to requests started in [from, to).
func (l *load) between(kind string, from, to time.Time) []answer {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []answer
	for _, a := range l.answers[kind] {
		if !a.start.Before(from) && a.start.Before(to) {
			out = append(out, a)
		}
	}
	return out
}

// goroutines samples runtime.NumGoroutine until stop and returns the highest count.
func goroutines(stop <-chan struct{}) <-chan int {
	out := make(chan int, 1)
	go func() {
		high := 0
		for {
			high = max(high, runtime.NumGoroutine())
			select {
			case <-stop:
				out <- high
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	return out
}

// While Redis is stopped, /api answers 503 storage_unavailable with Retry-After in
// under a second, pages render, goroutines do not pile up and the outage is logged
// once; when Redis runs again, the edge answers 200s again within seconds.
func TestRedisStoppedFailsFastAndRecovers(t *testing.T) {
	e := startLiveEdge(t)
	l := startLoad(t, e, 4)
	defer l.end()

	time.Sleep(500 * time.Millisecond)
	sampling := make(chan struct{})
	before := goroutines(sampling)
	time.Sleep(300 * time.Millisecond)
	close(sampling)
	highBefore := <-before
	for _, kind := range []string{"cart", "add", "page"} {
		for _, a := range l.between(kind, time.Time{}, time.Now()) {
			if a.status != 200 && a.status != 201 {
				t.Fatalf("%s before the fault: %d %s", kind, a.status, a.code)
			}
		}
	}

	stopped := time.Now()
	e.redis.signal(syscall.SIGSTOP)
	sampling = make(chan struct{})
	during := goroutines(sampling)
	time.Sleep(2500 * time.Millisecond)
	close(sampling)
	highDuring := <-during
	resumed := time.Now()
	e.redis.signal(syscall.SIGCONT)

	var slowestAPI, slowestPage time.Duration
	settled := stopped.Add(store.IOTimeout + 200*time.Millisecond) // calls in flight at the stop have failed
	for _, kind := range []string{"cart", "add"} {
		all := l.between(kind, stopped, resumed)
		if len(all) < 10 {
			t.Fatalf("only %d %s requests while Redis was stopped", len(all), kind)
		}
		for _, a := range all {
			slowestAPI = max(slowestAPI, a.took)
			// Answered while Redis was stopped (the breaker's probe may be answered by
			// Redis as it resumes).
			stoppedThroughout := a.start.After(settled) && a.start.Add(a.took).Before(resumed)
			if stoppedThroughout && (a.status != 503 || a.code != "storage_unavailable" || a.retryAfter == "") {
				t.Errorf("%s while Redis is stopped: %d %q Retry-After %q", kind, a.status, a.code, a.retryAfter)
			}
		}
	}
	for _, a := range l.between("page", stopped, resumed) {
		slowestPage = max(slowestPage, a.took)
		if a.status != 200 {
			t.Errorf("page while Redis is stopped: %d %s", a.status, a.code)
		}
	}
	if slowestAPI >= time.Second || slowestPage >= time.Second {
		t.Errorf("slowest answer while Redis was stopped: api %s, page %s; want under 1s", slowestAPI, slowestPage)
	}
	if highDuring > highBefore+40 {
		t.Errorf("goroutines piled up: %d during the outage, %d before", highDuring, highBefore)
	}
	if n := e.log.count("redis unavailable"); n != 1 {
		t.Errorf("%d outage lines in the log, want 1:\n%s", n, e.log)
	}
	if n := e.log.count("unhandled error"); n != 0 {
		t.Errorf("%d unhandled errors logged:\n%s", n, e.log)
	}

	// Recovery: within the breaker's cool-down and a probe, every answer is a
	// success again.
	var recovered time.Time
	for deadline := resumed.Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		cart, page := l.between("cart", time.Now().Add(-200*time.Millisecond), time.Now()), l.between("page", time.Now().Add(-200*time.Millisecond), time.Now())
		if len(cart) > 0 && cart[len(cart)-1].status == 200 && len(page) > 0 && page[len(page)-1].status == 200 {
			recovered = time.Now()
			break
		}
	}
	if recovered.IsZero() {
		t.Fatalf("no recovery within 5s of SIGCONT:\n%s", e.log)
	}
	time.Sleep(500 * time.Millisecond)
	l.end()
	for _, kind := range []string{"cart", "add", "page"} {
		for _, a := range l.between(kind, recovered.Add(100*time.Millisecond), time.Now()) {
			if a.status != 200 && a.status != 201 {
				t.Errorf("%s after recovery: %d %s", kind, a.status, a.code)
			}
		}
	}
	if e.log.count("redis available again after") != 1 {
		t.Errorf("no recovery line in the log:\n%s", e.log)
	}
	t.Logf("Redis stopped for %s: slowest /api answer %s, slowest page %s, goroutines %d before and at most %d during, 200s again %s after SIGCONT",
		resumed.Sub(stopped).Round(time.Millisecond), slowestAPI.Round(time.Millisecond), slowestPage.Round(time.Millisecond),
		highBefore, highDuring, recovered.Sub(resumed).Round(time.Millisecond))
}

// Redis killed and started again empty (no persistence): carts, orders, sessions and
// members are gone, but the edge puts back its token signing keys and secrets, so a
// token it signed before still passes the signature check, a page's CSRF token still
// works, and new sign-ups work.
func TestRedisRestartedEmptyGetsTheKeysBack(t *testing.T) {
	e := startLiveEdge(t)
	ctx := context.Background()
	m := e.client()
	m.must(t, 200, "GET", "/", "")
	bot := m.must(t, 200, "POST", "/api/botcheck/token", `{"action":"signup"}`).body["token"].(string)
	m.must(t, 201, "POST", "/api/auth/signup", signUpBody, "X-Bot-Check", bot)
	oldToken := m.cookies["hh_token"]
	m.must(t, 200, "GET", "/api/user", "", "Authorization", "Bearer "+oldToken)
	ringKey := e.s.Store.Key("auth", "keyring")
	ringBefore, err := e.s.Store.Client.HGetAll(ctx, ringKey).Result()
	if err != nil || ringBefore["active"] == "" {
		t.Fatalf("ring: %v %v", ringBefore, err)
	}

	killed := time.Now()
	e.redis.kill()
	g := e.client()
	for range 5 { // Redis away: 503 at once, pages render
		if a := g.do("GET", "/api/cart", ""); a.status != 503 || a.code != "storage_unavailable" || a.took >= time.Second {
			t.Fatalf("cart with Redis killed: %d %q in %s", a.status, a.code, a.took)
		}
		if a := g.do("GET", "/", ""); a.status != 200 || a.took >= time.Second {
			t.Fatalf("page with Redis killed: %d in %s", a.status, a.took)
		}
	}
	e.redis.restart()
	restarted := time.Now()

	// Within the breaker's cool-down the edge answers again and puts back its keys.
	var back time.Time
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if g.do("GET", "/api/cart", "").status == 200 && e.s.Store.Client.HGet(ctx, ringKey, "active").Val() != "" {
			back = time.Now()
			break
		}
	}
	if back.IsZero() {
		t.Fatalf("the signing keys were not put back within 5s:\n%s", e.log)
	}
	ringAfter := e.s.Store.Client.HGetAll(ctx, ringKey).Val()
	if ringAfter["active"] != ringBefore["active"] || ringAfter["k:"+ringBefore["active"]] != ringBefore["k:"+ringBefore["active"]] {
		t.Fatalf("the ring put back is not the edge's: %v", ringAfter)
	}

	// The old token's signature still verifies: what ends it is that its session
	// was in the Redis that was lost. So the member is asked to sign in again (401
	// unauthorized, the shell forgets the member), not shown a broken token.
	if _, err := e.s.Tokens.Verify(ctx, oldToken); !errors.Is(err, auth.ErrSessionEnded) {
		t.Fatalf("old token after the restart: %v, want the signature to pass and the session to be gone", err)
	}
	if a := m.do("GET", "/api/user", "", "Authorization", "Bearer "+oldToken); a.status != 401 || a.code != "unauthorized" {
		t.Fatalf("old token on /api/user: %d %s", a.status, a.code)
	}

	// The CSRF token of a page loaded before the restart still works; new sign-ups work.
	g.must(t, 201, "POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`)
	n := e.client()
	n.must(t, 200, "GET", "/", "")
	bot = n.must(t, 200, "POST", "/api/botcheck/token", `{"action":"signup"}`).body["token"].(string)
	n.must(t, 201, "POST", "/api/auth/signup", strings.Replace(signUpBody, "ada@example.com", "grace@example.com", 1), "X-Bot-Check", bot)
	n.must(t, 200, "GET", "/api/user", "")
	if n := e.log.count("redis unavailable"); n != 1 {
		t.Errorf("%d outage lines, want 1:\n%s", n, e.log)
	}
	if n := e.log.count("unhandled error"); n != 0 {
		t.Errorf("%d unhandled errors logged:\n%s", n, e.log)
	}
	t.Logf("Redis killed for %s; answering and keys back %s after the restart",
		restarted.Sub(killed).Round(time.Millisecond), back.Sub(restarted).Round(time.Millisecond))
}

// A Redis restarted empty faster than any call notices (no request in between, so
// the breaker never opens) still gets the edge's secrets back within a few seconds:
// the edge sees the restart itself. A page's CSRF token from before keeps working.
func TestRedisRestartedUnnoticedGetsTheSecretsBack(t *testing.T) {
	e := startLiveEdge(t)
	ctx := context.Background()
	g := e.client()
	g.must(t, 200, "GET", "/", "")
	csrfKey, ringKey := e.s.Store.Key("csrf", "secret"), e.s.Store.Key("auth", "keyring")
	secret := e.s.Store.Client.Get(ctx, csrfKey).Val()
	active := e.s.Store.Client.HGet(ctx, ringKey, "active").Val()
	if secret == "" || active == "" {
		t.Fatal("no secrets before the restart")
	}
	e.redis.kill()
	e.redis.restart()
	restarted := time.Now()
	var back time.Duration
	for time.Since(restarted) < 5*time.Second {
		if e.s.Store.Client.Get(ctx, csrfKey).Val() == secret && e.s.Store.Client.HGet(ctx, ringKey, "active").Val() == active {
			back = time.Since(restarted)
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if back == 0 {
		t.Fatalf("the secrets were not put back within 5s:\n%s", e.log)
	}
	g.must(t, 201, "POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`)
	t.Logf("secrets back %s after the restart", back)
}
