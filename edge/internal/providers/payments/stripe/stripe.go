// Package stripe is a card processor on Stripe (docs/providers.md, "Stripe"): a
// PaymentIntent with capture_method=manual holds the money when the order is placed,
// is captured when the kitchen takes the order on, and is cancelled when the order is
// cancelled or fails. Tokens are Stripe PaymentMethod ids ("pm_…"), made in the
// browser by Stripe.js (the card never reaches the edge) or, without a publishable
// key, by Tokenize from the built-in card fields.
//
// Every call that moves money carries an idempotency key derived from the caller's,
// so a retried submit finds the hold it made instead of holding again.
package stripe

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	stripego "github.com/stripe/stripe-go/v82"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/payments"
)

// Config configures the Stripe processor.
type Config struct {
	// ID is the processor id locations name in card_processors ("second").
	ID string
	// SecretKey is the account's secret (sk_…) or restricted (rk_…) API key. Required.
	SecretKey string
	// APIURL is where Stripe's API is reached. Optional. Default: Stripe's API
	// (https://api.stripe.com); tests point it at stripe-mock.
	APIURL string
	// Currency of every amount. Optional. Default: "usd".
	Currency string
	// HTTPClient makes the calls. Optional. Default: a client with a 30 s timeout.
	HTTPClient *http.Client
	// MaxNetworkRetries is how often stripe-go retries a call that failed on the
	// network or with a 409/5xx (with the same idempotency key). Optional. Default: 2.
	MaxNetworkRetries *int64
	// Now is the clock card expiry is checked against. Optional. Default: time.Now.
	Now func() time.Time
}

// Processor is Stripe behind payments.Processor.
type Processor struct {
	id       string
	currency string
	c        *stripego.Client
	now      func() time.Time
}

var (
	_ payments.Processor = (*Processor)(nil)
	_ payments.Keeper    = (*Processor)(nil)
)

// New returns the processor; a missing or malformed secret key is an error naming
// STRIPE_SECRET_KEY, so the edge refuses to start rather than fail at the first order.
func New(cfg Config) (*Processor, error) {
	if cfg.ID == "" {
		return nil, errors.New("stripe: no processor id")
	}
	key := strings.TrimSpace(cfg.SecretKey)
	if key == "" {
		return nil, errors.New("stripe: STRIPE_SECRET_KEY is required")
	}
	if !strings.HasPrefix(key, "sk_") && !strings.HasPrefix(key, "rk_") {
		return nil, errors.New("stripe: STRIPE_SECRET_KEY must be a secret key (sk_…) or restricted key (rk_…), not a publishable key")
	}
	if cfg.Currency == "" {
		cfg.Currency = "usd"
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 30 * time.Second}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	bc := &stripego.BackendConfig{HTTPClient: cfg.HTTPClient, MaxNetworkRetries: cfg.MaxNetworkRetries,
		LeveledLogger: &stripego.LeveledLogger{Level: stripego.LevelNull}}
	if cfg.APIURL != "" {
		bc.URL = stripego.String(cfg.APIURL)
	}
	backends := &stripego.Backends{API: stripego.GetBackendWithConfig(stripego.APIBackend, bc)}
	// Connect, uploads and meter events are never called; they keep their own hosts.
	backends.Connect = stripego.GetBackendWithConfig(stripego.ConnectBackend, &stripego.BackendConfig{HTTPClient: cfg.HTTPClient})
	backends.Uploads = stripego.GetBackendWithConfig(stripego.UploadsBackend, &stripego.BackendConfig{HTTPClient: cfg.HTTPClient})
	backends.MeterEvents = stripego.GetBackendWithConfig(stripego.MeterEventsBackend, &stripego.BackendConfig{HTTPClient: cfg.HTTPClient})
	return &Processor{id: cfg.ID, currency: cfg.Currency, now: cfg.Now,
		c: stripego.NewClient(key, stripego.WithBackends(backends))}, nil
}

// ID implements payments.Processor.
func (p *Processor) ID() string { return p.id }

// MetadataKey is the PaymentIntent metadata field that holds the caller's idempotency
// key; Find searches by it.
const MetadataKey = "idempotency_key"

