// Package store opens the edge's Redis connection.
//
// Everything the edge keeps (sessions, carts, orders, loyalty accounts, module registry
// state, rate limits) lives in Redis behind a go-redis UniversalClient, so a single node,
// Sentinel or Cluster work unchanged. With no REDIS_URL the edge starts an embedded,
// in-process Redis (miniredis) so `make run` works on a fresh machine; nothing is kept
// when the process stops, and Open logs that loudly.
//
// Redis being away must cost a guest little: every call is bounded (DialTimeout,
// IOTimeout, PoolTimeout) and goes through a circuit breaker (BreakerConfig: a failure
// rate over a window) that makes calls fail at once during an outage. A call that could not reach Redis
// returns an error carrying ErrUnavailable (see Unavailable), which the HTTP layer
// answers with 503 storage_unavailable and Retry-After.
package store

import (
	"context"
	"fmt"
	"log/slog"
	neturl "net/url"
	"strings"
	"sync"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

// Store is a Redis client plus the brand's key prefix.
type Store struct {
	// Client is the shared go-redis client; safe for concurrent use.
	Client redis.UniversalClient
	// Prefix starts every key the edge writes ("henhouse" → "henhouse:cart:…").
	Prefix string
	// Embedded is true when the data lives in an in-process Redis and is lost on exit.
	Embedded bool

	mini    *miniredis.Miniredis
	breaker *breaker
	log     *slog.Logger
	restart restartWatch

	feedsMu sync.Mutex
	feeds   map[string]*Feed
}

// Open connects to url (see universalOptions for the forms) with short timeouts and
// the circuit breaker on every call. An empty url starts the embedded Redis.
func Open(ctx context.Context, url, prefix string, log *slog.Logger) (*Store, error) {
	if prefix == "" {
		return nil, fmt.Errorf("store: empty key prefix")
	}
	s := &Store{Prefix: prefix, log: log}
	var opts *redis.UniversalOptions
	if url == "" {
		m := miniredis.NewMiniRedis()
		if err := m.Start(); err != nil {
			return nil, fmt.Errorf("store: start embedded redis: %w", err)
		}
		s.mini = m
		s.Embedded = true
		// In-process, the embedded Redis cannot be stopped or cut off: it is only slow
		// when the whole process is (a loaded machine, the race detector), and then
		// waiting is right.
		opts = &redis.UniversalOptions{Addrs: []string{m.Addr()}, DialTimeout: embeddedTimeout,
			ReadTimeout: embeddedTimeout, WriteTimeout: embeddedTimeout, PoolTimeout: embeddedTimeout}
		if log != nil {
			log.Warn("REDIS_URL is not set: using an embedded in-process Redis; data is NOT kept when the edge stops", "addr", m.Addr())
		}
	} else {
		var err error
		if opts, err = universalOptions(url); err != nil {
			return nil, err
		}
	}
	if log != nil {
		quietOnce.Do(func() { redis.SetLogger(debugLogger{log}) })
	}
	s.Client = newUniversalClient(failFast(opts))
	s.breaker = newBreaker(log, DefaultBreaker)
	s.Client.AddHook(s.breaker)
	if _, ok := s.Client.(*redis.ClusterClient); ok {
		s.Client.AddHook(answerLost{}) // innermost: the breaker sees the original error
	}
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := s.Client.Ping(pctx).Err(); err != nil {
		_ = s.Close()
		return nil, fmt.Errorf("store: ping redis: %w", err)
	}
	return s, nil
}

// embeddedTimeout bounds calls to the embedded Redis.
const embeddedTimeout = 3 * time.Second

// go-redis prints a line for each failed dial; during an outage that is a line per
// request. The breaker's lines name the outage, so go-redis's own go to debug.
var quietOnce sync.Once

type debugLogger struct{ log *slog.Logger }

func (d debugLogger) Printf(ctx context.Context, format string, v ...any) {
	d.log.DebugContext(ctx, fmt.Sprintf(format, v...))
}

// failFast bounds every call (unless the URL set its own timeouts). go-redis does not
// retry commands here: a timed-out command may have run, and the guest's request
// answers 503 sooner; go-redis still checks a pooled connection before using it, so a
// Redis restart costs no failed calls.
func failFast(o *redis.UniversalOptions) *redis.UniversalOptions {
	if o.DialTimeout == 0 {
		o.DialTimeout = DialTimeout
	}
	if o.ReadTimeout == 0 {
		o.ReadTimeout = IOTimeout
	}
	if o.WriteTimeout == 0 {
		o.WriteTimeout = IOTimeout
	}
	if o.PoolTimeout == 0 {
		o.PoolTimeout = PoolTimeout
	}
	if o.PoolSize == 0 {
		o.PoolSize = PoolSize
	}
	if o.MaxRetries == 0 {
		o.MaxRetries = -1
	}
	o.DialerRetries = 1
	return o
}

// universalOptions reads REDIS_URL:
//
//   - redis://[user:password@]host:port[/db], rediss://… (TLS), unix:///path: one
//     server;
//   - redis://[user:password@]sentinel1:26379[/db]?master_name=mymaster&addr=sentinel2:26379…:
//     Sentinel; the hosts are the Sentinels and the URL's user and password theirs,
//     master_name names the primary, whose own credentials go in the username and
//     password query parameters;
//   - redis://[user:password@]host:port?addr=host2:port&addr=host3:port: Cluster, the
//     addresses being some or all of its primaries;
//   - host:port or host1:port,host2:port,…: one server, or Cluster when more than one.
//
// go-redis reads the other query parameters (dial_timeout, read_timeout, pool_size …).
func universalOptions(url string) (*redis.UniversalOptions, error) {
	if !strings.Contains(url, "://") {
		addrs := strings.Split(url, ",")
		for i := range addrs {
			addrs[i] = strings.TrimSpace(addrs[i])
		}
		return &redis.UniversalOptions{Addrs: addrs}, nil
	}
	u, err := neturl.Parse(url)
	if err != nil {
		return nil, fmt.Errorf("store: REDIS_URL: %w", err)
	}
	switch q := u.Query(); {
	case q.Has("master_name"):
		o, err := redis.ParseFailoverURL(url)
		if err != nil {
			return nil, fmt.Errorf("store: REDIS_URL: %w", err)
		}
		return &redis.UniversalOptions{
			Addrs: o.SentinelAddrs, MasterName: o.MasterName, DB: o.DB, Username: o.Username, Password: o.Password,
			SentinelUsername: o.SentinelUsername, SentinelPassword: o.SentinelPassword, TLSConfig: o.TLSConfig, Protocol: o.Protocol,
			DialTimeout: o.DialTimeout, ReadTimeout: o.ReadTimeout, WriteTimeout: o.WriteTimeout, PoolTimeout: o.PoolTimeout,
			PoolSize: o.PoolSize, MaxRetries: o.MaxRetries,
		}, nil
	case q.Has("addr"):
		o, err := redis.ParseClusterURL(url)
		if err != nil {
			return nil, fmt.Errorf("store: REDIS_URL: %w", err)
		}
		return &redis.UniversalOptions{
			Addrs: o.Addrs, IsClusterMode: true, Username: o.Username, Password: o.Password, TLSConfig: o.TLSConfig, Protocol: o.Protocol,
			DialTimeout: o.DialTimeout, ReadTimeout: o.ReadTimeout, WriteTimeout: o.WriteTimeout, PoolTimeout: o.PoolTimeout,
			PoolSize: o.PoolSize, MaxRetries: o.MaxRetries,
		}, nil
	}
	o, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("store: REDIS_URL: %w", err)
	}
	return &redis.UniversalOptions{
		Addrs: []string{o.Addr}, DB: o.DB, Username: o.Username, Password: o.Password,
		TLSConfig: o.TLSConfig, Protocol: o.Protocol,
		DialTimeout: o.DialTimeout, ReadTimeout: o.ReadTimeout, WriteTimeout: o.WriteTimeout, PoolTimeout: o.PoolTimeout,
		PoolSize: o.PoolSize, MaxRetries: o.MaxRetries,
	}, nil
}

