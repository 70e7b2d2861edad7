package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// runFollow measures streams held open: -orders curbside orders, each placed by a
// visitor of its own and followed by -per streams of that visitor (the caps raised
// for the run), then each order changed once (the guest says they are outside) at
// 50 ms intervals. It prints what the edge holds per open stream (resident memory,
// Go memory in use, goroutines), the edge's CPU while nothing changes and while the
// orders change, and the delay from the change's request being sent to each stream
// reading the event.
func runFollow(bin, redis string, orders, per int, idle time.Duration) error {
	streams := orders * per
	caps := strconv.Itoa(streams + 100)
	base, pid, stop, err := startEdge(bin, redis, "EVENTS_MAX="+caps, "EVENTS_PER_VISITOR="+caps, "EVENTS_PER_ADDRESS="+caps)
	if err != nil {
		return err
	}
	defer stop()
	addr := strings.TrimPrefix(base, "http://")

	type followed struct {
		v  *visitor
		id string
	}
	fs := make([]followed, orders)
	const curbside = `{"mode":"curbside","vehicle":{"make":"Ford","model":"F-150","color":"Red"}}`
	// A time slot takes a few orders (slot_capacity): the orders are spread over the
	// times Dayton offers, a few to each.
	var times struct {
		Days []struct {
			Today bool
			Slots []struct {
				At        string
				Available bool
			}
		}
	}
	res, err := http.Get(base + "/api/locations/oh-dayton/times")
	if err != nil {
		return err
	}
	err = json.NewDecoder(res.Body).Decode(&times)
	res.Body.Close()
	if err != nil {
		return err
	}
	var slots []string // {"mode":…,"at":…}: "later" today, "advance" on another day
	for _, d := range times.Days {
		mode := map[bool]string{true: "later", false: "advance"}[d.Today]
		for _, s := range d.Slots {
			if s.Available {
				slots = append(slots, `{"mode":"`+mode+`","at":"`+s.At+`"}`)
			}
		}
	}
	const perSlot = 4
	if len(slots)*perSlot < orders {
		return fmt.Errorf("%d orders need %d time slots; Dayton offers %d", orders, (orders+perSlot-1)/perSlot, len(slots))
	}
	for i := range fs {
		// Each guest from an address of its own (127.0.1.x), as guests are: the bot
		// check's tokens are limited per address.
		local := &net.TCPAddr{IP: net.IPv4(127, 0, 1+byte(i/250), 1+byte(i%250))}
		client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{
			DialContext: (&net.Dialer{LocalAddr: local, Timeout: 10 * time.Second}).DialContext}}
		v, err := newVisitorWith(base, client)
		if err != nil {
			return err
		}
		id, err := placeOrderAs(v, fmt.Sprintf("streams-follow-%06d", i), curbside, slots[i/perSlot])
		if err != nil {
			return fmt.Errorf("order %d: %w", i, err)
		}
		fs[i] = followed{v, id}
	}
	time.Sleep(time.Second)
	before, sampled := sample(base, pid), time.Now()

	// Every stream on a connection of its own; sent[i] is when order i's change went.
	var mu sync.Mutex
	sent := make([]time.Time, orders)
	var delays []time.Duration
	var conns []net.Conn
	var wg sync.WaitGroup
	gate := make(chan struct{}, 100)
	failed := 0
	for i, f := range fs {
		for range per {
			wg.Add(1)
			gate <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-gate }()
				c, err := openStream(addr, f.id, f.v.cookie, func(at time.Time) {
					mu.Lock()
					delays = append(delays, at.Sub(sent[i]))
					mu.Unlock()
				})
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					failed++
					return
				}
				conns = append(conns, c)
			}()
		}
	}
	wg.Wait()
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	if failed > 0 {
		return fmt.Errorf("%d of %d streams did not open", failed, streams)
	}
	// The edge's runtime metrics are read at most every 15 seconds.
	time.Sleep(time.Until(sampled.Add(16 * time.Second)))
	open := sample(base, pid)

	// Nothing changes: what the open streams cost by themselves.
	idleCPU := cpuOver(pid, idle)

	// Each order changes once; every stream of it should hear it.
	cpu0, start := cpuTime(pid), time.Now()
	for i, f := range fs {
		mu.Lock()
		sent[i] = time.Now()
		mu.Unlock()
		if code, raw, err := f.v.do("POST", "/api/orders/"+f.id+"/arrived", ""); err != nil || code != 200 {
			return fmt.Errorf("arrived %d: %d %s %v", i, code, raw, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := len(delays)
		mu.Unlock()
		if n >= streams || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	changeCPU := (cpuTime(pid) - cpu0) / time.Since(start).Seconds()
	mu.Lock()
	got := append([]time.Duration(nil), delays...)
	mu.Unlock()
	sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
	q := func(p float64) time.Duration {
		if len(got) == 0 {
			return 0
		}
		return got[min(len(got)-1, int(float64(len(got))*p))].Round(100 * time.Microsecond)
	}

	per1 := func(a, b float64) float64 { return (b - a) / float64(streams) }
	fmt.Printf("follow: %s, %d orders × %d streams = %d open streams\n", bin, orders, per, streams)
	fmt.Printf("   per open stream: %.1f KB resident, %.1f KB Go memory in use (%.1f KB of it goroutine stacks), %.2f goroutines\n",
		per1(before.rss, open.rss)/1024, per1(before.goMem, open.goMem)/1024, per1(before.goStack, open.goStack)/1024,
		per1(before.goroutines, open.goroutines))
	fmt.Printf("   edge: %.0f MB resident, %.0f goroutines with the streams open (%.0f MB, %.0f before)\n",
		open.rss/(1<<20), open.goroutines, before.rss/(1<<20), before.goroutines)
	fmt.Printf("   CPU: %.1f%% of a core over %s with nothing changing, %.1f%% while %d orders changed\n",
		idleCPU*100, idle, changeCPU*100, orders)
	fmt.Printf("   change → event: %d of %d events, p50 %s, p99 %s, max %s\n", len(got), streams, q(0.5), q(0.99), q(1))
	return nil
}

// openStream opens an event stream of order id on a connection of its own, as a
// browser's EventSource would, and returns once the first event has come; then it
// calls arrived when the event saying the guest is outside comes.
func openStream(addr, id, cookie string, arrived func(time.Time)) (net.Conn, error) {
	c, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(c, "GET /api/orders/%s/events HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\nAccept: text/event-stream\r\n\r\n", url.PathEscape(id), addr, cookie)
	r := bufio.NewReaderSize(c, 2048)
	_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
	status, err := r.ReadString('\n')
	if err != nil || !strings.Contains(status, " 200 ") {
		c.Close()
		return nil, fmt.Errorf("stream: %q %v", status, err)
	}
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			c.Close()
			return nil, err
		}
		if strings.HasPrefix(line, "data: ") {
			break
		}
	}
	_ = c.SetReadDeadline(time.Time{})
	go func() {
		told := false
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			if !told && strings.HasPrefix(line, "data: ") && strings.Contains(line, `"arrived_at":"`) {
				told = true
				arrived(time.Now())
			}
		}
	}()
	return c, nil
}

