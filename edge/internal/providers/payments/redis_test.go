package payments

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

var ctx = context.Background()

func fixedClock(t *time.Time) func() time.Time { return func() time.Time { return *t } }

// values returns every key and value the test wrote.
func values(t *testing.T, st *store.Store) map[string]string {
	t.Helper()
	out := map[string]string{}
	iter := st.Client.Scan(ctx, 0, st.Prefix+":*", 500).Iterator()
	for iter.Next(ctx) {
		v, err := st.Client.Get(ctx, iter.Val()).Result()
		if err != nil {
			t.Fatal(err)
		}
		out[iter.Val()] = v
	}
	if err := iter.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// expire makes a key vanish as if its TTL ran out.
func expire(t *testing.T, st *store.Store, key string, after time.Duration) {
	t.Helper()
	if m := st.Mini(); m != nil {
		m.FastForward(after)
		return
	}
	st.Client.Del(ctx, key)
}

func wantFault(t *testing.T, err error, kind fault.Kind, code string) *fault.Error {
	t.Helper()
	fe, ok := fault.As(err)
	if !ok || fe.Kind != kind || fe.Code != code {
		t.Fatalf("err = %v, want kind %d code %s", err, kind, code)
	}
	return fe
}

func TestTokenizeEachBrand(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		clock := now
		p := New(st, Config{ID: HostedID, TokenPrefix: "tok_", AuthPrefix: "auth_", Now: fixedClock(&clock)})
		cards := []struct {
			number, cvv string
			brand       Brand
		}{
			{"4242 4242 4242 4242", "123", Visa},
			{"5555-5555-5555-4444", "123", MasterCard},
			{"2223003122003222", "123", MasterCard},
			{"378282246310005", "1234", Amex},
			{"6011111111111117", "123", Discover},
		}
		for _, c := range cards {
			tok, err := p.Tokenize(ctx, Card{Number: c.number, ExpMonth: "7", ExpYear: "29", CVV: c.cvv, PostalCode: "43215"})
			if err != nil {
				t.Fatalf("%s: %v", c.number, err)
			}
			d := digits(c.number)
			if !strings.HasPrefix(tok.ID, "tok_") || tok.Processor != HostedID || tok.Brand != c.brand ||
				tok.Last4 != d[len(d)-4:] || tok.ExpMonth != 7 || tok.ExpYear != 2029 || !tok.CreatedAt.Equal(now) {
				t.Errorf("%s: token %+v", c.number, tok)
			}
			got, err := p.Lookup(ctx, tok.ID)
			if err != nil || got != tok {
				t.Errorf("Lookup = %+v, %v; want %+v", got, err, tok)
			}
			ttl := st.Client.TTL(ctx, p.tokenKey(tok.ID)).Val()
			if ttl <= 0 || ttl > TokenTTL {
				t.Errorf("token TTL %v", ttl)
			}
		}

		// Redis holds the brand, last four digits and expiry, never the number or code.
		vals := values(t, st)
		if len(vals) != len(cards) {
			t.Errorf("%d keys, want %d", len(vals), len(cards))
		}
		for k, v := range vals {
			for _, c := range cards {
				d := digits(c.number)
				if strings.Contains(v, d) || strings.Contains(v, d[:len(d)-4]) || strings.Contains(v, c.number) {
					t.Errorf("%s holds the card number: %s", k, v)
				}
			}
			var fields map[string]any
			if err := json.Unmarshal([]byte(v), &fields); err != nil {
				t.Fatal(err)
			}
			var names []string
			for f := range fields {
				names = append(names, f)
			}
			sort.Strings(names)
			if got := strings.Join(names, ","); got != "brand,createdAt,expMonth,expYear,id,last4,processor" {
				t.Errorf("%s has fields %s", k, got)
			}
		}
	})
}

func TestTokenizeInvalidStoresNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		p := NewHosted(st)
		for _, c := range []Card{
			{Number: "4242424242424241", ExpMonth: "12", ExpYear: "2030", CVV: "123", PostalCode: "43215"},    // Luhn
			{Number: "4242424242424242", ExpMonth: "1", ExpYear: "2020", CVV: "123", PostalCode: "43215"},     // expired
			{Number: "378282246310005", ExpMonth: "12", ExpYear: "2030", CVV: "123", PostalCode: "43215"},     // Amex CVV
			{Number: "3530111333300000", ExpMonth: "12", ExpYear: "2030", CVV: "123", PostalCode: "43215"},    // JCB
			{Number: "4242424242424242", ExpMonth: "12", ExpYear: "2030", CVV: "123", PostalCode: "SW1A 1AA"}, // postal code
		} {
			_, err := p.Tokenize(ctx, c)
			fe := wantFault(t, err, fault.Invalid, "card_invalid")
			if len(fe.Fields) != 1 {
				t.Errorf("%v: fields %v", c, fe.Fields)
			}
		}
		_, err := p.Tokenize(ctx, Card{Number: "3530111333300000", ExpMonth: "12", ExpYear: "2030", CVV: "123", PostalCode: "43215"})
		if fe, _ := fault.As(err); fe.Fields[FieldNumber] != "We accept Amex, Discover, MasterCard and Visa." {
			t.Errorf("unsupported brand: %v", fe.Fields)
		}
		if vals := values(t, st); len(vals) != 0 {
			t.Errorf("stored %v", vals)
		}
	})
}

