package server

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/store"
)

// The edge on a Redis Cluster of three primaries (REDIS_URL a list of addresses):
// a guest orders and pays by card, reads the order back, and a member signs up, out
// and in again. Every transaction and script of these flows names keys of one slot
// (docs/operations.md, "Keys and Cluster slots"), or the Cluster would refuse it.
func TestCartCheckoutAndMembersOnACluster(t *testing.T) {
	addrs := startCluster(t, 3)
	s := newTestServerWith(t, func(c *Config) {
		c.RedisURL = strings.Join(addrs, ",")
		c.Environment, c.DevEndpoints = "dev", true // the outbox holds the sign-in code
	})
	if _, ok := s.Store.Client.(*redis.ClusterClient); !ok {
		t.Fatalf("a list of addresses must make a Cluster client, got %T", s.Store.Client)
	}

	g := newGuest(t, s)
	card := g.ok("POST", "/api/payments/cards", `{"number":"4242 4242 4242 4242","exp_month":12,"exp_year":2031,"cvv":"123","postal_code":"45402"}`, 201)["card"].(map[string]any)
	o := placeAtDayton(t, g, "cluster-order-1", `{"mode":"curbside","vehicle":{"make":"Ford","model":"F-150","color":"Red"}}`,
		`{"kind":"card","processor":"hosted","token":"`+card["token"].(string)+`"}`)
	id := o["id"].(string)
	if o["payments"].([]any)[0].(map[string]any)["label"] != "Visa •••• 4242" {
		t.Fatalf("payments: %v", o["payments"])
	}
	back := g.ok("GET", "/api/orders/"+id, "", 200)["order"].(map[string]any)
	if back["id"] != id || back["handoff"].(map[string]any)["mode"] != "curbside" {
		t.Fatalf("order read back: %v", back)
	}
	if recent := g.ok("GET", "/api/orders/recent", "", 200)["order"].(map[string]any); recent["id"] != id {
		t.Fatalf("recent order: %v", recent)
	}
	if m := g.ok("GET", "/api/cart", "", 200); m["cart"] != nil {
		t.Fatalf("the cart is gone after the order: %v", m)
	}
	g.ok("POST", "/api/orders/"+id+"/cancel", "", 200)

	// The order's keys are spread over the Cluster: the cart's owner and the order
	// live in different slots, yet each transaction stayed in one.
	var used atomic.Int32
	err := s.Store.Client.(*redis.ClusterClient).ForEachMaster(context.Background(), func(ctx context.Context, c *redis.Client) error {
		if n, err := c.DBSize(ctx).Result(); err == nil && n > 0 {
			used.Add(1)
		}
		return nil
	})
	if err != nil || used.Load() < 2 {
		t.Fatalf("keys on %d of 3 primaries (%v): one tag for everything?", used.Load(), err)
	}

	m := newGuest(t, s)
	m.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", m.bot("signup"))
	if u := m.ok("GET", "/api/user", "", 200)["user"].(map[string]any); u["first_name"] != "Ada" {
		t.Fatalf("user: %v", u)
	}
	if st, _, _ := m.send("POST", "/api/auth/logout", ""); st != 204 {
		t.Fatalf("logout: %d", st)
	}
	m.ok("GET", "/api/user", "", 401)
	ch := m.ok("POST", "/api/auth/signin", `{"email":"ada@example.com","password":"chicken123"}`, 200, "X-Bot-Check", m.bot("login"))["challenge"].(map[string]any)
	m.ok("POST", "/api/auth/code", `{"challenge_id":"`+ch["id"].(string)+`","code":"`+m.latestCode("ada@example.com")+`"}`, 200)
	m.ok("GET", "/api/user", "", 200)
	m.ok("GET", "/api/rewards", "", 200)
}

// A command whose answer comes after the read timeout has run once: the Cluster client
// must not send it again (store/sentonce.go), or a cart change or a list push would be
// made twice. The script below holds the primary for twice the timeout, then counts.
func TestAClusterCommandWithALateAnswerRunsOnce(t *testing.T) {
	addrs := startCluster(t, 3)
	st, err := store.Open(context.Background(), strings.Join(addrs, ","), "once-"+t.Name(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	key := st.Key("runs")
	const slow = `local t = redis.call('TIME'); local stop = t[1] * 1000000 + t[2] + tonumber(ARGV[1])
repeat local n = redis.call('TIME') until n[1] * 1000000 + n[2] >= stop
return redis.call('INCR', KEYS[1])`
	err = st.Client.Eval(context.Background(), slow, []string{key}, (2 * store.IOTimeout).Microseconds()).Err()
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() {
		t.Fatalf("a late answer must be the read timeout itself, got %v", err)
	}
	time.Sleep(4 * store.IOTimeout) // any second run would be over by now
	if n, err := st.Client.Get(context.Background(), key).Int(); err != nil || n != 1 {
		t.Fatalf("the command ran %d times (%v), want once", n, err)
	}
}
