// Package page renders the HTML document the edge answers every page request with:
// a small head (theme colour, title, description, shell styles, preloads of what the
// route loads), the page heading (inside the shell's prerendered chrome when the build
// has one), and the JSON bootstrap the shell starts from. The shell renders the rest.
//
// Everything that does not depend on the visitor is rendered once (Shell, per build;
// Release, per change of the module registry); a request writes those fragments and
// its own few values (docs/architecture.md, "Bootstrap").
//
// One file per concern: shell.go the document (Shell, Page, Append) and its preloads,
// title.go the document title, prerendered.go the prerendered screens (their slots and
// lists, parsed and filled), bootstrap.go the bootstrap JSON, release.go the module
// versions per visitor (Release) with their preloads, popup.go the early popup and the
// downloads that wait for it, htmlwrite.go the HTML and JSON escapes, and this file the
// types and the build's files the document is made from.
package page

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/routes"
)

// BootstrapVersion is bumped when the bootstrap's shape changes incompatibly.
const BootstrapVersion = 1

// Bootstrap is the JSON the shell starts from (docs/architecture.md, "Bootstrap").
type Bootstrap struct {
	Version int               `json:"version"`
	BuildID string            `json:"buildId"`
	Status  int               `json:"status"`
	Path    string            `json:"path"`
	Query   map[string]string `json:"query"`
	Route   RouteMatch        `json:"route"`
	Layout  routes.Layout     `json:"layout"`
	Heading string            `json:"heading"`
	// Routes is the edge's route table, compiled; the shell matches client-side
	// navigation against it.
	Routes  []*routes.Compiled        `json:"routes"`
	Modules map[string]modules.Module `json:"modules"`
	Config  Config                    `json:"config"`
	Session Session                   `json:"session"`
	CSRF    string                    `json:"csrf"`
	// Beacon is the page load's signed token, which the shell's beacons send back so
	// that they count towards a canary's health for the versions served (package
	// beacons). Empty: the beacons are metrics only.
	Beacon string `json:"beacon,omitempty"`
}

// RouteMatch is the matched route.
type RouteMatch struct {
	ID      string            `json:"id"`
	Module  string            `json:"module"`
	Screen  string            `json:"screen"`
	Heading routes.Heading    `json:"heading"`
	Params  map[string]string `json:"params"`
}

// Session is what the shell may know about the visitor's session.
type Session struct {
	SignedIn      bool `json:"signedIn"`
	ForcedSignOut bool `json:"forcedSignOut"`
	// LoggedOut: the request carried a token that is not the loyalty provider's or has no
	// version or one below the token version (docs/identity.md, "Tokens"); the edge
	// cleared it and the shell clears what it kept of the member.
	LoggedOut bool `json:"loggedOut"`
	// Token holds the token's non-secret claims the shell checks on every route change
	// (provider and version, docs/shell.md); the token itself stays in an HttpOnly cookie.
	Token *TokenClaims `json:"token"`
	// HasCart: the visitor has an open cart on the server, so the shell fetches it at
	// start-up.
	HasCart bool `json:"hasCart"`
}

// SignedOut tells a visitor with neither a member session nor a token's claims: what a
// signed-out prerendered screen ("signedOut") and a member's page's redirect to sign in
// rely on.
func (s Session) SignedOut() bool {
	return !s.SignedIn && s.Token == nil
}

// TokenClaims are the member token's provider and version claims.
type TokenClaims struct {
	Provider string `json:"provider"`
	Version  string `json:"version"`
}

// Config is public, per-deployment configuration: brand, versions, environment,
// feature flags, the bot-check settings and the map's base layer.
type Config struct {
	BrandName       string         `json:"brandName"`
	BrandSlug       string         `json:"brandSlug"`
	AppPrefix       string         `json:"appPrefix"`
	AppVersion      string         `json:"appVersion"`
	Environment     string         `json:"environment"`
	TokenVersion    string         `json:"tokenVersion"`
	LoyaltyProvider string         `json:"loyaltyProvider"`
	APIBase         string         `json:"apiBase"`
	CareersURL      string         `json:"careersUrl"`
	Features        map[string]any `json:"features"`
	BotCheck        BotCheck       `json:"botCheck"`
	Map             Map            `json:"map"`
	// BeaconSampleRate is the share of page loads that send beacons, 0 to 1; nil
	// (left out) for every page load.
	BeaconSampleRate *float64 `json:"beaconSampleRate,omitempty"`
}

