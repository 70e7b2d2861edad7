package builtin

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

func home() loyalty.AddressInput {
	return loyalty.AddressInput{Label: "Home", Street: "12 Oak Ave", Unit: "Apt 3", City: "Columbus", State: "oh", ZIP: "43215", Instructions: "Ring twice"}
}

func TestSavedAddresses(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		_, err := e.p.AddAddress(ctx, m.ID, loyalty.AddressInput{State: "XX", ZIP: "4321", Instructions: strings.Repeat("x", 201)})
		fe := wantFault(t, err, fault.Invalid, "invalid")
		want := map[string]string{
			"label": "Give this address a name, like Home or Work", "street": "Enter the street address", "city": "Enter the city",
			"state": "Choose a state", "zip": "Enter a 5-digit ZIP code", "instructions": "Use at most 200 characters",
		}
		for k, v := range want {
			if fe.Fields[k] != v {
				t.Errorf("%s: %q, want %q", k, fe.Fields[k], v)
			}
		}
		a := must[loyalty.SavedAddress](t)(e.p.AddAddress(ctx, m.ID, home()))
		if !a.Default || a.State != "OH" || a.ID == "" || a.Street != "12 Oak Ave" || a.Unit != "Apt 3" || a.City != "Columbus" || a.ZIP != "43215" {
			t.Fatalf("first address %+v", a)
		}
		_, err = e.p.AddAddress(ctx, m.ID, home())
		wantFault(t, err, fault.Conflict, "address_exists")
		work := loyalty.AddressInput{Label: "Work", Street: "1 Main St", City: "Columbus", State: "OH", ZIP: "43215-1234"}
		w := must[loyalty.SavedAddress](t)(e.p.AddAddress(ctx, m.ID, work))
		if w.Default {
			t.Fatal("second address became the default")
		}
		work.Default = true
		w = must[loyalty.SavedAddress](t)(e.p.UpdateAddress(ctx, m.ID, w.ID, work))
		list := must[[]loyalty.SavedAddress](t)(e.p.Addresses(ctx, m.ID))
		if len(list) != 2 || list[0].ID != w.ID || !list[0].Default || list[1].Default {
			t.Fatalf("default moved: %+v", list)
		}
		_, err = e.p.UpdateAddress(ctx, m.ID, "addr_nothing", work)
		wantFault(t, err, fault.NotFound, "address_not_found")
		if err := e.p.RemoveAddress(ctx, m.ID, w.ID); err != nil {
			t.Fatal(err)
		}
		wantFault(t, e.p.RemoveAddress(ctx, m.ID, w.ID), fault.NotFound, "address_not_found")
		list = must[[]loyalty.SavedAddress](t)(e.p.Addresses(ctx, m.ID))
		if len(list) != 1 || list[0].ID != a.ID || list[0].Default {
			t.Fatalf("after removing the default: %+v", list)
		}
		for i := len(list); i < MaxAddresses; i++ {
			in := home()
			in.Street = fmt.Sprintf("%d Elm St", i+100)
			if _, err := e.p.AddAddress(ctx, m.ID, in); err != nil {
				t.Fatal(err)
			}
		}
		in := home()
		in.Street = "999 Full St"
		_, err = e.p.AddAddress(ctx, m.ID, in)
		wantFault(t, err, fault.Rule, "too_many_addresses")
	})
}

func visaToken() loyalty.CardInput {
	return loyalty.CardInput{Token: "tok_visa_8f3kQ2", Processor: "henpay", Brand: "Visa", Last4: "4242", ExpMonth: 12, ExpYear: 29, Nickname: "Everyday"}
}