// A PaymentMethod id: "pm_…" from Stripe.js or Tokenize, or a card's "card_…" id,
// which Stripe takes where a PaymentMethod is asked for. Anything else is not
// Stripe's and is refused before a call.
var (
	tokenRE  = regexp.MustCompile(`^(pm|card)_[A-Za-z0-9_]{1,200}$`)
	intentRE = regexp.MustCompile(`^pi_[A-Za-z0-9_]{1,200}$`)
)

// stripeKey is the Idempotency-Key Stripe gets for an operation on our key: the
// operation is part of it, so the authorization and, say, a later cancel made for the
// same submit never share one; a key too long for Stripe (255) is hashed.
func stripeKey(op, key string) string {
	k := "henhouse-" + op + "-" + key
	if len(k) > 255 {
		sum := sha256.Sum256([]byte(key))
		k = "henhouse-" + op + "-" + hex.EncodeToString(sum[:])
	}
	return k
}

// Tokenize implements payments.Processor for the built-in card fields: the card is
// validated as the fields validate it, then sent to Stripe as a PaymentMethod. Stripe
// takes card numbers through its API only on accounts allowed to send them (raw card
// data); with STRIPE_PUBLISHABLE_KEY set the card frame uses Stripe.js instead and
// this is never called.
func (p *Processor) Tokenize(ctx context.Context, c payments.Card) (payments.Token, error) {
	if _, err := payments.Validate(c, p.now()); err != nil {
		return payments.Token{}, err
	}
	number, month, year := c.Parsed()
	params := &stripego.PaymentMethodCreateParams{
		Type: stripego.String(string(stripego.PaymentMethodTypeCard)),
		Card: &stripego.PaymentMethodCreateCardParams{Number: stripego.String(number), ExpMonth: stripego.Int64(int64(month)),
			ExpYear: stripego.Int64(int64(year)), CVC: stripego.String(strings.TrimSpace(c.CVV))},
		BillingDetails: &stripego.PaymentMethodCreateBillingDetailsParams{Address: &stripego.AddressParams{PostalCode: stripego.String(strings.TrimSpace(c.PostalCode))}},
	}
	if name := strings.TrimSpace(c.Name); name != "" {
		params.BillingDetails.Name = stripego.String(name)
	}
	pm, err := p.c.V1PaymentMethods.Create(ctx, params)
	if err != nil {
		return payments.Token{}, fromStripe("create payment method", err, payments.ErrTokenUnknown)
	}
	return p.token(pm)
}

// token is what a PaymentMethod tells of its card.
func (p *Processor) token(pm *stripego.PaymentMethod) (payments.Token, error) {
	if pm.Card == nil {
		return payments.Token{}, fault.New(fault.Invalid, "card_not_found", "That payment method isn't a card. Enter a card.")
	}
	return payments.Token{ID: pm.ID, Processor: p.id, Brand: payments.Brand(pm.Card.Brand), Last4: pm.Card.Last4,
		ExpMonth: int(pm.Card.ExpMonth), ExpYear: int(pm.Card.ExpYear), CreatedAt: time.Unix(pm.Created, 0).UTC()}, nil
}

func (p *Processor) paymentMethod(ctx context.Context, tokenID string) (*stripego.PaymentMethod, error) {
	if !tokenRE.MatchString(tokenID) {
		return nil, payments.ErrTokenUnknown()
	}
	pm, err := p.c.V1PaymentMethods.Retrieve(ctx, tokenID, nil)
	if err != nil {
		return nil, fromStripe("retrieve payment method", err, payments.ErrTokenUnknown)
	}
	return pm, nil
}

// Lookup implements payments.Processor: the brand, last four digits and expiry come
// from Stripe, never from the browser.
func (p *Processor) Lookup(ctx context.Context, tokenID string) (payments.Token, error) {
	pm, err := p.paymentMethod(ctx, tokenID)
	if err != nil {
		return payments.Token{}, err
	}
	return p.token(pm)
}

