package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// An edge killed mid-checkout (docs/operations.md, "Fault tests"): the edge binary runs
// as a child process on a private Redis; guests submit their orders at once and the
// edge gets SIGKILL a few milliseconds later; a new edge starts and every guest sends
// the same submit again, with the same key, until it answers something other than
// "in progress". Each key then ends in one order or a plain refusal, no guest has two
// orders or two holds on their card, and once the sweep has run every card hold
// belongs to a placed order or is voided.

const (
	killGuests  = 60
	killLockTTL = 2 * time.Second
	killHeld    = 5 // cards held when the edge is killed
)

// childEdge is the edge binary running as a child process.
type childEdge struct {
	cmd *exec.Cmd
	log *logBuffer
}

// buildEdge compiles the edge binary with the go command that runs the tests.
func buildEdge(t *testing.T) string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is not on PATH: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "edge")
	if out, err := exec.Command(gobin, "build", "-o", bin, "github.com/henhouse/platform/edge/cmd/edge").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startChildEdge starts the edge binary with env and waits until it is ready.
func startChildEdge(t *testing.T, bin, base string, env []string) *childEdge {
	t.Helper()
	e := &childEdge{cmd: exec.Command(bin), log: &logBuffer{}}
	e.cmd.Env = env
	e.cmd.Stdout, e.cmd.Stderr = e.log, e.log
	if err := e.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.kill)
	hc := &http.Client{Timeout: time.Second}
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if res, err := hc.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return e
			}
		}
	}
	e.kill()
	t.Fatalf("the edge did not get ready:\n%s", e.log)
	return nil
}

func (e *childEdge) kill() {
	if e.cmd.Process != nil && e.cmd.ProcessState == nil {
		_ = e.cmd.Process.Signal(syscall.SIGKILL)
		_ = e.cmd.Wait()
	}
}

// buildDir writes the smallest build the edge starts on (as newLoggingTestServer).
func buildDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write := func(p, s string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("shell/entrypoints.json", `{"js":["main.js"],"css":[],"buildId":"b1"}`)
	write("shell/assets/main.js", `console.log(1)`)
	for _, m := range []string{"mf-menu", "mf-content", "mf-locations", "mf-checkout", "mf-account"} {
		write("modules/"+m+"/1.0.0/mf-manifest.json", `{"name":"`+strings.ReplaceAll(m, "-", "_")+`","metaData":{"remoteEntry":{"name":"remoteEntry.js","path":""}}}`)
		write("modules/"+m+"/1.0.0/remoteEntry.js", `var x=1`)
	}
	return dir
}

// killGuest is a guest with a cart ready to submit.
type killGuest struct {
	c     *client
	key   string
	ip    string // each guest its own address, as behind the edge's proxy
	token string
	body  string
	first answer
	last  answer
}

// botToken is a bot-check token for the next submit.
func (g *killGuest) botToken() string {
	tok, _ := g.c.do("POST", "/api/botcheck/token", `{"action":"checkout"}`, "X-Forwarded-For", g.ip).body["token"].(string)
	return tok
}

func (g *killGuest) submit(bot string) answer {
	return g.c.do("POST", "/api/cart/submit", g.body, "Idempotency-Key", g.key, "X-Bot-Check", bot, "X-Forwarded-For", g.ip)
}

