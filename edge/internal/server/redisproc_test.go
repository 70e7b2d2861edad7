package server

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Tests that need a real Redis process of their own (a Cluster, a Redis to stop and
// kill) start redis-server on free ports in a temporary directory, without
// persistence. They never touch the shared Redis on 6379.

// redisProc is a redis-server started by a test.
type redisProc struct {
	t    *testing.T
	bin  string
	dir  string
	port int
	args []string
	cmd  *exec.Cmd
}

// redisServer returns the redis-server binary, or skips the test without one.
func redisServer(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("REQUIRE_REAL_REDIS") == "1" {
			t.Fatalf("redis-server is not on PATH: %v", err)
		}
		t.Skip("redis-server is not on PATH (apt-get install redis-server); this test starts its own Redis processes")
	}
	return bin
}

// freePort returns a port nothing listens on; with bus, port+10000 (a Cluster node's
// bus port) is free too.
func freePort(t *testing.T, bus bool) int {
	t.Helper()
	for range 50 {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
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
		return port
	}
	t.Fatal("no free port")
	return 0
}

// startRedis runs redis-server on a free port with args added; it is killed when the
// test ends.
func startRedis(t *testing.T, bus bool, args ...string) *redisProc {
	t.Helper()
	p := &redisProc{t: t, bin: redisServer(t), dir: t.TempDir(), args: args}
	var err error
	for range 5 { // another process may take the port between freePort and the start
		p.port = freePort(t, bus)
		if err = p.start(); err == nil {
			t.Cleanup(p.kill)
			return p
		}
	}
	t.Fatalf("start redis-server: %v", err)
	return nil
}

func (p *redisProc) addr() string { return "127.0.0.1:" + strconv.Itoa(p.port) }

func (p *redisProc) start() error {
	args := append([]string{
		"--port", strconv.Itoa(p.port), "--bind", "127.0.0.1", "--dir", p.dir,
		"--save", "", "--appendonly", "no", "--daemonize", "no", "--protected-mode", "no",
		"--logfile", filepath.Join(p.dir, "redis.log"),
	}, p.args...)
	p.cmd = exec.Command(p.bin, args...)
	if err := p.cmd.Start(); err != nil {
		return err
	}
	c := redis.NewClient(&redis.Options{Addr: p.addr(), MaxRetries: -1, DialTimeout: 100 * time.Millisecond})
	defer c.Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		err := c.Ping(ctx).Err()
		cancel()
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) || p.cmd.ProcessState != nil {
			p.kill()
			log, _ := os.ReadFile(filepath.Join(p.dir, "redis.log"))
			return fmt.Errorf("redis-server on %d did not answer: %v\n%s", p.port, err, log)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// signal sends sig to the process (SIGSTOP, SIGCONT).
func (p *redisProc) signal(sig syscall.Signal) {
	p.t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		p.t.Fatalf("signal %v: %v", sig, err)
	}
}

// kill ends the process (nothing is kept: no persistence).
func (p *redisProc) kill() {
	if p.cmd == nil || p.cmd.Process == nil {
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGCONT) // a stopped process cannot die before it runs again
	_ = p.cmd.Process.Kill()
	_ = p.cmd.Wait()
	p.cmd = nil
}

// restart starts an empty Redis on the same port.
func (p *redisProc) restart() {
	p.t.Helper()
	if err := p.start(); err != nil {
		p.t.Fatal(err)
	}
}

// startCluster starts n primaries without replicas, joins them into a Redis Cluster
// and waits until it serves every slot. It returns their addresses.
func startCluster(t *testing.T, n int) []string {
	t.Helper()
	cli, err := exec.LookPath("redis-cli")
	if err != nil {
		redisServer(t)
		t.Skip("redis-cli is not on PATH; it creates the Cluster")
	}
	var addrs []string
	for range n {
		p := startRedis(t, true, "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "5000")
		addrs = append(addrs, p.addr())
	}
	out, err := exec.Command(cli, append(append([]string{"--cluster", "create"}, addrs...), "--cluster-replicas", "0", "--cluster-yes")...).CombinedOutput()
	if err != nil {
		t.Fatalf("redis-cli --cluster create: %v\n%s", err, out)
	}
	deadline := time.Now().Add(10 * time.Second)
	for _, a := range addrs {
		c := redis.NewClient(&redis.Options{Addr: a})
		for {
			info, err := c.ClusterInfo(context.Background()).Result()
			if err == nil && strings.Contains(info, "cluster_state:ok") && strings.Contains(info, "cluster_slots_ok:16384") {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("cluster not ready on %s: %v %s", a, err, info)
			}
			time.Sleep(50 * time.Millisecond)
		}
		c.Close()
	}
	return addrs
}
