// Package site holds the names and values the edge uses in more than one place: the
// brand, the ids of the built-in loyalty provider and its sign-in clients, the single
// sign-on return path, the Cache-Control values and the feature flags the page gives
// the browser. It imports nothing of the edge, so every layer may use it.
package site

import (
	"strconv"
	"time"
)

// The brand's defaults; BRAND_NAME and BRAND_SLUG override them for a deployment.
const (
	BrandName = "Henhouse"
	BrandSlug = "henhouse"
	// Team signs the messages the built-in loyalty provider sends.
	Team = "— The " + BrandName + " team"
	// CareersURL is the brand's careers site (CAREERS_URL overrides it): the
	// navigation's Careers entry, and the apply links of the city jobs pages.
	CareersURL = "https://careers." + BrandSlug + ".example"
)

// The built-in loyalty provider: its id in the tokens' provider claim (which the shell
// compares on every route change), and the clients that may use its sign-in page.
const (
	LoyaltyProviderID = "henhouse-loyalty"
	WebClientID       = "henhouse-web"
	AppClientID       = "henhouse-app"
)

// Where single sign-on returns with a code: the native app's screen, and the web's
// sign-in page.
const (
	AppCodePath = "/app/code"
	SignInPath  = "/account/signin"
)

// Cache-Control values.
const (
	// NoStore: secrets and one-time answers (codes, tokens, sign-in pages).
	NoStore = "no-store"
	// PrivateNoStore: a member's or visitor's own data.
	PrivateNoStore = "private, no-store"
	// NoCache: kept but revalidated on every use (fixed-name entry files, pages).
	NoCache = "no-cache"
	// Immutable: content-hashed or versioned files that never change.
	Immutable = "public, max-age=31536000, immutable"
)

// PublicFor is a shared cache lifetime: "public, max-age=<seconds>".
func PublicFor(d time.Duration) string {
	return "public, max-age=" + strconv.Itoa(int(d/time.Second))
}

// Features are the feature flags in the page's bootstrap config. A new map each call,
// so a caller may change its copy. Every flag sent is read by the page; what each one
// does, and the product's flags left out because nothing would read them, are in
// docs/architecture.md, "Feature flags".
func Features() map[string]any {
	return map[string]any{
		"preselectDefaultModifiers":   true,
		"searchByCategoryDescription": true,
		"rewardsAtCheckout":           true,
		"showProductChips":            map[string]bool{"price": false, "calories": false},
	}
}

// BumpEarliestMinutes moves the earliest order time shown this much later than the
// kitchen's next ready time. The edge applies it to the times it answers, so the page
// needs no flag for it.
const BumpEarliestMinutes = 10
