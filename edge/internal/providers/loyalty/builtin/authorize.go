package builtin

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// The authorize page is the provider's hosted sign-in for single sign-on. A client
// (the web site or the app) sends the guest to
// GET /loyalty/authorize?client_id=…&redirect_uri=/app/code&state=…; after a good
// email and password (and, with Config.AuthorizeCodeStep, an emailed code) the page
// redirects to redirect_uri?code=…&state=…, and the client exchanges the code with
// ExchangeAuthCode. The page is self-contained: no scripts, no external assets.
//
// The form carries a single-use token that must match a SameSite=Strict cookie and
// a record in Redis, so another site cannot post it (no login CSRF).

const (
	authorizePath   = "/loyalty/authorize"
	formCookie      = "hh_authorize"
	formTTL         = 15 * time.Minute
	maxStateLength  = 512
	maxClientLength = 64
)

// MountAuthorize serves the authorize page on router.
func (p *Provider) MountAuthorize(router fiber.Router) {
	router.Get(authorizePath, p.authorizeGet)
	router.Post(authorizePath, p.authorizePost)
}

type authRequest struct {
	ClientID    string
	RedirectURI string // canonical same-origin path
	State       string
}

type authField struct {
	Name, Label, Type, Autocomplete, Value, Error, InputMode string
}