type edgeSample struct{ rss, goMem, goStack, goroutines float64 }

var metricLine = regexp.MustCompile(`^(go_goroutine_count|go_memory_used_bytes)\{([^}]*)\} (\S+)$`)

// sample reads the edge's resident memory (/proc) and its Go runtime's goroutines and
// memory in use (its /metrics, answered on loopback).
func sample(base string, pid int) edgeSample {
	s := edgeSample{rss: rss(pid) * (1 << 20)}
	res, err := http.Get(base + "/metrics")
	if err != nil {
		return s
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	for _, line := range strings.Split(string(raw), "\n") {
		if m := metricLine.FindStringSubmatch(line); m != nil {
			f, _ := strconv.ParseFloat(m[3], 64)
			switch {
			case m[1] == "go_goroutine_count":
				s.goroutines = f
			case strings.Contains(m[2], `go_memory_type="stack"`):
				s.goStack += f
				s.goMem += f
			default:
				s.goMem += f
			}
		}
	}
	return s
}

// cpuTime is the CPU time a process has used (user and system), from /proc.
func cpuTime(pid int) float64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(raw)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // the name may hold spaces
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseFloat(f[11], 64)
	stime, _ := strconv.ParseFloat(f[12], 64)
	return (utime + stime) / 100 // clock ticks: USER_HZ is 100 on Linux
}

// cpuOver is the share of one core the process uses over d.
func cpuOver(pid int, d time.Duration) float64 {
	a := cpuTime(pid)
	time.Sleep(d)
	return (cpuTime(pid) - a) / d.Seconds()
}
