// Command rush is a lunch rush, measured: whole orders placed by virtual guests
// against several edges on a Redis Cluster, at rising arrival rates, until the p99 of
// some step passes 100 ms (the knee).
//
// It starts its own 3-primary Redis Cluster (redis-server and redis-cli on PATH), N
// edges (bin/edge) on it and a round-robin reverse proxy in front of them. Each guest,
// with its own cookie jar and its own client address, loads the page, searches for a
// location, loads its menu, starts a cart, adds two products with their choices, picks
// pickup and one of the earliest free times, validates the cart, tokenizes a card,
// submits with an idempotency key and follows the order's status stream until the
// order is ready. Guests arrive at a fixed rate (open loop) for each step.
//
// After each rate it checks every submit: each guest answered with an order can read it
// and it is the visitor's only order (no order lost, none placed twice), and each card
// token was authorized at most once. -kill adds a run with 3 edges in which one is
// killed (SIGKILL) in the middle of the step; guests retry their submit with the same
// idempotency key. See bench/README.md, "bench/rush".
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"
)

// skipReady leaves the wait for the kitchen's clock out of the knee: it is not the
// edge's latency.
var skipReady = map[string]bool{"ready": true}

type options struct {
	bin, build string
	edges      []int
	rates      []float64
	step       time.Duration
	clockSpeed float64
	clockStart string
	kill       bool
	killRate   float64
	budget     time.Duration
}

func main() {
	var o options
	rates := flag.String("rates", "", `arrival rates, guests per second, rising ("2,4,8"); default: -start, -step, -max`)
	start := flag.Float64("start", 2, "first rate (guests per second) when -rates is empty")
	stepRate := flag.Float64("step", 0, "rate increase per step when -rates is empty (0: double)")
	maxRate := flag.Float64("max", 128, "highest rate when -rates is empty")
	edges := flag.Int("edges", 0, "run with this many edges only (0: 3 edges, then 1, and their knee ratio)")
	compare := flag.Bool("compare", true, "with -edges 0: run 3 edges and 1 edge and print the ratio")
	flag.DurationVar(&o.step, "duration", 15*time.Second, "how long guests arrive at each rate")
	flag.StringVar(&o.bin, "edge-bin", "bin/edge", "the edge binary (go build -o bin/edge ./edge/cmd/edge)")
	flag.StringVar(&o.build, "build", "build", "the front-end build the edges serve (BUILD_DIR)")
	flag.Float64Var(&o.clockSpeed, "clock-speed", 3000, "ORDER_CLOCK_SPEED: how much faster the kitchen's clock runs, so orders are ready in seconds")
	flag.StringVar(&o.clockStart, "clock-start", "", "ORDER_CLOCK_START (RFC 3339; default: 11:30 New York time on the coming Tuesday, when every location is open)")
	flag.BoolVar(&o.kill, "kill", false, "also run 3 edges at -kill-rate and SIGKILL one in the middle of the step")
	flag.Float64Var(&o.killRate, "kill-rate", 8, "arrival rate of the -kill run")
	flag.DurationVar(&o.budget, "retry", 45*time.Second, "how long a guest keeps retrying its submit")
	flag.Parse()

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		killAll()
		os.Exit(130)
	}()

	var err error
	if o.rates, err = parseRates(*rates, *start, *stepRate, *maxRate); err != nil {
		fail(err)
	}
	switch {
	case *edges < 0:
		fail(errors.New("-edges must be 0 or more"))
	case *edges > 0:
		o.edges = []int{*edges}
	case *compare:
		o.edges = []int{3, 1}
	default:
		o.edges = []int{3}
	}
	if o.clockStart == "" {
		o.clockStart = lunchTime(time.Now())
	}
	if _, err := os.Stat(o.bin); err != nil {
		fail(fmt.Errorf("%s: %w (go build -o bin/edge ./edge/cmd/edge)", o.bin, err))
	}
	fmt.Printf("rush: %s per rate, rates %v guests/s, order clock ×%g from %s, p99 limit %v\n",
		o.step, o.rates, o.clockSpeed, o.clockStart, kneeLimit)

	knees := map[int]float64{}
	kneeFound := map[int]bool{}
	var summary []string
	table := []string{
		"| edges | guests/s | orders/s | worst p99 (step) | submit p50 / p99 | errors | lost / double / charged twice | Redis cmds/order |",
		"|---|---|---|---|---|---|---|---|",
	}
	for _, n := range o.edges {
		results, reports, err := rush(o, n, o.rates, false)
		if err != nil {
			fail(err)
		}
		s, p := knee(results, kneeLimit, skipReady)
		knees[n], kneeFound[n] = s, p > 0
		summary = append(summary, kneeLine(n, s, p, reports))
		for i, r := range reports {
			table = append(table, tableRow(fmt.Sprint(n), results[i], r))
		}
	}
	if o.kill {
		results, reports, err := rush(o, 3, []float64{o.killRate}, true)
		if err != nil {
			fail(err)
		}
		r := reports[0]
		table = append(table, tableRow("3, one killed", results[0], r))
		summary = append(summary, fmt.Sprintf("killed edge (3 edges, %g guests/s, one SIGKILLed at %s): %d orders placed, %d lost, %d double, %d charged twice, %d held without an order; %d retried submits, %d requests rerouted by the proxy; errors: %s",
			o.killRate, o.step/2, r.placed, r.lost, r.double, r.chargedTwice, r.heldNoOrder, r.retriedSubmits, r.rerouted, r.errorText()))
	}
	fmt.Println("\n== summary")
	for _, l := range table {
		fmt.Println(l)
	}
	fmt.Println()
	for _, l := range summary {
		fmt.Println("- " + l)
	}
	if k3, k1 := knees[3], knees[1]; len(o.edges) == 2 {
		if k1 > 0 {
			bound := ""
			if !kneeFound[3] {
				bound = "≥ " // 3 edges never passed the limit: the ratio is at least this
			}
			fmt.Printf("- knee ratio 3 edges / 1 edge: %s%.2f\n", bound, k3/k1)
		} else {
			fmt.Println("- knee ratio 3 edges / 1 edge: n/a (1 edge passed the limit at the first rate)")
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "rush:", err)
	os.Exit(1)
}

