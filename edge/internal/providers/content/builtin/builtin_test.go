package builtin

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/providers/content"
)

func TestPages(t *testing.T) {
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, slug := range []string{"", "/", "home", "catering", "/rewards", "gift-cards", "franchising", "about", "nutrition-and-allergen/", "privacy-policy", "terms-and-conditions", "accessibility", "Catering"} {
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

func TestPopupsLiveWindow(t *testing.T) {
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	ids := func(at string) []string {
		tm, _ := time.Parse(time.RFC3339, at)
		p.now = func() time.Time { return tm }
		pp, err := p.Popups(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, x := range pp {
			out = append(out, x.ID)
		}
		return out
	}
	if got := ids("2026-11-23T12:00:00Z"); len(got) != 2 || got[0] != "welcome" || got[1] != "rewards-double-points" {
		t.Fatalf("live popups = %v", got)
	}
	if got := ids("2024-06-01T12:00:00Z"); len(got) != 1 || got[0] != "welcome" {
		t.Fatalf("before the site popup starts: %v", got)
	}
	if got := ids("2031-01-01T00:00:00Z"); len(got) != 1 {
		t.Fatalf("after the site popup ends: %v", got)
	}
}