// Authorize implements payments.Processor: a PaymentIntent for amountCents,
// capture_method=manual, confirmed at once with the PaymentMethod. Stripe answers a
// repeated Idempotency-Key with the first answer, so a retried submit gets the same
// PaymentIntent and the card is held once; the key also goes into the intent's
// metadata, for Find.
func (p *Processor) Authorize(ctx context.Context, tokenID string, amountCents int64, idempotencyKey string) (payments.Authorization, error) {
	if idempotencyKey == "" {
		return payments.Authorization{}, errors.New("stripe: authorize without an idempotency key")
	}
	if amountCents <= 0 {
		return payments.Authorization{}, fmt.Errorf("stripe: authorize %d cents", amountCents)
	}
	pm, err := p.paymentMethod(ctx, tokenID)
	if err != nil {
		return payments.Authorization{}, err
	}
	params := &stripego.PaymentIntentCreateParams{
		Amount:        stripego.Int64(amountCents),
		Currency:      stripego.String(p.currency),
		CaptureMethod: stripego.String(string(stripego.PaymentIntentCaptureMethodManual)),
		Confirm:       stripego.Bool(true),
		PaymentMethod: stripego.String(pm.ID),
		// Cards only: with Stripe's automatic payment methods a confirm asks for a
		// return_url, for methods that redirect the guest away.
		PaymentMethodTypes: []*string{stripego.String("card")},
		Metadata:           map[string]string{MetadataKey: idempotencyKey},
	}
	if pm.Customer != nil && pm.Customer.ID != "" {
		// A saved card (Keep) is attached to a customer, and Stripe charges it only
		// with that customer named.
		params.Customer = stripego.String(pm.Customer.ID)
	}
	params.SetIdempotencyKey(stripeKey("authorize", idempotencyKey))
	pi, err := p.c.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return payments.Authorization{}, fromStripe("create payment intent", err, payments.ErrTokenUnknown)
	}
	a := payments.Authorization{ID: pi.ID, Processor: p.id, TokenID: pm.ID, AmountCents: pi.Amount, Status: status(pi.Status)}
	switch pi.Status {
	case stripego.PaymentIntentStatusRequiresCapture, stripego.PaymentIntentStatusSucceeded:
		return a, nil
	}
	// No hold: the intent is let go, so that nothing it might still become (an intent
	// "processing" that ends up holding) charges a guest told no.
	_ = p.Void(context.WithoutCancel(ctx), pi.ID)
	if pi.Status == stripego.PaymentIntentStatusRequiresAction {
		// The bank wants the guest to confirm (3-D Secure), which happens in the
		// browser.
		return payments.Authorization{}, errAuthentication()
	}
	if pi.LastPaymentError != nil {
		return payments.Authorization{}, fromStripe("confirm payment intent", pi.LastPaymentError, payments.ErrTokenUnknown)
	}
	return payments.Authorization{}, errDeclined()
}

// status is a PaymentIntent's status as an authorization's; "" for an intent that
// holds no money (declined, or waiting for the guest).
func status(s stripego.PaymentIntentStatus) string {
	switch s {
	case stripego.PaymentIntentStatusRequiresCapture:
		return payments.StatusAuthorized
	case stripego.PaymentIntentStatusSucceeded:
		return payments.StatusCaptured
	case stripego.PaymentIntentStatusCanceled:
		return payments.StatusVoided
	}
	return ""
}

// Find implements payments.Processor with Stripe's search by the metadata Authorize
// writes. Stripe's search is eventually consistent (an intent is searchable within
// about a minute of its creation), which the checkout sweep's wait covers in part:
// an intent Find misses is released by the card network after about a week.
func (p *Processor) Find(ctx context.Context, idempotencyKey string) (payments.Authorization, bool, error) {
	q := fmt.Sprintf("metadata['%s']:'%s'", MetadataKey, strings.ReplaceAll(idempotencyKey, "'", `\'`))
	params := &stripego.PaymentIntentSearchParams{SearchParams: stripego.SearchParams{Query: q, Limit: stripego.Int64(10)}}
	var found payments.Authorization
	for pi, err := range p.c.V1PaymentIntents.Search(ctx, params) {
		if err != nil {
			return payments.Authorization{}, false, fromStripe("search payment intents", err, payments.ErrAuthorizationUnknown)
		}
		st := status(pi.Status)
		if pi.Metadata[MetadataKey] != idempotencyKey || st == "" {
			continue
		}
		a := payments.Authorization{ID: pi.ID, Processor: p.id, AmountCents: pi.Amount, Status: st}
		if pi.PaymentMethod != nil {
			a.TokenID = pi.PaymentMethod.ID
		}
		// One key makes one intent; should a search answer more, a live hold wins.
		if found.ID == "" || found.Status == payments.StatusVoided {
			found = a
		}
	}
	return found, found.ID != "", nil
}

