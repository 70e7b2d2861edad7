package server

import (
	"context"
	"github.com/henhouse/platform/edge/internal/fault"
	"strconv"
	"strings"

	orderingapi "github.com/henhouse/platform/edge/internal/api/ordering"
	"github.com/henhouse/platform/edge/internal/providers/careers"
	"github.com/henhouse/platform/edge/internal/providers/geocode"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/providers/payments"
)

// geoAdapter gives the ordering provider and API the best place for a query.
type geoAdapter struct{ g geocode.Geocoder }

func (a geoAdapter) Locate(ctx context.Context, q string) (float64, float64, error) {
	ps, err := a.g.Geocode(ctx, q)
	if err != nil {
		return 0, 0, err
	}
	return ps[0].Lat, ps[0].Lng, nil
}

// cardAdapter lets the ordering provider charge tokens of the payment processors.
type cardAdapter struct{ reg *payments.Registry }

func (a cardAdapter) Authorize(ctx context.Context, processor, token string, amount int64, key string) (string, string, error) {
	p, err := a.reg.Get(processor)
	if err != nil {
		return "", "", err
	}
	tok, err := p.Lookup(ctx, token)
	if err != nil {
		return "", "", err
	}
	auth, err := p.Authorize(ctx, token, amount, key)
	if err != nil {
		return "", "", err
	}
	return auth.ID, payments.Label(tok.Brand, tok.Last4), nil
}

func (a cardAdapter) Capture(ctx context.Context, processor, ref string) error {
	p, err := a.reg.Get(processor)
	if err != nil {
		return err
	}
	return p.Capture(ctx, ref)
}

func (a cardAdapter) Void(ctx context.Context, processor, ref string) error {
	p, err := a.reg.Get(processor)
	if err != nil {
		return err
	}
	return p.Void(ctx, ref)
}

func (a cardAdapter) Authorized(ctx context.Context, processor, key string) (string, error) {
	p, err := a.reg.Get(processor)
	if err != nil {
		return "", err
	}
	auth, ok, err := p.Find(ctx, key)
	if err != nil || !ok || auth.Status == payments.StatusVoided {
		return "", err
	}
	return auth.ID, nil
}

// keep makes the token of a card being saved permanent at the processor that issued
// it; a member who did not name the processor has the token looked for at each.
func (a cardAdapter) keep(ctx context.Context, processor, token string) error {
	ids := []string{processor}
	if processor == "" {
		ids = a.reg.IDs()
	}
	for _, id := range ids {
		p, err := a.reg.Get(id)
		if err != nil {
			return err
		}
		k, ok := p.(payments.Keeper)
		if !ok {
			continue // its tokens do not expire
		}
		err = k.Keep(ctx, token)
		if processor == "" && fault.Is(err, fault.NotFound) {
			continue // not one of this processor's tokens
		}
		return err
	}
	if processor == "" {
		return fault.New(fault.Invalid, "card_not_found", "We couldn't find that card. Add it again and try once more.").Field("token", "unknown card")
	}
	return nil
}

// cardOf is what the processor that issued a token recorded for it (each processor is
// asked when the member did not name one): a saved card's brand, last 4 digits and
// expiry come from here, never from the request.
func (a cardAdapter) cardOf(ctx context.Context, processor, token string) (loyalty.CardInput, error) {
	ids := []string{processor}
	if processor == "" {
		ids = a.reg.IDs()
	}
	for _, id := range ids {
		p, err := a.reg.Get(id)
		if err != nil {
			return loyalty.CardInput{}, err
		}
		tok, err := p.Lookup(ctx, token)
		if processor == "" && fault.Is(err, fault.NotFound) {
			continue // not one of this processor's tokens
		}
		if err != nil {
			return loyalty.CardInput{}, err
		}
		return loyalty.CardInput{Token: tok.ID, Processor: tok.Processor, Brand: string(tok.Brand), Last4: tok.Last4, ExpMonth: tok.ExpMonth, ExpYear: tok.ExpYear}, nil
	}
	return loyalty.CardInput{}, fault.New(fault.Invalid, "card_not_found", "We couldn't find that card. Add it again and try once more.").Field("token", "unknown card")
}

// tokenize is the built-in hosted card fields: the card goes to the processor and
// only its token comes back.
func (a cardAdapter) tokenize(ctx context.Context, processor string, in orderingapi.CardInput) (orderingapi.CardToken, error) {
	p, err := a.reg.Get(processor)
	if err != nil {
		return orderingapi.CardToken{}, err
	}
	tok, err := p.Tokenize(ctx, payments.Card{Number: in.Number, ExpMonth: expiryPart(in.ExpMonth), ExpYear: expiryPart(in.ExpYear), CVV: in.CVV, PostalCode: in.PostalCode, Name: strings.TrimSpace(in.Name)})
	if err != nil {
		return orderingapi.CardToken{}, err
	}
	return orderingapi.CardToken{Token: tok.ID, Processor: tok.Processor, Brand: string(tok.Brand), Last4: tok.Last4, ExpMonth: tok.ExpMonth, ExpYear: tok.ExpYear}, nil
}

// billingAdapter charges subscription periods to a card token through whichever card
// processor issued the token.
type billingAdapter struct{ cards cardAdapter }

func (b billingAdapter) Charge(ctx context.Context, token string, amountCents int64, key string) (string, error) {
	for _, id := range b.cards.reg.IDs() {
		p, err := b.cards.reg.Get(id)
		if err != nil {
			continue
		}
		if _, err := p.Lookup(ctx, token); err != nil {
			continue
		}
		auth, err := p.Authorize(ctx, token, amountCents, key)
		if err != nil {
			return "", err
		}
		// A subscription period is paid for at once: the hold is taken. A capture that
		// fails leaves the hold, which the renewal's retry (same key) finds and takes.
		if err := p.Capture(ctx, auth.ID); err != nil {
			return "", err
		}
		return auth.ID, nil
	}
	return "", fault.New(fault.Invalid, "card_not_found", "We couldn't find that card. Add it again and try once more.").Field("payment_token", "unknown card")
}

// hiringLocations gives the careers provider the ordering system's restaurants.
func hiringLocations(locations ordering.Locations) func(context.Context) ([]careers.Location, error) {
	return func(ctx context.Context) ([]careers.Location, error) {
		ls, err := locations.Locations(ctx)
		if err != nil {
			return nil, err
		}
		out := make([]careers.Location, len(ls))
		for i, l := range ls {
			out[i] = careers.Location{ID: l.ID, Name: l.Name,
				Address: careers.Address{Street: l.Address.Street, City: l.Address.City, State: l.Address.State, ZIP: l.Address.ZIP}}
		}
		return out, nil
	}
}

// expiryPart is an expiry month or year as the processors read it: the number, or
// empty when the field was not given (0), so that it is reported as missing rather
// than as out of range.
func expiryPart(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}
