package server

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"
)

var emailedCard = regexp.MustCompile(`Card number: ([\d ]+)\nPIN: (\d+)`)

func giftPurchaseBody(token, recipient string) string {
	ny, _ := time.LoadLocation("America/New_York")
	today := time.Now().In(ny).Format("2006-01-02")
	return `{"amount_cents":4000,"design":"thanks","recipient_name":"Sam Rivera","recipient_email":"` + recipient + `",` +
		`"sender_name":"Ada","message":"Thanks for everything","send_on":"` + today + `","time_zone":"America/New_York",` +
		`"buyer_email":"ada@example.com","payment":{"kind":"card","processor":"hosted","token":"` + token + `"}}`
}

func (g *guest) cardToken(number string) string {
	g.t.Helper()
	return g.ok("POST", "/api/payments/cards", `{"number":"`+number+`","exp_month":12,"exp_year":2031,"cvv":"123","postal_code":"43215"}`, 201)["card"].(map[string]any)["token"].(string)
}

// A guest buys a $40 e-gift card by card: a declined card issues nothing, the approved
// one emails the recipient a card whose balance check answers $40, and a retry is the
// same purchase.
func TestGuestBuysAnEGiftCard(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	page := g.page("/gift-cards/buy")
	if !strings.Contains(page, "<title>Buy an e-gift card | Henhouse</title>") || !strings.Contains(page, "from $10 to $500") {
		t.Fatalf("buy page head: %.600s", page)
	}
	if designs := g.ok("GET", "/api/giftcards/designs", "", 200)["designs"].([]any); len(designs) != 4 {
		t.Fatalf("designs: %v", designs)
	}
	declined := giftPurchaseBody(g.cardToken("4000 0000 0000 0002"), "sam@example.com")
	st, m, _ := g.send("POST", "/api/giftcards/purchases", declined, "Idempotency-Key", "gift-attempt-1", "X-Bot-Check", g.bot("giftcard_buy"))
	if e, _ := m["error"].(map[string]any); st != 422 || e["code"] != "card_declined" || e["fields"].(map[string]any)["card"] == nil {
		t.Fatalf("declined: %d %v", st, m)
	}
	if msgs, _ := s.mail.OutboxFor(context.Background(), "sam@example.com", 10); len(msgs) != 0 {
		t.Fatalf("a declined card emailed the recipient: %v", msgs)
	}
	body := giftPurchaseBody(g.cardToken("4111 1111 1111 1111"), "sam@example.com")
	if st, m, _ := g.send("POST", "/api/giftcards/purchases", body, "Idempotency-Key", "gift-attempt-2"); st != 403 || m["error"].(map[string]any)["code"] != "bot_check_failed" {
		t.Fatalf("without the bot check: %d %v", st, m)
	}
	if st, m, _ := g.send("POST", "/api/giftcards/purchases", body, "Idempotency-Key", "gift-attempt-2", "X-Bot-Check", g.bot("giftcard")); st != 403 {
		t.Fatalf("with a balance check's token: %d %v", st, m)
	}
	p := g.ok("POST", "/api/giftcards/purchases", body, 201, "Idempotency-Key", "gift-attempt-2", "X-Bot-Check", g.bot("giftcard_buy"))["purchase"].(map[string]any)
	if p["status"] != "sent" || p["amount_cents"] != 4000.0 || p["payment_label"] != "Visa •••• 1111" || !strings.HasPrefix(p["id"].(string), "GC-") {
		t.Fatalf("purchase: %v", p)
	}
	again := g.ok("POST", "/api/giftcards/purchases", body, 201, "Idempotency-Key", "gift-attempt-2", "X-Bot-Check", g.bot("giftcard_buy"))["purchase"].(map[string]any)
	if again["id"] != p["id"] {
		t.Fatalf("a retry bought another card: %v", again)
	}
	msgs, err := s.mail.OutboxFor(context.Background(), "sam@example.com", 10)
	if err != nil || len(msgs) != 1 {
		t.Fatalf("recipient's emails: %v %v", msgs, err)
	}
	card := emailedCard.FindStringSubmatch(msgs[0].Body)
	if card == nil || !strings.Contains(msgs[0].Body, "Thanks for everything") {
		t.Fatalf("email: %q", msgs[0].Body)
	}
	bal := g.ok("POST", "/api/giftcards/balance", `{"number":"`+card[1]+`","pin":"`+card[2]+`"}`, 200, "X-Bot-Check", g.bot("giftcard"))["gift_card"].(map[string]any)
	if bal["balance_cents"] != 4000.0 || bal["last4"] != p["last4"] {
		t.Fatalf("balance: %v", bal)
	}
}

// A member's purchase lands in their saved gift cards.
func TestMemberBuysAnEGiftCardIntoTheWallet(t *testing.T) {
	s := newDevServer(t)
	g := newGuest(t, s)
	g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))
	body := giftPurchaseBody(g.cardToken("4111111111111111"), "sam@example.com")
	p := g.ok("POST", "/api/giftcards/purchases", body, 201, "Idempotency-Key", "gift-member-1", "X-Bot-Check", g.bot("giftcard_buy"))["purchase"].(map[string]any)
	list := g.ok("GET", "/api/user/giftcards", "", 200)["gift_cards"].([]any)
	if len(list) != 1 {
		t.Fatalf("wallet: %v", list)
	}
	if c := list[0].(map[string]any); c["nickname"] != "Gift for Sam" || c["last4"] != p["last4"] || c["balance_cents"] != 4000.0 {
		t.Fatalf("saved: %v", c)
	}
}

// A client may try 20 purchases an hour, whatever became of them.
func TestGiftCardPurchasesAreRateLimited(t *testing.T) {
	s := newTestServer(t)
	g := newGuest(t, s)
	body := giftPurchaseBody("tok_x", "sam@example.com")
	for i := range 20 {
		if st, m, _ := g.send("POST", "/api/giftcards/purchases", body, "Idempotency-Key", "gift-limit-1"); st != 403 {
			t.Fatalf("attempt %d: %d %v", i+1, st, m)
		}
	}
	st, m, _ := g.send("POST", "/api/giftcards/purchases", body, "Idempotency-Key", "gift-limit-1", "X-Bot-Check", g.bot("giftcard_buy"))
	if st != 429 || m["error"].(map[string]any)["code"] != "rate_limited" {
		t.Fatalf("attempt 21: %d %v", st, m)
	}
}
