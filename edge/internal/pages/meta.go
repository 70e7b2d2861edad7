package pages

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/henhouse/platform/edge/internal/page"
	"github.com/henhouse/platform/edge/internal/routes"
)

// pageMeta is what a page's path names: whether it exists, its heading and its
// description, and for some pages a title, structured data for search engines, the
// largest image and the values of the prerendered screen.
type pageMeta struct {
	found                bool
	heading, description string
	title                string
	structured           []json.RawMessage
	image                string                         // page.Page.Image
	slots                map[string]string              // page.Page.Slots
	lists                map[string][]map[string]string // page.Page.Lists
	// failed: a provider could not answer; the page is a 404 this once, not cached.
	failed bool
}

// describe looks up what the page's path names: its route's filler (fillers.go) gives
// what the providers tell of it, the heading rule its heading; a path naming nothing is
// the 404 page.
func (h *Handler) describe(ctx context.Context, m routes.Match, path string) pageMeta {
	meta := pageMeta{found: true, description: h.defaultDescription()}
	if fill := h.fillers[m.Route.ID]; fill != nil {
		if err := fill(ctx, m, path, &meta); err != nil {
			return pageMeta{failed: !errors.Is(err, errNotFound)}
		}
	}
	meta.heading, meta.found = page.Heading(ctx, m.Route.Heading, path, m.Params, h.d.Names)
	if !meta.found {
		return pageMeta{}
	}
	// The route's title where the page has none of its own (a city's jobs names its city).
	if meta.title == "" {
		meta.title = m.Route.Title
	}
	return meta
}

func (h *Handler) defaultDescription() string {
	return defaultDescription(h.d.Config.BrandName)
}

func defaultDescription(brand string) string {
	return fmt.Sprintf("Order %s fried chicken online for pickup or delivery, find a %s near you and earn rewards.", brand, brand)
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}

// metaCache keeps what each page path names (pageMeta) for metaTTL, so a page view
// asks the content and ordering providers nothing. Staleness rule: a content page,
// location or menu item added, renamed or removed shows in the page's heading,
// description, prerendered screen and status (200/404) within metaTTL; the screen itself
// reads the API and is current at once. Unknown paths are kept too (a flood of them
// costs the providers one lookup each per metaTTL), and the cache is emptied when it
// reaches metaMax entries, bounding its memory.
type metaCache struct {
	mu      sync.RWMutex
	entries map[string]metaEntry
	now     func() time.Time
}

type metaEntry struct {
	meta    pageMeta
	expires time.Time
}

const (
	metaTTL = time.Minute
	metaMax = 10000
)

func (mc *metaCache) get(key string, compute func() pageMeta) pageMeta {
	now := time.Now
	if mc.now != nil {
		now = mc.now
	}
	t := now()
	mc.mu.RLock()
	e, ok := mc.entries[key]
	mc.mu.RUnlock()
	if ok && t.Before(e.expires) {
		return e.meta
	}
	meta := compute()
	if meta.failed {
		return meta
	}
	mc.mu.Lock()
	if mc.entries == nil || len(mc.entries) >= metaMax {
		mc.entries = map[string]metaEntry{}
	}
	mc.entries[key] = metaEntry{meta: meta, expires: t.Add(metaTTL)}
	mc.mu.Unlock()
	return meta
}
