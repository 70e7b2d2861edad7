package account

import (
	"net/url"
	"path"
	"strings"
	"unicode"

	"github.com/gofiber/fiber/v3"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/site"
)

// Single sign-on through the loyalty provider's authorize page.

const ssoStateCookie = "hh_sso"

// safeReturn keeps a return path on this site: a path starting with one slash, with no
// control characters, backslashes or dot segments, in its own or its decoded spelling
// (browsers read "/\evil.example" and "/%2e%2e/" their own way); anything else goes
// to /account.
func safeReturn(p string) string {
	const fallback = "/account"
	u, err := url.Parse(p)
	if p == "" || len(p) > 2048 || err != nil || u.Scheme != "" || u.Host != "" || u.User != nil ||
		!strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") {
		return fallback
	}
	for _, s := range []string{p, u.Path} {
		if strings.ContainsRune(s, '\\') || strings.IndexFunc(s, unicode.IsControl) >= 0 {
			return fallback
		}
	}
	clean := path.Clean(u.Path)
	if u.Path != clean && u.Path != clean+"/" {
		return fallback // dot segments or doubled slashes
	}
	return p
}

// GET /auth/sso?return=…: to the provider's authorize page with a state bound to
// this browser (cookie), coming back to site.AppCodePath.
func (a *api) ssoStart(c fiber.Ctx) error {
	state := session.NewID()
	ret := safeReturn(c.Query("return"))
	c.Cookie(&fiber.Cookie{Name: ssoStateCookie, Value: state + "|" + url.QueryEscape(ret), Path: "/api/auth/sso",
		MaxAge: 600, HTTPOnly: true, Secure: a.cfg.Secure, SameSite: fiber.CookieSameSiteLaxMode})
	q := url.Values{"client_id": {a.cfg.SSOClientID}, "redirect_uri": {site.AppCodePath}, "state": {state}, "response_type": {"code"}}
	return c.Redirect().Status(fiber.StatusFound).To(a.cfg.SSOAuthorizeURL + "?" + q.Encode())
}

func (a *api) ssoExchange(c fiber.Ctx) error {
	var in struct {
		Code  string `json:"code"`
		State string `json:"state"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	want, retEsc, _ := strings.Cut(c.Cookies(ssoStateCookie), "|")
	if want == "" || in.State != want {
		return fault.New(fault.Invalid, "sso_state", "That sign-in link has expired. Please sign in again.")
	}
	c.Cookie(&fiber.Cookie{Name: ssoStateCookie, Value: "", Path: "/api/auth/sso", MaxAge: -1, HTTPOnly: true, Secure: a.cfg.Secure, SameSite: fiber.CookieSameSiteLaxMode})
	m, err := a.cfg.SignIn.ExchangeAuthCode(c.Context(), in.Code, site.AppCodePath)
	if err != nil {
		return err
	}
	ret, _ := url.QueryUnescape(retEsc)
	return a.signedIn(c, m, fiber.StatusOK, safeReturn(ret))
}
