package server

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/csp"
	"github.com/henhouse/platform/edge/internal/modules"
)

func getWith(t *testing.T, s *Server, path string, hdr ...string) (*http.Response, string) {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	for j := 0; j+1 < len(hdr); j += 2 {
		req.Header.Set(hdr[j], hdr[j+1])
	}
	res, err := s.App.Test(req, fiber.TestConfig{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// A dev edge loads a module from the dev server the override names, with a policy that
// allows that server for that page only; staging and prod serve the published version
// whatever the cookie says, even with the QA token.
func TestDevServerOverride(t *testing.T) {
	const cookie = "hh_modules=mf-menu@http://127.0.0.1:3002/,mf-content@1.0.0"
	dev := newTestServerWith(t, func(c *Config) { withQA(c); c.Environment = "dev" })
	res, body := getWith(t, dev, "/menu/m-standard", "Cookie", cookie)
	m := bootstrapOf(t, body).Modules["mf-menu"]
	if m.Entry != "http://127.0.0.1:3002/remoteEntry.js" || m.Manifest != "http://127.0.0.1:3002/mf-manifest.json" ||
		m.Channel != modules.DevChannel || m.Integrity != "" || m.Remote != "mf_menu" {
		t.Fatalf("dev edge: mf-menu %+v", m)
	}
	policy := res.Header.Get(csp.HeaderPolicy)
	if !strings.Contains(policy, "connect-src 'self' http://127.0.0.1:3002 ws://127.0.0.1:3002") ||
		!strings.Contains(policy, "'unsafe-inline' http://127.0.0.1:3002;") {
		t.Fatalf("dev edge policy: %s", policy)
	}
	// No preload of the published version, no prerendered screen of it.
	if strings.Contains(body, `href="/modules/mf-menu/`) {
		t.Fatal("the page preloads the published mf-menu")
	}
	if res, _ := getWith(t, dev, "/menu/m-standard"); strings.Contains(res.Header.Get(csp.HeaderPolicy), "3002") {
		t.Fatalf("the next page's policy kept the dev server: %s", res.Header.Get(csp.HeaderPolicy))
	}
	// The header form, and an entry that is no URL to trust, which is left out.
	if _, body := getWith(t, dev, "/menu/m-standard", modules.OverrideHeader, "mf-menu@http://127.0.0.1:3002/;script-src *"); bootstrapOf(t, body).Modules["mf-menu"].Channel != "stable" {
		t.Fatal("a bad dev server URL was taken")
	}

	prod := newTestServerWith(t, withQA)
	staging := newTestServerWith(t, func(c *Config) { withQA(c); c.Environment = "staging" })
	for name, s := range map[string]*Server{"prod": prod, "staging": staging} {
		for _, hdr := range [][]string{
			{"Cookie", cookie},
			{"Cookie", cookie, "Authorization", "Bearer " + qaToken},
			{modules.OverrideHeader, "mf-menu@http://127.0.0.1:3002/", "Authorization", "Bearer " + qaToken},
		} {
			res, body := getWith(t, s, "/menu/m-standard", hdr...)
			m := bootstrapOf(t, body).Modules["mf-menu"]
			if m.Entry != "/modules/mf-menu/1.0.0/remoteEntry.js" || m.Channel != "stable" || m.Integrity == "" ||
				strings.Contains(body, "3002") || strings.Contains(res.Header.Get(csp.HeaderPolicy), "3002") {
				t.Fatalf("%s edge with %v: mf-menu %+v, policy %s", name, hdr, m, res.Header.Get(csp.HeaderPolicy))
			}
		}
		if res, _ := getWith(t, s, "/dev/module?mf-menu=http://127.0.0.1:3002/"); res.StatusCode == fiber.StatusSeeOther || len(res.Cookies()) > 0 && res.Cookies()[0].Name == modules.OverrideCookie {
			t.Fatalf("%s edge serves /dev/module: %d", name, res.StatusCode)
		}
	}
}

// /dev/module sets the override cookie from the address bar, keeps what else it held,
// drops one module or all, and refuses what it could not honour.
func TestDevModuleCookie(t *testing.T) {
	dev := newTestServerWith(t, func(c *Config) { c.Environment = "dev" })
	publishOn(t, dev, "1.1.0")
	cookieOf := func(res *http.Response) (string, bool) {
		for _, c := range res.Cookies() {
			if c.Name == modules.OverrideCookie {
				return c.Value, c.MaxAge >= 0
			}
		}
		return "", false
	}
	res, _ := getWith(t, dev, "/dev/module?mf-menu=http://127.0.0.1:3002&return=/menu/m-standard")
	if v, _ := cookieOf(res); res.StatusCode != fiber.StatusSeeOther || res.Header.Get("Location") != "/menu/m-standard" || v != "mf-menu@http://127.0.0.1:3002/" {
		t.Fatalf("set: %d %q %q", res.StatusCode, res.Header.Get("Location"), v)
	}
	res, _ = getWith(t, dev, "/dev/module?mf-content=1.0.0&return=//evil.example/", "Cookie", "hh_modules=mf-menu@http://127.0.0.1:3002/")
	if v, _ := cookieOf(res); res.Header.Get("Location") != "/" || v != "mf-menu@http://127.0.0.1:3002/,mf-content@1.0.0" {
		t.Fatalf("add: %q %q", res.Header.Get("Location"), v)
	}
	res, _ = getWith(t, dev, "/dev/module?mf-menu=1.1.0", "Cookie", "hh_modules=mf-menu@http://127.0.0.1:3002/,mf-content@1.0.0")
	if v, _ := cookieOf(res); v != "mf-menu@1.1.0,mf-content@1.0.0" {
		t.Fatalf("replace: %q", v)
	}
	res, _ = getWith(t, dev, "/dev/module?mf-menu=", "Cookie", "hh_modules=mf-menu@http://127.0.0.1:3002/,mf-content@1.0.0")
	if v, _ := cookieOf(res); v != "mf-content@1.0.0" {
		t.Fatalf("drop one: %q", v)
	}
	res, _ = getWith(t, dev, "/dev/module?clear", "Cookie", "hh_modules=mf-menu@http://127.0.0.1:3002/")
	if v, kept := cookieOf(res); v != "" || kept {
		t.Fatalf("clear: %q kept %v (%v)", v, kept, res.Header.Values("Set-Cookie"))
	}
	for _, q := range []string{"mf-nope=http://127.0.0.1:3002/", "mf-menu=ftp://127.0.0.1/", "mf-menu=9.9.9", "mf-menu=http://u@127.0.0.1:3002/"} {
		res, body := getWith(t, dev, "/dev/module?"+strings.ReplaceAll(q, "&", "%26"))
		if res.StatusCode != fiber.StatusBadRequest || !strings.Contains(body, `"code"`) {
			t.Errorf("%s: %d %s", q, res.StatusCode, body)
		}
	}
}
