package builtin

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// Redis holds no gift card number and no PIN: a card is kept under the digest of its
// number, with a salted hash of the PIN, and a token under its random id.
func TestGiftCardsKeepNoPIN(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		bal, err := e.p.GiftCardBalance(ctx, "6006 4912 3456 7890", "1234")
		if err != nil || bal.BalanceCents != 5000 || bal.Last4 != "7890" || !strings.HasPrefix(bal.Token, "gc_") {
			t.Fatalf("balance: %+v %v", bal, err)
		}
		keys, err := st.Client.Keys(ctx, st.Key("*")).Result()
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range keys {
			if strings.Contains(k, "6006491234567890") {
				t.Errorf("a key names the card number: %s", k)
			}
			if st.Client.Type(ctx, k).Val() == "hash" {
				for f, v := range st.Client.HGetAll(ctx, k).Val() {
					if f == "pin" || v == "1234" {
						t.Errorf("%s keeps the PIN in %s", k, f)
					}
				}
			} else if v := st.Client.Get(ctx, k).Val(); strings.Contains(v, "1234567890") {
				t.Errorf("%s holds the number: %s", k, v)
			}
		}
		ttl := st.Client.TTL(ctx, e.p.giftTokenKey(bal.Token)).Val()
		if ttl <= 59*time.Minute || ttl > time.Hour {
			t.Fatalf("token lifetime %v", ttl)
		}
		if _, err := e.p.GiftCardBalance(ctx, "6006491234567890", "4321"); faultCode(t, err) != "giftcard_invalid" {
			t.Fatal("wrong PIN accepted")
		}
		if _, err := e.p.GiftCardBalance(ctx, "6006491234567891", "1234"); faultCode(t, err) != "giftcard_invalid" {
			t.Fatal("unknown card accepted")
		}
		if _, err := e.p.GiftCardBalance(ctx, "6006", "12"); faultCode(t, err) != "invalid" {
			t.Fatal("malformed number accepted")
		}
	})
}

// A card Redis kept the earlier way (under its number, with its PIN) moves to the new
// form when the provider starts, with its balance.
func TestGiftCardsKeptTheOldWayMove(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		legacy := st.Key("giftcard", "6006491111222233")
		st.Client.HSet(ctx, legacy, "balance", 777, "pin", "4321")
		e := newEnv(t, st)
		if st.Client.Exists(ctx, legacy).Val() != 0 {
			t.Fatal("the old record is still there")
		}
		if bal, err := e.p.GiftCardBalance(ctx, "6006491111222233", "4321"); err != nil || bal.BalanceCents != 777 {
			t.Fatalf("balance kept: %+v %v", bal, err)
		}
		// Starting again changes nothing: not the salt, not the balance.
		before := st.Client.HGetAll(ctx, e.p.giftKey(giftRef("6006491111222233"))).Val()
		again := newEnv(t, st)
		after := st.Client.HGetAll(ctx, again.p.giftKey(giftRef("6006491111222233"))).Val()
		if fmt.Sprint(before) != fmt.Sprint(after) {
			t.Fatalf("reseeded: %v → %v", before, after)
		}
	})
}

func TestPayingWithAGiftCardToken(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		bal, err := e.p.GiftCardBalance(ctx, "6006491234567890", "1234")
		if err != nil {
			t.Fatal(err)
		}
		placeable(t, e, "v")
		try := func(key string, pays ...ordering.PaymentInput) (ordering.Order, error) {
			return e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: key, Customer: guest, Payments: pays})
		}
		if _, err := try("gtok-0001", ordering.PaymentInput{Kind: "giftcard", Token: bal.Token, Number: "6006491234567890", PIN: "1234"}); faultCode(t, err) != "invalid" {
			t.Fatal("token and number together")
		}
		if _, err := try("gtok-0002", ordering.PaymentInput{Kind: "giftcard", Token: bal.Token, AmountCents: 100}, ordering.PaymentInput{Kind: "giftcard", Number: "6006491234567890", PIN: "1234"}); faultCode(t, err) != "invalid" {
			t.Fatal("the same card by token and by number")
		}
		_, err = try("gtok-0003", ordering.PaymentInput{Kind: "giftcard", Token: "gc_made_up_token"})
		if fe := faultOf(t, err); fe.Code != "giftcard_expired" || fe.Fields["payments.0.token"] == "" {
			t.Fatalf("unknown token: %+v", fe)
		}
		o, err := try("gtok-0004", ordering.PaymentInput{Kind: "giftcard", Token: bal.Token, AmountCents: 500}, ordering.PaymentInput{Kind: "instore"})
		if err != nil || o.Payments[0].Label != "Gift card •••• 7890" {
			t.Fatalf("paid by token: %+v %v", o.Payments, err)
		}
		if now, _ := e.p.GiftCardBalance(ctx, "6006491234567890", "1234"); now.BalanceCents != 4500 {
			t.Fatalf("balance %d", now.BalanceCents)
		}
		// An hour later the token is gone.
		placeable(t, e, "v")
		st.Client.Del(ctx, e.p.giftTokenKey(bal.Token))
		if _, err := try("gtok-0005", ordering.PaymentInput{Kind: "giftcard", Token: bal.Token}); faultCode(t, err) != "giftcard_expired" {
			t.Fatal("an expired token paid")
		}
	})
}