func TestSavedCardsRejectCardNumbers(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		for _, tok := range []string{"4242424242424242", "4242 4242 4242 4242", "4242-4242-4242-4242", "tok_4111111111111111", "378282246310005", "12345678", "card:6011111111111117:x"} {
			in := visaToken()
			in.Token = tok
			_, err := e.p.AddCard(ctx, m.ID, in)
			fe := wantFault(t, err, fault.Invalid, "invalid")
			if !strings.Contains(fe.Fields["token"], "card number") {
				t.Errorf("%q: %v", tok, fe.Fields)
			}
		}
		in := visaToken()
		in.Nickname = "4242424242424242"
		_, err := e.p.AddCard(ctx, m.ID, in)
		fe := wantFault(t, err, fault.Invalid, "invalid")
		if fe.Fields["nickname"] == "" {
			t.Fatal("card number accepted as a nickname")
		}
		_, err = e.p.AddCard(ctx, m.ID, loyalty.CardInput{Token: "tok <script>", Brand: "diners", Last4: "42", ExpMonth: 13, ExpYear: 2029})
		fe = wantFault(t, err, fault.Invalid, "invalid")
		for _, f := range []string{"token", "brand", "last4", "exp_month"} {
			if fe.Fields[f] == "" {
				t.Errorf("no message for %s: %v", f, fe.Fields)
			}
		}
		in = visaToken()
		in.ExpMonth, in.ExpYear = 10, 2026
		_, err = e.p.AddCard(ctx, m.ID, in)
		fe = wantFault(t, err, fault.Invalid, "invalid")
		if fe.Fields["exp_year"] != "This card has expired" {
			t.Fatal(fe.Fields)
		}

		c := must[loyalty.SavedCard](t)(e.p.AddCard(ctx, m.ID, visaToken()))
		if c.Label != "Visa •••• 4242" || c.Brand != "visa" || c.ExpYear != 2029 || !c.Default || c.Expired || c.Token != "tok_visa_8f3kQ2" {
			t.Fatalf("card %+v", c)
		}
		_, err = e.p.AddCard(ctx, m.ID, visaToken())
		wantFault(t, err, fault.Conflict, "card_exists")
		mc := loyalty.CardInput{Token: "tok_mc_Zx81", Brand: "mastercard", Last4: "4444", ExpMonth: 1, ExpYear: 2030, Default: true}
		c2 := must[loyalty.SavedCard](t)(e.p.AddCard(ctx, m.ID, mc))
		cards := must[[]loyalty.SavedCard](t)(e.p.Cards(ctx, m.ID))
		if len(cards) != 2 || cards[0].ID != c2.ID || !cards[0].Default || cards[1].Default {
			t.Fatalf("cards %+v", cards)
		}
		// No stored field holds a card number.
		for _, raw := range e.st.Client.HGetAll(ctx, e.p.mk(m.ID, "cards")).Val() {
			if strings.Contains(raw, "number") || strings.Contains(raw, "cvv") {
				t.Fatalf("stored card: %s", raw)
			}
		}
		if err := e.p.RemoveCard(ctx, m.ID, c2.ID); err != nil {
			t.Fatal(err)
		}
		wantFault(t, e.p.RemoveCard(ctx, m.ID, c2.ID), fault.NotFound, "card_not_found")
		if cards := must[[]loyalty.SavedCard](t)(e.p.Cards(ctx, m.ID)); len(cards) != 1 || cards[0].Default {
			t.Fatalf("after removal %+v", cards)
		}
		// Cards expire in the programme's time zone.
		e.clk.Set(noon.AddDate(3, 2, 0))
		if cards := must[[]loyalty.SavedCard](t)(e.p.Cards(ctx, m.ID)); !cards[0].Expired {
			t.Fatal("card not shown as expired")
		}
	})
}

func TestFavoriteLocations(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t, func(in *loyalty.SignUpInput) { in.FavoriteLocationID = "" })
		if favs := must[[]string](t)(e.p.FavoriteLocations(ctx, m.ID)); len(favs) != 0 {
			t.Fatal(favs)
		}
		_, err := e.p.AddFavoriteLocation(ctx, m.ID, "closed-downtown")
		fe := wantFault(t, err, fault.Invalid, "invalid")
		if fe.Fields["location_id"] != "Choose a location from the list" {
			t.Fatal(fe.Fields)
		}
		for i := 0; i < MaxFavorites; i++ {
			e.clk.Add(time.Millisecond)
			if _, err := e.p.AddFavoriteLocation(ctx, m.ID, fmt.Sprintf("loc-%d", i)); err != nil {
				t.Fatal(err)
			}
		}
		// Adding one that is already there is fine; an eleventh is not.
		if favs := must[[]string](t)(e.p.AddFavoriteLocation(ctx, m.ID, "loc-3")); len(favs) != MaxFavorites || favs[0] != "loc-0" {
			t.Fatal(favs)
		}
		_, err = e.p.AddFavoriteLocation(ctx, m.ID, "loc-10")
		wantFault(t, err, fault.Rule, "too_many_favorites")
		favs := must[[]string](t)(e.p.RemoveFavoriteLocation(ctx, m.ID, "loc-0"))
		if len(favs) != MaxFavorites-1 || favs[0] != "loc-1" {
			t.Fatal(favs)
		}
		if _, err := e.p.AddFavoriteLocation(ctx, m.ID, "loc-10"); err != nil {
			t.Fatal(err)
		}
	})
}

// Processor tokens are random and often hold long digit runs between letters; those
// are not card numbers.
func TestRandomTokensAreNotCardNumbers(t *testing.T) {
	for _, tok := range []string{"tok_ab4111111111111111cd", "tok_9f4242424242424242e1", "tok_4111111111111111e"} {
		if looksLikeCardNumberInToken(tok) {
			t.Errorf("%q taken for a card number", tok)
		}
	}
	for _, tok := range []string{"tok_4111111111111111", "card:6011111111111117:x", "4242 4242 4242 4242"} {
		if !looksLikeCardNumberInToken(tok) {
			t.Errorf("%q not taken for a card number", tok)
		}
	}
}