// Map is the location map's base layer. An empty TileURL means the offline layer the
// site ships; otherwise raster tiles from that URL template, credited with
// Attribution (HTML) and zoomed no deeper than MaxZoom.
type Map struct {
	TileURL     string `json:"tileUrl"`
	Attribution string `json:"attribution"`
	MaxZoom     int    `json:"maxZoom"`
}

// BotCheck is the client bot-check configuration: reCAPTCHA Enterprise style,
// version 3, badge hidden (docs/identity.md).
type BotCheck struct {
	SiteKey    string `json:"siteKey"`
	Version    int    `json:"version"`
	Enterprise bool   `json:"enterprise"`
	HideBadge  bool   `json:"hideBadge"`
	ScriptURL  string `json:"scriptUrl"`
}

// Assets are the shell's built entry files, read from entrypoints.json.
type Assets struct {
	JS  []string `json:"js"`
	CSS []string `json:"css"`
	// Preload are the chunks the entry asks for as soon as it runs (the shell's own
	// code, React and the shared kit): the page preloads them, so they download beside
	// the entry instead of after it ran. Optional: an older build has none.
	Preload []string `json:"preload"`
	BuildID string   `json:"buildId"`
}

// LoadAssets reads <dir>/entrypoints.json written by the shell's build.
func LoadAssets(dir string) (Assets, error) {
	b, err := os.ReadFile(filepath.Join(dir, "entrypoints.json"))
	if err != nil {
		return Assets{}, fmt.Errorf("page: shell is not built (%w); run make build", err)
	}
	var a Assets
	if err := json.Unmarshal(b, &a); err != nil {
		return Assets{}, fmt.Errorf("page: entrypoints.json: %w", err)
	}
	if len(a.JS) == 0 {
		return Assets{}, fmt.Errorf("page: entrypoints.json lists no scripts")
	}
	return a, nil
}

// HeadingMarker stands, once, in each layout of chrome.json where the page heading goes.
const HeadingMarker = "<!--hh:heading-->"

// MainStart and MainEnd stand, once each, around the main area's loading state in each
// layout of chrome.json: a prerendered screen goes in its place (docs/shell.md,
// "Prerendered screens"). The markers themselves are not written.
const (
	MainStart = "<!--hh:main-->"
	MainEnd   = "<!--/hh:main-->"
)

// Chrome is the shell's prerendered page frame per layout.
type Chrome map[routes.Layout]ChromeParts

// ChromeParts is one layout's frame cut at the heading and around the main area's
// loading state: Before + heading + Middle + (Loading or a prerendered screen) + After.
// A layout without the main area's markers has it all in Middle, and no prerendered
// screen.
type ChromeParts struct {
	Before, Middle, Loading, After string
	// Main: the layout has the main area's markers.
	Main bool
}

// LoadChrome reads <dir>/chrome.json ({"default": "<html>", "minimal": …, "app": …}),
// written by the shell's build. A missing file is no chrome; a layout whose HTML does
// not hold the heading marker exactly once is left out (the page then has the plain
// heading).
func LoadChrome(dir string) (Chrome, error) {
	b, err := os.ReadFile(filepath.Join(dir, "chrome.json"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("page: chrome.json: %w", err)
	}
	var raw map[routes.Layout]string
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("page: chrome.json: %w", err)
	}
	out := Chrome{}
	for layout, html := range raw {
		before, after, ok := cutOnce(html, HeadingMarker)
		if !ok {
			continue
		}
		c := ChromeParts{Before: before, Middle: after}
		if mid, rest, ok := cutOnce(after, MainStart); ok {
			if loading, tail, ok := cutOnce(rest, MainEnd); ok {
				c = ChromeParts{Before: before, Middle: mid, Loading: loading, After: tail, Main: true}
			}
		}
		out[layout] = c
	}
	return out, nil
}
