package account_test

import (
	"context"
	"strings"
	"testing"

	"github.com/henhouse/platform/edge/internal/api/account"
	"github.com/henhouse/platform/edge/internal/fault"
)

func TestSavedGiftCards(t *testing.T) {
	e := newEnv(t)
	b := e.browser(t)
	b.do("GET", "/api/user/giftcards", "").want(t, 401)
	b.do("POST", "/api/user/giftcards", `{"token":"gc_x"}`).want(t, 401)
	b.member()

	if a := b.do("GET", "/api/user/giftcards", "").want(t, 200); a.raw != `{"gift_cards":[]}` {
		t.Fatalf("none yet: %s", a.raw)
	}
	bal, err := e.o.GiftCardBalance(ctx, "6006495555666677", "2468")
	if err != nil {
		t.Fatal(err)
	}
	if a := b.do("POST", "/api/user/giftcards", `{"nickname":"Gift"}`).want(t, 400); a.errorCode() != "invalid" {
		t.Fatalf("no token: %s", a.raw)
	}
	a := b.do("POST", "/api/user/giftcards", `{"token":"`+bal.Token+`","nickname":"From Grandma"}`).want(t, 201)
	list, _ := a.field("gift_cards").([]any)
	if len(list) != 1 || a.header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("saved: %s", a.raw)
	}
	card := list[0].(map[string]any)
	if card["token"] != bal.Token || card["last4"] != "6677" || card["balance_cents"] != 10000.0 || card["nickname"] != "From Grandma" || !strings.HasPrefix(card["id"].(string), "gcard_") {
		t.Fatalf("card: %v", card)
	}
	if a := b.do("POST", "/api/user/giftcards", `{"token":"`+bal.Token+`"}`).want(t, 409); a.errorCode() != "giftcard_exists" {
		t.Fatalf("saved twice: %s", a.raw)
	}
	if a := b.do("POST", "/api/user/giftcards", `{"token":"gc_expired_long_ago"}`).want(t, 410); a.errorCode() != "giftcard_expired" {
		t.Fatalf("expired token: %s", a.raw)
	}
	if a := b.do("GET", "/api/user/giftcards", "").want(t, 200); len(a.field("gift_cards").([]any)) != 1 {
		t.Fatalf("list: %s", a.raw)
	}
	// Another member does not see or remove it.
	other := e.browser(t)
	other.do("POST", "/api/auth/signup", strings.NewReplacer("ada@", "grace@", "0100", "0199").Replace(signUpBody)).want(t, 201)
	if a := other.do("GET", "/api/user/giftcards", "").want(t, 200); len(a.field("gift_cards").([]any)) != 0 {
		t.Fatalf("another member's list: %s", a.raw)
	}
	other.do("DELETE", "/api/user/giftcards/"+card["id"].(string), "").want(t, 404)
	if a := b.do("DELETE", "/api/user/giftcards/"+card["id"].(string), "").want(t, 200); len(a.field("gift_cards").([]any)) != 0 {
		t.Fatalf("removed: %s", a.raw)
	}
}

func TestHouseAccountsOfTheMembersDomain(t *testing.T) {
	e := newEnv(t)
	b := e.browser(t)
	b.do("GET", "/api/user/house-accounts", "").want(t, 401)
	b.member()
	if a := b.do("GET", "/api/user/house-accounts", "").want(t, 200); a.raw != `{"house_accounts":[]}` {
		t.Fatalf("example.com has none: %s", a.raw)
	}
	acme := e.browser(t)
	acme.do("POST", "/api/auth/signup", strings.NewReplacer("ada@example.com", "ada@acme.example", "0100", "0177").Replace(signUpBody)).want(t, 201)
	// Not until the address is confirmed.
	if a := acme.do("GET", "/api/user/house-accounts", "").want(t, 200); a.raw != `{"house_accounts":[]}` {
		t.Fatalf("acme, unconfirmed: %s", a.raw)
	}
	msgs, err := e.l.OutboxFor(ctx, "ada@acme.example", 1)
	if err != nil || len(msgs) == 0 {
		t.Fatalf("no confirmation: %v", err)
	}
	acme.do("POST", "/api/auth/confirm", `{"code":"`+msgs[0].Code+`"}`).want(t, 200)
	a := acme.do("GET", "/api/user/house-accounts", "").want(t, 200)
	if a.raw != `{"house_accounts":[{"id":"ha-acme","name":"Acme Logistics","requires_po":true,"available_cents":200000}]}` || a.header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("acme: %s", a.raw)
	}
}

// Saving a card keeps its token at the processor; a token the processor no longer
// has is not saved.
func TestSavingACardKeepsItsToken(t *testing.T) {
	var kept []string
	e := newEnv(t, func(c *account.Config) {
		c.Member.KeepCard = func(_ context.Context, processor, token string) error {
			if token == "tok_gone_8f3kQ2" {
				return fault.New(fault.Gone, "card_expired", "Your card details expired. Please enter them again.")
			}
			kept = append(kept, processor+" "+token)
			return nil
		}
	})
	b := e.browser(t)
	b.member()
	b.do("POST", "/api/user/cards", `{"token":"tok_visa_8f3kQ2","processor":"hosted","brand":"visa","last4":"4242","exp_month":12,"exp_year":2030}`).want(t, 201)
	if len(kept) != 1 || kept[0] != "hosted tok_visa_8f3kQ2" {
		t.Fatalf("kept: %v", kept)
	}
	if a := b.do("POST", "/api/user/cards", `{"token":"tok_gone_8f3kQ2","processor":"hosted","brand":"visa","last4":"1111","exp_month":12,"exp_year":2030}`).want(t, 410); a.errorCode() != "card_expired" {
		t.Fatalf("gone token: %s", a.raw)
	}
	if a := b.do("GET", "/api/user/cards", "").want(t, 200); len(a.field("cards").([]any)) != 1 {
		t.Fatalf("the card whose token is gone was saved: %s", a.raw)
	}
}