// Capture implements payments.Processor: the PaymentIntent is captured in full.
// Capturing a captured intent is not an error; a cancelled one is Conflict
// "payment_voided".
func (p *Processor) Capture(ctx context.Context, authID string) error {
	if !intentRE.MatchString(authID) {
		return payments.ErrAuthorizationUnknown()
	}
	params := &stripego.PaymentIntentCaptureParams{}
	params.SetIdempotencyKey(stripeKey("capture", authID))
	_, err := p.c.V1PaymentIntents.Capture(ctx, authID, params)
	switch unexpectedState(err) {
	case stripego.PaymentIntentStatusSucceeded:
		return nil
	case stripego.PaymentIntentStatusCanceled:
		return payments.ErrVoided()
	}
	if err != nil {
		return fromStripe("capture payment intent", err, payments.ErrAuthorizationUnknown)
	}
	return nil
}

// Void implements payments.Processor: the PaymentIntent is cancelled, which releases
// the hold. Cancelling a cancelled intent is not an error; a captured one is Conflict
// "payment_captured" (giving the money back takes a refund).
func (p *Processor) Void(ctx context.Context, authID string) error {
	if !intentRE.MatchString(authID) {
		return payments.ErrAuthorizationUnknown()
	}
	params := &stripego.PaymentIntentCancelParams{}
	params.SetIdempotencyKey(stripeKey("cancel", authID))
	_, err := p.c.V1PaymentIntents.Cancel(ctx, authID, params)
	switch unexpectedState(err) {
	case stripego.PaymentIntentStatusCanceled:
		return nil
	case stripego.PaymentIntentStatusSucceeded:
		return payments.ErrCaptured()
	}
	if err != nil {
		return fromStripe("cancel payment intent", err, payments.ErrAuthorizationUnknown)
	}
	return nil
}

// unexpectedState is the status of the PaymentIntent a capture or cancel was refused
// for being in, or "".
func unexpectedState(err error) stripego.PaymentIntentStatus {
	var se *stripego.Error
	if errors.As(err, &se) && se.Code == stripego.ErrorCodePaymentIntentUnexpectedState && se.PaymentIntent != nil {
		return se.PaymentIntent.Status
	}
	return ""
}

// Keep implements payments.Keeper for a card the guest saves: Stripe charges a
// PaymentMethod more than once only when it is attached to a customer, so it is
// attached to a new one (once: an attached card is left as it is).
func (p *Processor) Keep(ctx context.Context, tokenID string) error {
	pm, err := p.paymentMethod(ctx, tokenID)
	if err != nil {
		return err
	}
	if pm.Customer != nil && pm.Customer.ID != "" {
		return nil
	}
	cp := &stripego.CustomerCreateParams{Metadata: map[string]string{"payment_method": pm.ID}}
	cp.SetIdempotencyKey(stripeKey("keep", pm.ID))
	cus, err := p.c.V1Customers.Create(ctx, cp)
	if err != nil {
		return fromStripe("create customer", err, payments.ErrTokenUnknown)
	}
	ap := &stripego.PaymentMethodAttachParams{Customer: stripego.String(cus.ID)}
	ap.SetIdempotencyKey(stripeKey("attach", pm.ID))
	if _, err := p.c.V1PaymentMethods.Attach(ctx, pm.ID, ap); err != nil {
		return fromStripe("attach payment method", err, payments.ErrTokenUnknown)
	}
	return nil
}

// Forget implements payments.Keeper: the PaymentMethod is detached from its customer
// and can no longer be charged. Forgetting a card Stripe no longer has is not an error.
func (p *Processor) Forget(ctx context.Context, tokenID string) error {
	if !tokenRE.MatchString(tokenID) {
		return payments.ErrTokenUnknown()
	}
	_, err := p.c.V1PaymentMethods.Detach(ctx, tokenID, nil)
	var se *stripego.Error
	if errors.As(err, &se) && (se.Code == stripego.ErrorCodeResourceMissing || se.Code == stripego.ErrorCodePaymentMethodUnexpectedState) {
		return nil
	}
	if err != nil {
		return fromStripe("detach payment method", err, payments.ErrTokenUnknown)
	}
	return nil
}
