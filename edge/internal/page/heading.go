package page

import (
	"context"
	"strings"

	"github.com/henhouse/platform/edge/internal/routes"
)

// Names looks up what the page headings name (docs/routes.md, "Headings"). Each
// method answers ok=false when the thing does not exist, which makes the page a 404:
// a page whose parameters fail validation is not found.
type Names interface {
	// LocationNameByMenu is the name of the location whose menu is mid.
	LocationNameByMenu(ctx context.Context, mid string) (string, bool)
	CategoryName(ctx context.Context, mid, cid string) (string, bool)
	ProductName(ctx context.Context, mid, pid string) (string, bool)
}

// Heading returns the visually hidden page heading (docs/routes.md, "Headings") and whether the page's
// parameters are valid. names may be nil (no validation, path rule as fallback).
func Heading(ctx context.Context, rule routes.Heading, path string, params map[string]string, names Names) (string, bool) {
	if names != nil {
		switch rule {
		case routes.HeadingMenu:
			if n, ok := names.LocationNameByMenu(ctx, params["mid"]); ok {
				return "Menu page: " + n, true
			}
			return "", false
		case routes.HeadingCategory:
			if params["cid"] == "" || params["mid"] == "" {
				break // the screen resolves a missing id from the selected location (docs/routes.md)
			}
			if n, ok := names.CategoryName(ctx, params["mid"], params["cid"]); ok {
				return "Category page: " + n, true
			}
			return "", false
		case routes.HeadingProduct:
			if params["pid"] == "" || params["mid"] == "" {
				break
			}
			if n, ok := names.ProductName(ctx, params["mid"], params["pid"]); ok {
				return "Product page: " + n, true
			}
			return "", false
		}
	}
	return PathHeading(path), true
}

// PathHeading is "Page " followed by the path segments separated by spaces, or
// "Page home" on the root path.
func PathHeading(path string) string {
	var segs []string
	for _, s := range strings.Split(path, "/") {
		if s != "" {
			segs = append(segs, s)
		}
	}
	if len(segs) == 0 {
		return "Page home"
	}
	return "Page " + strings.Join(segs, " ")
}
