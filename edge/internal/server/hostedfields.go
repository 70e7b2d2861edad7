package server

import (
	"bytes"
	"html/template"
	"os"
	"path/filepath"
	"regexp"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/static"

	"github.com/henhouse/platform/edge/internal/csrf"
	"github.com/henhouse/platform/edge/internal/site"
)

// The built-in card processor's hosted fields (docs/checkout.md, "Card fields"). A real
// processor serves these from its own origin; the built-in one serves them from the
// edge, under /payments/<version>/, as documents and scripts of their own:
//
//   - checkout.js: the checkout client a page loads; it puts the frame in the page and
//     talks to it by postMessage;
//   - fields: the frame's document, which alone holds the card inputs and posts the
//     card to POST /api/payments/cards, answering the page with a token;
//   - frame.js, frame.css: the frame's script and style.
//
// The frame's document has a policy of its own: scripts, styles and requests only from
// this origin, framed only by this origin's pages, no forms posted anywhere. For a
// processor on Stripe with a publishable key the frame shows Stripe's Card Element
// instead, and its policy lets Stripe.js, and Stripe's frames, come from
// https://js.stripe.com (docs/providers.md, "Stripe"). It is
// built per visitor (it carries the visitor's CSRF token), so it is never cached.

var fieldsVersion = regexp.MustCompile(`^\d+\.\d+\.\d+$`)

var fieldsPage = template.Must(template.New("fields").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf-token" content="{{.CSRF}}">
<meta name="robots" content="noindex">
<title>Card details</title>
<link rel="stylesheet" href="/payments/{{.Version}}/frame.css">
{{- if .StripeKey}}
<meta name="stripe-key" content="{{.StripeKey}}">
<script src="{{.StripeJS}}" defer></script>
{{- end}}
<script src="/payments/{{.Version}}/frame.js" defer></script>
</head>
<body>
<main id="fields"><noscript>Entering a card needs JavaScript. Choose another way to pay, or turn JavaScript on.</noscript></main>
</body>
</html>
`))

const fieldsPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
	"frame-ancestors 'self'; form-action 'none'; base-uri 'none'"

// StripeJS is Stripe.js, which Stripe requires be loaded from its own origin
// (docs/providers.md, "Stripe").
const StripeJS = "https://js.stripe.com/v3"

// stripeFieldsPolicy is the frame's policy when it shows Stripe's Card Element: Stripe.js
// may run, and the Element's own frames may load, from js.stripe.com and nowhere else.
// Stripe.js calls Stripe's API from those frames, not from this document, so requests
// stay 'self'.
const stripeFieldsPolicy = "default-src 'none'; script-src 'self' https://js.stripe.com; frame-src https://js.stripe.com; " +
	"style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'self'; form-action 'none'; base-uri 'none'"

// mountHostedFields serves the hosted fields of every checkout client version that is built.
func (s *Server) mountHostedFields() {
	dir := filepath.Join(s.cfg.BuildDir, "payments")
	s.App.Get("/payments/:version/fields", s.whoIsAsking()[0], s.guard.csrf, func(c fiber.Ctx) error {
		v := c.Params("version")
		c.Set(fiber.HeaderCacheControl, site.NoStore)
		if !fieldsVersion.MatchString(v) {
			return c.Status(fiber.StatusNotFound).SendString("no such checkout client version")
		}
		if _, err := os.Stat(filepath.Join(dir, v, "frame.js")); err != nil {
			return c.Status(fiber.StatusNotFound).SendString("no such checkout client version")
		}
		data, policy := map[string]string{"CSRF": csrf.Token(c), "Version": v}, fieldsPolicy
		if s.cfg.Cards.stripeFields(c.Query("processor")) {
			// The card goes from the browser to Stripe (Card Element), never to the edge.
			data["StripeKey"], data["StripeJS"], policy = s.cfg.Cards.StripePublishableKey, StripeJS, stripeFieldsPolicy
		}
		var b bytes.Buffer
		if err := fieldsPage.Execute(&b, data); err != nil {
			return err
		}
		c.Set("Content-Security-Policy", policy)
		c.Set("X-Frame-Options", "SAMEORIGIN")
		c.Set("X-Content-Type-Options", "nosniff")
		c.Set("Referrer-Policy", "same-origin")
		c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
		return c.Send(b.Bytes())
	})
	s.App.Use("/payments", serveBuild(dir, static.Config{
		ModifyResponse: func(c fiber.Ctx) error {
			// Versioned paths: a new client is a new version.
			c.Set(fiber.HeaderCacheControl, site.Immutable)
			c.Set("X-Content-Type-Options", "nosniff")
			return nil
		},
		NotFoundHandler: func(c fiber.Ctx) error { return c.Status(fiber.StatusNotFound).SendString("file not found") },
	}))
}
