package contact_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/api/contact"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/feedback"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// inbox keeps what was sent.
type inbox struct {
	sent  []feedback.Message
	about []feedback.About
}

func (b *inbox) Send(_ context.Context, m feedback.Message, a feedback.About) (feedback.Ticket, error) {
	b.sent, b.about = append(b.sent, m), append(b.about, a)
	return feedback.Ticket{Number: "HH-1", Topic: m.Topic}, nil
}

// visitorsOrders fills the Orders role only: visitor v-1 placed o_order1 at Dayton.
type visitorsOrders struct{}

func (visitorsOrders) Order(_ context.Context, id string, v ordering.Viewer) (ordering.Order, error) {
	if id == "o_order1" && v.Owner == "v-1" {
		return ordering.Order{ID: id, LocationID: "oh-dayton"}, nil
	}
	return ordering.Order{}, fault.New(fault.NotFound, "order_not_found", "No such order.")
}

func (visitorsOrders) RecentOrder(context.Context, string) (ordering.Order, error) {
	return ordering.Order{}, fault.New(fault.NotFound, "order_not_found", "No order yet.")
}

func (o visitorsOrders) CancelOrder(ctx context.Context, id string, v ordering.Viewer) (ordering.Order, error) {
	return o.Order(ctx, id, v)
}

func (o visitorsOrders) OrderArrived(ctx context.Context, id string, v ordering.Viewer) (ordering.Order, error) {
	return o.Order(ctx, id, v)
}

// locations is ordering.Locations under a name that is not one of its methods, so a
// fake embedding it keeps the method Locations (an embedded ordering.Locations would be
// a field of that name, hiding it).
type locations = ordering.Locations

// oneLocation fills the Locations role only, and answers Location alone: Dayton.
type oneLocation struct{ locations }

func (oneLocation) Location(_ context.Context, id string) (ordering.Location, error) {
	if id == "oh-dayton" {
		return ordering.Location{ID: id, Name: "Henhouse Dayton"}, nil
	}
	return ordering.Location{}, fault.New(fault.NotFound, "location_not_found", "No such location.")
}

func post(t *testing.T, cfg contact.Config, body string) (int, map[string]any) {
	t.Helper()
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil)})
	cfg.Owner = func(fiber.Ctx) string { return "v-1" }
	contact.Mount(app.Group("/api"), cfg)
	req := httptest.NewRequest("POST", "/api/contact", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	res, err := app.Test(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("not JSON (%d): %s", res.StatusCode, raw)
	}
	return res.StatusCode, m
}

func message(orderID, locationID string) string {
	b, _ := json.Marshal(map[string]string{"name": "Ada", "email": "ada@example.com", "topic": feedback.TopicOrder,
		"order_id": orderID, "location_id": locationID, "message": "Cold fries."})
	return string(b)
}

// TestOrdersRoleAlone: with only the Orders role the order number is looked up among
// the sender's orders and its location is taken, unchecked and unnamed.
func TestOrdersRoleAlone(t *testing.T) {
	b := &inbox{}
	cfg := contact.Config{Inbox: b, Orders: visitorsOrders{}}
	if s, m := post(t, cfg, message("o_order1", "")); s != 201 {
		t.Fatalf("their order: %d %v", s, m)
	}
	if s, m := post(t, cfg, message("o_other99", "oh-nowhere")); s != 201 {
		t.Fatalf("not their order: %d %v", s, m)
	}
	want := []feedback.About{{Order: feedback.OrderTheirs}, {Order: feedback.OrderNotTheirs}}
	if len(b.about) != 2 || b.about[0] != want[0] || b.about[1] != want[1] {
		t.Fatalf("about %+v, want %+v", b.about, want)
	}
	if b.sent[0].LocationID != "oh-dayton" || b.sent[1].LocationID != "oh-nowhere" {
		t.Fatalf("locations %q %q", b.sent[0].LocationID, b.sent[1].LocationID)
	}
}

// TestLocationsRoleAlone: with only the Locations role the location is checked and
// named, and the order number goes as given.
func TestLocationsRoleAlone(t *testing.T) {
	b := &inbox{}
	cfg := contact.Config{Inbox: b, Locations: oneLocation{}}
	if s, m := post(t, cfg, message("o_order1", "oh-dayton")); s != 201 {
		t.Fatalf("a known location: %d %v", s, m)
	}
	if len(b.about) != 1 || b.about[0] != (feedback.About{LocationName: "Henhouse Dayton"}) {
		t.Fatalf("about %+v", b.about)
	}
	s, m := post(t, cfg, message("", "oh-nowhere"))
	if fields, _ := m["error"].(map[string]any)["fields"].(map[string]any); s != 400 || fields["location_id"] == nil {
		t.Fatalf("an unknown location: %d %v", s, m)
	}
	if len(b.sent) != 1 {
		t.Fatalf("a message about an unknown location was sent: %+v", b.sent)
	}
}
