package pages

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	cms "github.com/henhouse/platform/edge/internal/providers/content"
)

// The content page's prerendered screen gets the values of its slots as the screen
// draws the page's hero for a guest, and none for a hero it cannot draw.
// mf-content/src/prerender.test.tsx checks the same cases against the screen.
func TestHeroSlots(t *testing.T) {
	raw, err := os.ReadFile("testdata/hero-screen.json")
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
		if got := heroSlots(c.Page); !reflect.DeepEqual(got, c.Slots) {
			t.Errorf("%s:\n got %v\nwant %v", c.About, got, c.Slots)
		}
		// The head preloads the picture of every hero with a prerendered screen.
		if img := topImage(c.Page); c.Slots != nil && img != c.Slots["image"] {
			t.Errorf("%s: preloads %q, the prerendered screen shows %q", c.About, img, c.Slots["image"])
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
