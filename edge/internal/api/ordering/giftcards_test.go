package ordering_test

import (
	"testing"

	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

const purchaseBody = `{"amount_cents":4000,"design":"classic","recipient_name":"Sam","recipient_email":"sam@example.com",
"sender_name":"Ada","message":"Enjoy","send_on":"2026-11-25","time_zone":"America/New_York","buyer_email":"ada@example.com",
"payment":{"kind":"card","processor":"hosted","token":"tok_1"}}`

func TestGiftCardPurchaseOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		c := &client{t: t, app: newApp(t, st)}
		s, m := c.do("GET", "/api/giftcards/designs", "")
		if s != 200 || len(m["designs"].([]any)) != 4 || m["min_cents"].(float64) != 1000 || m["max_cents"].(float64) != 50000 {
			t.Fatalf("designs: %d %v", s, m)
		}
		if s, m := c.do("POST", "/api/giftcards/purchases", purchaseBody); s != 400 || errCode(m) != "invalid" {
			t.Fatalf("no idempotency key: %d %v", s, m)
		}
		s, m = c.do("POST", "/api/giftcards/purchases", `{"amount_cents":5,"design":"x","payment":{"kind":"card"}}`, "Idempotency-Key", "buy-12345678")
		fields, _ := m["error"].(map[string]any)["fields"].(map[string]any)
		for _, f := range []string{"amount_cents", "design", "recipient_name", "recipient_email", "sender_name", "send_on", "buyer_email"} {
			if fields[f] == nil {
				t.Errorf("no message at %s: %d %v", f, s, m)
			}
		}
		if s != 400 {
			t.Fatalf("bad fields: %d", s)
		}
		if s, m := c.do("POST", "/api/giftcards/purchases", `{"amount_cents":"forty"}`, "Idempotency-Key", "buy-12345678"); s != 400 || errCode(m) != "invalid" {
			t.Fatalf("malformed: %d %v", s, m)
		}
		// This edge takes no card payments.
		if s, m := c.do("POST", "/api/giftcards/purchases", purchaseBody, "Idempotency-Key", "buy-12345678"); s != 503 || errCode(m) != "cards_unavailable" {
			t.Fatalf("without a processor: %d %v", s, m)
		}
	})
}
