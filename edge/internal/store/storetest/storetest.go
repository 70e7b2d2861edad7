// Package storetest gives tests a Store on the embedded Redis and, when one answers,
// on the real Redis at TEST_REDIS_URL (default redis://127.0.0.1:6379/0), each under a
// unique key prefix that is deleted when the test ends.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/store"
)

// Embedded returns a Store on a fresh in-process Redis. Like Real, it refuses a
// multi-key operation whose keys a Redis Cluster would keep in different slots.
func Embedded(t testing.TB) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), "", "t"+suffix(), nil)
	if err != nil {
		t.Fatalf("embedded store: %v", err)
	}
	s.Client.AddHook(checkSlots(t))
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// Real returns a Store on the real Redis, or nil when none answers. Set
// REQUIRE_REAL_REDIS=1 to make a missing server fail the test instead.
func Real(t testing.TB) *store.Store {
	t.Helper()
	url := os.Getenv("TEST_REDIS_URL")
	if url == "" {
		url = "redis://127.0.0.1:6379/0"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	prefix := "test" + suffix()
	s, err := store.Open(ctx, url, prefix, nil)
	if err != nil {
		if os.Getenv("REQUIRE_REAL_REDIS") == "1" {
			t.Fatalf("real redis required: %v", err)
		}
		return nil
	}
	s.Client.AddHook(checkSlots(t))
	t.Cleanup(func() {
		ctx := context.Background()
		iter := s.Client.Scan(ctx, 0, prefix+":*", 500).Iterator()
		for iter.Next(ctx) {
			s.Client.Del(ctx, iter.Val())
		}
		_ = s.Close()
	})
	return s
}

// Each runs fn against the embedded store and, when available, the real one, as
// subtests named "embedded" and "redis".
func Each(t *testing.T, fn func(t *testing.T, s *store.Store)) {
	t.Helper()
	t.Run("embedded", func(t *testing.T) { fn(t, Embedded(t)) })
	t.Run("redis", func(t *testing.T) {
		s := Real(t)
		if s == nil {
			t.Log("no Redis at TEST_REDIS_URL; only the embedded store was exercised")
			return
		}
		fn(t, s)
	})
}

func suffix() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
