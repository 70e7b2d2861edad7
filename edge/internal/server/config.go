package server

import (
	"fmt"
	"math"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/henhouse/platform/edge/internal/botcheck"
	"github.com/henhouse/platform/edge/internal/clientip"
	"github.com/henhouse/platform/edge/internal/providers/feedback"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/ratelimit"
	"github.com/henhouse/platform/edge/internal/site"
)

// Config is the edge's configuration, read from the environment (README, "Environment").
type Config struct {
	Host         string // HOST, default 127.0.0.1
	Port         int    // PORT, default 8080
	RedisURL     string // REDIS_URL, default "" (embedded Redis, nothing kept)
	BuildDir     string // BUILD_DIR, default "build": shell/ and modules/ inside
	BrandName    string // BRAND_NAME, default site.BrandName
	BrandSlug    string // BRAND_SLUG, default site.BrandSlug
	AppPrefix    string // APP_PREFIX, default = BRAND_SLUG; starts every Redis key
	Environment  string // APP_ENV, default "prod"; any name but dev, development, local, test, testing, staging and stage is "prod"
	CookieSecure bool   // COOKIE_SECURE, default true
	CareersURL   string // CAREERS_URL, default site.CareersURL (https://careers.henhouse.example)
	// ModuleStore (MODULE_STORE) is where published module versions live when every
	// edge must see them: a gocloud.dev/blob bucket URL, s3://bucket?region=…
	// (endpoint=…&use_path_style=true for S3-compatible stores) or file:///path (a
	// shared volume). Optional. Default: "" (BUILD_DIR/modules on this edge's disk).
	ModuleStore string
	// ModuleCacheDir (MODULE_CACHE_DIR) is where an edge keeps the module files it
	// fetched from ModuleStore, checked, to serve them again. Optional. Default: ""
	// (a new temporary directory, removed at Close).
	ModuleCacheDir string
	// ContactEmail (CONTACT_EMAIL) is guest relations' address: the contact form's
	// messages are mailed there (docs/contact.md). Optional. Default:
	// guest-relations@<BRAND_SLUG>.example.
	ContactEmail string
	BodyLimit    int    // BODY_LIMIT bytes, default 65536
	TokenIssuer  string // TOKEN_ISSUER, default https://henhouse.local/loyalty
	// Recaptcha: RECAPTCHA_PROJECT, RECAPTCHA_API_KEY, RECAPTCHA_SITE_KEY and
	// RECAPTCHA_MIN_SCORE (default 0.5). Unset: the built-in bot check.
	Recaptcha botcheck.EnterpriseConfig
	// ProxyHeader (PROXY_HEADER) is the header in which the edge's proxies give the
	// client's address: X-Forwarded-For or Forwarded (a list: the rightmost address
	// that is not one of TrustedProxies is the client), or a one-address header such as
	// X-Real-IP. It is read only from requests whose peer is a trusted proxy.
	// Optional. Default: "" (no proxy; the peer's address is the client's).
	ProxyHeader string
	// TrustedProxies (TRUSTED_PROXIES) are the addresses and CIDR ranges of the edge's
	// proxies, comma-separated. Optional. Default: loopback, the private ranges and
	// link-local (clientip.DefaultTrusted).
	TrustedProxies []string
	// PasswordCost is the bcrypt cost of member passwords (0: the provider's default).
	PasswordCost int
	// loyaltyProgram, set by tests, is the program the edge runs on in place of the
	// built-in one (roles_loyalty.go): one that fills fewer roles.
	loyaltyProgram func(builtin loyalty.Provider) any
	// SiteURL (SITE_URL) is the site's public origin ("https://order.example.com"),
	// put before the links in mails the built-in providers send (a group order's
	// invitation, a receipt's order page, a password reset), which a mail client can
	// only follow whole. Optional. Default: "" (the links are paths).
	SiteURL string
	// MapTileURL (MAP_TILE_URL) is the location map's raster tile server, an http(s)
	// URL template with {z}, {x} and {y} ("https://tiles.example.com/{z}/{x}/{y}.png").
	// Optional. Default: "" (the offline base layer the site ships, which needs no
	// network and no tile provider's terms).
	MapTileURL string
	// MapAttribution (MAP_ATTRIBUTION) is the credit the tile provider requires, as
	// HTML, shown on the map. Optional. Default: "".
	MapAttribution string
	// MapMaxZoom (MAP_MAX_ZOOM) is the deepest zoom the tile server offers, 1 to 22.
	// Optional. Default: 18.
	MapMaxZoom int
	// OrderClockSpeed (ORDER_CLOCK_SPEED) is how many times faster than real time the
	// built-in ordering provider moves a placed order through preparing, ready and
	// completed, a number above 0 (60: a minute of the kitchen's time each second).
	// Optional. Default: 1.
	OrderClockSpeed float64
	// OrderClockStart (ORDER_CLOCK_START, RFC 3339) sets the built-in ordering
	// provider's clock to this time when the edge starts; it runs on in real time from
	// there. Opening hours, part-day menus and order times then behave as at that hour,
	// whatever the hour is: for demonstrations and browser tests. Refused in prod.
	// Optional. Default: the real time.
	OrderClockStart time.Time
	// EventsMax (EVENTS_MAX), EventsPerVisitor (EVENTS_PER_VISITOR) and
	// EventsPerAddress (EVENTS_PER_ADDRESS) cap the order event streams this edge holds
	// open: in all, per visitor and per client address, whole numbers from 1 to
	// 1,000,000 (a load test raises them). Optional. Default: 1000, 4 and 32.
	EventsMax, EventsPerVisitor, EventsPerAddress int
	// GroupLookups is how many requests on group order links (/api/groups/{code}…)
	// one client address may make, whatever their answers. Optional. Default: 60 a
	// minute.
	GroupLookups ratelimit.Limit
	// GroupMisses is how many group order codes that name no group one client address
	// may ask about; once they are used up, every request on a group order link from
	// that address is answered 429 until one more is allowed, so codes cannot be
	// guessed. Optional. Default: 10 per 15 minutes.
	GroupMisses ratelimit.Limit
	// GroupInvites is how many times one visitor may have a group order's link mailed
	// (each call up to 25 addresses); a client address may do it three times as often,
	// for an office behind one address. Optional. Default: 10 an hour.
	GroupInvites ratelimit.Limit
	// CheckoutLockTTL (CHECKOUT_LOCK_TTL, a Go duration from 1s to 10m) is how long a
	// checkout submit holds the cart and its idempotency key; an edge stopped
	// mid-submit blocks a retry this long, and the sweep voids the card holds such a
	// submit left this long after it began, checking once per this interval.
	// Optional. Default: 30s.
	CheckoutLockTTL time.Duration
	// DevEndpoints (DEV_ENDPOINTS, true or false) serves the developer's outbox
	// (/dev/outbox, /api/dev/outbox: every sign-in and reset code sent) and the
	// developer actions under /api/dev. They hand out accounts, so they are opt-in and
	// refused when APP_ENV looks like production. Optional. Default: false (`make
	// start` turns them on).
	DevEndpoints bool
	// TestCheckout (TEST_CHECKOUT, on or off) serves the native app team's checkout test
	// page, /app/testcheckout; off, that path is the 404 page. Optional. Default: off in
	// prod, on in other environments.
	TestCheckout bool
	// ContentProvider (CONTENT_PROVIDER) serves the content pages and popups: "builtin"
	// (the pages in the repo) or "storyblok" (docs/content.md). Optional. Default:
	// builtin.
	ContentProvider string
	// Storyblok configures the Storyblok content provider (STORYBLOK_*); read only when
	// ContentProvider is storyblok.
	Storyblok StoryblokConfig
	// LoyaltyProvider (LOYALTY_PROVIDER) runs the loyalty programme: "builtin" (the
	// programme on Redis) or "punchh" (a brand's PAR Punchh programme;
	// docs/providers.md). Optional. Default: builtin.
	LoyaltyProvider string
	// Punchh configures the PAR Punchh adapter (PUNCHH_*, punchh.go); read only when
	// LoyaltyProvider is punchh.
	Punchh PunchhConfig
	// Delivery configures the ops API, metrics and canaries (delivery.go).
	Delivery DeliveryConfig
	// Cards chooses the card processors (CARD_PROCESSOR_SECOND, STRIPE_*; stripe.go).
	Cards CardsConfig
}