func TestTwoProcessors(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		reg := Builtin(st)
		if ids := reg.IDs(); strings.Join(ids, ",") != "hosted,second" {
			t.Errorf("IDs = %v", ids)
		}
		hosted, err := reg.Get(HostedID)
		if err != nil {
			t.Fatal(err)
		}
		second, err := reg.Get(SecondID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := reg.Get("paypal"); !fault.Is(err, fault.Invalid) {
			t.Errorf("Get(paypal) err = %v", err)
		}
		c := card("4242424242424242", "123")
		ht, err := hosted.Tokenize(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		stok, err := second.Tokenize(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(ht.ID, "tok_") || ht.Processor != "hosted" || !strings.HasPrefix(stok.ID, "pm_") || stok.Processor != "second" {
			t.Errorf("tokens %+v %+v", ht, stok)
		}
		// A processor does not know the other's tokens.
		_, err = second.Lookup(ctx, ht.ID)
		wantFault(t, err, fault.Invalid, "card_not_found")
		a, err := second.Authorize(ctx, stok.ID, 1299, "order-1")
		if err != nil || !strings.HasPrefix(a.ID, "pi_") || a.Processor != "second" {
			t.Errorf("second Authorize = %+v, %v", a, err)
		}
		// The same idempotency key at another processor is another payment.
		b, err := hosted.Authorize(ctx, ht.ID, 1299, "order-1")
		if err != nil || !strings.HasPrefix(b.ID, "auth_") || b.ID == a.ID {
			t.Errorf("hosted Authorize = %+v, %v", b, err)
		}
		if err := hosted.Capture(ctx, a.ID); !fault.Is(err, fault.NotFound) {
			t.Errorf("hosted Capture(second's auth) = %v", err)
		}
	})
}

func TestTokenExpiryAndKeep(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		p := NewHosted(st)
		c := card("4242424242424242", "123")

		unsaved, _ := p.Tokenize(ctx, c)
		saved, _ := p.Tokenize(ctx, c)
		if err := p.Keep(ctx, saved.ID); err != nil {
			t.Fatal(err)
		}
		if ttl := st.Client.TTL(ctx, p.tokenKey(saved.ID)).Val(); ttl != -1 {
			t.Errorf("kept token TTL %v, want none", ttl)
		}
		if err := p.Keep(ctx, saved.ID); err != nil {
			t.Errorf("Keep twice: %v", err)
		}
		expire(t, st, p.tokenKey(unsaved.ID), TokenTTL+time.Minute)

		_, err := p.Lookup(ctx, unsaved.ID)
		fe := wantFault(t, err, fault.Gone, "card_expired")
		if fe.Message != "Your card details expired. Please enter them again." {
			t.Errorf("message %q", fe.Message)
		}
		_, err = p.Authorize(ctx, unsaved.ID, 500, "k-expired")
		wantFault(t, err, fault.Gone, "card_expired")
		wantFault(t, p.Keep(ctx, unsaved.ID), fault.Gone, "card_expired")

		if _, err := p.Lookup(ctx, saved.ID); err != nil {
			t.Errorf("kept token: %v", err)
		}
		if _, err := p.Authorize(ctx, saved.ID, 500, "k-saved"); err != nil {
			t.Errorf("authorize kept token: %v", err)
		}

		for _, id := range []string{"", "tok_", "tok_nothex", "pm_00112233445566778899aabbccddeeff", "00112233445566778899aabbccddeeff"} {
			_, err := p.Lookup(ctx, id)
			wantFault(t, err, fault.Invalid, "card_not_found")
			_, err = p.Authorize(ctx, id, 500, "k-"+id)
			wantFault(t, err, fault.Invalid, "card_not_found")
		}

		if err := p.Forget(ctx, saved.ID); err != nil {
			t.Fatal(err)
		}
		_, err = p.Lookup(ctx, saved.ID)
		wantFault(t, err, fault.Gone, "card_expired")
		if err := p.Forget(ctx, saved.ID); err != nil {
			t.Errorf("Forget twice: %v", err)
		}
	})
}

func TestAuthorizeIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		p := NewHosted(st)
		tok, err := p.Tokenize(ctx, card("5555555555554444", "123"))
		if err != nil {
			t.Fatal(err)
		}
		a, err := p.Authorize(ctx, tok.ID, 2599, "order-42")
		if err != nil {
			t.Fatal(err)
		}
		if a.Status != StatusAuthorized || a.AmountCents != 2599 || a.TokenID != tok.ID || a.Processor != HostedID {
			t.Errorf("authorization %+v", a)
		}
		again, err := p.Authorize(ctx, tok.ID, 2599, "order-42")
		if err != nil || again != a {
			t.Errorf("replay = %+v, %v; want %+v", again, err, a)
		}
		// The token paid order 42: another order cannot use it.
		_, err = p.Authorize(ctx, tok.ID, 2599, "order-43")
		if fe := wantFault(t, err, fault.Rule, "card_token_used"); fe.Message != "This card was already used for an order. Enter the card again." {
			t.Error(fe.Message)
		}
		_, err = p.Authorize(ctx, tok.ID, 2600, "order-42")
		wantFault(t, err, fault.Conflict, "payment_conflict")

		// Many at once with one key: one authorization.
		tok, _ = p.Tokenize(ctx, card("5555555555554444", "123"))
		var wg sync.WaitGroup
		ids := make([]string, 8)
		errs := make([]error, 8)
		for i := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a, err := p.Authorize(ctx, tok.ID, 1000, "order-race")
				ids[i], errs[i] = a.ID, err
			}()
		}
		wg.Wait()
		for i := range ids {
			if errs[i] != nil || ids[i] != ids[0] {
				t.Errorf("concurrent authorize %d: %s, %v (first %s)", i, ids[i], errs[i], ids[0])
			}
		}
		auths := 0
		for k := range values(t, st) {
			if strings.Contains(k, ":auth:") {
				auths++
			}
		}
		if auths != 2 {
			t.Errorf("%d authorizations stored, want 2", auths)
		}

		if _, err := p.Authorize(ctx, tok.ID, 100, ""); err == nil {
			t.Error("empty idempotency key accepted")
		}
		if _, err := p.Authorize(ctx, tok.ID, 0, "zero"); err == nil {
			t.Error("zero amount accepted")
		}
	})
}

func TestTestCardsDecline(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		p := NewSecond(st)
		tests := []struct {
			number string
			kind   fault.Kind
			code   string
			msg    string
		}{
			{"4000000000000002", fault.Rule, "card_declined", "Your card was declined. Try another card."},
			{"4000 0000 0000 9995", fault.Rule, "card_declined", "Your card was declined for insufficient funds. Try another card."},
			{"4000000000000069", fault.Rule, "card_expired", "Your card has expired. Try another card."},
			{"4000000000000127", fault.Rule, "card_declined", "Your card's security code is incorrect. Check it or try another card."},
			{"4000000000000119", fault.Unavailable, "processor_error", "We couldn't reach the card processor. Please try again."},
		}
		for _, tt := range tests {
			tok, err := p.Tokenize(ctx, card(tt.number, "123"))
			if err != nil {
				t.Fatalf("%s: Tokenize: %v", tt.number, err)
			}
			for range 2 { // a retry with the same key declines again
				_, err = p.Authorize(ctx, tok.ID, 1500, "order-"+tt.number)
				if fe := wantFault(t, err, tt.kind, tt.code); fe.Message != tt.msg {
					t.Errorf("%s: message %q", tt.number, fe.Message)
				}
			}
		}
		for _, k := range mapKeys(values(t, st)) {
			if strings.Contains(k, ":auth:") || strings.Contains(k, ":idem:") {
				t.Errorf("a decline stored %s", k)
			}
		}
		for _, ok := range []string{"4242424242424242", "4000056655665556", "5555555555554444", "2223003122003222", "6011111111111117"} {
			tok, _ := p.Tokenize(ctx, card(ok, "123"))
			if _, err := p.Authorize(ctx, tok.ID, 1500, "ok-"+ok); err != nil {
				t.Errorf("%s: %v", ok, err)
			}
		}
		tok, _ := p.Tokenize(ctx, card("378282246310005", "1234"))
		if _, err := p.Authorize(ctx, tok.ID, 1500, "ok-amex"); err != nil {
			t.Errorf("amex: %v", err)
		}
	})
}

func mapKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

