package account_test

import (
	"strings"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

func TestOrdersAndActivity(t *testing.T) {
	e := newEnv(t)
	b := e.browser(t)
	b.do("GET", "/api/user/orders", "").want(t, 401)
	id := b.member()
	a := b.do("GET", "/api/user/orders", "").want(t, 200)
	if orders, ok := a.field("orders").([]any); !ok || len(orders) != 0 || a.header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("orders %s", a.raw)
	}
	if _, err := e.l.AdjustPoints(ctx, id, 50, "Goodwill"); err != nil {
		t.Fatal(err)
	}
	a = b.do("GET", "/api/user/activity", "").want(t, 200)
	list, _ := a.field("activity").([]any)
	if len(list) == 0 || list[0].(map[string]any)["points"] != float64(50) {
		t.Fatalf("activity, newest first: %s", a.raw)
	}
}

// orderIDs are the order ids of a history page, in the order answered.
func orderIDs(a answer) []string {
	list, _ := a.field("orders").([]any)
	out := []string{}
	for _, o := range list {
		id, _ := o.(map[string]any)["order_id"].(string)
		out = append(out, id)
	}
	return out
}

func TestOrdersPages(t *testing.T) {
	e := newEnv(t)
	b := e.browser(t)
	id := b.member()
	a := b.do("GET", "/api/user/orders", "").want(t, 200)
	if a.field("next_cursor") != nil || len(orderIDs(a)) != 0 || !strings.Contains(a.raw, `"next_cursor":null`) {
		t.Fatalf("an empty history is one page, next_cursor null: %s", a.raw)
	}
	base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	hold := func(orderID string, at time.Time) {
		t.Helper()
		if _, err := e.l.HoldOrder(ctx, id, loyalty.OrderRecord{OrderID: orderID, LocationID: "loc-1", LocationName: "Midtown", PlacedAt: at,
			SubtotalCents: 1000, TotalCents: 1080, Items: []loyalty.OrderItem{{Name: "Tenders", Quantity: 1}}}); err != nil {
			t.Fatal(err)
		}
	}
	// o-1 … o-3 a minute apart, and o-2b in the same millisecond as o-2: ties go by id.
	hold("o-1", base)
	hold("o-2", base.Add(time.Minute))
	hold("o-2b", base.Add(time.Minute))
	hold("o-3", base.Add(2*time.Minute))

	// Exactly one page: four orders, limit 4.
	a = b.do("GET", "/api/user/orders?limit=4", "").want(t, 200)
	if got := strings.Join(orderIDs(a), ","); got != "o-3,o-2b,o-2,o-1" || a.field("next_cursor") != nil {
		t.Fatalf("one full page, newest first, ties by id: %s", a.raw)
	}

	a = b.do("GET", "/api/user/orders?limit=2", "").want(t, 200)
	cursor, _ := a.field("next_cursor").(string)
	if got := strings.Join(orderIDs(a), ","); got != "o-3,o-2b" || cursor == "" {
		t.Fatalf("first page of 2: %s", a.raw)
	}
	// A new order placed between pages does not shift the next page.
	hold("o-4", base.Add(3*time.Minute))
	a = b.do("GET", "/api/user/orders?limit=2&cursor="+cursor, "").want(t, 200)
	if got := strings.Join(orderIDs(a), ","); got != "o-2,o-1" || a.field("next_cursor") != nil {
		t.Fatalf("second page after a new order: %s", a.raw)
	}
	a = b.do("GET", "/api/user/orders", "").want(t, 200)
	if got := strings.Join(orderIDs(a), ","); got != "o-4,o-3,o-2b,o-2,o-1" {
		t.Fatalf("default page: %s", a.raw)
	}

	for _, q := range []string{"cursor=bm9wZQ", "cursor=%25%25", "cursor=" + strings.Repeat("A", 300)} {
		a = b.do("GET", "/api/user/orders?"+q, "").want(t, 400)
		if fields, _ := a.field("error.fields").(map[string]any); fields["cursor"] == nil {
			t.Fatalf("%s: want a cursor field error: %s", q, a.raw)
		}
	}
	for _, q := range []string{"limit=0", "limit=51", "limit=ten", "limit=-1"} {
		a = b.do("GET", "/api/user/orders?"+q, "").want(t, 400)
		if fields, _ := a.field("error.fields").(map[string]any); fields["limit"] == nil {
			t.Fatalf("%s: want a limit field error: %s", q, a.raw)
		}
	}
	b.do("GET", "/api/user/orders?limit=50", "").want(t, 200)
}