func TestSavedGiftCards(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		if list, err := e.p.SavedGiftCards(ctx, "m1"); err != nil || list == nil || len(list) != 0 {
			t.Fatalf("none yet: %v %v", list, err)
		}
		if _, err := e.p.SavedGiftCards(ctx, ""); faultCode(t, err) != "not_signed_in" {
			t.Fatal("no member")
		}
		bal, _ := e.p.GiftCardBalance(ctx, "6006491234567890", "1234")
		if _, err := e.p.SaveGiftCard(ctx, "m1", bal.Token, "6006 4912 3456 7890"); faultCode(t, err) != "invalid" {
			t.Fatal("a card number as the nickname")
		}
		list, err := e.p.SaveGiftCard(ctx, "m1", bal.Token, " Birthday ")
		if err != nil || len(list) != 1 || list[0].Token != bal.Token || list[0].Last4 != "7890" || list[0].BalanceCents != 5000 || list[0].Nickname != "Birthday" {
			t.Fatalf("saved: %+v %v", list, err)
		}
		if ttl := st.Client.TTL(ctx, e.p.giftTokenKey(bal.Token)).Val(); ttl != -1 {
			t.Fatalf("a saved card's token expires: %v", ttl)
		}
		// The same card through another token is saved already.
		other, _ := e.p.GiftCardBalance(ctx, "6006491234567890", "1234")
		if _, err := e.p.SaveGiftCard(ctx, "m1", other.Token, ""); faultCode(t, err) != "giftcard_exists" {
			t.Fatal("saved twice")
		}
		if _, err := e.p.SaveGiftCard(ctx, "m1", "gc_gone_gone_gone", ""); faultCode(t, err) != "giftcard_expired" {
			t.Fatal("an unknown token saved")
		}
		// The balance is live: spend some by token, as a saved card pays.
		placeable(t, e, "v")
		if _, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "saved-0001", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "giftcard", Token: list[0].Token, AmountCents: 700}, {Kind: "instore"}}}); err != nil {
			t.Fatal(err)
		}
		if list, _ := e.p.SavedGiftCards(ctx, "m1"); list[0].BalanceCents != 4300 {
			t.Fatalf("live balance: %+v", list)
		}
		if list, _ := e.p.SavedGiftCards(ctx, "m2"); len(list) != 0 {
			t.Fatal("another member sees the card")
		}
		if _, err := e.p.RemoveSavedGiftCard(ctx, "m2", list[0].ID); faultCode(t, err) != "giftcard_not_found" {
			t.Fatal("another member removes the card")
		}
		if list, err := e.p.RemoveSavedGiftCard(ctx, "m1", list[0].ID); err != nil || len(list) != 0 {
			t.Fatalf("removed: %v %v", list, err)
		}
		if ttl := st.Client.TTL(ctx, e.p.giftTokenKey(bal.Token)).Val(); ttl <= 59*time.Minute || ttl > time.Hour {
			t.Fatalf("a removed card's token lives an hour more: %v", ttl)
		}
		// At most MaxSavedGiftCards.
		for i := range MaxSavedGiftCards {
			st.Client.HSet(ctx, e.p.savedGiftsKey("m3"), fmt.Sprintf("gcard_%d", i), `{"token":"gc_x","ref":"x","last4":"0000"}`)
		}
		if _, err := e.p.SaveGiftCard(ctx, "m3", other.Token, ""); faultCode(t, err) != "too_many_gift_cards" {
			t.Fatal("more than the maximum")
		}
	})
}

