package server

import (
	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/site"
)

// mountModulesAPI serves GET /api/modules: the module versions the registry names for
// this visitor now, each as the bootstrap gives it (the same stable or canary pick). A
// page loaded before a release asks when a remote's files are gone (docs/shell.md,
// "Stale remotes after a release"). Read-only and never cached.
func mountModulesAPI(api fiber.Router, reg *modules.Registry) {
	api.Get("/modules", func(c fiber.Ctx) error {
		visitor := session.VisitorID(c)
		out := make(map[string]modules.Module)
		for _, name := range reg.Names() {
			if m, ok := reg.Resolve(c.Context(), name, visitor); ok {
				out[name] = m
			}
		}
		c.Set(fiber.HeaderCacheControl, site.NoCache)
		return c.JSON(fiber.Map{"modules": out})
	})
}
