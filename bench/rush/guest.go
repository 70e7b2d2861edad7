package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// A virtual guest orders lunch in the browser's way (docs/api.md): the visitor cookie
// and the page's CSRF token, the built-in bot check, the cart's version in If-Match, a
// card token from the hosted card fields, submit with an idempotency key, then the
// order's status stream until the kitchen has it ready.

var csrfRE = regexp.MustCompile(`"csrf":"([^"]*)"`)

// cities are the guests' searches: every city the built-in locations are in.
var cities = []string{
	"Columbus, OH", "Cincinnati, OH", "Cleveland, OH", "Dayton, OH", "Toledo, OH", "Akron, OH", "Dublin, OH",
	"Indianapolis, IN", "Fort Wayne, IN", "Bloomington, IN", "Evansville, IN", "South Bend, IN", "Carmel, IN",
	"Louisville, KY", "Lexington, KY", "Bowling Green, KY", "Owensboro, KY", "Covington, KY",
	"Nashville, TN", "Memphis, TN", "Knoxville, TN", "Chattanooga, TN", "Murfreesboro, TN", "Franklin, TN",
	"Atlanta, GA", "Savannah, GA", "Athens, GA", "Macon, GA", "Marietta, GA", "Augusta, GA",
	"Dallas, TX", "Houston, TX", "Austin, TX", "San Antonio, TX", "Fort Worth, TX", "El Paso, TX", "Plano, TX",
	"Chicago, IL", "Naperville, IL", "Springfield, IL", "Peoria, IL", "Phoenix, AZ", "Tucson, AZ",
}

// guestSeq numbers guests across the whole run: each has its own loopback address.
var guestSeq atomic.Uint32

// guestAddr is guest n's own source address, 127.1.0.0/16 upward: the whole of
// 127.0.0.0/8 reaches the loopback interface on Linux, and the proxy passes it on in
// X-Forwarded-For.
func guestAddr(n uint32) net.IP {
	n += 1 << 16
	return net.IPv4(127, byte(n>>16), byte(n>>8), byte(n))
}

// outcome is what the checks after a rate need of a guest.
type outcome struct {
	keys    []string // every idempotency key a submit was sent with
	orderID string   // the order a submit answered 201 with
	token   string   // the card token
	ready   bool
	client  *http.Client
	csrf    string
}

type guest struct {
	base   string
	client *http.Client
	rec    *recorder
	csrf   string
	etag   string
	out    *outcome
	n      uint32
	budget time.Duration // how long the guest keeps retrying a submit
}

// httpError is an answer the guest did not want, by kind for the error table.
type httpError struct {
	step, kind string
}

func (e *httpError) Error() string { return e.step + ": " + e.kind }

func newGuest(base string, rec *recorder, budget time.Duration) *guest {
	n := guestSeq.Add(1)
	jar, _ := cookiejar.New(nil)
	d := &net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: guestAddr(n)}}
	tr := &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 4, DisableCompression: true, IdleConnTimeout: 5 * time.Second}
	c := &http.Client{Jar: jar, Transport: tr, Timeout: 30 * time.Second}
	return &guest{base: base, client: c, rec: rec, n: n, budget: budget, out: &outcome{client: c}}
}

// call sends one timed request; want is the status that counts as success. The answer
// body is decoded into into when given.
func (g *guest) call(ctx context.Context, step, method, path string, body any, hdr map[string]string, want int, into any) (*http.Response, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, g.base+path, rd)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if method != http.MethodGet && g.csrf != "" {
		req.Header.Set("X-CSRF-Token", g.csrf)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	start := time.Now()
	res, err := g.client.Do(req)
	if err != nil {
		return nil, &httpError{step, "connection"}
	}
	raw, err := io.ReadAll(res.Body)
	res.Body.Close()
	g.rec.time(step, time.Since(start))
	if err != nil {
		return res, &httpError{step, "connection"}
	}
	if res.StatusCode != want {
		var e struct {
			Error struct {
				Code string `json:"code"`
			} `json:"error"`
		}
		_ = json.Unmarshal(raw, &e)
		kind := strconv.Itoa(res.StatusCode)
		if e.Error.Code != "" {
			kind += " " + e.Error.Code
		}
		return res, &httpError{step, kind}
	}
	if et := res.Header.Get("ETag"); et != "" {
		g.etag = et
	}
	if into != nil {
		if err := json.Unmarshal(raw, into); err != nil {
			return res, &httpError{step, "bad json"}
		}
	}
	return res, nil
}

