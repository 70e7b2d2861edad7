package builtin

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/outbox"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// purchaseFor is a valid purchase of a $40 card sent today (25 Nov 2026 in New York).
func purchaseFor(key string) ordering.GiftCardPurchaseInput {
	return ordering.GiftCardPurchaseInput{
		AmountCents: 4000, Design: "birthday", RecipientName: "Sam Rivera", RecipientEmail: "sam@example.com",
		SenderName: "Ada", Message: "Happy birthday!\nLunch is on me.", SendOn: "2026-11-25", TimeZone: "America/New_York",
		BuyerEmail: "ada@example.com", Payment: ordering.GiftCardPurchasePayment{Kind: "card", Processor: "hosted", Token: "tok_ok"},
		IdempotencyKey: key,
	}
}

var cardInEmail = regexp.MustCompile(`Card number: ([\d ]+)\nPIN: (\d+)`)

// cardFrom reads the number and PIN out of the recipient's newest email.
func cardFrom(t *testing.T, st *store.Store, to string) (number, pin string, m outbox.Message) {
	t.Helper()
	msgs, err := outbox.New(st, outbox.Config{}).OutboxFor(ctx, to, 10)
	if err != nil || len(msgs) == 0 {
		t.Fatalf("no email to %s: %v", to, err)
	}
	got := cardInEmail.FindStringSubmatch(msgs[0].Body)
	if got == nil {
		t.Fatalf("no card in the email: %q", msgs[0].Body)
	}
	return strings.ReplaceAll(got[1], " ", ""), got[2], msgs[0]
}

func mails(t *testing.T, st *store.Store, to string) []outbox.Message {
	t.Helper()
	msgs, err := outbox.New(st, outbox.Config{}).OutboxFor(ctx, to, 10)
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

func TestPurchaseChecksEveryField(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		cases := []struct {
			change func(*ordering.GiftCardPurchaseInput)
			field  string
		}{
			{func(in *ordering.GiftCardPurchaseInput) { in.AmountCents = 999 }, "amount_cents"},
			{func(in *ordering.GiftCardPurchaseInput) { in.AmountCents = 50100 }, "amount_cents"},
			{func(in *ordering.GiftCardPurchaseInput) { in.AmountCents = 2550 }, "amount_cents"},
			{func(in *ordering.GiftCardPurchaseInput) { in.Design = "gold" }, "design"},
			{func(in *ordering.GiftCardPurchaseInput) { in.RecipientName = "  " }, "recipient_name"},
			{func(in *ordering.GiftCardPurchaseInput) { in.RecipientEmail = "sam@" }, "recipient_email"},
			{func(in *ordering.GiftCardPurchaseInput) { in.SenderName = "" }, "sender_name"},
			{func(in *ordering.GiftCardPurchaseInput) { in.SenderName = "Ada\x00" }, "sender_name"},
			{func(in *ordering.GiftCardPurchaseInput) { in.Message = strings.Repeat("a", ordering.GiftMessageMax+1) }, "message"},
			{func(in *ordering.GiftCardPurchaseInput) { in.SendOn = "2026-11-24" }, "send_on"},
			{func(in *ordering.GiftCardPurchaseInput) { in.SendOn = "2027-02-24" }, "send_on"},
			{func(in *ordering.GiftCardPurchaseInput) { in.SendOn = "tomorrow" }, "send_on"},
			{func(in *ordering.GiftCardPurchaseInput) { in.TimeZone = "Mars/Olympus" }, "send_on"},
			{func(in *ordering.GiftCardPurchaseInput) { in.BuyerEmail = "ada example.com" }, "buyer_email"},
			{func(in *ordering.GiftCardPurchaseInput) { in.Payment.Token = "" }, "card"},
			{func(in *ordering.GiftCardPurchaseInput) {
				in.Payment = ordering.GiftCardPurchasePayment{Kind: "giftcard", Token: "gc_x"}
			}, "payment"},
		}
		for i, c := range cases {
			in := purchaseFor("check-it-" + strings.Repeat("x", i+1))
			c.change(&in)
			_, err := e.p.PurchaseGiftCard(ctx, "v1", in)
			fe, ok := fault.As(err)
			if !ok || fe.Fields[c.field] == "" {
				t.Errorf("case %d: want a message at %s, got %v", i, c.field, err)
			}
		}
		// A message can be as long as the limit and a send date 90 days ahead.
		in := purchaseFor("check-ok-1")
		in.Message, in.SendOn = strings.Repeat("é", ordering.GiftMessageMax), "2027-02-23"
		if _, err := e.p.PurchaseGiftCard(ctx, "v1", in); err != nil {
			t.Fatalf("limits refused: %v", err)
		}
		in = purchaseFor("check-gift")
		in.Payment = ordering.GiftCardPurchasePayment{Kind: "giftcard", Token: "gc_x"}
		if _, err := e.p.PurchaseGiftCard(ctx, "v1", in); faultCode(t, err) != "giftcard_not_accepted" {
			t.Fatal("a gift card paid for a gift card")
		}
		if e.cards.auths.Load() != 1 {
			t.Fatalf("cards charged for refused purchases: %d", e.cards.auths.Load())
		}
	})
}

