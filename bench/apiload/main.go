// Command apiload loads the edge's cart API and prints latency percentiles.
//
// It starts bin/edge (or uses -url), gives every connection its own visitor (cookie,
// CSRF token and cart), then for -duration keeps -conns connections busy with
// GET /api/cart and POST /api/cart/products in turn. A cart is reset (untimed) before
// a line reaches the quantity cap. GET /healthz is measured the same way first, as
// the baseline for the ratios: what the cart costs beyond the HTTP stack itself.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
)

var csrfRE = regexp.MustCompile(`"csrf":"([^"]*)"`)

type visitor struct {
	cookie, csrf string
}

func main() { os.Exit(run0()) }

// run0 runs the phases and returns the exit status: 1 when setup failed or any timed
// request was not answered 2xx, since latencies of refusals measure the wrong thing.
func run0() int {
	url := flag.String("url", "", "edge base URL (default: start bin/edge)")
	conns := flag.Int("conns", 200, "concurrent connections")
	dur := flag.Duration("duration", 20*time.Second, "load duration per phase")
	redis := flag.String("redis", "redis://127.0.0.1:6379/0", "REDIS_URL for the started edge (empty: embedded)")
	rate := flag.Int("rate", 2000, "requests per second for the fixed-rate phase (0: skip it)")
	edge := flag.String("edge", "bin/edge", "the edge binary to start (another build, to compare two in one run)")
	flag.Parse()

	base := *url
	if base == "" {
		var stop func()
		var err error
		base, stop, err = startEdge(*edge, *redis)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer stop()
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *conns, MaxConnsPerHost: *conns, DisableCompression: true}, Timeout: 10 * time.Second}

	vs := make([]visitor, *conns)
	for i := range vs {
		v, err := newVisitor(client, base)
		if err != nil {
			fmt.Fprintln(os.Stderr, "setup:", err)
			return 1
		}
		vs[i] = v
	}
	fmt.Printf("apiload: %d connections, %s per phase, %s\n", *conns, *dur, base)
	failed := false
	check := func(r results) {
		fmt.Println("   answers:", r.statusLine())
		if r.cpu > 0 {
			n := 0
			for _, c := range r.status {
				n += c
			}
			fmt.Printf("   edge CPU: %.0f µs per answer (user+system time of the edge process over the phase; less sensitive to a busy machine than latency)\n", float64(r.cpu.Microseconds())/float64(n))
		}
		if r.edge != nil {
			n := 0
			for _, c := range r.status {
				n += c
			}
			e := r.edge
			fmt.Printf("   Redis: %.2f calls per answer (%.0f calls), %.0f connections dialled, %.0f waits for a pooled connection, %.0f pool timeouts (the edge's /metrics)\n",
				e[redisCalls]/float64(n), e[redisCalls], e[redisDials], e[redisWaits], e[redisTimeouts])
		}
		if r.errors > 0 {
			fmt.Printf("   FAILED: %d requests were not answered 2xx (or not with a cart); their latencies are left out\n", r.errors)
			failed = true
		}
	}
	healthz := func(v *visitor, i int) (string, string, string) { return "GET", "/healthz", "" }
	fmt.Println("-- closed loop: every connection sends its next request as soon as the last answers (throughput; latency here is mostly queueing)")
	health := run(client, base, vs, *dur, 0, healthz)
	report("GET /healthz (baseline)", health, nil)
	check(health)
	mixed := run(client, base, vs, *dur, 0, cartMix)
	report("GET /api/cart", mixed.get("GET"), health)
	report("POST /api/cart/products", mixed.get("POST"), health)
	check(mixed)
	if *rate > 0 {
		fmt.Printf("-- fixed rate: %d req/s spread over %d connections; latency counted from when each request was due (no coordinated omission)\n", *rate, len(vs))
		h := run(client, base, vs, *dur, *rate, healthz)
		report("GET /healthz (baseline)", h, nil)
		check(h)
		m := run(client, base, vs, *dur, *rate, cartMix)
		report("GET /api/cart", m.get("GET"), h)
		report("POST /api/cart/products", m.get("POST"), h)
		check(m)
	}
	if failed {
		return 1
	}
	return 0
}

// cartMix alternates reading the cart and adding a product with a required choice.
func cartMix(v *visitor, i int) (string, string, string) {
	if i%2 == 0 {
		return "GET", "/api/cart", ""
	}
	return "POST", "/api/cart/products", `{"productId":"tenders-3","modifiers":[{"id":"flv-original"}]}`
}

type result struct {
	lat    []time.Duration
	elapse time.Duration
}

type results struct {
	by map[string]*result
	// status counts the answers by call and status ("POST 201"); transport errors
	// count under "<method> error".
	status map[string]int
	errors int
	// cpu is the CPU time the started edge used during the phase (0 with -url).
	cpu time.Duration
	// edge is what the edge's GET /metrics counted during the phase (nil when it
	// could not be read).
	edge map[string]float64
}

func (r results) get(k string) *result { return r.by[k] }

