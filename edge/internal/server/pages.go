package server

import (
	"github.com/henhouse/platform/edge/internal/routes"
)

// pageTable is the route table the edge serves: without the test pages unless
// TEST_CHECKOUT says so, so that in production /app/testcheckout is the 404 page and
// the shell's router does not know it either. The pages themselves are package pages'.
func pageTable(cfg Config) []routes.Route {
	t := routes.Table(cfg.BrandSlug)
	if cfg.TestCheckout {
		return t
	}
	return routes.WithoutTestPages(t)
}
