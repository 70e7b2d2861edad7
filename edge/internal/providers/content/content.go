// Package content is the headless content-management provider: pages made of blocks
// (hero, top sellers, gift cards, rewards, download app, franchisee, timeline, rich
// text, buttons). The built-in implementation (builtin) serves pages from files in the
// repo; the Storyblok adapter (storyblok) serves them from a hosted CMS behind the same
// interface (docs/content.md).
package content

import (
	"context"
	"encoding/json"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
)

// ErrNotFound is returned for a page that does not exist. It is a fault.NotFound, so
// every layer answers it with a 404.
var ErrNotFound error = fault.New(fault.NotFound, "page_not_found", "This page could not be found")

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

// Webhook is a provider told of content changes by its CMS: body is the raw request
// body and signature the CMS's signature of it. A wrong or missing signature is a
// fault.Unauthorized; a good one makes the next read see the change.
type Webhook interface {
	Webhook(ctx context.Context, body []byte, signature string) error
}

// Previewer is a provider whose editors may see unpublished (draft) content. A preview
// starts from a link the CMS signs (StartPreview, given the page's query); the edge
// keeps the grant in a cookie whose value the provider signs and checks (Preview).
type Previewer interface {
	// StartPreview checks the CMS's preview parameters in query and returns the
	// cookie value that grants the preview until expires; ok is false when query
	// carries no valid preview link.
	StartPreview(query map[string]string, now time.Time) (cookie string, expires time.Time, ok bool)
	// Preview reports whether a cookie value from StartPreview is genuine and unexpired.
	Preview(cookie string, now time.Time) bool
}

type draftKey struct{}

// WithDraft marks ctx as an editor's preview: Page answers the draft version, never
// from a shared cache.
func WithDraft(ctx context.Context) context.Context { return context.WithValue(ctx, draftKey{}, true) }

// Draft reports whether ctx is an editor's preview (WithDraft).
func Draft(ctx context.Context) bool {
	v, _ := ctx.Value(draftKey{}).(bool)
	return v
}