func run(client *http.Client, base string, vs []visitor, dur time.Duration, rate int, next func(v *visitor, i int) (string, string, string)) results {
	var mu sync.Mutex
	out := results{by: map[string]*result{}, status: map[string]int{}}
	ctx, cancel := context.WithTimeout(context.Background(), dur)
	defer cancel()
	cpu0 := edgeCPU()
	m0 := edgeMetrics(client, base)
	start := time.Now()
	var wg sync.WaitGroup
	for k := range vs {
		wg.Add(1)
		go func(k int, v *visitor) {
			defer wg.Done()
			local := map[string][]time.Duration{}
			status := map[string]int{}
			errs, adds := 0, 90 // start each phase with a fresh cart
			var interval time.Duration
			if rate > 0 {
				interval = time.Duration(float64(time.Second) * float64(len(vs)) / float64(rate))
			}
			due := start.Add(interval * time.Duration(k) / time.Duration(len(vs)))
			for i := 0; ctx.Err() == nil; i++ {
				method, path, body := next(v, i)
				if method == "POST" && adds >= 90 {
					if !resetCart(client, base, v, status) {
						errs++
					}
					adds = 0
				}
				t0 := time.Now()
				if rate > 0 {
					due = due.Add(interval)
					if wait := time.Until(due); wait > 0 {
						time.Sleep(wait)
					}
					t0 = due
				}
				code, err := do(client, base, v, method, path, body)
				d := time.Since(t0)
				if ctx.Err() != nil {
					break
				}
				if err != nil {
					status[method+" error"]++
					errs++
					continue
				}
				status[fmt.Sprintf("%s %d", method, code)]++
				if code < 200 || code > 299 {
					errs++
					continue
				}
				if method == "POST" {
					adds++
				}
				local[method] = append(local[method], d)
			}
			mu.Lock()
			for m, l := range local {
				if out.by[m] == nil {
					out.by[m] = &result{}
				}
				out.by[m].lat = append(out.by[m].lat, l...)
			}
			for k, n := range status {
				out.status[k] += n
			}
			out.errors += errs
			mu.Unlock()
		}(k, &vs[k])
	}
	wg.Wait()
	el := time.Since(start)
	if cpu0 > 0 {
		out.cpu = edgeCPU() - cpu0
	}
	if m1 := edgeMetrics(client, base); m0 != nil && m1 != nil {
		out.edge = map[string]float64{}
		for k, v := range m1 {
			out.edge[k] = v - m0[k]
		}
	}
	for _, r := range out.by {
		r.elapse = el
	}
	return out
}

func (r results) all() *result {
	a := &result{}
	for _, x := range r.by {
		a.lat = append(a.lat, x.lat...)
		a.elapse = x.elapse
	}
	return a
}

func pct(l []time.Duration, p float64) time.Duration {
	if len(l) == 0 {
		return 0
	}
	return l[int(float64(len(l)-1)*p)]
}

func report(name string, r any, baseline any) {
	var res *result
	switch x := r.(type) {
	case *result:
		res = x
	case results:
		res = x.all()
	}
	if res == nil || len(res.lat) == 0 {
		fmt.Printf("%-26s no successful requests\n", name)
		return
	}
	sort.Slice(res.lat, func(i, j int) bool { return res.lat[i] < res.lat[j] })
	rps := float64(len(res.lat)) / res.elapse.Seconds()
	line := fmt.Sprintf("%-26s n=%-7d req/s=%-8.0f p50=%-9s p99=%-9s max=%s", name, len(res.lat), rps, pct(res.lat, .5).Round(time.Microsecond), pct(res.lat, .99).Round(time.Microsecond), res.lat[len(res.lat)-1].Round(time.Microsecond))
	if b, ok := baseline.(results); ok {
		bl := b.all()
		sort.Slice(bl.lat, func(i, j int) bool { return bl.lat[i] < bl.lat[j] })
		if p := pct(bl.lat, .99); p > 0 {
			line += fmt.Sprintf("  p99 ×%.2f of healthz", float64(pct(res.lat, .99))/float64(p))
		}
	}
	fmt.Println(line)
}

// do sends one request and reads the whole answer. A GET /api/cart that answers no
// cart ({"cart":null}) is reported as 404: the benchmark means to read a real cart.
func do(client *http.Client, base string, v *visitor, method, path, body string) (int, error) {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, base+path, rd)
	req.Header.Set("Accept", "application/json")
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Cookie", v.cookie)
	if v.csrf != "" {
		req.Header.Set("X-CSRF-Token", v.csrf)
	}
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if method == "GET" && path == "/api/cart" && res.StatusCode == http.StatusOK {
		b, err := io.ReadAll(res.Body)
		if err != nil {
			return 0, err
		}
		if !bytes.HasPrefix(b, []byte(`{"cart":{`)) {
			return http.StatusNotFound, nil
		}
		return res.StatusCode, nil
	}
	_, _ = io.Copy(io.Discard, res.Body)
	return res.StatusCode, nil
}