type modifier struct {
	ID      string `json:"id"`
	Default bool   `json:"default"`
}

type group struct {
	ID        string     `json:"id"`
	Min       int        `json:"min"`
	Max       int        `json:"max"`
	Modifiers []modifier `json:"modifiers"`
}

type product struct {
	ID             string  `json:"id"`
	AvailableNow   *bool   `json:"available_now"`
	Availability   any     `json:"availability"`
	ModifierGroups []group `json:"modifier_groups"`
}

type location struct {
	ID             string   `json:"id"`
	MenuID         string   `json:"menu_id"`
	CardProcessors []string `json:"card_processors"`
	CustomFields   []struct {
		Name      string `json:"name"`
		Required  bool   `json:"required"`
		MaxLength int    `json:"max_length"`
	} `json:"custom_fields"`
}

// choices picks a product's modifiers as a guest tapping through it would: in each
// group its defaults, or else its first min choices; in an optional multi-choice group
// with nothing preselected, one extra.
func choices(p product) []map[string]any {
	var out []map[string]any
	for _, g := range p.ModifierGroups {
		var picked []string
		for _, m := range g.Modifiers {
			if m.Default {
				picked = append(picked, m.ID)
			}
		}
		if len(picked) < g.Min || (g.Max > 0 && len(picked) > g.Max) {
			picked = nil
			for _, m := range g.Modifiers[:min(g.Min, len(g.Modifiers))] {
				picked = append(picked, m.ID)
			}
		}
		if len(picked) == 0 && g.Min == 0 && g.Max > 1 && len(g.Modifiers) > 0 {
			picked = append(picked, g.Modifiers[0].ID)
		}
		for _, id := range picked {
			out = append(out, map[string]any{"id": id})
		}
	}
	return out
}

// run is one guest's whole visit. It returns the first error that stopped it.
func (g *guest) run(ctx context.Context) error {
	defer g.client.CloseIdleConnections()
	// The page: the visitor cookie and the CSRF token.
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, g.base+"/", nil)
	start := time.Now()
	res, err := g.client.Do(req)
	if err != nil {
		return &httpError{"page", "connection"}
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	g.rec.time("page", time.Since(start))
	m := csrfRE.FindSubmatch(page)
	if res.StatusCode != 200 || m == nil {
		return &httpError{"page", strconv.Itoa(res.StatusCode) + " no csrf"}
	}
	g.csrf = string(m[1])
	g.out.csrf = g.csrf

	var locs struct {
		Locations []location `json:"locations"`
	}
	q := cities[rand.IntN(len(cities))]
	if _, err := g.call(ctx, "search", http.MethodGet, "/api/locations?q="+urlQuery(q)+"&limit=5", nil, nil, 200, &locs); err != nil {
		return err
	}
	if len(locs.Locations) == 0 {
		return &httpError{"search", "no locations"}
	}
	loc := locs.Locations[rand.IntN(min(3, len(locs.Locations)))]

	var menu struct {
		Menu struct {
			Categories []struct {
				ID       string    `json:"id"`
				Products []product `json:"products"`
			} `json:"categories"`
		} `json:"menu"`
	}
	if _, err := g.call(ctx, "menu", http.MethodGet, "/api/menus/"+loc.MenuID+"?location_id="+loc.ID, nil, nil, 200, &menu); err != nil {
		return err
	}
	var picks []product
	for _, c := range menu.Menu.Categories {
		if c.ID == "catering" {
			continue
		}
		for _, p := range c.Products {
			// Part-day products (breakfast) are left out: the time chosen later may
			// fall outside their window, which the checkout would then refuse.
			if len(p.ModifierGroups) > 0 && p.Availability == nil && (p.AvailableNow == nil || *p.AvailableNow) {
				picks = append(picks, p)
			}
		}
	}
	if len(picks) < 2 {
		return &httpError{"menu", "too few products with choices"}
	}
	if _, err := g.call(ctx, "cart", http.MethodPost, "/api/cart", map[string]any{"menu_id": loc.MenuID, "location_id": loc.ID, "replace": true}, nil, 201, nil); err != nil {
		return err
	}
	for i, j := range rand.Perm(len(picks))[:2] {
		p := picks[j]
		body := map[string]any{"product_id": p.ID, "quantity": 1 + i, "modifiers": choices(p)}
		if _, err := g.call(ctx, "add", http.MethodPost, "/api/cart/products", body, g.ifMatch(), 201, nil); err != nil {
			return err
		}
	}
	if _, err := g.call(ctx, "handoff", http.MethodPut, "/api/cart/handoff", map[string]any{"mode": "pickup"}, g.ifMatch(), 200, nil); err != nil {
		return err
	}
	if err := g.pickTime(ctx); err != nil {
		return err
	}
	// What the location asks for at checkout besides the contact details.
	fields := map[string]string{}
	for _, f := range loc.CustomFields {
		if f.Required {
			fields[f.Name] = "Rush" + strconv.Itoa(int(g.n))[:min(len(strconv.Itoa(int(g.n))), max(f.MaxLength-4, 1))]
		}
	}
	if len(fields) > 0 {
		if _, err := g.call(ctx, "fields", http.MethodPut, "/api/cart/custom-fields", map[string]any{"fields": fields}, g.ifMatch(), 200, nil); err != nil {
			return err
		}
	}
	var val struct {
		Blockers []struct {
			Code string `json:"code"`
		} `json:"blockers"`
	}
	for try := 0; ; try++ {
		if _, err := g.call(ctx, "validate", http.MethodPost, "/api/cart/validate", nil, nil, 200, &val); err != nil {
			return err
		}
		if len(val.Blockers) == 0 {
			break
		}
		// Another guest took the last place in the slot: choose a time again, as the
		// checkout asks the guest to.
		if val.Blockers[0].Code != "slot_full" || try == 3 {
			return &httpError{"validate", "blocker " + val.Blockers[0].Code}
		}
		g.rec.fail("retried validate: blocker slot_full")
		if err := g.pickTime(ctx); err != nil {
			return err
		}
	}
	processor := "hosted"
	if len(loc.CardProcessors) > 0 {
		processor = loc.CardProcessors[0]
	}
	var card struct {
		Card struct {
			Token string `json:"token"`
		} `json:"card"`
	}
	cardBody := map[string]any{"processor": processor, "number": "4242424242424242", "exp_month": 12, "exp_year": time.Now().Year() + 3, "cvv": "123", "postal_code": "45402", "name": "Ada Lovelace"}
	if _, err := g.call(ctx, "card", http.MethodPost, "/api/payments/cards", cardBody, nil, 201, &card); err != nil {
		return err
	}
	g.out.token = card.Card.Token
	orderID, err := g.submit(ctx, processor, card.Card.Token)
	if err != nil {
		return err
	}
	g.out.orderID = orderID
	return g.follow(ctx, orderID)
}

