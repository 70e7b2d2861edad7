package loyalty_test

import (
	"strings"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

func TestPageOrders(t *testing.T) {
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	o := func(id string, minutes int) loyalty.Order {
		return loyalty.Order{OrderRecord: loyalty.OrderRecord{OrderID: id, PlacedAt: at.Add(time.Duration(minutes) * time.Minute)}}
	}
	list := []loyalty.Order{o("a", 0), o("c", 2), o("b2", 1), o("b1", 1)}
	ids := func(l []loyalty.Order) string {
		var s []string
		for _, x := range l {
			s = append(s, x.OrderID)
		}
		return strings.Join(s, ",")
	}
	if got := ids(loyalty.PageOrders(list, nil, 2)); got != "c,b2" {
		t.Fatalf("first page %s", got)
	}
	after := loyalty.CursorOf(o("b2", 1))
	if got := ids(loyalty.PageOrders(list, &after, 2)); got != "b1,a" {
		t.Fatalf("after b2: %s", got)
	}
	last := loyalty.CursorOf(o("a", 0))
	if got := loyalty.PageOrders(list, &last, 2); got == nil || len(got) != 0 {
		t.Fatalf("after the last order: %v, want an empty list", got)
	}
	if got := loyalty.PageOrders(nil, nil, 10); got == nil || len(got) != 0 {
		t.Fatalf("no history: %v", got)
	}
}