// CardsConfig chooses the card processors (docs/providers.md, "Stripe"). Locations
// name the processors they take cards through in card_processors: "hosted" is always
// the built-in processor; "second" is the chain's own.
type CardsConfig struct {
	// Second (CARD_PROCESSOR_SECOND) is what "second" is: "builtin" (the built-in
	// processor on Redis, tokens pm_…) or "stripe". Optional. Default: builtin.
	Second string
	// StripeSecretKey (STRIPE_SECRET_KEY) is the Stripe account's secret key (sk_…) or
	// a restricted key (rk_…) allowed PaymentIntents, PaymentMethods and Customers.
	// Required when Second is stripe.
	StripeSecretKey string
	// StripePublishableKey (STRIPE_PUBLISHABLE_KEY, pk_…): with it, the card frame of a
	// location that takes cards through Stripe shows Stripe's Card Element, and the
	// card goes from the browser to Stripe only. Optional. Default: "" (the built-in
	// card fields, which send the card to Stripe through the edge: Stripe allows that
	// only on accounts enabled for raw card data).
	StripePublishableKey string
	// StripeAPIURL (STRIPE_API_URL) is where Stripe's API is reached. Optional.
	// Default: Stripe's API (https://api.stripe.com); tests point it at stripe-mock.
	StripeAPIURL string
}

