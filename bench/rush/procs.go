package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"
)

// A Redis Cluster of its own, started as the edge's server tests start one
// (edge/internal/server/redisproc_test.go): redis-server processes on free ports in a
// temporary directory, no persistence, joined by redis-cli --cluster create.

// running holds every process the run started, so that an interrupted run (Ctrl-C)
// leaves none behind.
var running struct {
	sync.Mutex
	procs map[*exec.Cmd]bool
}

func track(c *exec.Cmd) {
	running.Lock()
	defer running.Unlock()
	if running.procs == nil {
		running.procs = map[*exec.Cmd]bool{}
	}
	running.procs[c] = true
}

func untrack(c *exec.Cmd) {
	running.Lock()
	delete(running.procs, c)
	running.Unlock()
}

// killAll kills whatever is still running (on an interrupt).
func killAll() {
	running.Lock()
	defer running.Unlock()
	for c := range running.procs {
		_ = c.Process.Kill()
	}
}

type proc struct {
	cmd *exec.Cmd
	dir string
}

func (p *proc) kill() {
	if p.cmd != nil && p.cmd.Process != nil {
		untrack(p.cmd)
		_ = p.cmd.Process.Kill()
		_ = p.cmd.Wait()
		p.cmd = nil
	}
	if p.dir != "" {
		os.RemoveAll(p.dir)
	}
}

// freePort returns a port nothing listens on; with bus, port+10000 (a Cluster node's
// bus port) is free too.
func freePort(bus bool) (int, error) {
	for range 50 {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return 0, err
		}
		port := ln.Addr().(*net.TCPAddr).Port
		if bus {
			if port > 55535 {
				ln.Close()
				continue
			}
			bl, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port+10000))
			if err != nil {
				ln.Close()
				continue
			}
			bl.Close()
		}
		ln.Close()
		return port, nil
	}
	return 0, errors.New("no free port")
}

// startRedisNode starts one cluster-enabled redis-server and waits for its PING.
func startRedisNode() (*proc, string, error) {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		return nil, "", fmt.Errorf("redis-server is not on PATH: %w", err)
	}
	var last error
	for range 5 { // another process may take the port between freePort and the start
		port, err := freePort(true)
		if err != nil {
			return nil, "", err
		}
		dir, err := os.MkdirTemp("", "rush-redis-")
		if err != nil {
			return nil, "", err
		}
		p := &proc{dir: dir}
		p.cmd = exec.Command(bin, "--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--dir", dir,
			"--save", "", "--appendonly", "no", "--daemonize", "no", "--protected-mode", "no",
			"--logfile", filepath.Join(dir, "redis.log"),
			"--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "5000")
		if err := p.cmd.Start(); err != nil {
			p.kill()
			return nil, "", err
		}
		track(p.cmd)
		addr := "127.0.0.1:" + strconv.Itoa(port)
		c := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1, DialTimeout: 100 * time.Millisecond})
		deadline := time.Now().Add(5 * time.Second)
		for {
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			last = c.Ping(ctx).Err()
			cancel()
			if last == nil || time.Now().After(deadline) {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		c.Close()
		if last == nil {
			return p, addr, nil
		}
		p.kill()
	}
	return nil, "", fmt.Errorf("start redis-server: %w", last)
}

// cluster is n primaries without replicas serving every slot.
type cluster struct {
	procs []*proc
	addrs []string
}

func startCluster(n int) (*cluster, error) {
	cli, err := exec.LookPath("redis-cli")
	if err != nil {
		return nil, fmt.Errorf("redis-cli is not on PATH (it creates the Cluster): %w", err)
	}
	cl := &cluster{}
	for range n {
		p, addr, err := startRedisNode()
		if err != nil {
			cl.stop()
			return nil, err
		}
		cl.procs = append(cl.procs, p)
		cl.addrs = append(cl.addrs, addr)
	}
	out, err := exec.Command(cli, append(append([]string{"--cluster", "create"}, cl.addrs...), "--cluster-replicas", "0", "--cluster-yes")...).CombinedOutput()
	if err != nil {
		cl.stop()
		return nil, fmt.Errorf("redis-cli --cluster create: %v\n%s", err, out)
	}
	deadline := time.Now().Add(10 * time.Second)
	for _, a := range cl.addrs {
		c := redis.NewClient(&redis.Options{Addr: a})
		for {
			info, err := c.ClusterInfo(context.Background()).Result()
			if err == nil && strings.Contains(info, "cluster_state:ok") && strings.Contains(info, "cluster_slots_ok:16384") {
				break
			}
			if time.Now().After(deadline) {
				c.Close()
				cl.stop()
				return nil, fmt.Errorf("cluster not ready on %s: %v %s", a, err, info)
			}
			time.Sleep(50 * time.Millisecond)
		}
		c.Close()
	}
	return cl, nil
}

