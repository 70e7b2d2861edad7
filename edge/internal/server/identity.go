package server

import (
	"bytes"
	"context"
	"html/template"
	"log/slog"
	"time"

	"github.com/gofiber/fiber/v3"

	accountapi "github.com/henhouse/platform/edge/internal/api/account"
	"github.com/henhouse/platform/edge/internal/botcheck"
	"github.com/henhouse/platform/edge/internal/csrf"
	"github.com/henhouse/platform/edge/internal/page"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/ratelimit"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/store"
)

// cartOwner is whose cart a request acts on. The browser's cart belongs to its
// visitor cookie; the native app, which authenticates with an Authorization header and
// keeps no cookies, has one cart per member ("app:" + member id); a browser behind
// HTTP authentication (a staging site) sends an Authorization header too, but with
// cookies, and keeps its visitor's cart. The webview handover
// moves that cart to the webview's visitor (docs/webview.md).
func cartOwner(c fiber.Ctx) string {
	if nativeApp(c) {
		if m, ok := session.MemberOf(c); ok {
			return "app:" + m.ID
		}
	}
	return session.VisitorID(c)
}

// accrue credits a signed-in member's order with points (once per order id). A
// failure is logged, never shown: the order is placed either way, and support can
// add the points later.
func (s *Server) accrue(c fiber.Ctx, o ordering.Order) {
	m, ok := session.MemberOf(c)
	if !ok {
		return
	}
	if err := s.members.Accrue(c.Context(), m.ID, o); err != nil {
		s.log.Error("points accrual failed", "order", o.ID, "member", m.ID, "err", err)
	}
}

// devOutbox serves the built-in provider's outbox outside production only.
func devOutbox(cfg Config, p loyalty.Provider) loyalty.OutboxReader {
	if cfg.Environment == "prod" || cfg.Environment == "production" {
		return nil
	}
	r, _ := p.(loyalty.OutboxReader)
	return r
}

// guards are the checks in front of state-changing and abuse-prone endpoints: CSRF,
// rate limits and the bot check (docs/identity.md).
type guards struct {
	csrf     fiber.Handler
	limiter  *ratelimit.Limiter
	verifier botcheck.Verifier
	// builtin is set when the built-in bot check runs (no reCAPTCHA Enterprise).
	builtin *botcheck.Builtin
	// client is the bot-check configuration the page gives the browser.
	client page.BotCheck
}

func newGuards(ctx context.Context, st *store.Store, cfg Config) (*guards, error) {
	g := &guards{limiter: ratelimit.New(st)}
	var err error
	g.csrf, err = csrf.New(ctx, csrf.Config{Store: st})
	if err != nil {
		return nil, err
	}
	g.verifier, g.builtin, err = botcheck.NewVerifier(ctx, st, cfg.Recaptcha)
	if err != nil {
		return nil, err
	}
	g.client = page.BotCheck{Version: 3, Enterprise: true, HideBadge: true}
	if g.builtin != nil {
		g.client.SiteKey, g.client.ScriptURL = botcheck.BuiltinSiteKey, botcheck.ScriptPath
	} else {
		g.client.SiteKey, g.client.ScriptURL = cfg.Recaptcha.SiteKey, botcheck.GoogleScriptURL
	}
	return g, nil
}

// nativeApp reports a call from the native app's own HTTP client: authenticated by
// header, without cookies. Browsers cannot forge one, and the app proves itself to
// the provider with its platform's app attestation instead of a web bot check.
func nativeApp(c fiber.Ctx) bool {
	return c.Get(fiber.HeaderAuthorization) != "" && c.Get(fiber.HeaderCookie) == ""
}

// bot is the bot check for action, skipped for the native app.
func (g *guards) bot(action string) fiber.Handler {
	require := botcheck.Require(g.verifier, action)
	return func(c fiber.Ctx) error {
		if nativeApp(c) {
			return c.Next()
		}
		return require(c)
	}
}