// StoryblokConfig is the Storyblok content provider's configuration (docs/content.md).
type StoryblokConfig struct {
	// Token (STORYBLOK_TOKEN) is the space's public access token. Required.
	Token string
	// PreviewToken (STORYBLOK_PREVIEW_TOKEN) is the space's preview access token: with
	// it, editors opening the site from Storyblok's editor see drafts. Optional.
	// Default: "" (no preview).
	PreviewToken string
	// APIURL (STORYBLOK_API_URL) is the Content Delivery API's origin, per the space's
	// region (https://api-us.storyblok.com, …). Optional. Default:
	// https://api.storyblok.com.
	APIURL string
	// WebhookSecret (STORYBLOK_WEBHOOK_SECRET) signs Storyblok's webhook calls to POST
	// /api/cms/webhook. Optional. Default: "" (no webhook route; changes show within
	// CVInterval).
	WebhookSecret string
	// CVInterval (STORYBLOK_CV_INTERVAL, seconds) is how often the space's cache
	// version is read again. Optional. Default: 60.
	CVInterval time.Duration
	// CacheTTL (STORYBLOK_CACHE_TTL, seconds) bounds how long a story stays cached
	// under one cache version. Optional. Default: 3600.
	CacheTTL time.Duration
}

// DefaultMapMaxZoom is the deepest zoom of most raster tile servers.
const DefaultMapMaxZoom = 18

