package appdata_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"testing"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/api/appdata"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// oneCart answers Cart alone of the Carts role: visitor v-1 has a cart at Dayton.
type oneCart struct{ ordering.Carts }

func (oneCart) Cart(_ context.Context, owner string) (ordering.Cart, error) {
	if owner == "v-1" {
		return ordering.Cart{ID: "c-1", LocationID: "oh-dayton"}, nil
	}
	return ordering.Cart{}, fault.New(fault.NotFound, "cart_not_found", "No cart.")
}

// locations is ordering.Locations under a name that is not one of its methods (an
// embedded ordering.Locations would be a field Locations, hiding the method).
type locations = ordering.Locations

// oneLocation answers Location alone of the Locations role.
type oneLocation struct{ locations }

func (oneLocation) Location(_ context.Context, id string) (ordering.Location, error) {
	if id == "oh-dayton" || id == "oh-akron" {
		return ordering.Location{ID: id}, nil
	}
	return ordering.Location{}, fault.New(fault.NotFound, "location_not_found", "No such location.")
}

func TestAppDataOnTheCartAndLocationRoles(t *testing.T) {
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil)})
	appdata.Mount(app.Group("/api"), appdata.Config{Locations: oneLocation{}, Carts: oneCart{},
		Owner: func(c fiber.Ctx) string { return c.Get("X-Visitor") }})
	get := func(path, visitor string) (int, appdata.Data) {
		t.Helper()
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("X-Visitor", visitor)
		res, err := app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		var d appdata.Data
		_ = json.Unmarshal(raw, &d)
		return res.StatusCode, d
	}
	if s, d := get("/api/app-data", "v-1"); s != 200 || d.Cart == nil || d.Location == nil || d.Location.ID != "oh-dayton" {
		t.Fatalf("the cart's location: %d %+v", s, d)
	}
	if s, d := get("/api/app-data?location_id=oh-akron", "v-2"); s != 200 || d.Cart != nil || d.Location == nil || d.Location.ID != "oh-akron" {
		t.Fatalf("a chosen location, no cart: %d %+v", s, d)
	}
	if s, _ := get("/api/app-data?location_id=oh-nowhere", "v-2"); s != 404 {
		t.Fatalf("an unknown location: %d", s)
	}
}
