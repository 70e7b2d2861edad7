package server

import (
	"bytes"
	"html/template"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/csp"
	"github.com/henhouse/platform/edge/internal/site"
	"github.com/henhouse/platform/edge/internal/store/outbox"
)

// devOutbox serves the built-in providers' outbox when DEV_ENDPOINTS asks for it (never
// in production: ConfigFromEnv and New refuse the pair).
func devOutbox(cfg Config, box *outbox.Outbox) outbox.Reader {
	if !cfg.DevEndpoints || box == nil {
		return nil
	}
	return box
}

var outboxPage = template.Must(template.New("outbox").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · {{.Brand}} (development)</title>
<style nonce="{{.Nonce}}">body{font:16px/1.5 system-ui,sans-serif;margin:24px;max-width:60rem;color:#111}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ccc;padding:8px;text-align:left;vertical-align:top}
code{font-size:1.1em;background:#f3f3f3;padding:2px 4px}.msg{white-space:pre-wrap}</style></head>
<body><main><h1>Outbox</h1>
<p>Messages the built-in providers would have sent (sign-in codes, contact form copies, e-gift cards, order receipts and updates), newest first. This page exists outside production only.</p>
<form method="get"><label for="email">Recipient</label> <input id="email" name="email" type="email" value="{{.To}}"> <button type="submit">Filter</button></form>
{{if .Messages}}<table><thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Code</th><th scope="col">Message</th></tr></thead><tbody>
{{range .Messages}}<tr><td>{{.CreatedAt.Format "2006-01-02 15:04:05"}}</td><td>{{.To}}</td><td>{{.Subject}}</td><td>{{if .Code}}<code>{{.Code}}</code>{{end}}</td><td class="msg">{{.Body}}{{if .Link}}<br><a href="{{.Link}}">{{.Link}}</a>{{end}}</td></tr>
{{end}}</tbody></table>{{else}}<p>No messages yet.</p>{{end}}
</main></body></html>`))

// mountOutboxPage serves the developer's outbox page at /dev/outbox.
func mountOutboxPage(app *fiber.App, box outbox.Reader) {
	if box == nil {
		return
	}
	app.Get("/dev/outbox", func(c fiber.Ctx) error {
		to := c.Query("email")
		var (
			msgs []outbox.Message
			err  error
		)
		if to != "" {
			msgs, err = box.OutboxFor(c.Context(), to, 100)
		} else {
			msgs, err = box.Outbox(c.Context(), 100)
		}
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := outboxPage.Execute(&buf, map[string]any{"Brand": site.BrandName, "To": to, "Messages": msgs, "Nonce": csp.Nonce(c)}); err != nil {
			return err
		}
		c.Set(fiber.HeaderCacheControl, site.NoStore)
		c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
		return c.Send(buf.Bytes())
	})
}
