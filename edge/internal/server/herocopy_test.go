package server

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	cms "github.com/henhouse/platform/edge/internal/providers/content"
)

// The content page screen's prerendered copy gets the values of its slots as the screen
// draws the page's hero for a guest, and none for a hero it cannot draw.
// mf-content/src/prerender.test.tsx checks the same cases against the screen.
func TestHeroCopySlots(t *testing.T) {
	raw, err := os.ReadFile("testdata/hero-copy.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		Cases []struct {
			About string            `json:"about"`
			Page  cms.Page          `json:"page"`
			Slots map[string]string `json:"slots"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	if len(fixture.Cases) < 5 {
		t.Fatal("too few cases")
	}
	for _, c := range fixture.Cases {
		if got := heroCopySlots(c.Page); !reflect.DeepEqual(got, c.Slots) {
			t.Errorf("%s:\n got %v\nwant %v", c.About, got, c.Slots)
		}
		// The head preloads the picture of every hero with a copy.
		if img := topImage(c.Page); c.Slots != nil && img != c.Slots["image"] {
			t.Errorf("%s: preloads %q, the copy shows %q", c.About, img, c.Slots["image"])
		}
	}
	rich := cms.Page{Blocks: []json.RawMessage{json.RawMessage(`{"component":"rich_text","image":{"filename":"/static/a.webp"}}`)}}
	if got := topImage(rich); got != "/static/a.webp" {
		t.Errorf("the first block's picture: %q", got)
	}
	if got := topImage(cms.Page{}); got != "" {
		t.Errorf("a page without blocks preloads %q", got)
	}
}

// The home page opens on its hero, drawn in the copy the remote's build drew, its
// picture preloaded.
func TestHomePageHasItsHero(t *testing.T) {
	s := newTestServer(t)
	withScreenCopies(t, s, "mf-content", `{"brandName":"Henhouse","screens":{"ContentPage":{"partial":true,"when":["signedOut"],"layouts":{"default":"<article data-slug=\"__hh_slug__\"><h2>__hh_title__</h2><a class=\"hh-cbutton--__hh_secondvariant__\">__hh_secondtext__</a><img src=\"__hh_image__\" width=\"__hh_width__\"></article>"}}}}`)
	_, body := get(t, s, "/")
	for _, want := range []string{
		`<div class="hh-prerendered" data-prerendered="mf-content/ContentPage" data-screen-loading="" inert aria-busy="true"><article data-slug="home"><h2>Fried fresh. Every hour.</h2><a class="hh-cbutton--outlined">Join Rewards</a><img src="/static/img/hero-home.webp" width="480"></article>`,
		`<link rel="preload" href="/static/img/hero-home.webp" as="image" fetchpriority="high">`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("home page: no %s in\n%s", want, body[:min(len(body), 4000)])
		}
	}
	if strings.Contains(body, "Loading") {
		t.Error("home page: a loading state beside its copy")
	}
}
