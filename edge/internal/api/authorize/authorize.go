// Package authorize serves the loyalty provider's hosted sign-in page for single
// sign-on. A client (the web site or the app) sends the guest to
// GET /loyalty/authorize?client_id=…&redirect_uri=/app/code&state=…; after a good
// email and password with the bot check, and the code the provider emails when it asks
// for one, the page redirects to redirect_uri?code=…&state=…, and the client exchanges
// the code with the provider. The page has no assets of its own; its one script runs
// the bot check before the password is posted.
//
// The form carries a single-use token that must match a SameSite=Strict cookie and
// the provider's record, so another site cannot post it (no login CSRF). The rules
// are the provider's (loyalty.HostedSignIn); this package does the HTTP.
package authorize

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"net/url"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/site"
)

const (
	// Path is the page's address.
	Path       = "/loyalty/authorize"
	formCookie = "hh_authorize"
	formTTL    = 15 * time.Minute
)

// BotCheckField is the form field that carries the bot check's token with the password.
const BotCheckField = "bot_check"

// Config configures Mount.
type Config struct {
	// Provider keeps the sign-in rules. Required.
	Provider loyalty.HostedSignIn
	// BotCheck checks the bot check's token posted with the password ("" when the
	// page's script did not run) for the sign-in action; a *fault.Error it returns is
	// shown on the page. Required.
	BotCheck func(c fiber.Ctx, token string) error
	// BotScript is the bot check's client script (grecaptcha.enterprise), a path on this
	// site or an https URL. Required.
	BotScript string
	// BotSiteKey is the site key the page passes to execute. Required.
	BotSiteKey string
	// BotOrigins are the origins the bot check's script loads from and talks to, added
	// to the page's policy. Optional. Default: none (the built-in check on this site).
	BotOrigins []string
	// Secure marks the form cookie Secure (the edge's COOKIE_SECURE): behind a proxy
	// that ends TLS the request itself looks plain. Optional. Default: false.
	Secure bool
}

type page struct {
	p      loyalty.HostedSignIn
	cfg    Config
	secure bool
	policy string
	script string
}

// Mount serves the authorize page on router. The session visitor middleware must run
// first when the bot check binds its tokens to the visitor (the built-in one does).
func Mount(router fiber.Router, cfg Config) {
	if cfg.Provider == nil || cfg.BotCheck == nil || cfg.BotScript == "" || cfg.BotSiteKey == "" {
		panic("authorize: Config.Provider, BotCheck, BotScript and BotSiteKey are required")
	}
	h := page{p: cfg.Provider, cfg: cfg, secure: cfg.Secure, policy: pagePolicy(cfg.BotOrigins), script: scriptURL(cfg.BotScript, cfg.BotSiteKey)}
	router.Get(Path, h.get)
	router.Post(Path, h.post)
}

// scriptURL is the bot check's script with render=<site key>, which score-based keys need.
func scriptURL(script, siteKey string) string {
	u, err := url.Parse(script)
	if err != nil {
		return script
	}
	q := u.Query()
	q.Set("render", siteKey)
	u.RawQuery = q.Encode()
	return u.String()
}

type authField struct {
	Name, Label, Type, Autocomplete, Value, Error, InputMode string
}

type authView struct {
	Title   string
	Program string
	Req     loyalty.AuthorizeRequest
	Token   string
	Step    string // password | code
	Errors  []authField
	Notice  string
	Fields  []authField
	// Code step.
	ChallengeID string
	Destination string
	Style       template.CSS
	// Bot check, on the password step.
	BotScript   string
	BotSiteKey  string
	BotScriptJS template.JS
}

const authorizeCSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f7f3ee;color:#1a1a1a}
main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.5rem;margin:0 0 .25rem}
p{margin:.25rem 0 1rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;padding:.7rem .8rem;font:inherit;border:2px solid #988d85;border-radius:8px}
input:focus{outline:3px solid #ffc72c;outline-offset:1px;border-color:#000}
input[aria-invalid=true]{border-color:#d93a0b}
.field-error{color:#a62d08;font-weight:600;margin:.25rem 0 0}
.alert{border:2px solid #d93a0b;background:#fff4f0;border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem}
.alert h2{font-size:1rem;margin:0 0 .25rem}
.alert ul{margin:0;padding-left:1.25rem}
.alert a{color:#a62d08}
.notice{border-left:4px solid #5cb147;padding:.5rem .75rem;background:#f2faf0}
button{width:100%;margin-top:1.5rem;padding:.8rem;font:inherit;font-weight:700;background:#ffc72c;color:#000;border:2px solid #000;border-radius:8px;cursor:pointer}
button:focus{outline:3px solid #000;outline-offset:2px}
.links{margin-top:1.25rem;display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}
.links a{color:#a6192e}
`

var authorizeStyleHash = func() string {
	sum := sha256.Sum256([]byte(authorizeCSS))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()

// botCheckJS runs the bot check when the password form is sent and posts its token with
// the form; a token that could not be had is posted empty and refused by the server. A
// form sent before the check's script has loaded waits for it (or for its failure).
const botCheckJS = `(function(){var f=document.getElementById('signin'),s=document.getElementById('bot-check-script');` +
	`if(!f||!f.elements.bot_check)return;var loaded=!s,waiting=false,sending=false;` +
	`var send=function(t){f.elements.bot_check.value=typeof t==='string'?t:'';f.submit();};` +
	`var run=function(){var g=window.grecaptcha&&window.grecaptcha.enterprise;if(!g){send('');return;}` +
	`g.ready(function(){g.execute(f.getAttribute('data-site-key'),{action:'login'}).then(send,function(){send('');});});};` +
	`var done=function(){loaded=true;if(waiting){waiting=false;run();}};` +
	`if(s){s.addEventListener('load',done);s.addEventListener('error',done);}` +
	`f.addEventListener('submit',function(e){e.preventDefault();if(sending)return;sending=true;` +
	`if(loaded||(window.grecaptcha&&window.grecaptcha.enterprise)){run();}else{waiting=true;}});})();`

var botCheckHash = func() string {
	sum := sha256.Sum256([]byte(botCheckJS))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()

// pagePolicy is the page's Content-Security-Policy: its own style and script by hash,
// the bot check's script and requests from this site or origins.
func pagePolicy(origins []string) string {
	src := strings.Join(append([]string{"'self'"}, origins...), " ")
	return "default-src 'none'; style-src " + authorizeStyleHash + "; script-src " + botCheckHash + " " + src +
		"; connect-src " + src + "; frame-src " + src + "; img-src " + src +
		"; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
}

var authorizePage = template.Must(template.New("authorize").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{if .Errors}}Error: {{end}}{{.Title}} – {{.Program}}</title>
<style>{{.Style}}</style>
</head>
<body>
<main>
<h1>{{.Title}}</h1>
{{if eq .Step "code"}}<p>We sent a 6-digit code to <strong>{{.Destination}}</strong>. It expires in 10 minutes.</p>
{{else}}<p>Sign in with your {{.Program}} account to continue.</p>{{end}}
{{if .Errors}}<div class="alert" role="alert" tabindex="-1">
<h2>There is a problem</h2>
<ul>{{range .Errors}}<li>{{if .Name}}<a href="#{{.Name}}">{{.Error}}</a>{{else}}{{.Error}}{{end}}</li>{{end}}</ul>
</div>{{end}}
{{if .Notice}}<p class="notice" role="status">{{.Notice}}</p>{{end}}
<form id="signin" method="post" action="/loyalty/authorize" novalidate{{if .BotScript}} data-site-key="{{.BotSiteKey}}"{{end}}>
<input type="hidden" name="client_id" value="{{.Req.ClientID}}">
<input type="hidden" name="redirect_uri" value="{{.Req.RedirectURI}}">
<input type="hidden" name="state" value="{{.Req.State}}">
<input type="hidden" name="form_token" value="{{.Token}}">
<input type="hidden" name="step" value="{{.Step}}">
{{if .ChallengeID}}<input type="hidden" name="challenge_id" value="{{.ChallengeID}}">{{end}}
{{if .BotScript}}<input type="hidden" name="bot_check" value="">{{end}}
{{range .Fields}}<label for="{{.Name}}">{{.Label}}</label>
<input id="{{.Name}}" name="{{.Name}}" type="{{.Type}}" autocomplete="{{.Autocomplete}}"{{if .InputMode}} inputmode="{{.InputMode}}"{{end}} value="{{.Value}}" required{{if .Error}} aria-invalid="true" aria-describedby="{{.Name}}-error"{{end}}>
{{if .Error}}<p class="field-error" id="{{.Name}}-error">{{.Error}}</p>{{end}}
{{end}}<button type="submit">{{if eq .Step "code"}}Verify and continue{{else}}Sign in{{end}}</button>
</form>
<p class="links">{{if eq .Step "code"}}<a href="/loyalty/authorize?client_id={{.Req.ClientID}}&amp;redirect_uri={{.Req.RedirectURI}}&amp;state={{.Req.State}}">Start again</a>{{else}}<a href="/account/forgot">Forgot your password?</a> <a href="/account/signup">Join {{.Program}}</a>{{end}}</p>
</main>
{{if .BotScript}}<script id="bot-check-script" src="{{.BotScript}}" async></script>
<script>{{.BotScriptJS}}</script>
{{end}}</body>
</html>
`))

var errorPage = template.Must(template.New("error").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Error: sign-in link not valid – {{.Program}}</title>
<style>{{.Style}}</style>
</head>
<body>
<main>
<h1>This sign-in link isn't valid</h1>
<div class="alert" role="alert"><p>{{.Message}}</p></div>
<p><a href="/account/signin">Go to sign in</a></p>
</main>
</body>
</html>
`))

func securityHeaders(c fiber.Ctx, policy string) {
	c.Set("Content-Security-Policy", policy)
	c.Set(fiber.HeaderCacheControl, site.NoStore)
	c.Set("X-Frame-Options", "DENY")
	c.Set("X-Content-Type-Options", "nosniff")
	c.Set("Referrer-Policy", "no-referrer")
}

func (h page) badRequest(c fiber.Ctx, msg string) error {
	var b bytes.Buffer
	if err := errorPage.Execute(&b, map[string]any{"Program": h.p.ProgramName(), "Message": msg, "Style": template.CSS(authorizeCSS)}); err != nil {
		return err
	}
	securityHeaders(c, h.policy)
	return c.Status(fiber.StatusBadRequest).Type("html", "utf-8").Send(b.Bytes())
}

// params reads client_id, redirect_uri and state and has the provider check them.
func (h page) params(c fiber.Ctx, get func(string) string) (loyalty.AuthorizeRequest, string) {
	scheme := "http"
	if c.Secure() {
		scheme = "https"
	}
	in := loyalty.AuthorizeRequest{ClientID: get("client_id"), RedirectURI: get("redirect_uri"), State: get("state")}
	return h.p.CheckAuthorizeRequest(in, scheme, c.Host())
}

// newFormToken has the provider issue a form token bound to the request and sets its
// cookie.
func (h page) newFormToken(c fiber.Ctx, r loyalty.AuthorizeRequest) (string, error) {
	token, err := h.p.NewAuthorizeForm(c.Context(), r, formTTL)
	if err != nil {
		return "", err
	}
	c.Cookie(&fiber.Cookie{Name: formCookie, Value: token, Path: Path, MaxAge: int(formTTL.Seconds()),
		HTTPOnly: true, Secure: h.secure || c.Secure(), SameSite: fiber.CookieSameSiteStrictMode})
	return token, nil
}

// takeFormToken spends the posted token; it must match the cookie and the request.
func (h page) takeFormToken(c fiber.Ctx, r loyalty.AuthorizeRequest) (bool, error) {
	token := c.FormValue("form_token")
	if token == "" || token != c.Cookies(formCookie) {
		return false, nil
	}
	return h.p.TakeAuthorizeForm(c.Context(), token, r)
}

func (h page) render(c fiber.Ctx, status int, v authView) error {
	token, err := h.newFormToken(c, v.Req)
	if err != nil {
		return err
	}
	v.Token, v.Program, v.Style = token, h.p.ProgramName(), template.CSS(authorizeCSS)
	if v.Step == "" {
		v.Step = "password"
	}
	if v.Step == "password" {
		v.BotScript, v.BotSiteKey, v.BotScriptJS = h.script, h.cfg.BotSiteKey, template.JS(botCheckJS)
	}
	if v.Title == "" {
		v.Title = "Sign in"
		if v.Step == "code" {
			v.Title = "Enter your sign-in code"
		}
	}
	for _, f := range v.Fields {
		if f.Error != "" {
			v.Errors = append(v.Errors, f)
		}
	}
	var b bytes.Buffer
	if err := authorizePage.Execute(&b, v); err != nil {
		return err
	}
	securityHeaders(c, h.policy)
	return c.Status(status).Type("html", "utf-8").Send(b.Bytes())
}

func passwordFields(email string, errs map[string]string) []authField {
	return []authField{
		{Name: "email", Label: "Email", Type: "email", Autocomplete: "username", Value: email, Error: errs["email"]},
		{Name: "password", Label: "Password", Type: "password", Autocomplete: "current-password", Error: errs["password"]},
	}
}

func codeFields(errs map[string]string) []authField {
	return []authField{{Name: "code", Label: "6-digit code", Type: "text", Autocomplete: "one-time-code", InputMode: "numeric", Error: errs["code"]}}
}

func (h page) get(c fiber.Ctx) error {
	r, problem := h.params(c, func(k string) string { return c.Query(k) })
	if problem != "" {
		return h.badRequest(c, problem)
	}
	return h.render(c, fiber.StatusOK, authView{Req: r, Fields: passwordFields("", nil)})
}

// formError turns a provider error into page errors: field messages, or one message.
func formError(err error) (map[string]string, string, bool) {
	fe, ok := fault.As(err)
	if !ok {
		return nil, "", false
	}
	if len(fe.Fields) > 0 {
		return fe.Fields, "", true
	}
	return nil, fe.Message, true
}

func (h page) post(c fiber.Ctx) error {
	ctx := c.Context()
	r, problem := h.params(c, func(k string) string { return c.FormValue(k) })
	if problem != "" {
		return h.badRequest(c, problem)
	}
	ok, err := h.takeFormToken(c, r)
	if err != nil {
		return err
	}
	email := c.FormValue("email")
	if !ok {
		return h.render(c, fiber.StatusBadRequest, authView{Req: r, Fields: passwordFields(normEmail(email), nil),
			Errors: []authField{{Error: "This sign-in form expired. Please sign in again."}}})
	}
	if c.FormValue("step") == "code" && h.p.AuthorizeCodeStep() {
		chID := c.FormValue("challenge_id")
		m, err := h.p.VerifyCode(ctx, chID, c.FormValue("code"))
		if err != nil {
			fields, msg, known := formError(err)
			if !known {
				return err
			}
			if fe, _ := fault.As(err); fe.Kind != fault.Invalid {
				// The code step is over (expired, used, locked): start again.
				return h.render(c, fiber.StatusBadRequest, authView{Req: r, Fields: passwordFields("", nil), Errors: []authField{{Error: msg}}})
			}
			v := authView{Req: r, Step: "code", ChallengeID: chID, Destination: h.p.ChallengeDestination(ctx, chID), Fields: codeFields(fields)}
			if msg != "" {
				v.Errors = []authField{{Error: msg}}
			}
			return h.render(c, fiber.StatusBadRequest, v)
		}
		return h.finish(c, r, m.ID)
	}
	// The password step is sign-in's: a person, as the bot check judges, then the code.
	if err := h.cfg.BotCheck(c, c.FormValue(BotCheckField)); err != nil {
		fe, ok := fault.As(err)
		if !ok {
			return err
		}
		return h.render(c, httpx.StatusOf(fe), authView{Req: r, Fields: passwordFields(normEmail(email), nil), Errors: []authField{{Error: fe.Message}}})
	}
	memberID, err := h.p.AuthorizePassword(ctx, email, c.FormValue("password"))
	if err != nil {
		fields, msg, known := formError(err)
		if !known {
			return err
		}
		v := authView{Req: r, Fields: passwordFields(normEmail(email), fields)}
		if msg != "" {
			v.Errors = []authField{{Name: "email", Error: msg}}
		}
		status := fiber.StatusBadRequest
		if fault.Is(err, fault.Unauthorized) {
			status = fiber.StatusUnauthorized
		} else if fault.Is(err, fault.TooMany) {
			status = fiber.StatusTooManyRequests
		}
		return h.render(c, status, v)
	}
	if h.p.AuthorizeCodeStep() {
		ch, err := h.p.StartAuthorizeCode(ctx, memberID)
		if err != nil {
			_, msg, known := formError(err)
			if !known {
				return err
			}
			return h.render(c, fiber.StatusTooManyRequests, authView{Req: r, Fields: passwordFields(normEmail(email), nil), Errors: []authField{{Error: msg}}})
		}
		return h.render(c, fiber.StatusOK, authView{Req: r, Step: "code", ChallengeID: ch.ID, Destination: ch.Destination, Fields: codeFields(nil)})
	}
	return h.finish(c, r, memberID)
}

// normEmail is how the form shows the email back: trimmed and lower case.
func normEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func (h page) finish(c fiber.Ctx, r loyalty.AuthorizeRequest, memberID string) error {
	code, err := h.p.CreateAuthCode(c.Context(), memberID, r.RedirectURI)
	if err != nil {
		return err
	}
	u, _ := url.Parse(r.RedirectURI)
	q := u.Query()
	q.Set("code", code)
	if r.State != "" {
		q.Set("state", r.State)
	}
	u.RawQuery = q.Encode()
	securityHeaders(c, h.policy)
	c.Cookie(&fiber.Cookie{Name: formCookie, Value: "", Path: Path, MaxAge: -1, HTTPOnly: true, Secure: h.secure || c.Secure(), SameSite: fiber.CookieSameSiteStrictMode})
	return c.Redirect().Status(fiber.StatusFound).To(u.String())
}
