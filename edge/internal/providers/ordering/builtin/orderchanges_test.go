package builtin

import (
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// A cancel is announced to the order's followers once, when it is stored; a refused
// one and other orders' changes are not.
func TestFollowOrderHearsTheCancel(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		v := ordering.Viewer{Owner: "v"}
		o := place(t, e, "v", "follow-0001")
		heard := make(chan struct{}, 10)
		defer e.p.FollowOrder(o.ID, func() { heard <- struct{}{} })()
		wait := func(want bool) {
			t.Helper()
			select {
			case <-heard:
				if !want {
					t.Fatal("told of a change that was not made")
				}
			case <-time.After(map[bool]time.Duration{true: 5 * time.Second, false: 150 * time.Millisecond}[want]):
				if want {
					t.Fatal("the change was never told")
				}
			}
		}
		wait(true) // the feed subscribed: a follower reads once to see what it missed
		wait(false)
		if _, err := e.p.CancelOrder(ctx, o.ID, v); err != nil {
			t.Fatal(err)
		}
		wait(true)
		wait(false)
		if _, err := e.p.CancelOrder(ctx, o.ID, v); faultCode(t, err) != "order_not_cancellable" {
			t.Fatalf("second cancel: %v", err)
		}
		wait(false)
	})
}

// NextChange is the time left until the kitchen's clock moves the order on, and
// nothing once it is closed.
func TestNextChangeFollowsTheClock(t *testing.T) {
	e := newEnv(t, storetest.Embedded(t))
	v := ordering.Viewer{Owner: "v"}
	o := place(t, e, "v", "next-0001")
	for _, at := range []time.Time{noon, noon.Add(5 * time.Minute), noon.Add(20 * time.Minute)} {
		o = statusAt(t, e, o.ID, v, at)
		d, ok := e.p.NextChange(o)
		if !ok || d <= 0 {
			t.Fatalf("%s at %v: next change %v %v", o.Status, at, d, ok)
		}
		next := statusAt(t, e, o.ID, v, at.Add(d-time.Millisecond))
		if next.Status != o.Status {
			t.Fatalf("%s moved on before its next change", o.Status)
		}
		if next = statusAt(t, e, o.ID, v, at.Add(d)); next.Status == o.Status {
			t.Fatalf("%s did not move on at its next change (%v)", o.Status, d)
		}
	}
	if o = statusAt(t, e, o.ID, v, noon.Add(2*time.Hour)); o.Status != ordering.OrderCompleted {
		t.Fatalf("status %s", o.Status)
	}
	if d, ok := e.p.NextChange(o); ok {
		t.Fatalf("a completed order changes in %v", d)
	}
}