func TestSavedCardExpires(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		clock := now // March 2026
		p := New(st, Config{ID: HostedID, TokenPrefix: "tok_", AuthPrefix: "auth_", Now: fixedClock(&clock)})
		c := card("4242424242424242", "123")
		c.ExpMonth, c.ExpYear = "04", "2026"
		tok, err := p.Tokenize(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Keep(ctx, tok.ID); err != nil {
			t.Fatal(err)
		}
		clock = time.Date(2026, time.April, 30, 23, 0, 0, 0, time.UTC)
		if _, err := p.Authorize(ctx, tok.ID, 100, "april"); err != nil {
			t.Errorf("last day of the expiry month: %v", err)
		}
		clock = time.Date(2026, time.May, 1, 0, 0, 0, 0, time.UTC)
		_, err = p.Authorize(ctx, tok.ID, 100, "may")
		wantFault(t, err, fault.Rule, "card_expired")
	})
}

func TestCaptureAndVoid(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		p := NewHosted(st)
		tok, _ := p.Tokenize(ctx, card("6011111111111117", "123"))

		voided, err := p.Authorize(ctx, tok.ID, 1000, "v")
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Void(ctx, voided.ID); err != nil {
			t.Fatal(err)
		}
		if err := p.Void(ctx, voided.ID); err != nil {
			t.Errorf("void twice: %v", err)
		}
		if a, _ := p.Authorization(ctx, voided.ID); a.Status != StatusVoided {
			t.Errorf("status %q", a.Status)
		}
		wantFault(t, p.Capture(ctx, voided.ID), fault.Conflict, "payment_voided")
		if ttl := st.Client.TTL(ctx, p.authKey(voided.ID)).Val(); ttl <= 0 {
			t.Errorf("authorization TTL lost: %v", ttl)
		}
		// The idempotency key still returns the (now voided) authorization.
		if a, err := p.Authorize(ctx, tok.ID, 1000, "v"); err != nil || a.ID != voided.ID || a.Status != StatusVoided {
			t.Errorf("replay after void = %+v, %v", a, err)
		}

		captured, _ := p.Authorize(ctx, tok.ID, 1000, "c")
		if err := p.Capture(ctx, captured.ID); err != nil {
			t.Fatal(err)
		}
		if err := p.Capture(ctx, captured.ID); err != nil {
			t.Errorf("capture twice: %v", err)
		}
		if a, _ := p.Authorization(ctx, captured.ID); a.Status != StatusCaptured {
			t.Errorf("status %q", a.Status)
		}
		wantFault(t, p.Void(ctx, captured.ID), fault.Conflict, "payment_captured")

		for _, id := range []string{"", "auth_x", "auth_00112233445566778899aabbccddeeff", captured.ID + "0"} {
			wantFault(t, p.Capture(ctx, id), fault.NotFound, "authorization_not_found")
			wantFault(t, p.Void(ctx, id), fault.NotFound, "authorization_not_found")
		}

		// Concurrent void and capture: exactly one wins.
		tok, _ = p.Tokenize(ctx, card("6011111111111117", "123"))
		race, _ := p.Authorize(ctx, tok.ID, 1000, "race")
		var wg sync.WaitGroup
		var verr, cerr error
		wg.Add(2)
		go func() { defer wg.Done(); verr = p.Void(ctx, race.ID) }()
		go func() { defer wg.Done(); cerr = p.Capture(ctx, race.ID) }()
		wg.Wait()
		if (verr == nil) == (cerr == nil) {
			t.Errorf("void %v, capture %v: want exactly one to succeed", verr, cerr)
		}
	})
}

// A token from the card fields authorises one order, even when two submits use it at
// once; a voided authorization (the order failed) frees it, and a kept token (a saved
// card) pays any number of orders.
func TestTokenIsSingleUse(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		p := NewHosted(st)
		for round := range 10 {
			tok, err := p.Tokenize(ctx, card("4242424242424242", "123"))
			if err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i := range errs {
				wg.Go(func() {
					_, errs[i] = p.Authorize(ctx, tok.ID, 1000, fmt.Sprintf("order-%d-%d", round, i))
				})
			}
			wg.Wait()
			won := 0
			for _, err := range errs {
				if err == nil {
					won++
				} else {
					wantFault(t, err, fault.Rule, "card_token_used")
				}
			}
			if won != 1 {
				t.Fatalf("round %d: %d orders paid with one token", round, won)
			}
		}
		tok, _ := p.Tokenize(ctx, card("4242424242424242", "123"))
		a, err := p.Authorize(ctx, tok.ID, 1000, "failed-order")
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Void(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := p.Authorize(ctx, tok.ID, 1000, "retry-order"); err != nil {
			t.Fatalf("after the failed order's hold was released: %v", err)
		}
		saved, _ := p.Tokenize(ctx, card("5555555555554444", "123"))
		if err := p.Keep(ctx, saved.ID); err != nil {
			t.Fatal(err)
		}
		for i := range 3 {
			if _, err := p.Authorize(ctx, saved.ID, 1000, fmt.Sprintf("saved-%d", i)); err != nil {
				t.Fatalf("a saved card's order %d: %v", i, err)
			}
		}
	})
}