// lunchTime is 11:30 in New York on the first Tuesday after now: every built-in
// location is open then (some close on Sundays or Mondays), and a whole afternoon of
// pickup slots lies ahead.
func lunchTime(now time.Time) string {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		ny = time.FixedZone("EST", -5*3600)
	}
	d := now.In(ny).AddDate(0, 0, 1)
	for d.Weekday() != time.Tuesday {
		d = d.AddDate(0, 0, 1)
	}
	return time.Date(d.Year(), d.Month(), d.Day(), 11, 30, 0, 0, ny).Format(time.RFC3339)
}

// report is one rate's figures beside its latencies.
type report struct {
	rate                       float64
	guests, placed, ready      int
	lost, double, chargedTwice int
	heldNoOrder, unanswered    int
	retriedSubmits             int
	rerouted                   int64
	commands                   float64
	topCommands                string // the commands most run per order
	errors                     map[string]int
	elapsed                    time.Duration // until the last guest was done
	step                       time.Duration // the arrival window
}

func (r report) errorText() string {
	if len(r.errors) == 0 {
		return "none"
	}
	var parts []string
	for _, k := range sortedKeys(r.errors) {
		parts = append(parts, fmt.Sprintf("%s ×%d", k, r.errors[k]))
	}
	return strings.Join(parts, ", ")
}

