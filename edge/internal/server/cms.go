package server

import (
	"log/slog"
	"time"

	"github.com/gofiber/fiber/v3"

	contentapi "github.com/henhouse/platform/edge/internal/api/content"
	cms "github.com/henhouse/platform/edge/internal/providers/content"
	contentbuiltin "github.com/henhouse/platform/edge/internal/providers/content/builtin"
	"github.com/henhouse/platform/edge/internal/providers/content/storyblok"
	"github.com/henhouse/platform/edge/internal/site"
	"github.com/henhouse/platform/edge/internal/store"
)

// PreviewCookie holds an editor's preview grant (docs/content.md, "Preview").
const PreviewCookie = "hh_cms_preview"

// openContent is the content provider CONTENT_PROVIDER names: the built-in pages, or
// Storyblok's.
func openContent(cfg Config, st *store.Store, log *slog.Logger) (cms.Provider, error) {
	if cfg.ContentProvider != "storyblok" {
		return contentbuiltin.New()
	}
	sb := cfg.Storyblok
	return storyblok.New(storyblok.Config{Token: sb.Token, PreviewToken: sb.PreviewToken, WebhookSecret: sb.WebhookSecret,
		BaseURL: sb.APIURL, Store: st, CVInterval: sb.CVInterval, CacheTTL: sb.CacheTTL, Log: log})
}

// mountContentWebhook serves POST /api/cms/webhook when the content provider takes
// webhooks and a secret to check them is set; otherwise the path is the API's 404.
func (s *Server) mountContentWebhook(api fiber.Router) {
	hook, ok := s.cms.(cms.Webhook)
	if !ok || s.cfg.Storyblok.WebhookSecret == "" {
		return
	}
	contentapi.MountWebhook(api, hook)
}

// previewer is the content provider's preview, or nil when it has none.
func (s *Server) previewer() cms.Previewer {
	if s.cfg.ContentProvider != "storyblok" || s.cfg.Storyblok.PreviewToken == "" {
		return nil
	}
	p, _ := s.cms.(cms.Previewer)
	return p
}

// startPreview is page middleware: a page opened from the CMS's editor with a valid
// signed preview link gets the preview cookie. The page's own document (heading,
// description) stays the published one; the content API reads the draft.
func (s *Server) startPreview(p cms.Previewer) fiber.Handler {
	return func(c fiber.Ctx) error {
		if c.Query("_storyblok_tk[token]") == "" {
			return c.Next()
		}
		if v, exp, ok := p.StartPreview(c.Queries(), time.Now()); ok {
			ck := &fiber.Cookie{Name: PreviewCookie, Value: v, Path: "/", Expires: exp, HTTPOnly: true, Secure: s.cfg.CookieSecure, SameSite: fiber.CookieSameSiteLaxMode}
			if s.cfg.CookieSecure {
				// The editor shows the site in a frame of its own origin: only a
				// cross-site, partitioned cookie reaches the frame's API calls.
				ck.SameSite, ck.Partitioned = fiber.CookieSameSiteNoneMode, true
			}
			c.Cookie(ck)
		}
		return c.Next()
	}
}

// previewContent is middleware of the content page API: with a genuine preview
// cookie the provider reads the draft (cms.WithDraft), and the answer is kept by no
// cache, so no one else is ever served a draft.
func previewContent(p cms.Previewer) fiber.Handler {
	return func(c fiber.Ctx) error {
		v := c.Cookies(PreviewCookie)
		if v == "" || !p.Preview(v, time.Now()) {
			return c.Next()
		}
		c.SetContext(cms.WithDraft(c.Context()))
		err := c.Next()
		c.Set(fiber.HeaderCacheControl, site.PrivateNoStore)
		return err
	}
}
