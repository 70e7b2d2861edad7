package server

import (
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/henhouse/platform/edge/internal/providers/payments"
	"github.com/henhouse/platform/edge/internal/providers/payments/stripe"
	"github.com/henhouse/platform/edge/internal/store"
)

// The card processors (docs/providers.md, "Stripe"): "hosted" is always the built-in
// processor; "second" is the built-in one too unless CARD_PROCESSOR_SECOND=stripe
// puts Stripe there.

// Values of CARD_PROCESSOR_SECOND.
const (
	ProcessorBuiltin = "builtin"
	ProcessorStripe  = "stripe"
)

// stripeVars are the settings that mean something only with CARD_PROCESSOR_SECOND=stripe.
var stripeVars = []string{"STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_API_URL"}

// read reads CARD_PROCESSOR_SECOND and the STRIPE_* settings. A Stripe setting without
// Stripe chosen, or Stripe without its secret key, is a mistake that would otherwise
// show only at a guest's first card payment, so it stops the edge at start.
func (c *CardsConfig) read(environment string) error {
	c.Second = strings.ToLower(strings.TrimSpace(env("CARD_PROCESSOR_SECOND", ProcessorBuiltin)))
	c.StripeSecretKey = strings.TrimSpace(os.Getenv("STRIPE_SECRET_KEY"))
	c.StripePublishableKey = strings.TrimSpace(os.Getenv("STRIPE_PUBLISHABLE_KEY"))
	c.StripeAPIURL = strings.TrimRight(strings.TrimSpace(os.Getenv("STRIPE_API_URL")), "/")
	switch c.Second {
	case ProcessorBuiltin:
		for _, k := range stripeVars {
			if os.Getenv(k) != "" {
				return fmt.Errorf("%s is set but CARD_PROCESSOR_SECOND is builtin; set CARD_PROCESSOR_SECOND=stripe to take cards through Stripe, or unset %s", k, k)
			}
		}
		return nil
	case ProcessorStripe:
	default:
		return fmt.Errorf("CARD_PROCESSOR_SECOND must be builtin or stripe, got %q", os.Getenv("CARD_PROCESSOR_SECOND"))
	}
	switch k := c.StripeSecretKey; {
	case k == "":
		return fmt.Errorf("CARD_PROCESSOR_SECOND is stripe but STRIPE_SECRET_KEY (the account's secret key, sk_…) is not set")
	case !strings.HasPrefix(k, "sk_") && !strings.HasPrefix(k, "rk_"):
		return fmt.Errorf("STRIPE_SECRET_KEY must be a secret key (sk_…) or restricted key (rk_…), got one starting %q", prefixOf(k))
	}
	if k := c.StripePublishableKey; k != "" && !strings.HasPrefix(k, "pk_") {
		return fmt.Errorf("STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_…), got one starting %q", prefixOf(k))
	}
	if c.StripeAPIURL != "" {
		u, err := url.Parse(c.StripeAPIURL)
		if err != nil || u.Host == "" || u.User != nil || u.RawQuery != "" ||
			(u.Scheme != "https" && (u.Scheme != "http" || environment == "prod")) {
			return fmt.Errorf("STRIPE_API_URL must be an https URL such as https://api.stripe.com (http only outside prod), got %q", c.StripeAPIURL)
		}
	}
	return nil
}

// prefixOf shows how a key starts, never the key.
func prefixOf(k string) string {
	if i := strings.IndexByte(k, '_'); i > 0 && i < 5 {
		return k[:i+1]
	}
	return ""
}

// stripeFields reports whether the card frame of processor shows Stripe's Card
// Element: the processor is Stripe and a publishable key is set.
func (c CardsConfig) stripeFields(processor string) bool {
	return processor == payments.SecondID && c.Second == ProcessorStripe && c.StripePublishableKey != ""
}

// cardProcessors is the registry of card processors.
func cardProcessors(c CardsConfig, st *store.Store) (*payments.Registry, error) {
	if c.Second != ProcessorStripe {
		return payments.Builtin(st), nil
	}
	sp, err := stripe.New(stripe.Config{ID: payments.SecondID, SecretKey: c.StripeSecretKey, APIURL: c.StripeAPIURL})
	if err != nil {
		return nil, err
	}
	return payments.NewRegistry(payments.NewHosted(st), sp), nil
}