// ConfigFromEnv reads Config; bad values are errors, not silent defaults.
func ConfigFromEnv() (Config, error) {
	c := Config{
		Host: env("HOST", "127.0.0.1"), RedisURL: os.Getenv("REDIS_URL"),
		BuildDir: env("BUILD_DIR", "build"), BrandName: env("BRAND_NAME", site.BrandName),
		BrandSlug: env("BRAND_SLUG", site.BrandSlug), Environment: env("APP_ENV", "prod"),
		CareersURL:  env("CAREERS_URL", site.CareersURL),
		TokenIssuer: env("TOKEN_ISSUER", DefaultTokenIssuer),
	}
	c.AppPrefix = env("APP_PREFIX", c.BrandSlug)
	if c.SiteURL = strings.TrimRight(strings.TrimSpace(os.Getenv("SITE_URL")), "/"); c.SiteURL != "" {
		if u, err := url.Parse(c.SiteURL); err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") || u.Path != "" {
			return c, fmt.Errorf("SITE_URL must be the site's origin such as https://order.example.com, got %q", c.SiteURL)
		}
	}
	c.ModuleStore = strings.TrimSpace(os.Getenv("MODULE_STORE"))
	c.ModuleCacheDir = os.Getenv("MODULE_CACHE_DIR")
	if err := checkModuleStore(c.ModuleStore); err != nil {
		return c, err
	}
	c.ContactEmail = env("CONTACT_EMAIL", feedback.DefaultTo(c.BrandSlug))
	if a, err := mail.ParseAddress(c.ContactEmail); err != nil || a.Address != c.ContactEmail {
		return c, fmt.Errorf("CONTACT_EMAIL must be one email address, like guest-relations@example.com, got %q", c.ContactEmail)
	}
	c.Environment = environmentName(c.Environment) // "Production", "eu-prod", "live": every check below sees prod
	if v := os.Getenv("DEV_ENDPOINTS"); v != "" {
		on, err := strconv.ParseBool(v)
		if err != nil {
			return c, fmt.Errorf("DEV_ENDPOINTS must be true or false, got %q", v)
		}
		if on && c.Environment == "prod" {
			return c, fmt.Errorf("DEV_ENDPOINTS hands out sign-in codes; it is refused when APP_ENV is production (%q)", os.Getenv("APP_ENV"))
		}
		c.DevEndpoints = on
	}
	c.ProxyHeader = strings.TrimSpace(os.Getenv("PROXY_HEADER"))
	for _, p := range strings.Split(os.Getenv("TRUSTED_PROXIES"), ",") {
		if p = strings.TrimSpace(p); p != "" {
			c.TrustedProxies = append(c.TrustedProxies, p)
		}
	}
	if _, err := clientip.New(c.ProxyHeader, c.TrustedProxies); err != nil {
		return c, fmt.Errorf("PROXY_HEADER and TRUSTED_PROXIES: %w", err)
	}
	c.Recaptcha = botcheck.EnterpriseConfig{ProjectID: os.Getenv("RECAPTCHA_PROJECT"), APIKey: os.Getenv("RECAPTCHA_API_KEY"), SiteKey: os.Getenv("RECAPTCHA_SITE_KEY")}
	if v := os.Getenv("RECAPTCHA_MIN_SCORE"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 0 || f > 1 {
			return c, fmt.Errorf("RECAPTCHA_MIN_SCORE must be a number from 0 to 1, got %q", v)
		}
		c.Recaptcha.Threshold = f
	}
	var err error
	if c.Port, err = strconv.Atoi(env("PORT", "8080")); err != nil || c.Port < 0 || c.Port > 65535 {
		return c, fmt.Errorf("PORT must be a port number, got %q", os.Getenv("PORT"))
	}
	if c.BodyLimit, err = strconv.Atoi(env("BODY_LIMIT", "65536")); err != nil || c.BodyLimit < 1024 {
		return c, fmt.Errorf("BODY_LIMIT must be a byte count of at least 1024, got %q", os.Getenv("BODY_LIMIT"))
	}
	if c.CookieSecure, err = strconv.ParseBool(env("COOKIE_SECURE", "true")); err != nil {
		return c, fmt.Errorf("COOKIE_SECURE must be true or false, got %q", os.Getenv("COOKIE_SECURE"))
	}
	if strings.ContainsAny(c.BrandSlug, "/- ") || c.BrandSlug == "" {
		return c, fmt.Errorf("BRAND_SLUG must be one word of letters and digits, got %q", c.BrandSlug)
	}
	if err := c.readMap(); err != nil {
		return c, err
	}
	if err := c.readTestSettings(); err != nil {
		return c, err
	}
	if c.CheckoutLockTTL, err = time.ParseDuration(env("CHECKOUT_LOCK_TTL", "30s")); err != nil || c.CheckoutLockTTL < time.Second || c.CheckoutLockTTL > 10*time.Minute {
		return c, fmt.Errorf("CHECKOUT_LOCK_TTL must be a duration from 1s to 10m such as 30s, got %q", os.Getenv("CHECKOUT_LOCK_TTL"))
	}
	if err := c.readLoyalty(); err != nil {
		return c, err
	}
	if err := c.readContent(); err != nil {
		return c, err
	}
	if err := c.readDelivery(); err != nil {
		return c, err
	}
	if err := c.Cards.read(c.Environment); err != nil {
		return c, err
	}
	if abs, err := filepath.Abs(c.BuildDir); err == nil {
		c.BuildDir = abs
	}
	return c, nil
}

