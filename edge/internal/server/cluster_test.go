package server

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/redis/go-redis/v9"
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