// A declined card buys nothing: no card, no email, no purchase; the refusal is at the
// card field.
func TestDeclinedPurchaseIssuesNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		before := len(st.Client.Keys(ctx, st.Key("giftcard", "*")).Val())
		in := purchaseFor("declined-1")
		in.Payment.Token = "tok_decline"
		_, err := e.p.PurchaseGiftCard(ctx, "v1", in)
		if faultCode(t, err) != "card_declined" {
			t.Fatalf("got %v", err)
		}
		if fe, _ := fault.As(err); fe.Fields["card"] == "" {
			t.Fatalf("the decline is not at the card: %+v", fe.Fields)
		}
		if after := len(st.Client.Keys(ctx, st.Key("giftcard", "*")).Val()); after != before {
			t.Fatalf("gift card keys %d → %d", before, after)
		}
		if n := len(st.Client.Keys(ctx, st.Key("giftcard-purchase", "*")).Val()); n != 0 {
			t.Fatalf("%d purchases kept", n)
		}
		if m := mails(t, st, "sam@example.com"); len(m) != 0 {
			t.Fatalf("the recipient got %d emails", len(m))
		}
		if m := mails(t, st, "ada@example.com"); len(m) != 0 {
			t.Fatalf("the buyer got %d emails", len(m))
		}
		// The same key may try again with another card.
		in.Payment.Token = "tok_ok"
		if _, err := e.p.PurchaseGiftCard(ctx, "v1", in); err != nil {
			t.Fatalf("retry with a good card: %v", err)
		}
	})
}

// Bought today: the recipient's email holds a card that works for the amount; the
// buyer's receipt has no number or PIN; Redis keeps no PIN; a retry is the same
// purchase and issues no second card.
func TestPurchaseSentTodayIssuesOneCard(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		got, err := e.p.PurchaseGiftCard(ctx, "v1", purchaseFor("today-0001"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(got.ID, "GC-") || got.Status != ordering.GiftSent || got.AmountCents != 4000 || got.SendOn != "2026-11-25" || got.PaymentLabel != "Visa •••• 4242" {
			t.Fatalf("purchase: %+v", got)
		}
		number, pin, m := cardFrom(t, st, "sam@example.com")
		if m.Kind != "gift_card" || len(number) != 16 || got.Last4 != number[12:] {
			t.Fatalf("email %+v, number %s, purchase last4 %s", m, number, got.Last4)
		}
		for _, want := range []string{"Ada sent you a $40.00", "Happy Birthday design", "Happy birthday!\nLunch is on me."} {
			if !strings.Contains(m.Body, want) {
				t.Errorf("the email lacks %q:\n%s", want, m.Body)
			}
		}
		bal, err := e.p.GiftCardBalance(ctx, number, pin)
		if err != nil || bal.BalanceCents != 4000 {
			t.Fatalf("balance of the new card: %+v %v", bal, err)
		}
		again, err := e.p.PurchaseGiftCard(ctx, "v1", purchaseFor("today-0001"))
		if err != nil || again.ID != got.ID {
			t.Fatalf("retry: %+v %v", again, err)
		}
		if n := len(mails(t, st, "sam@example.com")); n != 1 || e.cards.auths.Load() != 1 {
			t.Fatalf("retry: %d emails, %d charges", n, e.cards.auths.Load())
		}
		receipts := mails(t, st, "ada@example.com")
		if len(receipts) != 1 || !strings.Contains(receipts[0].Body, got.ID) || strings.Contains(receipts[0].Body, number) || strings.Contains(receipts[0].Body, "PIN") {
			t.Fatalf("receipt: %+v", receipts)
		}
		// Every key but the outbox's (the stand-in for the mail gateway): no number,
		// no PIN in a hash field, no "pin" in a JSON value.
		issued := 0
		for _, k := range st.Client.Keys(ctx, st.Key("*")).Val() {
			if strings.HasPrefix(k, st.Key("outbox")) {
				continue
			}
			if strings.Contains(k, number) {
				t.Errorf("a key names the number: %s", k)
			}
			if st.Client.Type(ctx, k).Val() == "hash" {
				h := st.Client.HGetAll(ctx, k).Val()
				for f, v := range h {
					if f == "pin" || v == pin || strings.Contains(v, number) {
						t.Errorf("%s keeps the PIN or number in %s", k, f)
					}
				}
				if h["purchase"] == got.ID {
					issued++
					if h["pin_hash"] != pinHash(h["pin_salt"], pin) {
						t.Errorf("%s: the PIN's hash is not the salted one", k)
					}
				}
			} else if v := st.Client.Get(ctx, k).Val(); strings.Contains(v, number) || strings.Contains(v, `"pin"`) {
				t.Errorf("%s holds the number or PIN: %s", k, v)
			}
		}
		if issued != 1 {
			t.Fatalf("%d cards issued", issued)
		}
	})
}

