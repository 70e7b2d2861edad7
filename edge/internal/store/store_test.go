package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

func TestKeyAndRoundTrip(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		k := s.Key("cart", "abc")
		if want := s.Prefix + ":cart:abc"; k != want {
			t.Fatalf("Key = %q, want %q", k, want)
		}
		if err := s.Client.Set(ctx, k, "v", 0).Err(); err != nil {
			t.Fatal(err)
		}
		if got := s.Client.Get(ctx, k).Val(); got != "v" {
			t.Fatalf("Get = %q", got)
		}
		if err := s.Ping(ctx); err != nil {
			t.Fatalf("Ping: %v", err)
		}
	})
}

func TestOpenRejectsBadURL(t *testing.T) {
	if _, err := store.Open(context.Background(), "redis://:bad:port:x", "p", nil); err == nil {
		t.Fatal("want an error for a malformed REDIS_URL")
	}
	if _, err := store.Open(context.Background(), "", "", nil); err == nil {
		t.Fatal("want an error for an empty prefix")
	}
}

func TestEmbeddedFlag(t *testing.T) {
	s := storetest.Embedded(t)
	if !s.Embedded || s.Mini() == nil {
		t.Fatal("embedded store should say so")
	}
}

func TestCodesAreTakenOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		codes := s.Codes("app", "handover")
		if err := codes.Put(ctx, "abc", []byte(`{"a":1}`), time.Minute); err != nil {
			t.Fatal(err)
		}
		if got := s.Client.Get(ctx, s.Key("app", "handover", "abc")).Val(); got != `{"a":1}` {
			t.Fatalf("stored under the wrong key: %q", got)
		}
		v, ok, err := codes.Take(ctx, "abc")
		if err != nil || !ok || string(v) != `{"a":1}` {
			t.Fatalf("Take = %q %v %v", v, ok, err)
		}
		if v, ok, err := codes.Take(ctx, "abc"); err != nil || ok || v != nil {
			t.Fatalf("second Take = %q %v %v", v, ok, err)
		}
		if _, ok, err := codes.Take(ctx, "unknown"); err != nil || ok {
			t.Fatalf("unknown code: %v %v", ok, err)
		}
	})
}

func TestRunClockExpiresEmbeddedKeys(t *testing.T) {
	s, err := store.Open(context.Background(), "", "t", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := s.Client.Set(ctx, "lease", "1", 50*time.Millisecond).Err(); err != nil {
		t.Fatal(err)
	}
	if err := s.Client.Set(ctx, "kept", "1", time.Hour).Err(); err != nil {
		t.Fatal(err)
	}
	go s.RunClock(ctx, 10*time.Millisecond)
	deadline := time.Now().Add(5 * time.Second)
	for s.Client.Exists(ctx, "lease").Val() == 1 {
		if time.Now().After(deadline) {
			t.Fatal("a key with a 50 ms TTL is still there after 5 s of running clock")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if s.Client.Exists(ctx, "kept").Val() != 1 {
		t.Fatal("a key with an hour to live expired")
	}
}
