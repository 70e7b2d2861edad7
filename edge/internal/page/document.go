// Package page renders the HTML document the edge answers every page request with:
// a small head (theme colour, title, shell styles), the visually hidden page heading,
// and the JSON bootstrap the shell starts from. The shell renders everything else.
package page

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
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
	JS      []string `json:"js"`
	CSS     []string `json:"css"`
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

var doc = template.Must(template.New("doc").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#000">
<title>{{.Title}}</title>
<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" href="/static/icons/icon.svg" type="image/svg+xml">
<link rel="icon" href="/static/icons/icon-192.png" type="image/png" sizes="192x192">
<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">
{{range .CSS}}<link rel="stylesheet" href="/assets/{{.}}">
{{end}}{{if .Entry}}<link rel="preload" href="{{.Entry}}" as="script" nonce="{{.Nonce}}">
{{end}}</head>
<body>
<div id="root"><h1 class="visually-hidden">{{.Heading}}</h1></div>
<noscript><p>Please turn on JavaScript to order from {{.Brand}}.</p></noscript>
<script id="bootstrap" type="application/json" nonce="{{.Nonce}}">{{.Bootstrap}}</script>
{{range .JS}}<script defer src="/assets/{{.}}" nonce="{{$.Nonce}}"></script>
{{end}}</body>
</html>
`))

// Render writes the document for b. nonce is the response's Content-Security-Policy
// nonce: every script element and the remote entry's preload carry it, so the policy
// lets them (and, through 'strict-dynamic', the scripts they add) run.
func Render(b *Bootstrap, a Assets, nonce string) ([]byte, error) {
	js, err := json.Marshal(b) // json.Marshal escapes <, > and &: safe inside <script>
	if err != nil {
		return nil, err
	}
	title := b.Config.BrandName
	if b.Status == 404 {
		title = "Page not found | " + title
	}
	entry := ""
	if m, ok := b.Modules[b.Route.Module]; ok {
		entry = m.Entry
	}
	var out bytes.Buffer
	err = doc.Execute(&out, map[string]any{
		"Title": title, "Heading": b.Heading, "Brand": b.Config.BrandName,
		"CSS": a.CSS, "JS": a.JS, "Entry": entry,
		"Bootstrap": template.JS(js), "Nonce": nonce,
	})
	return out.Bytes(), err
}
