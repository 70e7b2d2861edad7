package ordering_test

import (
	"context"
	"testing"

	"github.com/gofiber/fiber/v3"

	orderingapi "github.com/henhouse/platform/edge/internal/api/ordering"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/session"
)

// twoLocations fills the Locations role and nothing else: what a location finder
// built on another system could start from.
type twoLocations struct{}

var fakeLocations = []ordering.Location{
	{ID: "oh-dayton", Name: "Dayton", MenuID: "m-standard", Address: ordering.Address{City: "Dayton", State: "OH"}},
	{ID: "oh-akron", Name: "Akron", MenuID: "m-standard", Address: ordering.Address{City: "Akron", State: "OH"}},
}

func (twoLocations) Locations(context.Context) ([]ordering.Location, error) {
	return fakeLocations, nil
}

func (twoLocations) Location(_ context.Context, id string) (ordering.Location, error) {
	for _, l := range fakeLocations {
		if l.ID == id {
			return l, nil
		}
	}
	return ordering.Location{}, fault.New(fault.NotFound, "location_not_found", "No such location.")
}

func (f twoLocations) LocationByMenu(ctx context.Context, _ string) (ordering.Location, error) {
	return f.Location(ctx, "oh-dayton")
}

func (twoLocations) Nearby(context.Context, float64, float64, int) ([]ordering.Location, error) {
	return fakeLocations, nil
}

func (twoLocations) DeliveringTo(context.Context, ordering.Address) (ordering.DeliverySearch, error) {
	return ordering.DeliverySearch{}, nil
}

func (twoLocations) Times(context.Context, string) (ordering.TimeOptions, error) {
	return ordering.TimeOptions{}, nil
}

// TestOneRoleIsEnough: the API runs on a system that fills one role; the routes of the
// others answer 404 feature_unavailable without running their guards.
func TestOneRoleIsEnough(t *testing.T) {
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil)})
	api := app.Group("/api")
	api.Use(session.New())
	guarded := false
	guard := func(c fiber.Ctx) error { guarded = true; return c.Next() }
	orderingapi.Mount(api, orderingapi.Config{Locations: twoLocations{}, SubmitGuard: guard,
		GiftCardGuard: []fiber.Handler{guard}, GiftPurchaseGuard: []fiber.Handler{guard}})
	c := &client{t: t, app: app}

	s, m := c.do("GET", "/api/locations/states", "")
	if s != 200 || len(m["states"].([]any)) != 1 {
		t.Fatalf("states: %d %v", s, m)
	}
	if s, m := c.do("GET", "/api/locations/oh-akron", ""); s != 200 || m["location"].(map[string]any)["name"] != "Akron" {
		t.Fatalf("location: %d %v", s, m)
	}
	if s, m := c.do("GET", "/api/locations/oh-nowhere", ""); s != 404 || errCode(m) != "location_not_found" {
		t.Fatalf("unknown location: %d %v", s, m)
	}
	for _, r := range []struct{ method, path, body string }{
		{"GET", "/api/menus/m-standard", ""},
		{"GET", "/api/nutrition", ""},
		{"GET", "/api/cart", ""},
		{"POST", "/api/cart/products", `{"product_id":"tenders-3"}`},
		{"PUT", "/api/cart/tip", `{"percent":15}`},
		{"DELETE", "/api/cart/coupon", ""},
		{"POST", "/api/cart/submit", `{}`},
		{"GET", "/api/orders/recent", ""},
		{"GET", "/api/orders/o-1/events", ""},
		{"POST", "/api/giftcards/balance", `{"number":"6000","pin":"1234"}`},
		{"GET", "/api/giftcards/designs", ""},
		{"POST", "/api/giftcards/purchases", `{}`},
	} {
		s, m := c.do(r.method, r.path, r.body)
		if s != 404 || errCode(m) != "feature_unavailable" {
			t.Errorf("%s %s: %d %v, want 404 feature_unavailable", r.method, r.path, s, m)
		}
	}
	if guarded {
		t.Error("a guard ran before a route of a missing role")
	}
}
