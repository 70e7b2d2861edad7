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
// "component" name and that component's fields (a top sellers block, a button
// block, …); the content remote renders them.
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
	// Popups lists the welcome and site popups that are live now.
	Popups(ctx context.Context) ([]Popup, error)
}

// Popup is a content-managed popup (docs/shell.md, "Popups"). Kind "welcome" greets a first visit;
// kind "site" announces something to every visitor. The shell remembers a dismissal
// by ID and Version, so editing a popup and bumping its version shows it again.
type Popup struct {
	ID      string `json:"id"`
	Kind    string `json:"kind"` // welcome | site
	Version int    `json:"version"`
	Title   string `json:"title"`
	Text    string `json:"text"`
	Image   *Image `json:"image,omitempty"`
	// Button is a content button block, shown as the popup's action.
	Button json.RawMessage `json:"button,omitempty"`
	// Show is "all" (default), "no-user" (guests only) or "user" (members only).
	Show string `json:"show,omitempty"`
	// Paths limits the popup to paths starting with one of these prefixes ("/" for
	// every page); Exclude removes paths starting with one of these.
	Paths   []string `json:"paths,omitempty"`
	Exclude []string `json:"exclude,omitempty"`
	// StartsAt and EndsAt bound when the popup is live (RFC 3339, optional).
	StartsAt string `json:"starts_at,omitempty"`
	EndsAt   string `json:"ends_at,omitempty"`
}

// Image is a content image.
type Image struct {
	Filename string `json:"filename"`
	Alt      string `json:"alt"`
	// Width and Height are the intrinsic size in CSS pixels: the page reserves the
	// image's box before it loads, so nothing moves when it arrives.
	Width  int `json:"width,omitempty"`
	Height int `json:"height,omitempty"`
}