// readMap reads the map's base layer: a tile URL the map could not use would only
// show as a blank map in the browser, so it stops the edge at start instead.
func (c *Config) readMap() error {
	c.MapTileURL = strings.TrimSpace(os.Getenv("MAP_TILE_URL"))
	c.MapAttribution = strings.TrimSpace(os.Getenv("MAP_ATTRIBUTION"))
	if c.MapTileURL != "" && !validTileURL(c.MapTileURL) {
		return fmt.Errorf("MAP_TILE_URL must be an http or https URL template with {z}, {x} and {y}, got %q", c.MapTileURL)
	}
	z, err := strconv.Atoi(env("MAP_MAX_ZOOM", strconv.Itoa(DefaultMapMaxZoom)))
	if err != nil || z < 1 || z > 22 {
		return fmt.Errorf("MAP_MAX_ZOOM must be a whole number from 1 to 22, got %q", os.Getenv("MAP_MAX_ZOOM"))
	}
	c.MapMaxZoom = z
	return nil
}

// readTestSettings reads the settings that help test the site: the ordering clock's
// speed, the event stream caps and the checkout test page.
func (c *Config) readTestSettings() error {
	c.OrderClockSpeed = 1
	if v := os.Getenv("ORDER_CLOCK_SPEED"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f > 0) || math.IsInf(f, 0) {
			return fmt.Errorf("ORDER_CLOCK_SPEED must be a number above 0, got %q", v)
		}
		c.OrderClockSpeed = f
	}
	if v := os.Getenv("ORDER_CLOCK_START"); v != "" {
		t, err := time.Parse(time.RFC3339, v)
		if err != nil {
			return fmt.Errorf("ORDER_CLOCK_START must be an RFC 3339 time such as 2026-11-25T12:00:00-05:00, got %q", v)
		}
		if c.Environment == "prod" {
			return fmt.Errorf("ORDER_CLOCK_START is for demonstrations and tests; it is refused when APP_ENV is prod")
		}
		c.OrderClockStart = t
	}
	for _, cap := range []struct {
		key string
		def int
		to  *int
	}{{"EVENTS_MAX", 1000, &c.EventsMax}, {"EVENTS_PER_VISITOR", 4, &c.EventsPerVisitor}, {"EVENTS_PER_ADDRESS", 32, &c.EventsPerAddress}} {
		n, err := strconv.Atoi(env(cap.key, strconv.Itoa(cap.def)))
		if err != nil || n < 1 || n > 1_000_000 {
			return fmt.Errorf("%s must be a whole number from 1 to 1000000, got %q", cap.key, os.Getenv(cap.key))
		}
		*cap.to = n
	}
	switch v := os.Getenv("TEST_CHECKOUT"); v {
	case "":
		c.TestCheckout = c.Environment != "prod"
	case "on", "off":
		c.TestCheckout = v == "on"
	default:
		return fmt.Errorf("TEST_CHECKOUT must be on or off, got %q", v)
	}
	return nil
}