// resetCart replaces the visitor's cart with an empty one (untimed); its answers are
// counted under "reset".
func resetCart(client *http.Client, base string, v *visitor, status map[string]int) bool {
	code, err := do(client, base, v, "DELETE", "/api/cart", "")
	if err != nil || code != http.StatusNoContent {
		status[fmt.Sprintf("reset DELETE %d %v", code, err)]++
		return false
	}
	code, err = do(client, base, v, "POST", "/api/cart", `{"menuId":"m-standard","locationId":"oh-columbus-downtown"}`)
	if err != nil || code != http.StatusCreated {
		status[fmt.Sprintf("reset POST %d %v", code, err)]++
		return false
	}
	return true
}

func (r results) statusLine() string {
	keys := make([]string, 0, len(r.status))
	for k := range r.status {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s ×%d", k, r.status[k])
	}
	return strings.Join(parts, ", ")
}

// newVisitor loads the home page for a visitor cookie and the bootstrap's CSRF token,
// then opens a cart.
func newVisitor(client *http.Client, base string) (visitor, error) {
	res, err := client.Get(base + "/")
	if err != nil {
		return visitor{}, err
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var v visitor
	for _, c := range res.Cookies() {
		v.cookie += c.Name + "=" + c.Value + "; "
	}
	if m := csrfRE.FindSubmatch(body); m != nil {
		var s string
		_ = json.Unmarshal(append(append([]byte{'"'}, m[1]...), '"'), &s)
		v.csrf = s
	}
	code, err := do(client, base, &v, "POST", "/api/cart", `{"menuId":"m-standard","locationId":"oh-columbus-downtown"}`)
	if err != nil || code != 201 {
		return v, fmt.Errorf("create cart: %d %v", code, err)
	}
	return v, nil
}

// startEdge starts the edge binary bin on a free port. The edge gets a build directory of its own
// holding only the shell's entry list, so the home page renders (it carries the CSRF
// token) without a front-end build: `make bin/edge` is all the benchmark needs.
func startEdge(bin, redis string) (string, func(), error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	build, err := os.MkdirTemp("", "apiload-build-")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { os.RemoveAll(build) }
	if err = os.MkdirAll(filepath.Join(build, "shell"), 0o755); err == nil {
		err = os.WriteFile(filepath.Join(build, "shell", "entrypoints.json"), []byte(`{"js":["main.js"],"css":[],"buildId":"apiload"}`), 0o644)
	}
	if err != nil {
		cleanup()
		return "", nil, err
	}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port), "HOST=127.0.0.1", "REDIS_URL="+redis, "BUILD_DIR="+build,
		"APP_PREFIX=bench"+fmt.Sprint(time.Now().UnixNano()%100000), "LOG_LEVEL=warn")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		cleanup()
		return "", nil, fmt.Errorf("start %s (run make bin/edge first): %w", bin, err)
	}
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	stop := func() { cmd.Process.Kill(); cmd.Wait(); cleanup() }
	edgeCPU = func() time.Duration { return processCPU(cmd.Process.Pid) }
	for i := 0; i < 100; i++ {
		if res, err := http.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return base, stop, nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	stop()
	return "", nil, fmt.Errorf("edge did not start: %s", stderr.String())
}

// edgeCPU is the CPU time the started edge has used so far; 0 when the edge was not
// started here (-url) or the system does not say.
var edgeCPU = func() time.Duration { return 0 }

// processCPU reads a process's user and system time from /proc (Linux): fields 14
// and 15 of /proc/<pid>/stat, in clock ticks of 1/100 s.
func processCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command name (field 2) is in parentheses and may hold spaces.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0
	}
	var ut, st int64
	fmt.Sscan(f[11], &ut)
	fmt.Sscan(f[12], &st)
	return time.Duration(ut+st) * 10 * time.Millisecond
}

// The counters apiload reads from the edge's GET /metrics (readable from loopback):
// go-redis's pool and command instrumentation.
const (
	redisCalls    = "db_client_connections_use_time_milliseconds_count" // commands and pipelines
	redisDials    = "db_client_connections_create_time_milliseconds_count"
	redisWaits    = "db_client_connections_waits"
	redisTimeouts = "db_client_connections_timeouts"
)

// edgeMetrics sums the counters above over their label sets; nil when /metrics does
// not answer (an edge started elsewhere, -url, may not let this address read it).
func edgeMetrics(client *http.Client, base string) map[string]float64 {
	res, err := client.Get(base + "/metrics")
	if err != nil {
		return nil
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		return nil
	}
	out := map[string]float64{}
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		name, rest := line, ""
		if i := strings.IndexAny(line, "{ "); i >= 0 {
			name, rest = line[:i], line[i:]
		}
		switch name {
		case redisCalls, redisDials, redisWaits, redisTimeouts:
		default:
			continue
		}
		f := strings.Fields(rest[strings.LastIndexByte(rest, '}')+1:])
		if len(f) == 0 {
			continue
		}
		var v float64
		if _, err := fmt.Sscan(f[0], &v); err == nil {
			out[name] += v
		}
	}
	return out
}
