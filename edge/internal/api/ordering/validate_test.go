package ordering_test

import (
	"context"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	orderingapi "github.com/henhouse/platform/edge/internal/api/ordering"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/providers/ordering/builtin"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// paymentApp is the API with a member header standing in for the sign-in: X-Member
// names the member. giftCards false leaves the GiftCards role out.
func paymentApp(t *testing.T, st *store.Store, giftCards bool) *fiber.App {
	t.Helper()
	now := time.Date(2026, 11, 25, 17, 0, 0, 0, time.UTC)
	p, err := builtin.New(context.Background(), builtin.Config{Store: st, Now: func() time.Time { return now }, Cards: noCards{}})
	if err != nil {
		t.Fatal(err)
	}
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil)})
	api := app.Group("/api")
	api.Use(session.New(), func(c fiber.Ctx) error {
		if id := c.Get("X-Member"); id != "" {
			session.SetMember(c, session.Member{ID: id})
		}
		return c.Next()
	})
	cfg := everyRole(p)
	if !giftCards {
		cfg.GiftCards = nil
	}
	cfg.HouseAccounts = func(_ context.Context, memberID string) ([]ordering.HouseAccount, error) {
		return []ordering.HouseAccount{{ID: "h-acme", Name: "Acme", AvailableCents: 50000}}, nil
	}
	cfg.SavedCards = func(_ context.Context, memberID string) ([]ordering.SavedCardShown, error) {
		return []ordering.SavedCardShown{
			{ID: "c1", Token: "tok_1", Processor: "hosted", Label: "Visa •••• 4242"},
			{ID: "c2", Token: "tok_2", Processor: "elsewhere", Label: "Visa •••• 1111"},
		}, nil
	}
	orderingapi.Mount(api, cfg)
	return app
}

// noCards is a card processor that is configured; these tests place no order.
type noCards struct{ ordering.CardAuthorizer }

func TestValidateOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		c := &client{t: t, app: newApp(t, st)}
		if s, m := c.do("POST", "/api/cart/validate", ""); s != 404 || errCode(m) != "cart_not_found" {
			t.Fatalf("no cart: %d %v", s, m)
		}
		if s, m := c.do("GET", "/api/cart/validate", ""); s == 200 {
			t.Fatalf("GET validates: %d %v", s, m)
		}
		c.do("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-columbus-downtown"}`)
		s, m := c.do("POST", "/api/cart/validate", "")
		blockers, _ := m["blockers"].([]any)
		if s != 200 || len(blockers) == 0 || blockers[0].(map[string]any)["code"] != "cart_empty" {
			t.Fatalf("an empty cart: %d %v", s, m)
		}
		c.do("POST", "/api/cart/products", `{"product_id":"tenders-3","modifiers":[{"id":"flv-spicy"}]}`)
		s, m = c.do("POST", "/api/cart/validate", "")
		if blockers, _ := m["blockers"].([]any); s != 200 || len(blockers) != 0 {
			t.Fatalf("a pickup cart at noon: %d %v", s, m)
		}
		if _, ok := m["warnings"].([]any); !ok || m["cart"] == nil || m["totals"] == nil {
			t.Fatalf("answer: %v", m)
		}
	})
}

func TestPaymentOptionsOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		app := paymentApp(t, st, true)
		c := &client{t: t, app: app}
		if s, m := c.do("GET", "/api/cart/payment-options", ""); s != 404 || errCode(m) != "cart_not_found" {
			t.Fatalf("no cart: %d %v", s, m)
		}
		c.do("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-columbus-downtown"}`)
		c.do("POST", "/api/cart/products", `{"product_id":"tenders-3","modifiers":[{"id":"flv-spicy"}]}`)

		// Signed out: no saved cards, no house accounts (sign in to charge one).
		s, m := c.do("GET", "/api/cart/payment-options", "")
		if s != 200 {
			t.Fatalf("%d %v", s, m)
		}
		card := m["card"].(map[string]any)
		if card["available"] != true || len(card["saved"].([]any)) != 0 || len(card["processors"].([]any)) == 0 {
			t.Fatalf("signed-out cards: %v", card)
		}
		house := m["house_accounts"].(map[string]any)
		if house["available"] != false || house["reason"].(map[string]any)["code"] != "sign_in_required" {
			t.Fatalf("signed-out house accounts: %v", house)
		}
		if m["gift_card"].(map[string]any)["available"] != true {
			t.Fatalf("gift cards: %v", m["gift_card"])
		}
		if m["pay_in_store"].(map[string]any)["max_cents"] == nil {
			t.Fatalf("pay in store: %v", m["pay_in_store"])
		}

		// The gift card amount applied: pay in store is judged on the rest, the most a
		// gift card may pay is the total, for a guest and a member alike.
		total := m["total_cents"].(float64)
		if m["gift_card"].(map[string]any)["max_cents"] != total || m["rest_cents"] != total {
			t.Fatalf("no gift card: %v", m)
		}
		for _, who := range [][]string{nil, {"X-Member", "m-1"}} {
			s, m = c.do("GET", "/api/cart/payment-options?gift_card_cents=100", "", who...)
			if s != 200 || m["rest_cents"] != total-100 {
				t.Fatalf("gift card 100 (%v): %d %v", who, s, m)
			}
		}
		for _, bad := range []string{"-1", "abc", "1.5"} {
			s, m = c.do("GET", "/api/cart/payment-options?gift_card_cents="+bad, "")
			fields, _ := m["error"].(map[string]any)["fields"].(map[string]any)
			if s != 400 || errCode(m) != "invalid" || fields["gift_card_cents"] == nil {
				t.Fatalf("gift_card_cents=%s: %d %v", bad, s, m)
			}
		}

		// A member: saved cards a processor here can charge, and house accounts.
		s, m = c.do("GET", "/api/cart/payment-options", "", "X-Member", "m-1")
		if s != 200 {
			t.Fatalf("%d %v", s, m)
		}
		saved := m["card"].(map[string]any)["saved"].([]any)
		if len(saved) != 1 || saved[0].(map[string]any)["id"] != "c1" {
			t.Fatalf("member's saved cards: %v", saved)
		}
		house = m["house_accounts"].(map[string]any)
		if house["available"] != true || len(house["accounts"].([]any)) != 1 {
			t.Fatalf("member's house accounts: %v", house)
		}
	})
}

// Without the GiftCards role no gift card is offered, and the answer says why.
func TestPaymentOptionsWithoutGiftCards(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		c := &client{t: t, app: paymentApp(t, st, false)}
		c.do("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-columbus-downtown"}`)
		c.do("POST", "/api/cart/products", `{"product_id":"tenders-3","modifiers":[{"id":"flv-spicy"}]}`)
		s, m := c.do("GET", "/api/cart/payment-options", "", "X-Member", "m-1")
		g := m["gift_card"].(map[string]any)
		if s != 200 || g["available"] != false || g["reason"].(map[string]any)["code"] != "giftcards_unavailable" || len(g["saved"].([]any)) != 0 {
			t.Fatalf("%d %v", s, g)
		}
	})
}
