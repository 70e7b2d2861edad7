// Package careers serves the open roles of a city under /api/careers, for the city
// jobs page (docs/careers.md).
package careers

import (
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/providers/careers"
	"github.com/henhouse/platform/edge/internal/site"
)

// Config configures the careers API.
type Config struct {
	// Provider answers the openings. Required.
	Provider careers.Provider
}

// Mount registers GET /careers/cities/{city}/jobs on r (the /api group): the city's
// name and state, its restaurants and their openings; 404 city_not_found for a city
// without a restaurant.
func Mount(r fiber.Router, cfg Config) {
	r.Get("/careers/cities/:city/jobs", func(c fiber.Ctx) error {
		city, err := cfg.Provider.City(c.Context(), c.Params("city"))
		if err != nil {
			return err
		}
		// Openings change a few times a week; a minute of sharing costs nothing.
		c.Set(fiber.HeaderCacheControl, site.PublicFor(time.Minute))
		return c.JSON(fiber.Map{"city": city})
	})
}
