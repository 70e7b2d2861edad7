package server

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	accountapi "github.com/henhouse/platform/edge/internal/api/account"
	"github.com/henhouse/platform/edge/internal/api/authorize"
	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/botcheck"
	"github.com/henhouse/platform/edge/internal/csrf"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/page"
	"github.com/henhouse/platform/edge/internal/providers/feedback"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/ratelimit"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/store"
)

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
	protect, err := csrf.New(ctx, csrf.Config{Store: st, Next: nativeApp})
	if err != nil {
		return nil, err
	}
	g.csrf = func(c fiber.Ctx) error {
		if refused := appTokenRefused(c); refused != nil {
			return refused
		}
		return protect(c)
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

// botCheck names the bot check in use, as /readyz shows it: "builtin" or
// "recaptcha_enterprise".
func (g *guards) botCheck() string {
	if g.builtin != nil {
		return "builtin"
	}
	return "recaptcha_enterprise"
}

// warnBuiltinInProduction says at start that a production edge runs the built-in bot
// check: it stops scripted posts that never ran the page, not a determined bot, and
// nothing else would show that reCAPTCHA was left unconfigured.
func (g *guards) warnBuiltinInProduction(environment string, log *slog.Logger) {
	if g.builtin != nil && environment == "prod" && log != nil {
		log.Warn("the bot check is the edge's built-in one, not reCAPTCHA Enterprise: it stops scripted form posts, not a determined bot; " +
			"set RECAPTCHA_PROJECT, RECAPTCHA_API_KEY and RECAPTCHA_SITE_KEY in production (GET /readyz shows \"botcheck\")")
	}
}

// appTokenRefused answers a change asked for with only an Authorization header (the
// native app's way) whose token did not verify: 401, so the app knows to sign in again,
// rather than the CSRF failure a browser would get. Such a request never takes the
// app's path (nativeApp) past the CSRF and bot checks.
func appTokenRefused(c fiber.Ctx) error {
	if session.Safe(c.Method()) || c.Get(fiber.HeaderAuthorization) == "" || c.Get(fiber.HeaderCookie) != "" || nativeApp(c) {
		return nil
	}
	if auth.ForcedSignOut(c) {
		return auth.ErrForcedSignOut
	}
	return auth.ErrSignInRequired
}

// bot is the bot check for action. It applies to the native app's calls too: a member
// token proves who the member is, not that a person is asking, and any web session's
// cookie token can be copied into an Authorization header. The app fills these forms in
// its webview (/app/signin, /app/checkout), which passes the check as a browser does.
func (g *guards) bot(action string) fiber.Handler {
	return botcheck.Require(g.verifier, action)
}

// hostedSignIn is the single sign-on page's configuration: the bot check of sign-in,
// with the client the site's pages use.
func (g *guards) hostedSignIn(p loyalty.HostedSignIn, secure bool) authorize.Config {
	cfg := authorize.Config{Provider: p, Secure: secure, BotScript: g.client.ScriptURL, BotSiteKey: g.client.SiteKey,
		BotCheck: func(c fiber.Ctx, token string) error {
			return botcheck.CheckRequest(c, g.verifier, token, botcheck.ActionSignIn)
		}}
	if g.builtin == nil {
		cfg.BotOrigins = slices.Concat(recaptchaConnect, recaptchaFrame)
	}
	return cfg
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
		accountapi.GuardCode:         {limit(ratelimit.Code, "challenge_id")},
		accountapi.GuardSignUp:       {limit(ratelimit.SignUp, ""), g.bot(botcheck.ActionSignUp)},
		accountapi.GuardForgot:       {limit(ratelimit.ForgotPassword, "email"), g.bot(botcheck.ActionForgotPassword)},
		accountapi.GuardReset:        {limit(ratelimit.Code, "email")},
	}
}

// giftCard guards gift card balance checks: limits per card number (its digits, however
// they were spaced) and per IP, and the bot check.
func (g *guards) giftCard() []fiber.Handler {
	number := ratelimit.BodyField("number")
	digits := func(c fiber.Ctx) string {
		return strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, number(c))
	}
	return []fiber.Handler{ratelimit.Guard(g.limiter, ratelimit.GiftCard, digits), g.bot(botcheck.ActionGiftCard)}
}

