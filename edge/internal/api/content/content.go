// Package content serves content-managed pages under /api/content.
package content

import (
	"errors"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/httpx"
	cms "github.com/henhouse/platform/edge/internal/providers/content"
	"github.com/henhouse/platform/edge/internal/site"
)

// Config configures the content API.
type Config struct {
	// Provider serves the pages. Required.
	Provider cms.Provider
}

// Mount registers GET /content/pages/*, GET /content/slugs and GET /content/popups on r
// (the /api group).
func Mount(r fiber.Router, cfg Config) {
	r.Get("/content/slugs", func(c fiber.Ctx) error {
		s, err := cfg.Provider.Slugs(c.Context())
		if err != nil {
			return err
		}
		return c.JSON(fiber.Map{"slugs": s})
	})
	page := func(c fiber.Ctx) error {
		pg, err := cfg.Provider.Page(c.Context(), c.Params("*"))
		if errors.Is(err, cms.ErrNotFound) {
			return httpx.Errorf(fiber.StatusNotFound, "page_not_found", "This page could not be found")
		}
		if err != nil {
			return err
		}
		c.Set(fiber.HeaderCacheControl, site.PublicFor(time.Minute))
		return c.JSON(pg)
	}
	r.Get("/content/popups", func(c fiber.Ctx) error {
		pp, err := cfg.Provider.Popups(c.Context())
		if err != nil {
			return err
		}
		c.Set(fiber.HeaderCacheControl, site.PublicFor(time.Minute))
		return c.JSON(fiber.Map{"popups": pp})
	})
	r.Get("/content/pages", page)
	r.Get("/content/pages/*", page)
}

// WebhookPath is where the CMS posts its change events, under /api.
const WebhookPath = "/cms/webhook"

// MountWebhook registers POST /cms/webhook on r (the /api group), for a provider told
// of changes by its CMS. The CMS signs the raw body instead of sending a CSRF token or
// a session, so r must not be behind those checks: mount it before them. A wrong or
// missing signature is a 401.
func MountWebhook(r fiber.Router, hook cms.Webhook) {
	r.Post(WebhookPath, func(c fiber.Ctx) error {
		if err := hook.Webhook(c.Context(), c.Body(), c.Get("webhook-signature")); err != nil {
			return err
		}
		c.Set(fiber.HeaderCacheControl, site.NoStore)
		return c.JSON(fiber.Map{"received": true})
	})
}