func TestHouseAccountsForAnEmail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		hs, err := e.p.HouseAccounts(ctx, "Ada@ACME.example")
		if err != nil || len(hs) != 1 || hs[0] != (ordering.HouseAccount{ID: "ha-acme", Name: "Acme Logistics", RequiresPO: true, AvailableCents: 200000}) {
			t.Fatalf("acme: %+v %v", hs, err)
		}
		if hs, _ := e.p.HouseAccounts(ctx, "ada@example.com"); hs == nil || len(hs) != 0 {
			t.Fatalf("no account: %+v", hs)
		}
		if hs, _ := e.p.HouseAccounts(ctx, "not an email"); len(hs) != 0 {
			t.Fatalf("no domain: %+v", hs)
		}
		placeable(t, e, "v")
		acme := guest
		acme.Email = "ada@acme.example"
		// An acme address typed at checkout authorises nothing: only the accounts the
		// member may charge (member.Service.HouseAccounts) can be charged.
		_, err = e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "house-0000", Customer: acme, MemberID: "m1", Payments: []ordering.PaymentInput{{Kind: "house", AccountID: "ha-acme", PONumber: "PO-1"}}})
		if fe, ok := fault.As(err); !ok || fe.Code != "house_account_not_allowed" || fe.Kind != fault.Forbidden {
			t.Fatalf("a typed acme address charged the account: %v", err)
		}
		o, err := e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "house-0001", Customer: acme, HouseAccountIDs: []string{"ha-acme"}, Payments: []ordering.PaymentInput{{Kind: "house", AccountID: "ha-acme", PONumber: "PO-1"}}})
		if err != nil {
			t.Fatal(err)
		}
		if hs, _ := e.p.HouseAccounts(ctx, acme.Email); hs[0].AvailableCents != 200000-o.Totals.TotalCents {
			t.Fatalf("after an order: %+v", hs)
		}
	})
}

func TestWrongPINsLockAGiftCard(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		const number = "6006491234567890"
		for i := 1; i < GiftPINAttempts; i++ {
			if _, err := e.p.GiftCardBalance(ctx, number, "9999"); faultCode(t, err) != "giftcard_invalid" {
				t.Fatalf("wrong PIN %d: %v", i, err)
			}
		}
		// The right PIN before the limit forgets the wrong ones.
		if _, err := e.p.GiftCardBalance(ctx, number, "1234"); err != nil {
			t.Fatalf("right PIN: %v", err)
		}
		for i := 1; i <= GiftPINAttempts; i++ {
			if _, err := e.p.GiftCardBalance(ctx, number, "9999"); faultCode(t, err) != "giftcard_invalid" {
				t.Fatalf("wrong PIN %d after a good one: %v", i, err)
			}
		}
		// Locked: even the right PIN is refused, here and when paying by number.
		_, err := e.p.GiftCardBalance(ctx, number, "1234")
		fe, ok := fault.As(err)
		if !ok || fe.Code != "giftcard_locked" || fe.Kind != fault.TooMany || fe.RetryAfter < 14*60 || fe.RetryAfter > 15*60 {
			t.Fatalf("locked card: %+v", err)
		}
		cart := placeable(t, e, "v")
		_, err = e.p.Submit(ctx, "v", ordering.SubmitInput{IdempotencyKey: "lock-0001", Customer: guest,
			Payments: []ordering.PaymentInput{{Kind: "giftcard", Number: number, PIN: "1234", AmountCents: cart.Totals.TotalCents}}})
		if faultCode(t, err) != "giftcard_locked" {
			t.Fatalf("paying with a locked card: %v", err)
		}
		// Another card is not affected; the lock ends after GiftLockout.
		if _, err := e.p.GiftCardBalance(ctx, "6006495555666677", "0000"); faultCode(t, err) == "giftcard_locked" {
			t.Fatal("the lock spread to another card")
		}
		e.clk.Add(GiftLockout + time.Second)
		if _, err := e.p.GiftCardBalance(ctx, number, "1234"); err != nil {
			t.Fatalf("after the lockout: %v", err)
		}
	})
}
