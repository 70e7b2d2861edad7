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

	"github.com/henhouse/platform/edge/internal/providers/content"
)

//go:embed data/pages/*.json
var pagesFS embed.FS

// Provider is the built-in content provider.
type Provider struct {
	pages map[string]content.Page
}

// New loads the embedded pages; a malformed file is an error at start.
func New() (*Provider, error) {
	p := &Provider{pages: map[string]content.Page{}}
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

// Normalize turns a path or cached_url into a slug: no slashes at either end,
// lower case, "" for the home page.
func Normalize(slug string) string {
	s := strings.ToLower(strings.Trim(slug, "/"))
	if s == "home" {
		return ""
	}
	return s
}

// Page implements content.Provider.
func (p *Provider) Page(_ context.Context, slug string) (content.Page, error) {
	s := Normalize(slug)
	if s == "" {
		s = "home"
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