// A later send date: the buyer's receipt now, the recipient's card only once the day
// has come in the buyer's time zone, and only once.
func TestFutureSendDateWaitsForTheJob(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		in := purchaseFor("future-001")
		in.SendOn, in.TimeZone = "2026-12-01", "America/Los_Angeles"
		got, err := e.p.PurchaseGiftCard(ctx, "v1", in)
		if err != nil || got.Status != ordering.GiftScheduled || got.Last4 != "" {
			t.Fatalf("purchase: %+v %v", got, err)
		}
		if len(mails(t, st, "ada@example.com")) != 1 || len(mails(t, st, "sam@example.com")) != 0 {
			t.Fatal("want the receipt now and no card yet")
		}
		// 1 Dec, 07:59 UTC is still 30 Nov in Los Angeles.
		e.clk.Set(time.Date(2026, 12, 1, 7, 59, 0, 0, time.UTC))
		if n, err := e.p.DeliverDueGiftCards(ctx); err != nil || n != 0 || len(mails(t, st, "sam@example.com")) != 0 {
			t.Fatalf("delivered early: %d %v", n, err)
		}
		e.clk.Set(time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC))
		if n, err := e.p.DeliverDueGiftCards(ctx); err != nil || n != 1 {
			t.Fatalf("delivered %d %v", n, err)
		}
		number, pin, _ := cardFrom(t, st, "sam@example.com")
		if bal, err := e.p.GiftCardBalance(ctx, number, pin); err != nil || bal.BalanceCents != 4000 {
			t.Fatalf("balance: %+v %v", bal, err)
		}
		if n, _ := e.p.DeliverDueGiftCards(ctx); n != 0 || len(mails(t, st, "sam@example.com")) != 1 {
			t.Fatal("delivered twice")
		}
	})
}

// A signed-in buyer's wallet keeps the card they bought, named for the recipient.
func TestPurchaseGoesToTheBuyersWallet(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		in := purchaseFor("wallet-001")
		in.MemberID = "m_ada"
		got, err := e.p.PurchaseGiftCard(ctx, "v1", in)
		if err != nil {
			t.Fatal(err)
		}
		saved, err := e.p.SavedGiftCards(ctx, "m_ada")
		if err != nil || len(saved) != 1 {
			t.Fatalf("wallet: %+v %v", saved, err)
		}
		if s := saved[0]; s.Nickname != "Gift for Sam" || s.Last4 != got.Last4 || s.BalanceCents != 4000 || !strings.HasPrefix(s.Token, "gc_") {
			t.Fatalf("saved: %+v", s)
		}
		if ttl := st.Client.TTL(ctx, e.p.giftTokenKey(saved[0].Token)).Val(); ttl >= 0 {
			t.Fatalf("the wallet's token expires: %v", ttl)
		}
		// A guest's purchase goes to nobody's wallet.
		if _, err := e.p.PurchaseGiftCard(ctx, "v2", purchaseFor("wallet-002")); err != nil {
			t.Fatal(err)
		}
		if saved, _ := e.p.SavedGiftCards(ctx, "m_ada"); len(saved) != 1 {
			t.Fatalf("wallet: %+v", saved)
		}
	})
}