// readContent reads the content provider. A Storyblok setting without
// CONTENT_PROVIDER=storyblok, or the reverse, is a mistake that would otherwise show
// the wrong pages without a word, so it stops the edge at start.
func (c *Config) readContent() error {
	c.ContentProvider = strings.ToLower(strings.TrimSpace(env("CONTENT_PROVIDER", "builtin")))
	sb := &c.Storyblok
	sb.Token, sb.PreviewToken = strings.TrimSpace(os.Getenv("STORYBLOK_TOKEN")), strings.TrimSpace(os.Getenv("STORYBLOK_PREVIEW_TOKEN"))
	sb.WebhookSecret = os.Getenv("STORYBLOK_WEBHOOK_SECRET")
	sb.APIURL = strings.TrimRight(strings.TrimSpace(env("STORYBLOK_API_URL", "https://api.storyblok.com")), "/")
	switch c.ContentProvider {
	case "builtin":
		for _, k := range []string{"STORYBLOK_TOKEN", "STORYBLOK_PREVIEW_TOKEN", "STORYBLOK_API_URL", "STORYBLOK_WEBHOOK_SECRET", "STORYBLOK_CV_INTERVAL", "STORYBLOK_CACHE_TTL"} {
			if os.Getenv(k) != "" {
				return fmt.Errorf("%s is set but CONTENT_PROVIDER is builtin; set CONTENT_PROVIDER=storyblok to serve pages from Storyblok, or unset %s", k, k)
			}
		}
		return nil
	case "storyblok":
	default:
		return fmt.Errorf("CONTENT_PROVIDER must be builtin or storyblok, got %q", os.Getenv("CONTENT_PROVIDER"))
	}
	if sb.Token == "" {
		return fmt.Errorf("CONTENT_PROVIDER is storyblok but STORYBLOK_TOKEN (the space's public access token) is not set")
	}
	if sb.PreviewToken != "" && sb.PreviewToken == sb.Token {
		return fmt.Errorf("STORYBLOK_PREVIEW_TOKEN must be the space's preview token, not the public STORYBLOK_TOKEN")
	}
	u, err := url.Parse(sb.APIURL)
	if err != nil || u.Host == "" || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" ||
		(u.Scheme != "https" && (u.Scheme != "http" || c.Environment == "prod")) {
		return fmt.Errorf("STORYBLOK_API_URL must be an https origin such as https://api-us.storyblok.com (http only outside prod), got %q", sb.APIURL)
	}
	seconds := func(key string, def, max int) (time.Duration, error) {
		n, err := strconv.Atoi(env(key, strconv.Itoa(def)))
		if err != nil || n < 1 || n > max {
			return 0, fmt.Errorf("%s must be a whole number of seconds from 1 to %d, got %q", key, max, os.Getenv(key))
		}
		return time.Duration(n) * time.Second, nil
	}
	if sb.CVInterval, err = seconds("STORYBLOK_CV_INTERVAL", 60, 3600); err != nil {
		return err
	}
	if sb.CacheTTL, err = seconds("STORYBLOK_CACHE_TTL", 3600, 7*86400); err != nil {
		return err
	}
	return nil
}

// placeholder is one {name} of a tile URL template: {z}, {x}, {y}, and others map
// libraries fill in ({s} for a subdomain, {r} for retina tiles).
var placeholder = regexp.MustCompile(`\{[a-z]+\}`)

// validTileURL accepts an absolute http(s) URL template holding {z}, {x} and {y}.
func validTileURL(s string) bool {
	for _, p := range []string{"{z}", "{x}", "{y}"} {
		if !strings.Contains(s, p) {
			return false
		}
	}
	u, err := url.Parse(placeholder.ReplaceAllString(s, "0"))
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.User == nil
}

// nonProduction are the APP_ENV names, in lower case, of the environments that are
// not production.
var nonProduction = map[string]bool{
	"dev": true, "development": true, "local": true,
	"test": true, "testing": true, "staging": true, "stage": true,
}

// productionLike reports whether an APP_ENV name means production: every name but the
// non-production ones, in any case, so a name nobody listed ("eu-prod", "live-eu",
// "us-production", a typo) is production and never turns developer endpoints on.
func productionLike(name string) bool {
	return !nonProduction[strings.ToLower(strings.TrimSpace(name))]
}

// environmentName is the name every check compares: "prod" for production, else the
// non-production name in lower case.
func environmentName(name string) string {
	if productionLike(name) {
		return "prod"
	}
	return strings.ToLower(strings.TrimSpace(name))
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

// moduleStoreSchemes are the bucket kinds the edge registers (modules/source.go).
var moduleStoreSchemes = []string{"s3", "file"}

// checkModuleStore refuses a MODULE_STORE that is not a bucket URL the edge can open,
// at start rather than at the first publish.
func checkModuleStore(v string) error {
	if v == "" {
		return nil
	}
	u, err := url.Parse(v)
	if err != nil || !slices.Contains(moduleStoreSchemes, u.Scheme) || (u.Host == "" && u.Path == "") {
		return fmt.Errorf("MODULE_STORE must be a bucket URL (s3://bucket?region=… or file:///path), got %q", v)
	}
	return nil
}
