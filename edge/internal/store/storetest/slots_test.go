package storetest

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

func TestSlot(t *testing.T) {
	// Values from CLUSTER KEYSLOT.
	for key, want := range map[string]int{"foo": 12182, "bar": 5061, "123456789": 12739, "{foo}:cart": 12182, "t:cart:{foo}": 12182} {
		if got := Slot(key); got != want {
			t.Errorf("Slot(%q) = %d, want %d", key, got, want)
		}
	}
	if Slot("x:{}:y") == Slot("") || Slot("a:{bar}:1") != Slot("b:{bar}:2") || Slot("a:{bar}:1") == Slot("a:{foo}:1") {
		t.Error("hash tags")
	}
}

// The hook refuses, and reports, what a Cluster refuses: a multi-key command, script
// or transaction over several slots. Plain pipelines may span slots.
func TestCrossSlotIsRefused(t *testing.T) {
	ctx := context.Background()
	m := miniredis.RunT(t)
	c := redis.NewClient(&redis.Options{Addr: m.Addr()})
	t.Cleanup(func() { c.Close() })
	var reports []string
	c.AddHook(slotCheck{report: func(f string, a ...any) { reports = append(reports, fmt.Sprintf(f, a...)) }})

	if err := c.MGet(ctx, "a:{x}:1", "a:{x}:2").Err(); err != nil {
		t.Fatalf("same slot: %v", err)
	}
	if _, err := c.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.Set(ctx, "foo", 1, 0)
		p.Set(ctx, "bar", 1, 0)
		return nil
	}); err != nil {
		t.Fatalf("plain pipeline: %v", err)
	}
	if len(reports) != 0 {
		t.Fatalf("reported: %v", reports)
	}
	refused := []error{
		c.MGet(ctx, "foo", "bar").Err(),
		c.Eval(ctx, "return 1", []string{"foo", "bar"}).Err(),
		c.Del(ctx, "foo", "bar").Err(),
	}
	_, err := c.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Set(ctx, "foo", 1, 0)
		p.Set(ctx, "bar", 1, 0)
		return nil
	})
	refused = append(refused, err)
	for i, err := range refused {
		if !errors.Is(err, redis.ErrCrossSlot) {
			t.Errorf("call %d: %v, want CROSSSLOT", i, err)
		}
	}
	if len(reports) != 4 {
		t.Fatalf("reports: %v", reports)
	}
}