func kneeLine(n int, sustained, passed float64, reports []report) string {
	var worst string
	for _, r := range reports {
		if r.rate == passed {
			worst = fmt.Sprintf(" (p99 passed %v at %g guests/s)", kneeLimit, passed)
		}
	}
	switch {
	case passed == 0:
		return fmt.Sprintf("%d edge(s): knee beyond %g guests/s (every step's p99 ≤ %v)", n, sustained, kneeLimit)
	case sustained == 0:
		return fmt.Sprintf("%d edge(s): knee below %g guests/s%s", n, passed, worst)
	}
	return fmt.Sprintf("%d edge(s): knee %g guests/s%s", n, sustained, worst)
}

// rush starts a Cluster, n edges and the proxy, and runs the rates until the knee is
// passed. With kill, the second edge is killed in the middle of the (only) rate.
func rush(o options, n int, rates []float64, kill bool) ([]rateResult, []report, error) {
	title := fmt.Sprintf("%d edge(s)", n)
	if kill {
		title += ", one killed mid-step"
	}
	fmt.Printf("\n== %s: starting a 3-primary Redis Cluster and the edges\n", title)
	cl, err := startCluster(3)
	if err != nil {
		return nil, nil, err
	}
	defer cl.stop()
	env := edgeEnv{bin: o.bin, build: o.build, redisURL: strings.Join(cl.addrs, ","),
		clockStart: o.clockStart, clockSpeed: o.clockSpeed, lockTTL: 5 * time.Second}
	var eds []*edge
	defer func() {
		for _, e := range eds {
			e.kill()
		}
	}()
	var hosts []string
	for range n {
		e, err := startEdge(env)
		if err != nil {
			return nil, nil, err
		}
		eds = append(eds, e)
		hosts = append(hosts, e.host)
	}
	base, pool, stopProxy, err := startProxy(hosts)
	if err != nil {
		return nil, nil, err
	}
	defer stopProxy()

	ctx := context.Background()
	var results []rateResult
	var reports []report
	for _, rate := range rates {
		var killAt func()
		if kill {
			// The worst moment: a few milliseconds after a submit was sent to the edge
			// (or after 2 s without one).
			killAt = func() {
				fired := make(chan struct{})
				var once sync.Once
				kill := func() {
					once.Do(func() {
						eds[1].kill()
						close(fired)
					})
				}
				pool.armKill(1, kill)
				select {
				case <-fired:
					time.Sleep(100 * time.Millisecond) // for the proxy to see the submit's fate
					fmt.Printf("   SIGKILL edge %s, 1 ms after a submit was sent to it; that submit: %v\n", eds[1].host, pool.doomed.Load())
				case <-time.After(2 * time.Second):
					kill()
					fmt.Printf("   SIGKILL edge %s (no submit was sent to it within 2 s)\n", eds[1].host)
				}
			}
		}
		res, rep, err := runRate(ctx, o, base, cl, pool, rate, killAt)
		if err != nil {
			return nil, nil, err
		}
		printRate(res, rep)
		passed := func(r rateResult) bool { p, _ := r.worstP99(skipReady); return p > kneeLimit }
		if passed(res) && !kill {
			// On a shared machine one stall of another process can make a p99 of a
			// few dozen samples: a rate is the knee when it passes twice in a row.
			fmt.Printf("   p99 passed %v: the same rate again to confirm\n", kneeLimit)
			if res, rep, err = runRate(ctx, o, base, cl, pool, rate, nil); err != nil {
				return nil, nil, err
			}
			printRate(res, rep)
		}
		results = append(results, res)
		reports = append(reports, rep)
		if passed(res) && !kill {
			fmt.Printf("   p99 passed %v again: the knee\n", kneeLimit)
			break
		}
	}
	return results, reports, nil
}