func (g *guest) ifMatch() map[string]string {
	if g.etag == "" {
		return nil
	}
	return map[string]string{"If-Match": g.etag}
}

// pickTime chooses one of the earliest free pickup slots (the lunch crowd wants its
// food soon), spread at random so that guests do not all race for one slot.
func (g *guest) pickTime(ctx context.Context) error {
	var times struct {
		Days []struct {
			Today bool `json:"today"`
			Slots []struct {
				At        string `json:"at"`
				Available bool   `json:"available"`
			} `json:"slots"`
		} `json:"days"`
	}
	if _, err := g.call(ctx, "times", http.MethodGet, "/api/cart/times", nil, nil, 200, &times); err != nil {
		return err
	}
	type slot struct {
		at   string
		mode string
	}
	var free []slot
	for _, d := range times.Days {
		mode := "advance"
		if d.Today {
			mode = "later"
		}
		for _, s := range d.Slots {
			if s.Available {
				free = append(free, slot{s.At, mode})
			}
		}
	}
	if len(free) == 0 {
		return &httpError{"times", "no free slot"}
	}
	s := free[rand.IntN(min(6, len(free)))]
	_, err := g.call(ctx, "time", http.MethodPut, "/api/cart/time", map[string]any{"mode": s.mode, "at": s.at}, g.ifMatch(), 200, nil)
	return err
}

