// Package store opens the edge's Redis connection.
//
// Everything the edge keeps (sessions, carts, orders, loyalty accounts, module registry
// state, rate limits) lives in Redis behind a go-redis UniversalClient, so a single node,
// Sentinel or Cluster work unchanged. With no REDIS_URL the edge starts an embedded,
// in-process Redis (miniredis) so `make run` works on a fresh machine; nothing is kept
// when the process stops, and Open logs that loudly.
package store

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
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

	mini *miniredis.Miniredis
}

// Open connects to url (redis://, rediss:// or a comma-separated list of host:port for
// Sentinel/Cluster). An empty url starts the embedded Redis.
func Open(ctx context.Context, url, prefix string, log *slog.Logger) (*Store, error) {
	if prefix == "" {
		return nil, fmt.Errorf("store: empty key prefix")
	}
	s := &Store{Prefix: prefix}
	if url == "" {
		m := miniredis.NewMiniRedis()
		if err := m.Start(); err != nil {
			return nil, fmt.Errorf("store: start embedded redis: %w", err)
		}
		s.mini = m
		s.Embedded = true
		s.Client = redis.NewUniversalClient(&redis.UniversalOptions{Addrs: []string{m.Addr()}})
		if log != nil {
			log.Warn("REDIS_URL is not set: using an embedded in-process Redis; data is NOT kept when the edge stops", "addr", m.Addr())
		}
	} else {
		opts, err := universalOptions(url)
		if err != nil {
			return nil, err
		}
		s.Client = redis.NewUniversalClient(opts)
	}
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := s.Client.Ping(pctx).Err(); err != nil {
		_ = s.Close()
		return nil, fmt.Errorf("store: ping redis: %w", err)
	}
	return s, nil
}

func universalOptions(url string) (*redis.UniversalOptions, error) {
	if strings.HasPrefix(url, "redis://") || strings.HasPrefix(url, "rediss://") || strings.HasPrefix(url, "unix://") {
		o, err := redis.ParseURL(url)
		if err != nil {
			return nil, fmt.Errorf("store: REDIS_URL: %w", err)
		}
		return &redis.UniversalOptions{
			Addrs: []string{o.Addr}, DB: o.DB, Username: o.Username, Password: o.Password,
			TLSConfig: o.TLSConfig, Protocol: o.Protocol,
		}, nil
	}
	addrs := strings.Split(url, ",")
	for i := range addrs {
		addrs[i] = strings.TrimSpace(addrs[i])
	}
	return &redis.UniversalOptions{Addrs: addrs}, nil
}

// Key joins parts under the prefix: Key("cart", id) → "henhouse:cart:<id>".
func (s *Store) Key(parts ...string) string {
	return s.Prefix + ":" + strings.Join(parts, ":")
}

// Ping reports whether Redis answers; /readyz uses it.
func (s *Store) Ping(ctx context.Context) error { return s.Client.Ping(ctx).Err() }

// Close releases the client and stops the embedded Redis, if any.
func (s *Store) Close() error {
	var err error
	if s.Client != nil {
		err = s.Client.Close()
	}
	if s.mini != nil {
		s.mini.Close()
	}
	return err
}

// Mini exposes the embedded Redis (nil when connected to a real one); tests use it to
// move the clock forward for TTLs.
func (s *Store) Mini() *miniredis.Miniredis { return s.mini }