// giftPurchaseRule limits e-gift card purchases per IP: a stolen card tried again and
// again, or a card bought over and over, stops here before the processor.
var giftPurchaseRule = ratelimit.Rule{Name: "giftcard-buy", What: "gift card purchases", IP: ratelimit.Limit{Count: 20, Window: time.Hour}}

// giftPurchase guards e-gift card purchases: the rate limit per IP and the bot check.
func (g *guards) giftPurchase() []fiber.Handler {
	return []fiber.Handler{ratelimit.Guard(g.limiter, giftPurchaseRule, nil), g.bot(botcheck.ActionGiftCardBuy)}
}

// The contact form's limits (docs/security.md, "Rate limits"): per client IP, and per
// sender's address, so one address cannot flood guest relations (nor have its inbox
// flooded with copies) from many IPs. Two rules, so each 429 names its reason.
var (
	contactRule        = ratelimit.Rule{Name: "contact", What: "messages", IP: ratelimit.Limit{Count: 5, Window: time.Hour}}
	contactAddressRule = ratelimit.Rule{Name: "contact-address", What: "messages from this email address",
		Account: ratelimit.Limit{Count: 3, Window: time.Hour}}
)

// contact guards the contact form: a rate limit per IP and per mailbox, and the bot
// check. The contact API validates the message first; the limit counts the mailbox the
// address reaches (feedback.MailboxKey), so +tags and Gmail's dots get no fresh quota.
func (g *guards) contact() []fiber.Handler {
	email := ratelimit.BodyField("email")
	return []fiber.Handler{
		ratelimit.Guard(g.limiter, contactRule, nil),
		ratelimit.Guard(g.limiter, contactAddressRule, func(c fiber.Ctx) string { return feedback.MailboxKey(email(c)) }),
		g.bot(botcheck.ActionContact),
	}
}

// The group order limits' defaults (Config.GroupLookups, GroupMisses, GroupInvites;
// docs/security.md, "Group order links"). A group's code is all that admits a person
// to it: 96 random bits cannot be found by trying, and these limits keep anyone from
// trying at scale, or from making the invitations a way to send mail in bulk.
var (
	defaultGroupLookups = ratelimit.Limit{Count: 60, Window: time.Minute}
	defaultGroupMisses  = ratelimit.Limit{Count: 10, Window: 15 * time.Minute}
	defaultGroupInvites = ratelimit.Limit{Count: 10, Window: time.Hour}
)

// orDefault is l, or def when l sets no limit.
func orDefault(l, def ratelimit.Limit) ratelimit.Limit {
	if l.IsZero() {
		return def
	}
	return l
}

// group guards every request on a group order link: a limit on requests per client
// address, then one on the unknown codes it asks about (group_not_found, a malformed
// code included), which stops a client that has used it up whatever it asks next.
func (g *guards) group(cfg Config) []fiber.Handler {
	lookups := ratelimit.Rule{Name: "group", What: "group order requests", IP: orDefault(cfg.GroupLookups, defaultGroupLookups)}
	misses := ratelimit.Rule{Name: "group-miss", What: "links to group orders that don't exist",
		IP: orDefault(cfg.GroupMisses, defaultGroupMisses)}
	unknown := func(err error) bool {
		fe, ok := fault.As(err)
		return ok && fe.Code == "group_not_found"
	}
	return []fiber.Handler{ratelimit.Guard(g.limiter, lookups, nil), ratelimit.GuardFailures(g.limiter, misses, unknown)}
}

// groupInvite guards a host's invitations: a limit per visitor (owner: the cart's
// owner, as the invitation is of that cart's group), and three times that per client
// address, where a new visitor id costs nothing.
func (g *guards) groupInvite(cfg Config, owner func(c fiber.Ctx) string) []fiber.Handler {
	per := orDefault(cfg.GroupInvites, defaultGroupInvites)
	rule := ratelimit.Rule{Name: "group-invite", What: "invitations", Account: per,
		IP: ratelimit.Limit{Count: 3 * per.Count, Window: per.Window}}
	return []fiber.Handler{ratelimit.Guard(g.limiter, rule, owner)}
}