// submit places the order. A failure that may have happened after the edge took the
// order (no answer, a 5xx, another edge still holding the key) is retried with the same
// key and a fresh bot-check token; a slot taken meanwhile is chosen again with a new
// key, as the checkout does after a refusal.
func (g *guest) submit(ctx context.Context, processor, token string) (string, error) {
	body := map[string]any{
		"customer": map[string]any{"first_name": "Ada", "last_name": "Lovelace",
			"email": fmt.Sprintf("guest%d@example.com", g.n), "phone": fmt.Sprintf("(513) 555-%04d", 1000+g.n%9000)},
		"payments": []map[string]any{{"kind": "card", "processor": processor, "token": token}},
	}
	key := newKey()
	g.out.keys = append(g.out.keys, key)
	deadline := time.Now().Add(g.budget)
	backoff := 250 * time.Millisecond
	slotRetries := 0
	expired := false
	for {
		var bot struct {
			Token string `json:"token"`
		}
		if _, err := g.call(ctx, "botcheck", http.MethodPost, "/api/botcheck/token", map[string]any{"action": "checkout"}, nil, 200, &bot); err != nil {
			if !retryable(err) || time.Now().After(deadline) {
				return "", err
			}
			g.rec.fail("retried " + err.Error())
			time.Sleep(backoff)
			continue
		}
		var placed struct {
			Order struct {
				ID string `json:"id"`
			} `json:"order"`
		}
		_, err := g.call(ctx, "submit", http.MethodPost, "/api/cart/submit", body,
			map[string]string{"X-Bot-Check": bot.Token, "Idempotency-Key": key}, 201, &placed)
		if err == nil {
			return placed.Order.ID, nil
		}
		var he *httpError
		errors.As(err, &he)
		switch {
		case he != nil && he.kind == "409 slot_full" && slotRetries < 3:
			slotRetries++
			g.rec.fail("retried " + err.Error())
			if err := g.pickTime(ctx); err != nil {
				return "", err
			}
			key = newKey()
			g.out.keys = append(g.out.keys, key)
			continue
		case he != nil && he.kind == "409 checkout_expired" && !expired:
			// The try that died was given up and its hold voided by the sweep: the
			// order is placed again with a new key (docs/api.md, submit's retries).
			expired = true
			g.rec.fail("retried " + err.Error())
			key = newKey()
			g.out.keys = append(g.out.keys, key)
			continue
		case retryable(err) && time.Now().Before(deadline):
			g.rec.fail("retried " + err.Error())
			time.Sleep(backoff)
			backoff = min(backoff*2, 4*time.Second)
			continue
		}
		return "", err
	}
}

// retryable: the request may not have been done, or is being done elsewhere.
func retryable(err error) bool {
	var he *httpError
	if !errors.As(err, &he) {
		return false
	}
	return he.kind == "connection" || strings.HasPrefix(he.kind, "5") || he.kind == "409 order_in_progress"
}

func newKey() string {
	return fmt.Sprintf("rush-%016x%016x", rand.Uint64(), rand.Uint64())
}

// follow reads the order's status stream until the order is ready (or past it:
// completed comes 30 kitchen minutes later). "events" times the first event, "ready"
// the whole wait, which is the kitchen's clock and not the edge's latency. A stream
// cut (its edge killed) is opened again, as EventSource does.
func (g *guest) follow(ctx context.Context, orderID string) error {
	start := time.Now()
	first := true
	for attempt := 0; attempt < 5; attempt++ {
		done, err := g.stream(ctx, orderID, start, &first)
		if done {
			g.rec.time("ready", time.Since(start))
			g.out.ready = true
			return nil
		}
		if err != nil && !retryable(err) {
			return err
		}
		time.Sleep(500 * time.Millisecond)
	}
	return &httpError{"events", "not ready"}
}

func (g *guest) stream(ctx context.Context, orderID string, start time.Time, first *bool) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, g.base+"/api/orders/"+orderID+"/events", nil)
	req.Header.Set("Accept", "text/event-stream")
	c := *g.client
	c.Timeout = 0 // the stream's own context bounds it
	res, err := c.Do(req)
	if err != nil {
		return false, &httpError{"events", "connection"}
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		return false, &httpError{"events", strconv.Itoa(res.StatusCode)}
	}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data:")
		if !ok {
			continue
		}
		if *first {
			*first = false
			g.rec.time("events", time.Since(start))
		}
		var ev struct {
			Order struct {
				Status string `json:"status"`
			} `json:"order"`
		}
		if err := json.Unmarshal([]byte(strings.TrimSpace(data)), &ev); err != nil {
			return false, &httpError{"events", "bad json"}
		}
		switch ev.Order.Status {
		case "ready", "completed":
			return true, nil
		case "cancelled":
			return false, &httpError{"events", "cancelled"}
		}
	}
	return false, &httpError{"events", "connection"}
}

func urlQuery(s string) string {
	return strings.NewReplacer(" ", "+", ",", "%2C").Replace(s)
}
