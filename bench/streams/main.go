// Command streams opens many event streams of one order from one client and prints
// what the edge holds: streams answered 200 and 429, the edge's resident memory
// before and while they are open, and GET /api/cart latency meanwhile against the
// same calls before any stream.
//
// It starts the edge binary (-edge, default bin/edge) on a free port with its own key
// prefix, the ordering clock at noon (so the order can be placed ASAP) and Redis at
// -redis; one visitor places a pay-in-store order and asks for -attempts streams of it
// at once. Give -edge another build to compare two in one run.
//
// With -follow it measures streams held open instead (follow.go): many orders, many
// streams of each, the edge's memory, goroutines and CPU while nothing changes, and the
// delay from a change to its event; -edge then takes several builds, comma-separated.
package main

import (
	"bufio"
	"bytes"
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
	"strconv"
	"strings"
	"sync"
	"time"
)

var csrfRE = regexp.MustCompile(`"csrf":"([^"]*)"`)

func main() {
	bin := flag.String("edge", "bin/edge", "the edge binary to start")
	redis := flag.String("redis", "redis://127.0.0.1:6379/0", "REDIS_URL for the edge (empty: embedded)")
	attempts := flag.Int("attempts", 4000, "event streams asked for at once")
	follow := flag.Bool("follow", false, "measure open streams instead: -orders orders followed by -per streams each, changed one by one")
	orders := flag.Int("orders", 250, "with -follow: orders followed, each changed once")
	per := flag.Int("per", 40, "with -follow: streams per order")
	idle := flag.Duration("idle", 20*time.Second, "with -follow: how long CPU is measured while nothing changes")
	flag.Parse()
	if *follow {
		for _, b := range strings.Split(*bin, ",") {
			if err := runFollow(b, *redis, *orders, *per, *idle); err != nil {
				fmt.Fprintln(os.Stderr, "streams:", err)
				os.Exit(1)
			}
		}
		return
	}
	if err := run(*bin, *redis, *attempts); err != nil {
		fmt.Fprintln(os.Stderr, "streams:", err)
		os.Exit(1)
	}
}

type visitor struct {
	base, cookie, csrf string
	client             *http.Client
}

