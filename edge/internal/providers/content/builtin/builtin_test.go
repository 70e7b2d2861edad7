package builtin

import (
	"context"
	"errors"
	"testing"

	"github.com/henhouse/platform/edge/internal/providers/content"
)

func TestPages(t *testing.T) {
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, slug := range []string{"", "/", "home", "catering", "/rewards", "gift-cards", "franchising", "about", "nutrition-and-allergen/", "privacy-policy", "terms-and-conditions", "Catering"} {
		pg, err := p.Page(ctx, slug)
		if err != nil || len(pg.Blocks) == 0 || pg.Title == "" {
			t.Errorf("%q: %v %+v", slug, err, pg)
		}
	}
	if _, err := p.Page(ctx, "no-such-page"); !errors.Is(err, content.ErrNotFound) {
		t.Fatalf("missing page: %v", err)
	}
	slugs, _ := p.Slugs(ctx)
	if len(slugs) < 9 {
		t.Fatalf("slugs = %v", slugs)
	}
}
