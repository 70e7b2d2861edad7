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