func TestAnEdgeKilledMidCheckout(t *testing.T) {
	rp := startRedis(t, false)
	bin := buildEdge(t)
	port := freePort(t, false)
	base := "http://127.0.0.1:" + strconv.Itoa(port)
	prefix := fmt.Sprintf("killtest%d", time.Now().UnixNano()%1e9)
	env := []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"),
		"HOST=127.0.0.1", "PORT=" + strconv.Itoa(port), "REDIS_URL=" + rp.addr(), "APP_PREFIX=" + prefix,
		"APP_ENV=dev", "COOKIE_SECURE=false", "BUILD_DIR=" + buildDir(t), "CHECKOUT_LOCK_TTL=" + killLockTTL.String(),
		"ADMIN_ADDR=127.0.0.1:" + strconv.Itoa(freePort(t, false)), "PROXY_HEADER=X-Forwarded-For",
	}
	edge := startChildEdge(t, bin, base, env)
	live := &liveEdge{base: base, http: &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: killGuests}}}
	t.Cleanup(live.http.CloseIdleConnections)

	// Each guest: a cart at Dayton for a pickup time of its own, and a card.
	first := live.client()
	first.must(t, 200, "GET", "/", "")
	var slots []string
	for _, d := range first.must(t, 200, "GET", "/api/locations/oh-dayton/times", "").body["days"].([]any) {
		for _, sl := range d.(map[string]any)["slots"].([]any) {
			if sl.(map[string]any)["available"] == true {
				slots = append(slots, sl.(map[string]any)["at"].(string))
			}
		}
	}
	if len(slots) == 0 {
		t.Fatal("no pickup time at Dayton")
	}
	guests := make([]*killGuest, killGuests)
	for i := range guests {
		c := live.client()
		c.must(t, 200, "GET", "/", "")
		c.must(t, 201, "POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`)
		c.must(t, 201, "POST", "/api/cart/products", `{"product_id":"sandwich-biscuit"}`)
		c.must(t, 200, "PUT", "/api/cart/time", `{"mode":"advance","at":"`+slots[i%len(slots)]+`"}`)
		card := c.must(t, 201, "POST", "/api/payments/cards", `{"number":"4242 4242 4242 4242","exp_month":12,"exp_year":2031,"cvv":"123","postal_code":"45402"}`).body["card"].(map[string]any)
		g := &killGuest{c: c, key: fmt.Sprintf("kill-%02d-abcdefgh", i), ip: fmt.Sprintf("198.51.100.%d", i+1), token: card["token"].(string)}
		g.body = `{"customer":{"first_name":"Ada","last_name":"King","email":"ada@acme.example","phone":"5135550100"},"payments":[{"kind":"card","processor":"hosted","token":"` + g.token + `"}]}`
		guests[i] = g
	}

	// Every guest submits at once; the edge is killed 9 ms after the first went out.
	var wg sync.WaitGroup
	start := make(chan struct{})
	for _, g := range guests {
		bot := g.botToken()
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			g.first = g.submit(bot)
		}()
	}
	// The kill comes once the first cards are held, when most submits are part way
	// through, or at the latest 50 ms after the first went out.
	rc := redis.NewClient(&redis.Options{Addr: rp.addr()})
	defer rc.Close()
	fired := time.Now()
	close(start)
	for time.Since(fired) < 50*time.Millisecond && len(rc.Keys(context.Background(), prefix+":pay:hosted:auth:*").Val()) < killHeld {
		time.Sleep(200 * time.Microsecond)
	}
	edge.kill()
	killedAfter := time.Since(fired)
	wg.Wait()
	atKill := countHolds(t, rc, prefix)
	t.Logf("killed %v after the first submit: %d orders stored, %d cards held, %d of them without an order",
		killedAfter.Round(100*time.Microsecond), len(atKill.orders), atKill.holds, atKill.orphans)
	cut := 0
	for _, g := range guests {
		if g.first.status == 0 {
			cut++
		}
	}

	// A new edge; each guest sends the same submit until it is no longer in progress,
	// except every fourth, who walks away for now.
	live.http.CloseIdleConnections()
	restarted := startChildEdge(t, bin, base, env)
	retry := func(gs []*killGuest) {
		for _, g := range gs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for deadline := time.Now().Add(4 * killLockTTL); ; time.Sleep(200 * time.Millisecond) {
					g.last = g.submit(g.botToken())
					if g.last.status != 409 || g.last.code != "order_in_progress" || time.Now().After(deadline) {
						return
					}
				}
			}()
		}
		wg.Wait()
	}
	var stayed, walked []*killGuest
	for i, g := range guests {
		if i%4 == 3 {
			walked = append(walked, g)
		} else {
			stayed = append(stayed, g)
		}
	}
	retry(stayed)

	// The holds of the guests who walked away are voided by the sweep within two lock
	// lifetimes (one for the hold to fall due, one for the sweep's round).
	var h killHolds
	swept := time.Now()
	for deadline := swept.Add(2*killLockTTL + 5*time.Second); ; time.Sleep(100 * time.Millisecond) {
		if h = countHolds(t, rc, prefix); h.orphans == 0 || time.Now().After(deadline) {
			break
		}
	}
	t.Logf("no card hold without an order %v after the retries: %d holds, %d voided", time.Since(swept).Round(100*time.Millisecond), h.holds, h.voided)
	if h.orphans != 0 {
		t.Fatalf("%d card holds without an order after the sweep\nlog of the restarted edge:\n%s", h.orphans, restarted.log)
	}
	// They come back and send the same submit again.
	retry(walked)

	orders, refused := map[string]bool{}, 0
	for _, g := range guests {
		switch a := g.last; {
		case a.status == 201:
			id := a.body["order"].(map[string]any)["id"].(string)
			if g.first.status == 201 && g.first.body["order"].(map[string]any)["id"] != id {
				t.Errorf("%s: first answered order %v, the retry %s", g.key, g.first.body["order"].(map[string]any)["id"], id)
			}
			if orders[id] {
				t.Errorf("two guests answered with order %s", id)
			}
			orders[id] = true
		case a.status == 409 && a.code == "checkout_expired":
			refused++
		default:
			t.Errorf("%s: the retry answered %d %q (first %d %q)", g.key, a.status, a.code, g.first.status, g.first.code)
		}
	}
	h = countHolds(t, rc, prefix)
	for id := range h.orders {
		if !orders[id] {
			t.Errorf("order %s was stored but no guest was answered with it", id)
		}
	}
	report := fmt.Sprintf("%d keys (%d cut off by the kill, %d retried after the sweep) → %d orders, %d refusals; %d holds: %d on orders, %d voided, %d orphans",
		killGuests, cut, len(walked), len(orders), refused, h.holds, h.holds-h.voided-h.orphans, h.voided, h.orphans)
	t.Log(report)
	if h.doubleOrders > 0 || h.doubleHolds > 0 {
		t.Errorf("%d visitors with two orders, %d cards held twice", h.doubleOrders, h.doubleHolds)
	}
	if len(orders)+refused != killGuests || len(h.orders) != len(orders) || h.orphans != 0 {
		t.Fatalf("%s\nlog of the restarted edge:\n%s", report, restarted.log)
	}
}

