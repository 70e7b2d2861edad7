package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// told waits for one call on ch, or fails after a while.
func told(t *testing.T, ch <-chan string, want string) {
	t.Helper()
	select {
	case got := <-ch:
		if got != want {
			t.Fatalf("told %q, want %q", got, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("%q was never told", want)
	}
}

func quiet(t *testing.T, ch <-chan string) {
	t.Helper()
	select {
	case got := <-ch:
		t.Fatalf("told %q when nothing changed", got)
	case <-time.After(100 * time.Millisecond):
	}
}

// A change published by one store reaches the listeners of its name on another,
// through one connection; other names and stopped listeners hear nothing.
func TestFeedTellsListenersOfTheirName(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := s.Feed("things")
		if s.Feed("things") != f {
			t.Fatal("a second Feed of one family is another feed")
		}
		ch := make(chan string, 10)
		stopA := f.Listen("a", func() { ch <- "a" })
		// The subscription's confirmation tells the listeners of that moment once (a
		// listener that comes after it is covered by the subscription itself).
		told(t, ch, "a")
		stopB := f.Listen("b*", func() { ch <- "b*" })
		defer stopB()
		if err := f.Publish(ctx, s.Client, "a").Err(); err != nil {
			t.Fatal(err)
		}
		told(t, ch, "a")
		quiet(t, ch)
		if err := f.Publish(ctx, s.Client, "bx").Err(); err != nil { // not a pattern: "b*" only
			t.Fatal(err)
		}
		quiet(t, ch)
		if err := f.Publish(ctx, s.Client, "b*").Err(); err != nil {
			t.Fatal(err)
		}
		told(t, ch, "b*")
		stopA()
		stopA()
		if err := f.Publish(ctx, s.Client, "a").Err(); err != nil {
			t.Fatal(err)
		}
		quiet(t, ch)
		if n, err := s.Client.PubSubNumPat(ctx).Result(); err != nil || n < 1 {
			t.Fatalf("patterns subscribed: %d %v", n, err)
		}
	})
}

// After Redis restarts the feed subscribes again by itself and tells every listener
// once, since changes made meanwhile were announced to nobody.
func TestFeedTellsListenersAfterReconnecting(t *testing.T) {
	s := storetest.Embedded(t)
	f := s.Feed("things")
	ch := make(chan string, 10)
	defer f.Listen("a", func() { ch <- "a" })()
	told(t, ch, "a") // subscribed
	// A restart drops every connection; miniredis keeps its data, as a Redis with
	// persistence would.
	s.Mini().Close()
	if err := s.Mini().Restart(); err != nil {
		t.Fatal(err)
	}
	told(t, ch, "a") // subscribed again
	if err := f.Publish(context.Background(), s.Client, "a").Err(); err != nil {
		t.Fatal(err)
	}
	told(t, ch, "a")
}
