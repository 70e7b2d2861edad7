package admin

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"mime"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/clientip"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/ratelimit"
)

// The ops console (docs/operations.md, "Ops console") is a page on the admin app that
// calls the same routes as the CLI. A browser cannot hold the bearer token safely, so
// the page trades it once for a session: a random id in an HttpOnly, SameSite=Strict
// cookie, kept in Redis (as a hash, so the keys do not hold usable ids) with the
// token's name and a CSRF token. The ops token itself is never stored or sent back.
//
// Why not package csrf: its tokens are bound to the site's visitor cookie (package
// session) and its secret, neither of which the admin app has; a random token kept
// with the session is as strong and needs nothing else.

// SessionCookie is the console's session cookie.
const SessionCookie = "hh_ops_session"

// CSRFHeader carries the session's CSRF token on every cookie-authenticated request
// that changes state.
const CSRFHeader = "X-CSRF-Token"

// SessionTTL is how long a console session lasts after signing in.
const SessionTTL = 12 * time.Hour

// signInRule limits sign-in attempts per client address: ops tokens are long and
// random, the limit only keeps a client from trying many.
var signInRule = ratelimit.Rule{Name: "ops-sign-in", What: "sign-in attempts",
	IP: ratelimit.Limit{Count: 10, Window: 15 * time.Minute}}

// consoleSession is what Redis holds for a session.
type consoleSession struct {
	Name string `json:"name"`
	CSRF string `json:"csrf"`
}

var (
	errNoSession = httpx.Errorf(fiber.StatusUnauthorized, "unauthorized", "Sign in with an ops token.")
	errBadToken  = httpx.Errorf(fiber.StatusUnauthorized, "unauthorized", "That ops token is not valid.")
	errCSRF      = httpx.Errorf(fiber.StatusForbidden, "csrf_failed", "The request lacks the console's CSRF token. Reload the page and try again.")
	errNoConsole = httpx.Errorf(fiber.StatusServiceUnavailable, "console_not_built",
		"The ops console is not built: run npm run build -w @henhouse/ops-console.")
)

// consoleCSP allows the page its own script and styles and nothing else.
const consoleCSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"font-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// consolePage loads the bundle; everything else is drawn by it.
const consolePage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Ops console · Henhouse</title>
<link rel="stylesheet" href="/admin/assets/console.css">
<script src="/admin/assets/console.js" defer></script>
</head>
<body>
<div id="root"><noscript>The ops console needs JavaScript.</noscript></div>
</body>
</html>
`

// pageHeaders are sent with the page and every answer of the session routes.
func pageHeaders(c fiber.Ctx) {
	c.Set(fiber.HeaderContentSecurityPolicy, consoleCSP)
	c.Set(fiber.HeaderXFrameOptions, "DENY")
	c.Set(fiber.HeaderCacheControl, "no-store")
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	c.Set(fiber.HeaderReferrerPolicy, "no-referrer")
}

func (h *handlers) page(c fiber.Ctx) error {
	if _, err := os.Stat(filepath.Join(h.cfg.ConsoleDir, "console.js")); err != nil {
		return errNoConsole
	}
	pageHeaders(c)
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	return c.SendString(consolePage)
}

// assetName is a file the console's build writes: no directories, no dot files.
var assetName = regexp.MustCompile(`^[A-Za-z0-9_-][A-Za-z0-9_.-]*\.(js|css|map|svg|woff2)$`)

// asset serves the console's build. The names are fixed (the page names them), so
// the browser revalidates each time instead of caching them.
func (h *handlers) asset(c fiber.Ctx) error {
	name := c.Params("file")
	if !assetName.MatchString(name) {
		return httpx.Errorf(fiber.StatusNotFound, "not_found", "No such file.")
	}
	b, err := os.ReadFile(filepath.Join(h.cfg.ConsoleDir, name))
	if err != nil {
		return httpx.Errorf(fiber.StatusNotFound, "not_found", "No such file.")
	}
	sum := sha256.Sum256(b)
	etag := `"` + hex.EncodeToString(sum[:8]) + `"`
	c.Set(fiber.HeaderCacheControl, "no-cache")
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	c.Set(fiber.HeaderETag, etag)
	if c.Get(fiber.HeaderIfNoneMatch) == etag {
		return c.SendStatus(fiber.StatusNotModified)
	}
	c.Set(fiber.HeaderContentType, mime.TypeByExtension(filepath.Ext(name)))
	return c.Send(b)
}

// sessionKey is the Redis key of a session id: its hash, so what Redis holds cannot
// be used as a cookie.
func (h *handlers) sessionKey(id string) string {
	sum := sha256.Sum256([]byte(id))
	return h.cfg.Store.Key("admin", "session", hex.EncodeToString(sum[:]))
}

func randomToken() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// session is the request's console session, nil without a valid cookie.
func (h *handlers) session(c fiber.Ctx) (*consoleSession, error) {
	id := c.Cookies(SessionCookie)
	if id == "" || len(id) > 100 {
		return nil, nil
	}
	raw, err := h.cfg.Store.Client.Get(c.Context(), h.sessionKey(id)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var s consoleSession
	if json.Unmarshal(raw, &s) != nil || s.Name == "" || s.CSRF == "" {
		return nil, nil
	}
	return &s, nil
}

// checkCSRF refuses a state-changing request without the session's token, and one a
// browser says comes from another origin. Another origin includes the public site on
// the same host: it is the same site, so a SameSite=Strict cookie goes along from its
// pages, and only the console's own page may change state.
func checkCSRF(c fiber.Ctx, s *consoleSession) error {
	if safeMethod(c.Method()) {
		return nil
	}
	if site := strings.ToLower(strings.TrimSpace(c.Get(fiber.HeaderSecFetchSite))); site != "" && site != "same-origin" && site != "none" {
		return errCSRF
	}
	if origin := c.Get(fiber.HeaderOrigin); origin != "" {
		u, err := url.Parse(origin)
		if err != nil || !strings.EqualFold(u.Host, c.Host()) {
			return errCSRF
		}
	}
	given := c.Get(CSRFHeader)
	if subtle.ConstantTimeCompare([]byte(given), []byte(s.CSRF)) != 1 {
		return errCSRF
	}
	return nil
}

func safeMethod(m string) bool {
	return m == fiber.MethodGet || m == fiber.MethodHead || m == fiber.MethodOptions
}

// authorize lets a request in with a valid bearer token (the CLI) or a console
// session cookie (with the CSRF token when it changes state), and records its actor.
// A wrong bearer token is refused even when a cookie is present.
func (h *handlers) authorize(c fiber.Ctx) error {
	if c.Get(fiber.HeaderAuthorization) != "" || h.cfg.Store == nil {
		return Require(h.cfg.Tokens)(c)
	}
	s, err := h.session(c)
	if err != nil {
		unread(c)
		return err
	}
	if s == nil {
		c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="henhouse-ops"`)
		unread(c)
		return httpx.Errorf(fiber.StatusUnauthorized, "unauthorized", "An ops token is required: Authorization: Bearer <OPS_TOKEN>, or sign in at /admin/.")
	}
	if err := checkCSRF(c, s); err != nil {
		unread(c)
		return err
	}
	c.Locals(actorKey{}, s.Name+"@"+clientip.IP(c))
	return c.Next()
}