func (v *visitor) do(method, path, body string, hdr ...string) (int, []byte, error) {
	req, _ := http.NewRequest(method, v.base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", v.cookie)
	req.Header.Set("X-CSRF-Token", v.csrf)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := v.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return res.StatusCode, raw, nil
}

func newVisitor(base string) (*visitor, error) {
	return newVisitorWith(base, &http.Client{Timeout: 10 * time.Second})
}

// newVisitorWith is a new visitor whose calls go through client.
func newVisitorWith(base string, client *http.Client) (*visitor, error) {
	v := &visitor{base: base, client: client}
	res, err := v.client.Get(base + "/")
	if err != nil {
		return nil, err
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, c := range res.Cookies() {
		v.cookie += c.Name + "=" + c.Value + "; "
	}
	if m := csrfRE.FindSubmatch(body); m != nil {
		_ = json.Unmarshal(append(append([]byte{'"'}, m[1]...), '"'), &v.csrf)
	}
	return v, nil
}

// placeOrder puts tenders in a cart at Dayton and places it, paid in store.
func placeOrder(v *visitor) (string, error) {
	return placeOrderAs(v, "streams-bench-order", "", "")
}

// placeOrderAs places an order with idempotency key key; handoff and wanted, when not
// empty, are the cart's handoff (curbside) and time ({"mode":"later",…}) first.
func placeOrderAs(v *visitor, key, handoff, wanted string) (string, error) {
	steps := [][3]string{
		{"POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`},
		{"POST", "/api/cart/products", `{"product_id":"tenders-3","modifiers":[{"id":"flv-spicy"}]}`},
	}
	for _, s := range steps {
		if code, raw, err := v.do(s[0], s[1], s[2]); err != nil || code != 201 {
			return "", fmt.Errorf("%s %s: %d %s %v", s[0], s[1], code, raw, err)
		}
	}
	if handoff != "" {
		if code, raw, err := v.do("PUT", "/api/cart/handoff", handoff); err != nil || code != 200 {
			return "", fmt.Errorf("PUT /api/cart/handoff: %d %s %v", code, raw, err)
		}
	}
	if wanted != "" {
		if code, raw, err := v.do("PUT", "/api/cart/time", wanted); err != nil || code != 200 {
			return "", fmt.Errorf("PUT /api/cart/time: %d %s %v", code, raw, err)
		}
	}
	code, raw, err := v.do("POST", "/api/botcheck/token", `{"action":"checkout"}`)
	var tok struct{ Token string }
	if err != nil || code != 200 || json.Unmarshal(raw, &tok) != nil {
		return "", fmt.Errorf("bot check token: %d %s %v", code, raw, err)
	}
	body := `{"customer":{"first_name":"Sam","last_name":"Lee","email":"sam@example.com","phone":"937-555-0101"},"payments":[{"kind":"instore"}]}`
	code, raw, err = v.do("POST", "/api/cart/submit", body, "Idempotency-Key", key, "X-Bot-Check", tok.Token)
	var out struct{ Order struct{ ID string } }
	if err != nil || code != 201 || json.Unmarshal(raw, &out) != nil {
		return "", fmt.Errorf("submit: %d %s %v", code, raw, err)
	}
	return out.Order.ID, nil
}

func run(bin, redis string, attempts int) error {
	base, pid, stop, err := startEdge(bin, redis)
	if err != nil {
		return err
	}
	defer stop()
	owner, err := newVisitor(base)
	if err != nil {
		return err
	}
	id, err := placeOrder(owner)
	if err != nil {
		return err
	}
	other, err := newVisitor(base)
	if err != nil {
		return err
	}
	cartP99 := func() time.Duration {
		var took []time.Duration
		for range 300 {
			start := time.Now()
			if code, _, err := other.do("GET", "/api/cart", ""); err == nil && code == 200 {
				took = append(took, time.Since(start))
			}
		}
		sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
		if len(took) == 0 {
			return 0
		}
		return took[len(took)*99/100]
	}
	p99Before, rssBefore := cartP99(), rss(pid)

	// Every attempt on a connection of its own, as a client opening streams would.
	var mu sync.Mutex
	counts := map[int]int{}
	var open []io.Closer
	var wg sync.WaitGroup
	gate := make(chan struct{}, 200) // dial at most 200 at once, so the client's own limits do not fail first
	for range attempts {
		wg.Add(1)
		gate <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-gate }()
			c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true, DisableCompression: true}}
			req, _ := http.NewRequest("GET", base+"/api/orders/"+id+"/events", nil)
			req.Header.Set("Cookie", owner.cookie)
			res, err := c.Do(req)
			status := -1
			if err == nil {
				status = res.StatusCode
				if status == 200 {
					_, _ = bufio.NewReader(res.Body).ReadString('\n') // the first event: the stream is open
				} else {
					_, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
				}
			}
			mu.Lock()
			counts[status]++
			if status == 200 {
				open = append(open, res.Body)
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	time.Sleep(2 * time.Second)
	p99During, rssDuring := cartP99(), rss(pid)
	for _, b := range open {
		b.Close()
	}

	var answers []string
	for _, s := range []int{200, 429} {
		answers = append(answers, fmt.Sprintf("%d: %d", s, counts[s]))
		delete(counts, s)
	}
	for s, n := range counts {
		answers = append(answers, fmt.Sprintf("%d: %d", s, n))
	}
	fmt.Printf("streams: %s, %d streams of one order asked for at once by one visitor from one address\n", bin, attempts)
	fmt.Printf("   answers: %s\n", strings.Join(answers, ", "))
	fmt.Printf("   edge RSS: %.0f MB before, %.0f MB with the streams open\n", rssBefore, rssDuring)
	fmt.Printf("   GET /api/cart p99 (300 calls, another visitor): %s before, %s with the streams open\n",
		p99Before.Round(10*time.Microsecond), p99During.Round(10*time.Microsecond))
	return nil
}

// rss is a process's resident memory in MB, from /proc.
func rss(pid int) float64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}

// startEdge starts bin on a free port with a build directory holding only the shell's
// entry list (enough for the home page and its CSRF token).
func startEdge(bin, redis string, env ...string) (string, int, func(), error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", 0, nil, err
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	build, err := os.MkdirTemp("", "streams-build-")
	if err != nil {
		return "", 0, nil, err
	}
	cleanup := func() { os.RemoveAll(build) }
	if err = os.MkdirAll(filepath.Join(build, "shell"), 0o755); err == nil {
		err = os.WriteFile(filepath.Join(build, "shell", "entrypoints.json"), []byte(`{"js":["main.js"],"css":[],"buildId":"streams"}`), 0o644)
	}
	if err != nil {
		cleanup()
		return "", 0, nil, err
	}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port), "HOST=127.0.0.1", "REDIS_URL="+redis, "BUILD_DIR="+build,
		"APP_PREFIX=streams"+fmt.Sprint(time.Now().UnixNano()%100000), "APP_ENV=dev", "COOKIE_SECURE=false",
		"ORDER_CLOCK_START=2026-11-25T12:00:00-05:00")
	cmd.Env = append(cmd.Env, env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		cleanup()
		return "", 0, nil, fmt.Errorf("start %s (run make bin/edge first): %w", bin, err)
	}
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	stop := func() { _ = cmd.Process.Kill(); _ = cmd.Wait(); cleanup() }
	for range 100 {
		if res, err := http.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return base, cmd.Process.Pid, stop, nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	stop()
	return "", 0, nil, fmt.Errorf("edge did not start: %s", stderr.String())
}