// account maps the account API's guarded routes to their rate limits and bot checks.
func (g *guards) account() map[accountapi.Guard][]fiber.Handler {
	limit := func(rule ratelimit.Rule, field string) fiber.Handler {
		var account func(c fiber.Ctx) string
		if field != "" {
			account = ratelimit.BodyField(field)
		}
		return ratelimit.Guard(g.limiter, rule, account)
	}
	return map[accountapi.Guard][]fiber.Handler{
		accountapi.GuardSignIn:       {limit(ratelimit.SignIn, "email"), g.bot(botcheck.ActionSignIn)},
		accountapi.GuardPasswordless: {limit(ratelimit.SignIn, "identifier"), g.bot(botcheck.ActionSignIn)},
		accountapi.GuardCode:         {limit(ratelimit.Code, "challengeId")},
		accountapi.GuardSignUp:       {limit(ratelimit.SignUp, ""), g.bot(botcheck.ActionSignUp)},
		accountapi.GuardForgot:       {limit(ratelimit.ForgotPassword, "email"), g.bot(botcheck.ActionForgotPassword)},
		accountapi.GuardReset:        {limit(ratelimit.Code, "email")},
	}
}

// contactRule limits the contact form per IP.
var contactRule = ratelimit.Rule{Name: "contact", What: "messages", IP: ratelimit.Limit{Count: 5, Window: time.Hour}}

// contact guards the contact form: a rate limit per IP and the bot check.
func (g *guards) contact() []fiber.Handler {
	return []fiber.Handler{ratelimit.Guard(g.limiter, contactRule, nil), g.bot(botcheck.ActionContact)}
}

var outboxPage = template.Must(template.New("outbox").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · Henhouse (development)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:24px;max-width:60rem;color:#111}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ccc;padding:8px;text-align:left;vertical-align:top}
code{font-size:1.1em;background:#f3f3f3;padding:2px 4px}</style></head>
<body><main><h1>Outbox</h1>
<p>Messages the built-in loyalty provider would have sent, newest first. This page exists outside production only.</p>
<form method="get"><label for="email">Recipient</label> <input id="email" name="email" type="email" value="{{.To}}"> <button type="submit">Filter</button></form>
{{if .Messages}}<table><thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Code</th><th scope="col">Message</th></tr></thead><tbody>
{{range .Messages}}<tr><td>{{.CreatedAt.Format "2006-01-02 15:04:05"}}</td><td>{{.To}}</td><td>{{.Subject}}</td><td>{{if .Code}}<code>{{.Code}}</code>{{end}}</td><td>{{.Body}}{{if .Link}}<br><a href="{{.Link}}">{{.Link}}</a>{{end}}</td></tr>
{{end}}</tbody></table>{{else}}<p>No messages yet.</p>{{end}}
</main></body></html>`))

// mountOutboxPage serves the developer's outbox page at /dev/outbox.
func mountOutboxPage(app *fiber.App, box loyalty.OutboxReader) {
	if box == nil {
		return
	}
	app.Get("/dev/outbox", func(c fiber.Ctx) error {
		to := c.Query("email")
		var (
			msgs []loyalty.Message
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
		if err := outboxPage.Execute(&buf, map[string]any{"To": to, "Messages": msgs}); err != nil {
			return err
		}
		c.Set(fiber.HeaderCacheControl, "no-store")
		c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
		return c.Send(buf.Bytes())
	})
}

// renewSubscriptions charges due subscription periods every few minutes until ctx
// ends. With several edges, a short Redis lease lets one of them do each round.
func renewSubscriptions(ctx context.Context, st *store.Store, p interface {
	RenewDue(context.Context) (int, error)
}, log *slog.Logger) {
	const every = 5 * time.Minute
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		ok, err := st.Client.SetNX(ctx, st.Key("jobs", "renew-subscriptions"), "1", every-30*time.Second).Result()
		if err != nil || !ok {
			continue
		}
		if n, err := p.RenewDue(ctx); err != nil {
			log.Error("subscription renewals failed", "err", err)
		} else if n > 0 {
			log.Info("subscriptions renewed", "periods", n)
		}
	}
}
