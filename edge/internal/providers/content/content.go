// Package content is the headless content-management provider: pages made of blocks
// (hero, top sellers, gift cards, rewards, download app, franchisee, timeline, rich
// text, buttons). The built-in implementation serves pages from files in the repo; an
// HTTP adapter for a hosted CMS can replace it behind the same interface.
package content

import (
	"context"
	"encoding/json"
	"errors"
)

// ErrNotFound is returned for a page that does not exist.
var ErrNotFound = errors.New("content: page not found")

// Page is one content-managed page. Blocks are kept as the CMS sends them: each has a
// "component" name and that component's fields (spec 3, "Top sellers block", "Button
// block").
type Page struct {
	Slug        string            `json:"slug"`
	Title       string            `json:"title"`
	Description string            `json:"description,omitempty"`
	Blocks      []json.RawMessage `json:"blocks"`
}

// Provider serves pages by their cached_url (the path without the leading slash;
// "" or "home" is the home page).
type Provider interface {
	Page(ctx context.Context, slug string) (Page, error)
	// Slugs lists every page, for the sitemap.
	Slugs(ctx context.Context) ([]string, error)
}