// runRate starts guests at rate for o.step, waits for them all, then checks the orders.
func runRate(ctx context.Context, o options, base string, cl *cluster, pool *pool, rate float64, killAt func()) (rateResult, report, error) {
	rep := report{rate: rate, step: o.step}
	before, err := cl.commands(ctx)
	if err != nil {
		return rateResult{}, rep, err
	}
	rerouted := pool.rerouted.Load()
	rec := newRecorder()
	var mu sync.Mutex
	var outs []*outcome
	var wg sync.WaitGroup
	start := time.Now()
	interval := time.Duration(float64(time.Second) / rate)
	killed := killAt == nil
	for i := 0; ; i++ {
		due := start.Add(time.Duration(i) * interval)
		if due.Sub(start) >= o.step {
			break
		}
		if !killed && due.Sub(start) >= o.step/2 {
			killed = true
			wg.Go(killAt) // guests keep arriving while it waits for a submit
		}
		time.Sleep(time.Until(due))
		g := newGuest(base, rec, o.budget)
		mu.Lock()
		outs = append(outs, g.out)
		mu.Unlock()
		wg.Go(func() {
			gctx, cancel := context.WithTimeout(ctx, o.budget+90*time.Second)
			defer cancel()
			if err := g.run(gctx); err != nil {
				rec.fail(err.Error())
			}
		})
	}
	wg.Wait()
	rep.elapsed = time.Since(start)
	after, err := cl.commands(ctx)
	if err != nil {
		return rateResult{}, rep, err
	}
	rep.guests = len(outs)
	for _, out := range outs {
		if out.orderID != "" {
			rep.placed++
		}
		if out.ready {
			rep.ready++
		}
	}
	if rep.placed > 0 {
		rep.commands, rep.topCommands = perOrder(before, after, rep.placed)
	}
	rep.rerouted = pool.rerouted.Load() - rerouted
	rep.errors = map[string]int{}
	for k, v := range rec.errors {
		if strings.HasPrefix(k, "retried submit") {
			rep.retriedSubmits += v
		}
		rep.errors[k] = v
	}
	if err := check(ctx, base, cl, outs, &rep); err != nil {
		return rateResult{}, rep, err
	}
	return rec.result(rate), rep, nil
}