type authView struct {
	Title   string
	Program string
	Req     authRequest
	Token   string
	Step    string // password | code
	Errors  []authField
	Notice  string
	Fields  []authField
	// Code step.
	ChallengeID string
	Destination string
	Style       template.CSS
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
<form method="post" action="/loyalty/authorize" novalidate>
<input type="hidden" name="client_id" value="{{.Req.ClientID}}">
<input type="hidden" name="redirect_uri" value="{{.Req.RedirectURI}}">
<input type="hidden" name="state" value="{{.Req.State}}">
<input type="hidden" name="form_token" value="{{.Token}}">
<input type="hidden" name="step" value="{{.Step}}">
{{if .ChallengeID}}<input type="hidden" name="challenge_id" value="{{.ChallengeID}}">{{end}}
{{range .Fields}}<label for="{{.Name}}">{{.Label}}</label>
<input id="{{.Name}}" name="{{.Name}}" type="{{.Type}}" autocomplete="{{.Autocomplete}}"{{if .InputMode}} inputmode="{{.InputMode}}"{{end}} value="{{.Value}}" required{{if .Error}} aria-invalid="true" aria-describedby="{{.Name}}-error"{{end}}>
{{if .Error}}<p class="field-error" id="{{.Name}}-error">{{.Error}}</p>{{end}}
{{end}}<button type="submit">{{if eq .Step "code"}}Verify and continue{{else}}Sign in{{end}}</button>
</form>
<p class="links">{{if eq .Step "code"}}<a href="/loyalty/authorize?client_id={{.Req.ClientID}}&amp;redirect_uri={{.Req.RedirectURI}}&amp;state={{.Req.State}}">Start again</a>{{else}}<a href="/account/forgot">Forgot your password?</a> <a href="/account/signup">Join {{.Program}}</a>{{end}}</p>
</main>
</body>
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

func (p *Provider) securityHeaders(c fiber.Ctx) {
	c.Set("Content-Security-Policy", "default-src 'none'; style-src "+authorizeStyleHash+"; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
	c.Set("Cache-Control", "no-store")
	c.Set("X-Frame-Options", "DENY")
	c.Set("X-Content-Type-Options", "nosniff")
	c.Set("Referrer-Policy", "no-referrer")
}

func (p *Provider) badRequest(c fiber.Ctx, msg string) error {
	var b bytes.Buffer
	if err := errorPage.Execute(&b, map[string]any{"Program": p.prog.Name, "Message": msg, "Style": template.CSS(authorizeCSS)}); err != nil {
		return err
	}
	p.securityHeaders(c)
	return c.Status(fiber.StatusBadRequest).Type("html", "utf-8").Send(b.Bytes())
}

// authParams reads and checks client_id, redirect_uri and state.
func (p *Provider) authParams(c fiber.Ctx, get func(string) string) (authRequest, string) {
	r := authRequest{ClientID: strings.TrimSpace(get("client_id")), State: get("state")}
	if r.ClientID == "" || len(r.ClientID) > maxClientLength || !slices.Contains(p.cfg.ClientIDs, r.ClientID) {
		return r, "The app that sent you here isn't recognised."
	}
	if len(r.State) > maxStateLength {
		return r, "The sign-in request is too long."
	}
	raw := strings.TrimSpace(get("redirect_uri"))
	if u, err := url.Parse(raw); err == nil && (u.Scheme != "" || u.Host != "") {
		// An absolute address is accepted only on this site's own origin.
		scheme := "http"
		if c.Secure() {
			scheme = "https"
		}
		if u.Scheme != scheme || !strings.EqualFold(u.Host, c.Host()) || u.User != nil {
			return r, "The sign-in request asks to return to an address that isn't allowed."
		}
		raw = u.EscapedPath()
		if u.RawQuery != "" {
			raw += "?" + u.RawQuery
		}
	}
	redirect, ok := normRedirect(raw)
	if !ok {
		return r, "The sign-in request asks to return to an address that isn't allowed."
	}
	r.RedirectURI = redirect
	return r, ""
}

func (p *Provider) formKey(token string) string { return p.k("authform", token) }

func bindDigest(r authRequest) string {
	return digest(r.ClientID + "\x00" + r.RedirectURI + "\x00" + r.State)
}

// newFormToken stores a form token bound to the request and sets its cookie.
func (p *Provider) newFormToken(c fiber.Ctx, r authRequest) (string, error) {
	token := randomToken(18)
	if err := p.st.Client.Set(c.Context(), p.formKey(token), bindDigest(r), formTTL).Err(); err != nil {
		return "", err
	}
	c.Cookie(&fiber.Cookie{Name: formCookie, Value: token, Path: authorizePath, MaxAge: int(formTTL.Seconds()),
		HTTPOnly: true, Secure: c.Secure(), SameSite: fiber.CookieSameSiteStrictMode})
	return token, nil
}

var takeString = redis.NewScript(`
local v = redis.call('GET', KEYS[1])
if v then redis.call('DEL', KEYS[1]) end
return v or ''`)

// takeFormToken spends the posted token; it must match the cookie and the request.
func (p *Provider) takeFormToken(ctx context.Context, c fiber.Ctx, r authRequest) (bool, error) {
	token := c.FormValue("form_token")
	if token == "" || len(token) > 64 || token != c.Cookies(formCookie) {
		return false, nil
	}
	v, err := takeString.Run(ctx, p.st.Client, []string{p.formKey(token)}).Text()
	if err != nil {
		return false, err
	}
	return v != "" && v == bindDigest(r), nil
}

func (p *Provider) render(c fiber.Ctx, status int, v authView) error {
	token, err := p.newFormToken(c, v.Req)
	if err != nil {
		return err
	}
	v.Token, v.Program, v.Style = token, p.prog.Name, template.CSS(authorizeCSS)
	if v.Step == "" {
		v.Step = "password"
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
	p.securityHeaders(c)
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

func (p *Provider) authorizeGet(c fiber.Ctx) error {
	r, problem := p.authParams(c, func(k string) string { return c.Query(k) })
	if problem != "" {
		return p.badRequest(c, problem)
	}
	return p.render(c, fiber.StatusOK, authView{Req: r, Fields: passwordFields("", nil)})
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

func (p *Provider) authorizePost(c fiber.Ctx) error {
	ctx := c.Context()
	r, problem := p.authParams(c, func(k string) string { return c.FormValue(k) })
	if problem != "" {
		return p.badRequest(c, problem)
	}
	ok, err := p.takeFormToken(ctx, c, r)
	if err != nil {
		return err
	}
	email := normEmail(c.FormValue("email"))
	if !ok {
		return p.render(c, fiber.StatusBadRequest, authView{Req: r, Fields: passwordFields(email, nil),
			Errors: []authField{{Error: "This sign-in form expired. Please sign in again."}}})
	}
	if c.FormValue("step") == "code" && p.cfg.AuthorizeCodeStep {
		chID := c.FormValue("challenge_id")
		m, err := p.VerifyCode(ctx, chID, c.FormValue("code"))
		if err != nil {
			fields, msg, known := formError(err)
			if !known {
				return err
			}
			if fe, _ := fault.As(err); fe.Kind != fault.Invalid {
				// The code step is over (expired, used, locked): start again.
				return p.render(c, fiber.StatusBadRequest, authView{Req: r, Fields: passwordFields("", nil), Errors: []authField{{Error: msg}}})
			}
			dest, _ := p.st.Client.HGet(ctx, p.challengeKey(chID), "dest").Result()
			v := authView{Req: r, Step: "code", ChallengeID: chID, Destination: dest, Fields: codeFields(fields)}
			if msg != "" {
				v.Errors = []authField{{Error: msg}}
			}
			return p.render(c, fiber.StatusBadRequest, v)
		}
		return p.finishAuthorize(c, r, m.ID)
	}
	h, err := p.checkPassword(ctx, email, c.FormValue("password"))
	if err != nil {
		fields, msg, known := formError(err)
		if !known {
			return err
		}
		v := authView{Req: r, Fields: passwordFields(email, fields)}
		if msg != "" {
			v.Errors = []authField{{Name: "email", Error: msg}}
		}
		status := fiber.StatusBadRequest
		if fault.Is(err, fault.Unauthorized) {
			status = fiber.StatusUnauthorized
		} else if fault.Is(err, fault.TooMany) {
			status = fiber.StatusTooManyRequests
		}
		return p.render(c, status, v)
	}
	if p.cfg.AuthorizeCodeStep {
		ch, err := p.startChallenge(ctx, h, purposeSignIn, loyalty.ChannelEmail, h["email"], maskEmail(h["email"]))
		if err != nil {
			_, msg, known := formError(err)
			if !known {
				return err
			}
			return p.render(c, fiber.StatusTooManyRequests, authView{Req: r, Fields: passwordFields(email, nil), Errors: []authField{{Error: msg}}})
		}
		return p.render(c, fiber.StatusOK, authView{Req: r, Step: "code", ChallengeID: ch.ID, Destination: ch.Destination, Fields: codeFields(nil)})
	}
	_ = p.clear(ctx, "signin", email)
	return p.finishAuthorize(c, r, h["id"])
}

func (p *Provider) finishAuthorize(c fiber.Ctx, r authRequest, memberID string) error {
	code, err := p.CreateAuthCode(c.Context(), memberID, r.RedirectURI)
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
	p.securityHeaders(c)
	c.Cookie(&fiber.Cookie{Name: formCookie, Value: "", Path: authorizePath, MaxAge: -1, HTTPOnly: true, Secure: c.Secure(), SameSite: fiber.CookieSameSiteStrictMode})
	return c.Redirect().Status(fiber.StatusFound).To(u.String())
}