// signIn checks the ops token given as JSON {"token": …} or as a form field, and
// starts a session. A form post (the page without script) is sent back to the page.
func (h *handlers) signIn(c fiber.Ctx) error {
	pageHeaders(c)
	var body struct {
		Token string `json:"token"`
	}
	form := strings.HasPrefix(strings.ToLower(c.Get(fiber.HeaderContentType)), fiber.MIMEApplicationForm)
	if form {
		v, err := url.ParseQuery(string(c.Body()))
		if err != nil {
			return httpx.Invalid("The form could not be read.", nil)
		}
		body.Token = v.Get("token")
	} else if err := httpx.Decode(c, &body); err != nil {
		return err
	}
	if strings.TrimSpace(body.Token) == "" {
		return httpx.Invalid("Enter the ops token.", map[string]string{"token": "Required."})
	}
	name, ok := h.cfg.Tokens.Match("Bearer " + body.Token)
	if !ok {
		return errBadToken
	}
	id, s := randomToken(), consoleSession{Name: name, CSRF: randomToken()}
	raw, _ := json.Marshal(s)
	if err := h.cfg.Store.Client.Set(c.Context(), h.sessionKey(id), raw, SessionTTL).Err(); err != nil {
		return err
	}
	c.Cookie(&fiber.Cookie{Name: SessionCookie, Value: id, Path: "/admin", MaxAge: int(SessionTTL / time.Second),
		HTTPOnly: true, Secure: h.cfg.CookieSecure, SameSite: fiber.CookieSameSiteStrictMode})
	if form {
		return c.Redirect().Status(fiber.StatusSeeOther).To("/admin/")
	}
	return c.JSON(fiber.Map{"name": s.Name, "csrf_token": s.CSRF})
}

// whoami gives the page the session's name and CSRF token.
func (h *handlers) whoami(c fiber.Ctx) error {
	pageHeaders(c)
	s, err := h.session(c)
	if err != nil {
		return err
	}
	if s == nil {
		return errNoSession
	}
	return c.JSON(fiber.Map{"name": s.Name, "csrf_token": s.CSRF})
}

// signOut ends the session (with its CSRF token, so another site cannot sign ops out).
func (h *handlers) signOut(c fiber.Ctx) error {
	pageHeaders(c)
	s, err := h.session(c)
	if err != nil {
		return err
	}
	if s != nil {
		if err := checkCSRF(c, s); err != nil {
			return err
		}
		if err := h.cfg.Store.Client.Del(c.Context(), h.sessionKey(c.Cookies(SessionCookie))).Err(); err != nil {
			return err
		}
	}
	c.Cookie(&fiber.Cookie{Name: SessionCookie, Value: "", Path: "/admin", MaxAge: -1, Expires: time.Unix(1, 0),
		HTTPOnly: true, Secure: h.cfg.CookieSecure, SameSite: fiber.CookieSameSiteStrictMode})
	return c.SendStatus(fiber.StatusNoContent)
}

// mountConsole registers the page and the session routes; they come before the
// authorized group, so they answer without a token.
func (h *handlers) mountConsole(r fiber.Router) {
	r.Get("/admin/", h.page) // and /admin: routing is not strict
	r.Get("/admin/assets/:file", h.asset)
	r.Get("/admin/session", h.whoami)
	r.Post("/admin/session", limitBody, ratelimit.Guard(ratelimit.New(h.cfg.Store), signInRule, nil), h.signIn)
	r.Delete("/admin/session", h.signOut)
}