// Key joins parts under the prefix: Key("cart", id) → "henhouse:cart:<id>".
//
// On a Redis Cluster a multi-key command, script or MULTI/EXEC must name keys of one
// slot. The keys one such operation touches therefore share a hash tag, the part in
// braces, naming the entity that owns them: a member (loyalty:m:{<id>}:…), a cart's
// owner (cart:{<owner>}, visitor-orders:{<owner>}), a session
// (auth:session:{<sid>}…), a location's pickup slots (slot:{<location>}:…).
// Operations across owners (handing a cart to another owner, a member's set of
// sessions and a session) are done step by step. The stores storetest gives tests
// refuse operations that would fail on a Cluster.
func (s *Store) Key(parts ...string) string {
	return s.Prefix + ":" + strings.Join(parts, ":")
}

// Ping reports whether Redis answers; /readyz uses it.
func (s *Store) Ping(ctx context.Context) error { return s.Client.Ping(ctx).Err() }

// OnRecover registers fn to run, in its own goroutine, each time Redis answers again
// after an outage (the breaker closes) or is seen to have restarted (WatchRestarts). Parts that keep shared state in memory (the
// token key ring, the CSRF secret) put back what a Redis restart without persistence
// lost.
func (s *Store) OnRecover(fn func()) {
	if s.breaker != nil {
		s.breaker.up(fn)
	}
}

// Close releases the client and stops the embedded Redis, if any.
func (s *Store) Close() error {
	s.feedsMu.Lock()
	for _, f := range s.feeds {
		f.close()
	}
	s.feedsMu.Unlock()
	var err error
	if s.Client != nil {
		err = s.Client.Close()
	}
	if s.mini != nil {
		s.mini.Close()
	}
	return err
}

// RunClock moves the embedded Redis's clock with real time, every tick, until ctx
// ends, so its keys expire as they would on a real Redis (miniredis only expires keys
// when told time has passed). Without it a running edge on the embedded store would
// keep every lease, cache entry and lock for ever. It does nothing on a real Redis.
// The edge binary runs it; tests leave it off and move time themselves (Mini).
func (s *Store) RunClock(ctx context.Context, tick time.Duration) {
	if s.mini == nil {
		return
	}
	t := time.NewTicker(tick)
	defer t.Stop()
	last := time.Now()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			s.mini.FastForward(now.Sub(last))
			last = now
		}
	}
}

// Mini exposes the embedded Redis (nil when connected to a real one); tests use it to
// move the clock forward for TTLs.
func (s *Store) Mini() *miniredis.Miniredis { return s.mini }
