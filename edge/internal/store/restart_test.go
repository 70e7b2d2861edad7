package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// Redis losing its data without an outage the breaker saw (a restart faster than a
// timeout, a flush) still runs the recovery callbacks, at the next check.
func TestRestartWithoutAnOutageRunsTheRecoveryCallbacks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		ran := make(chan struct{}, 10)
		st.OnRecover(func() { ran <- struct{}{} })
		for range 2 {
			if store.CheckRestart(st, ctx) {
				t.Fatal("a restart seen without one")
			}
		}
		iter := st.Client.Scan(ctx, 0, st.Prefix+":*", 500).Iterator()
		for iter.Next(ctx) {
			st.Client.Del(ctx, iter.Val())
		}
		if !store.CheckRestart(st, ctx) {
			t.Fatal("the lost data was not noticed")
		}
		select {
		case <-ran:
		case <-time.After(2 * time.Second):
			t.Fatal("the recovery callbacks did not run")
		}
		if store.CheckRestart(st, ctx) {
			t.Fatal("one loss seen twice")
		}
	})
}

func TestInfoRunID(t *testing.T) {
	info := "# Server\r\nredis_version:7.0.15\r\nrun_id:4b0c2a9e5d0f\r\ntcp_port:6379\r\n"
	if got := store.InfoField(info, "run_id"); got != "4b0c2a9e5d0f" {
		t.Fatalf("run_id = %q", got)
	}
}