func (cl *cluster) stop() {
	for _, p := range cl.procs {
		p.kill()
	}
}

// commands is the number of commands the primaries have run, by command (INFO
// commandstats, each cmdstat_<name> calls= summed over the nodes).
func (cl *cluster) commands(ctx context.Context) (map[string]int64, error) {
	total := map[string]int64{}
	for _, a := range cl.addrs {
		c := redis.NewClient(&redis.Options{Addr: a})
		info, err := c.Info(ctx, "commandstats").Result()
		c.Close()
		if err != nil {
			return nil, err
		}
		for k, v := range callsByCommand(info) {
			total[k] += v
		}
	}
	return total, nil
}

// callsByCommand reads calls= of each cmdstat_ line of INFO commandstats.
func callsByCommand(info string) map[string]int64 {
	out := map[string]int64{}
	sc := bufio.NewScanner(strings.NewReader(info))
	for sc.Scan() {
		name, rest, ok := strings.Cut(strings.TrimPrefix(sc.Text(), "cmdstat_"), ":calls=")
		if !ok || name == sc.Text() {
			continue
		}
		n, _, _ := strings.Cut(rest, ",")
		if v, err := strconv.ParseInt(n, 10, 64); err == nil {
			out[name] += v
		}
	}
	return out
}

// scan calls fn for every key matching pattern on every primary.
func (cl *cluster) scan(ctx context.Context, pattern string, fn func(c *redis.Client, key string) error) error {
	for _, a := range cl.addrs {
		c := redis.NewClient(&redis.Options{Addr: a})
		iter := c.Scan(ctx, 0, pattern, 1000).Iterator()
		for iter.Next(ctx) {
			if err := fn(c, iter.Val()); err != nil {
				c.Close()
				return err
			}
		}
		err := iter.Err()
		c.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// edge is one bin/edge process.
type edge struct {
	cmd    *exec.Cmd
	host   string // 127.0.0.1:port
	stderr *bytes.Buffer
}

// edgeEnv is what every edge of a run is started with: the Cluster, the dev order
// clock, and the proxy in front trusted to name the client.
type edgeEnv struct {
	bin, build, redisURL, clockStart string
	clockSpeed                       float64
	lockTTL                          time.Duration
}

func startEdge(e edgeEnv) (*edge, error) {
	port, err := freePort(false)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(e.bin)
	cmd.Env = append(os.Environ(),
		"PORT="+strconv.Itoa(port), "HOST=127.0.0.1", "REDIS_URL="+e.redisURL, "BUILD_DIR="+e.build,
		"APP_ENV=dev", "COOKIE_SECURE=false",
		// The kitchen's clock: a lunch-time weekday, and fast enough that a pickup
		// slot an hour away is ready within seconds.
		"ORDER_CLOCK_START="+e.clockStart, "ORDER_CLOCK_SPEED="+strconv.FormatFloat(e.clockSpeed, 'f', -1, 64),
		// Killed edges hold a submit's key this long before another edge may finish it.
		"CHECKOUT_LOCK_TTL="+e.lockTTL.String(),
		// Every guest is its own client address (the proxy's X-Forwarded-For), so the
		// per-client limits (bot-check tokens, streams) see a crowd, not one address.
		"PROXY_HEADER=X-Forwarded-For", "TRUSTED_PROXIES=127.0.0.1/32",
		// The ops API would take the same default port on every edge; none is needed.
		"ADMIN_ADDR=127.0.0.1:0", "OPS_TOKEN=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s (go build -o bin/edge ./edge/cmd/edge first): %w", e.bin, err)
	}
	track(cmd)
	ed := &edge{cmd: cmd, host: "127.0.0.1:" + strconv.Itoa(port), stderr: &stderr}
	for range 200 {
		if res, err := http.Get("http://" + ed.host + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return ed, nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	ed.kill()
	return nil, fmt.Errorf("edge did not start: %s", stderr.String())
}

func (e *edge) kill() {
	if e.cmd != nil && e.cmd.Process != nil {
		untrack(e.cmd)
		_ = e.cmd.Process.Signal(syscall.SIGKILL)
		_ = e.cmd.Wait()
	}
}

// pool is the round-robin proxy's transport: each request goes to the next edge; a
// connection that cannot be made (an edge gone) is tried on the next one, as a load
// balancer's health check would route around it. A request that reached an edge and
// got no answer is retried elsewhere only when it is a read; a submit is the client's
// to retry, with its idempotency key.
type pool struct {
	hosts []string
	down  []atomic.Int64 // unix nanos until which the host is skipped
	next  atomic.Uint64
	t     *http.Transport
	// rerouted counts requests sent to another edge after a failed connection.
	rerouted atomic.Int64
	// killer, when set, is called once, a moment after a submit was sent to edge
	// victim: the edge then dies holding an order half placed, or just received.
	killer atomic.Pointer[func()]
	victim int
	// doomed is what became of the submit the kill followed.
	doomed atomic.Value
}

// armKill makes the next submit sent to edge i call kill a moment later.
func (p *pool) armKill(i int, kill func()) {
	p.victim = i
	p.killer.Store(&kill)
}

func newPool(hosts []string) *pool {
	return &pool{hosts: hosts, down: make([]atomic.Int64, len(hosts)), t: &http.Transport{
		MaxIdleConnsPerHost: 256, IdleConnTimeout: 30 * time.Second, DisableCompression: true,
		DialContext: (&net.Dialer{Timeout: time.Second}).DialContext,
	}}
}

func (p *pool) pick() int {
	now := time.Now().UnixNano()
	for range len(p.hosts) {
		i := int(p.next.Add(1) % uint64(len(p.hosts)))
		if p.down[i].Load() <= now {
			return i
		}
	}
	return int(p.next.Add(1) % uint64(len(p.hosts)))
}

func (p *pool) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil && req.Body != http.NoBody {
		var err error
		if body, err = io.ReadAll(req.Body); err != nil {
			return nil, err
		}
		req.Body.Close()
	}
	read := req.Method == http.MethodGet || req.Method == http.MethodHead
	var err error
	for attempt := range len(p.hosts) {
		var res *http.Response
		i := p.pick()
		out := req.Clone(req.Context())
		out.URL.Host = p.hosts[i]
		out.Host = p.hosts[i]
		if body != nil {
			out.Body = io.NopCloser(bytes.NewReader(body))
			out.ContentLength = int64(len(body))
		}
		doomed := false
		if req.URL.Path == "/api/cart/submit" && i == p.victim {
			if kill := p.killer.Swap(nil); kill != nil {
				doomed = true
				time.AfterFunc(time.Millisecond, *kill)
			}
		}
		res, err = p.t.RoundTrip(out)
		if doomed {
			if err != nil {
				p.doomed.Store("no answer: " + err.Error())
			} else {
				p.doomed.Store("answered " + res.Status + " before it died")
			}
		}
		if err == nil {
			if attempt > 0 {
				p.rerouted.Add(1)
			}
			return res, nil
		}
		var op *net.OpError
		dial := errors.As(err, &op) && op.Op == "dial"
		if dial {
			p.down[i].Store(time.Now().Add(time.Second).UnixNano())
		}
		if !dial && !read {
			return nil, err
		}
	}
	return nil, err
}

// startProxy serves a round-robin reverse proxy to hosts on a free port and returns
// its base URL.
func startProxy(hosts []string) (string, *pool, func(), error) {
	p := newPool(hosts)
	rp := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(&url.URL{Scheme: "http", Host: hosts[0]})
			r.Out.Host = r.In.Host
			r.SetXForwarded() // the guest's own address, which the edges trust us for
		},
		Transport:     p,
		ErrorLog:      log.New(io.Discard, "", 0), // a killed edge's cut streams are expected
		FlushInterval: -1,                         // order status streams
		ErrorHandler: func(w http.ResponseWriter, _ *http.Request, err error) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadGateway)
			fmt.Fprintf(w, `{"error":{"code":"bad_gateway","message":%q}}`, err.Error())
		},
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, nil, err
	}
	srv := &http.Server{Handler: rp, ReadHeaderTimeout: 10 * time.Second}
	var wg sync.WaitGroup
	wg.Go(func() { _ = srv.Serve(ln) })
	stop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
		srv.Close()
		wg.Wait()
		p.t.CloseIdleConnections()
	}
	return "http://" + ln.Addr().String(), p, stop, nil
}
