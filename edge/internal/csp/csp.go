// Package csp gives every HTML page the edge serves a Content-Security-Policy
// (docs/security.md): a fresh nonce per response for the page's own scripts and styles,
// 'strict-dynamic' so the scripts they load may load others, and nothing inline
// without the nonce. Browsers report what the policy blocked to the report endpoint
// (Reports), which counts the reports by directive.
package csp

import (
	"crypto/sha256"
	"encoding/base64"
	"regexp"
	"strings"
	"sync"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/random"
)

// ReportPath is where browsers send violation reports (report-uri and the
// Reporting-Endpoints entry ReportGroup).
const ReportPath = "/csp-report"

// ReportGroup is the Reporting API endpoint name the policies' report-to names.
const ReportGroup = "csp-endpoint"

// Header names.
const (
	HeaderPolicy    = "Content-Security-Policy"
	HeaderEndpoints = "Reporting-Endpoints"
)

// nonceBytes is the nonce's size: 144 random bits, 24 base64url characters.
const nonceBytes = 18

type nonceKey struct{}

// Nonce is the response's nonce, made on first use from crypto/rand and kept for the
// rest of the request. Every <script> and <style> the edge writes into a page carries
// it; the page's policy names it.
func Nonce(c fiber.Ctx) string {
	if n, ok := c.Locals(nonceKey{}).(string); ok {
		return n
	}
	n := newNonce()
	c.Locals(nonceKey{}, n)
	return n
}

func newNonce() string {
	var b [nonceBytes]byte
	random.Read(b[:])
	var s [nonceBytes * 4 / 3]byte
	base64.RawURLEncoding.Encode(s[:], b[:])
	return string(s[:])
}

// Sources are the origins a page may use beyond its own, each a CSP source expression
// ("https://tiles.example.com", "https://*.tiles.example.com", "https:").
type Sources struct {
	Img     []string // images: the map's tile server
	Connect []string // fetch, XHR, WebSocket: reCAPTCHA Enterprise
	Frame   []string // frames: reCAPTCHA Enterprise
	// FrameAncestors may frame the pages besides this origin: the CMS's visual editor.
	FrameAncestors []string
}

// Policy builds a page's policy for a nonce.
type Policy struct {
	before, between, after string
	reporting              string
	reportTo               bool
	src                    Sources
}

// NewPolicy prepares the page policy with the extra sources src; Page fills in the
// nonce per response. secure (the site is reached over HTTPS) adds report-to and the
// Reporting-Endpoints header: Chromium ignores Reporting-Endpoints on plain HTTP yet
// drops report-uri whenever report-to is present, so on HTTP report-to would silence
// every report.
//
//	default-src 'self'                          anything not named below: this origin only
//	script-src 'nonce-…' 'strict-dynamic'       the page's own scripts and what they load;
//	           https: 'unsafe-inline'           ignored by CSP3 browsers (fallback for CSP1/2)
//	style-src 'self' 'nonce-…'                  the shell's and remotes' stylesheets, and style
//	                                            elements the page's scripts create with the nonce
//	img-src 'self' data: blob: [tiles]          icons, Leaflet's data: images, the tile server
//	font-src 'self'
//	connect-src 'self' [reCAPTCHA]              /api, module manifests
//	frame-src 'self' [reCAPTCHA]                the card processor's hosted fields
//	worker-src 'self'                           the service worker
//	manifest-src 'self'                         the web app manifest
//	object-src 'none'                           no plug-ins
//	base-uri 'none'                             no <base> to re-point relative script URLs
//	form-action 'self'                          forms post only to this origin
//	frame-ancestors 'self' [CMS editor]         framed only by this origin's pages (and
//	                                            the CMS's visual editor when previews are on)
//	report-uri /csp-report; report-to csp-endpoint (secure only)
//
// A page that loads a module from a developer's dev server (AllowDevServer) also names
// that server in script-src, style-src, img-src, font-src and connect-src (with its
// ws: or wss: form, for hot reloading), for that response only.
func NewPolicy(src Sources, secure bool) *Policy {
	return newPolicy(src, secure, nil)
}

func newPolicy(src Sources, secure bool, dev []string) *Policy {
	list := func(base string, extra ...[]string) string {
		all := []string{base}
		for _, e := range extra {
			all = append(all, e...)
		}
		return strings.Join(all, " ")
	}
	reporting := "; report-uri " + ReportPath
	if secure {
		reporting += "; report-to " + ReportGroup
	}
	var devScript, devConnect []string
	for _, origin := range dev {
		devScript = append(devScript, " "+origin)
		devConnect = append(devConnect, origin, "ws"+strings.TrimPrefix(origin, "http"))
	}
	return &Policy{
		reporting: reporting, reportTo: secure, src: src,
		before:  "default-src 'self'; script-src 'nonce-",
		between: "' 'strict-dynamic' https: 'unsafe-inline'" + strings.Join(devScript, "") + "; style-src " + list("'self'", dev) + " 'nonce-",
		after: "'; img-src " + list("'self' data: blob:", src.Img, dev) +
			"; font-src " + list("'self'", dev) + "; connect-src " + list("'self'", src.Connect, devConnect) +
			"; frame-src " + list("'self'", src.Frame) +
			"; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'" +
			"; form-action 'self'; frame-ancestors " + list("'self'", src.FrameAncestors) + reporting,
	}
}