// check counts lost and double orders and double charges after a rate:
//   - lost: a guest answered with an order cannot read it, or its card token holds a
//     live authorization but the guest has no order;
//   - double: the visitor's most recent order is not the one it was answered with, or
//     the visitor holds more than one order (every guest places one);
//   - charged twice: a card token with more than one authorization not voided.
func check(ctx context.Context, base string, cl *cluster, outs []*outcome, rep *report) error {
	tokens := map[string]*outcome{}
	for _, out := range outs {
		if out.token != "" {
			tokens[out.token] = out
		}
		var recent struct {
			Order *struct {
				ID string `json:"id"`
			} `json:"order"`
		}
		res, err := out.client.Get(base + "/api/orders/recent")
		if err != nil {
			return fmt.Errorf("check: %w", err)
		}
		err = json.NewDecoder(res.Body).Decode(&recent)
		res.Body.Close()
		if err != nil || res.StatusCode != 200 {
			return fmt.Errorf("check: GET /api/orders/recent: %d %v", res.StatusCode, err)
		}
		switch {
		case out.orderID != "" && recent.Order == nil:
			rep.lost++
		case out.orderID != "" && recent.Order.ID != out.orderID:
			rep.double++
		case out.orderID == "" && recent.Order != nil:
			rep.unanswered++ // placed, but the guest gave up before hearing so
		}
		if out.orderID != "" {
			res, err := out.client.Get(base + "/api/orders/" + out.orderID)
			if err != nil {
				return fmt.Errorf("check: %w", err)
			}
			res.Body.Close()
			if res.StatusCode != 200 {
				rep.lost++
			}
		}
	}
	// Authorizations by card token, over the whole Cluster (the token ids are unique
	// to this rate's guests).
	live := map[string]int{}
	err := cl.scan(ctx, "*:pay:*:auth:*", func(c *redis.Client, key string) error {
		raw, err := c.Get(ctx, key).Bytes()
		if err != nil {
			return err
		}
		var a struct {
			TokenID string `json:"tokenId"`
			Status  string `json:"status"`
		}
		if err := json.Unmarshal(raw, &a); err != nil {
			return fmt.Errorf("%s: %w", key, err)
		}
		if _, ours := tokens[a.TokenID]; ours && a.Status != "voided" {
			live[a.TokenID]++
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("check authorizations: %w", err)
	}
	for tok, n := range live {
		if n > 1 {
			rep.chargedTwice++
		}
		if tokens[tok].orderID == "" {
			rep.heldNoOrder++
		}
	}
	// Visitors holding more than one order (cumulative over the run's rates).
	return cl.scan(ctx, "*:visitor-orders:*", func(c *redis.Client, key string) error {
		n, err := c.LLen(ctx, key).Result()
		if err == nil && n > 1 {
			rep.double++
		}
		return err
	})
}

func printRate(res rateResult, rep report) {
	fmt.Printf("\n-- %g guests/s: %d guests arrived in %s, %d orders placed (%.2f orders/s), %d followed to ready (all done after %s); Redis %.0f commands/order\n",
		rep.rate, rep.guests, rep.step, rep.placed, float64(rep.placed)/rep.step.Seconds(),
		rep.ready, rep.elapsed.Round(100*time.Millisecond), rep.commands)
	fmt.Printf("   lost %d, double %d, charged twice %d, held without an order %d, placed but unanswered %d, rerouted %d\n",
		rep.lost, rep.double, rep.chargedTwice, rep.heldNoOrder, rep.unanswered, rep.rerouted)
	fmt.Printf("   errors: %s\n", rep.errorText())
	fmt.Printf("   Redis per order: %s\n", rep.topCommands)
	fmt.Println("   | step | n | p50 | p99 | max |")
	fmt.Println("   |---|---|---|---|---|")
	names := sortedKeys(res.steps)
	order := []string{"page", "search", "menu", "cart", "add", "handoff", "times", "time", "validate", "card", "botcheck", "submit", "events", "ready"}
	sort.SliceStable(names, func(i, j int) bool { return index(order, names[i]) < index(order, names[j]) })
	for _, n := range names {
		s := res.steps[n]
		fmt.Printf("   | %s | %d | %s | %s | %s |\n", n, len(s), fmtDur(percentile(s, 50)), fmtDur(percentile(s, 99)), fmtDur(s[len(s)-1]))
	}
	p, name := res.worstP99(skipReady)
	fmt.Printf("   worst p99: %s (%s)\n", fmtDur(p), name)
}

func index(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return len(list)
}

func fmtDur(d time.Duration) string {
	if d >= time.Second {
		return fmt.Sprintf("%.2f s", d.Seconds())
	}
	return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
}

// perOrder is the commands run between two commandstats per placed order, and the
// most frequent of them ("get 20.1, evalsha 12.0, …").
func perOrder(before, after map[string]int64, orders int) (float64, string) {
	type cmd struct {
		name string
		n    float64
	}
	var all []cmd
	var total float64
	for name, n := range after {
		d := float64(n-before[name]) / float64(orders)
		total += d
		if d > 0 {
			all = append(all, cmd{name, d})
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].n > all[j].n || all[i].n == all[j].n && all[i].name < all[j].name })
	var parts []string
	for _, c := range all[:min(8, len(all))] {
		parts = append(parts, fmt.Sprintf("%s %.1f", c.name, c.n))
	}
	return total, strings.Join(parts, ", ")
}

// tableRow is one rate of the summary table.
func tableRow(edges string, res rateResult, r report) string {
	p, step := res.worstP99(skipReady)
	sub := res.steps["submit"]
	failed := 0
	for k, v := range r.errors {
		if !strings.HasPrefix(k, "retried ") {
			failed += v
		}
	}
	return fmt.Sprintf("| %s | %g | %.1f | %s (%s) | %s / %s | %d failed, %d retried | %d / %d / %d | %.0f |",
		edges, r.rate, float64(r.placed)/r.step.Seconds(), fmtDur(p), step,
		fmtDur(percentile(sub, 50)), fmtDur(percentile(sub, 99)), failed, r.retriedSubmits,
		r.lost, r.double, r.chargedTwice, r.commands)
}