// killHolds is what Redis holds of the orders and card holds.
type killHolds struct {
	orders                 map[string]bool
	holds, voided, orphans int
	// doubleOrders counts visitors with more than one order, doubleHolds cards held
	// more than once.
	doubleOrders, doubleHolds int
}

// countHolds reads the stored orders and card authorizations.
func countHolds(t *testing.T, rc *redis.Client, prefix string) killHolds {
	t.Helper()
	ctx := context.Background()
	h := killHolds{orders: map[string]bool{}}
	onOrder := map[string]string{} // authorization → order
	perOwner := map[string]int{}
	for _, k := range rc.Keys(ctx, prefix+":order:*").Val() {
		raw := rc.Get(ctx, k).Val()
		if raw == "abandoned" {
			continue
		}
		var o struct {
			ID       string `json:"id"`
			Owner    string `json:"owner"`
			Payments []struct {
				Reference string `json:"reference"`
			} `json:"payments"`
		}
		if err := json.Unmarshal([]byte(raw), &o); err != nil {
			t.Fatalf("order %s: %v", k, err)
		}
		h.orders[o.ID] = true
		if perOwner[o.Owner]++; perOwner[o.Owner] == 2 {
			h.doubleOrders++
		}
		for _, p := range o.Payments {
			onOrder[p.Reference] = o.ID
		}
	}
	perToken := map[string]int{}
	for _, k := range rc.Keys(ctx, prefix+":pay:hosted:auth:*").Val() {
		var a struct {
			ID      string `json:"id"`
			TokenID string `json:"tokenId"`
			Status  string `json:"status"`
		}
		if err := json.Unmarshal([]byte(rc.Get(ctx, k).Val()), &a); err != nil {
			t.Fatal(err)
		}
		h.holds++
		switch {
		case a.Status == "voided":
			h.voided++
		case onOrder[a.ID] == "":
			h.orphans++
		}
		if a.Status != "voided" {
			if perToken[a.TokenID]++; perToken[a.TokenID] == 2 {
				h.doubleHolds++
			}
		}
	}
	return h
}