// Page is the policy text for nonce.
func (p *Policy) Page(nonce string) string {
	return string(p.appendPage(nil, nonce))
}

func (p *Policy) appendPage(b []byte, nonce string) []byte {
	b = append(b, p.before...)
	b = append(b, nonce...)
	b = append(b, p.between...)
	b = append(b, nonce...)
	return append(b, p.after...)
}

// Header names as the response stores them, for SetCanonical (no normalizing per
// response).
var (
	headerPolicy    = []byte(HeaderPolicy)
	headerEndpoints = []byte(HeaderEndpoints)
	endpoints       = []byte(Endpoints)
)

// policyBuffers hold a policy while it is copied into a response's headers.
var policyBuffers = sync.Pool{New: func() any { return new([]byte) }}

// Endpoints is the Reporting-Endpoints header value naming ReportGroup.
const Endpoints = ReportGroup + `="` + ReportPath + `"`

// Middleware sets the page policy on every HTML response that has none of its own
// (the card frame and the sign-in provider's page have stricter ones), with the
// response's nonce, and names the report endpoint for report-to.
func (p *Policy) Middleware() fiber.Handler {
	return func(c fiber.Ctx) error {
		err := c.Next()
		if !isHTML(c) {
			return err
		}
		h := &c.Response().Header
		if len(h.PeekBytes(headerPolicy)) == 0 {
			page := p
			if dev, ok := c.Locals(devKey{}).([]string); ok {
				page = newPolicy(p.src, p.reportTo, dev)
			}
			buf := policyBuffers.Get().(*[]byte)
			*buf = page.appendPage((*buf)[:0], Nonce(c))
			h.SetCanonical(headerPolicy, *buf) // copies
			policyBuffers.Put(buf)
		}
		if p.reportTo && len(h.PeekBytes(headerEndpoints)) == 0 {
			h.SetCanonical(headerEndpoints, endpoints)
		}
		return err
	}
}

type devKey struct{}

// devOrigin is an http(s) origin and nothing more: no path, and no character that could
// end a source expression or a directive.
var devOrigin = regexp.MustCompile(`^https?://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?$`)

// AllowDevServer lets this response's page load from a developer's webpack dev server
// at origin ("http://127.0.0.1:3002"): its scripts, style sheets, images and fonts, its
// hot-update requests and its WebSocket. Only the one response's policy names it; the
// edge calls this for a module override that names a dev server, which only a dev
// environment honours. Anything but a bare http(s) origin is ignored.
func AllowDevServer(c fiber.Ctx, origin string) {
	if !devOrigin.MatchString(origin) {
		return
	}
	dev, _ := c.Locals(devKey{}).([]string)
	for _, o := range dev {
		if o == origin {
			return
		}
	}
	c.Locals(devKey{}, append(dev, origin))
}

func isHTML(c fiber.Ctx) bool {
	const html = "text/html"
	ct := c.Response().Header.ContentType()
	for len(ct) > 0 && (ct[0] == ' ' || ct[0] == '\t') {
		ct = ct[1:]
	}
	return len(ct) >= len(html) && strings.EqualFold(string(ct[:len(html)]), html)
}

// inline finds a document's script and style elements and their text.
var inline = regexp.MustCompile(`(?is)<(script|style)(\s[^>]*)?>(.*?)</(?:script|style)\s*>`)

// Static is the policy of a self-contained static page (the offline page): its inline
// scripts and styles are allowed by their SHA-256 hashes, so the same policy fits every
// copy of the page, including the one the service worker keeps. Inline event handler
// attributes stay blocked. Script elements with src are not allowed.
func (p *Policy) Static(html []byte) string {
	var scripts, styles []string
	for _, m := range inline.FindAllSubmatch(html, -1) {
		tag, attrs := strings.ToLower(string(m[1])), strings.ToLower(string(m[2]))
		if tag == "script" && strings.Contains(attrs, "src") {
			continue
		}
		sum := sha256.Sum256(m[3])
		h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		if tag == "script" {
			scripts = append(scripts, h)
		} else {
			styles = append(styles, h)
		}
	}
	orNone := func(s []string) string {
		if len(s) == 0 {
			return "'none'"
		}
		return strings.Join(s, " ")
	}
	return "default-src 'self'; script-src " + orNone(scripts) + "; style-src " + strings.Join(append([]string{"'self'"}, styles...), " ") +
		"; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'" + p.reporting
}
