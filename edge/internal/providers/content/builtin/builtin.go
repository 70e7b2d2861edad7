// Package builtin serves content pages from JSON files embedded in the edge
// (data/pages/*.json, one page per file, named after its slug with "/" as "__").
package builtin

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"time"

	"github.com/henhouse/platform/edge/internal/providers/content"
)

//go:embed data/pages/*.json data/popups.json
var pagesFS embed.FS

// Provider is the built-in content provider.
type Provider struct {
	pages  map[string]content.Page
	popups []content.Popup
	now    func() time.Time
}

// New loads the embedded pages; a malformed file is an error at start.
func New() (*Provider, error) {
	p := &Provider{pages: map[string]content.Page{}, now: time.Now}
	if err := p.loadPopups(); err != nil {
		return nil, err
	}
	files, err := fs.Glob(pagesFS, "data/pages/*.json")
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		b, err := pagesFS.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var pg content.Page
		if err := json.Unmarshal(b, &pg); err != nil {
			return nil, fmt.Errorf("content: %s: %w", f, err)
		}
		want := strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(f, "data/pages/"), ".json"), "__", "/")
		if pg.Slug != want {
			return nil, fmt.Errorf("content: %s: slug %q does not match the file name", f, pg.Slug)
		}
		if s, ok := content.PageSlug(pg.Slug); !ok || s != pg.Slug {
			return nil, fmt.Errorf("content: %s: %q is not a page's slug (content.PageSlug)", f, pg.Slug)
		}
		for i, blk := range pg.Blocks {
			var head struct {
				Component string `json:"component"`
			}
			if json.Unmarshal(blk, &head) != nil || head.Component == "" {
				return nil, fmt.Errorf("content: %s: block %d has no component", f, i)
			}
		}
		p.pages[pg.Slug] = pg
	}
	return p, nil
}

// Page implements content.Provider.
func (p *Provider) Page(_ context.Context, slug string) (content.Page, error) {
	s, ok := content.PageSlug(slug)
	if !ok {
		return content.Page{}, content.ErrNotFound
	}
	pg, ok := p.pages[s]
	if !ok {
		return content.Page{}, content.ErrNotFound
	}
	return pg, nil
}

// Slugs implements content.Provider.
func (p *Provider) Slugs(context.Context) ([]string, error) {
	out := make([]string, 0, len(p.pages))
	for s := range p.pages {
		out = append(out, s)
	}
	sort.Strings(out)
	return out, nil
}

func (p *Provider) loadPopups() error {
	b, err := pagesFS.ReadFile("data/popups.json")
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, &p.popups); err != nil {
		return fmt.Errorf("content: popups.json: %w", err)
	}
	seen := map[string]bool{}
	for i, pp := range p.popups {
		switch {
		case pp.ID == "" || seen[pp.ID]:
			return fmt.Errorf("content: popup %d: missing or repeated id %q", i, pp.ID)
		case pp.Kind != "welcome" && pp.Kind != "site":
			return fmt.Errorf("content: popup %q: kind must be welcome or site", pp.ID)
		case pp.Title == "":
			return fmt.Errorf("content: popup %q: no title", pp.ID)
		case pp.Show != "" && pp.Show != "all" && pp.Show != "no-user" && pp.Show != "user":
			return fmt.Errorf("content: popup %q: show must be all, no-user or user", pp.ID)
		}
		for _, t := range []string{pp.StartsAt, pp.EndsAt} {
			if t == "" {
				continue
			}
			if _, err := time.Parse(time.RFC3339, t); err != nil {
				return fmt.Errorf("content: popup %q: bad time %q", pp.ID, t)
			}
		}
		seen[pp.ID] = true
	}
	return nil
}

// Popups implements content.Provider: the popups live at this moment.
func (p *Provider) Popups(context.Context) ([]content.Popup, error) {
	now := p.now()
	out := make([]content.Popup, 0, len(p.popups))
	for _, pp := range p.popups {
		if s, err := time.Parse(time.RFC3339, pp.StartsAt); err == nil && now.Before(s) {
			continue
		}
		if e, err := time.Parse(time.RFC3339, pp.EndsAt); err == nil && !now.Before(e) {
			continue
		}
		out = append(out, pp)
	}
	return out, nil
}
