package pages

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strconv"
	"strings"

	cms "github.com/henhouse/platform/edge/internal/providers/content"
	"github.com/henhouse/platform/edge/internal/routes"
)

// contentPage describes a content page (home, and each content-managed path) from the
// content provider: its description, its editor title, its top picture and the slots of
// its hero (heroSlots). strict: a page the provider does not have is the 404 page, and
// one it cannot read a failure; home is the site's front door either way, with the
// default description.
func contentPage(content cms.Provider, log *slog.Logger, strict bool) filler {
	if content == nil {
		return nil
	}
	return func(ctx context.Context, m routes.Match, path string, meta *pageMeta) error {
		p, err := content.Page(ctx, m.Params["slug"])
		if err != nil {
			if !errors.Is(err, cms.ErrNotFound) {
				log.Error("content lookup failed", "path", path, "err", err)
				if strict {
					return err
				}
			}
			if strict {
				return errNotFound
			}
			return nil
		}
		if d := firstNonEmpty(p.Description, p.Title); d != "" {
			meta.description = d
		}
		// The tab and a search result show the editor's page title ("Gift Cards");
		// home keeps the brand alone.
		if strict {
			meta.title = p.Title
		}
		meta.image = topImage(p)
		meta.slots = heroSlots(p)
		return nil
	}
}

// heroSlots are the values of the content page's prerendered screen
// (mf-content/src/prerender.tsx; docs/shell.md, "Prerendered screens") for page: its
// slug and title, and its hero's title, text, picture and up to two buttons, as the
// screen draws them for a guest (the prerendered screen is only written for a visitor
// who is not signed in). nil, so no prerendered screen, unless the first block a guest
// sees is a hero whose picture is one of the site's own files and whose buttons the
// prerendered screen can draw: at most two, each with text, a known variant and size,
// no icon, and a link within the site (a link elsewhere is drawn as another element). A
// button the hero does not have gets empty slots, which the screen does not show.
func heroSlots(p cms.Page) map[string]string {
	hero, ok := firstGuestBlock(p)
	if !ok {
		return nil
	}
	var h struct {
		Component string `json:"component"`
		Title     string `json:"title"`
		Text      string `json:"text"`
		Image     *struct {
			Filename string   `json:"filename"`
			Alt      string   `json:"alt"`
			Width    *float64 `json:"width"`
			Height   *float64 `json:"height"`
		} `json:"image"`
		CTA []struct {
			Text         string  `json:"text"`
			Variant      *string `json:"variant"`
			Size         *string `json:"size"`
			Icon         string  `json:"icon"`
			IconPosition string  `json:"icon_position"`
			Disabled     bool    `json:"disabled"`
			Link         struct {
				LinkType string `json:"linktype"`
			} `json:"link"`
		} `json:"cta"`
	}
	if json.Unmarshal(hero, &h) != nil || h.Component != "hero" || h.Image == nil || !sitePath(h.Image.Filename) || len(h.CTA) > 2 {
		return nil
	}
	slots := map[string]string{
		"slug": p.Slug, "pagetitle": p.Title, "title": h.Title, "text": h.Text,
		"image": h.Image.Filename, "alt": h.Image.Alt,
		"width": number(h.Image.Width, 480), "height": number(h.Image.Height, 320),
	}
	for i, name := range []string{"first", "second"} {
		text, variant, size := "", "", ""
		if i < len(h.CTA) {
			b := h.CTA[i]
			variant, size = orDefault(b.Variant, "primary"), orDefault(b.Size, "large")
			if strings.TrimSpace(b.Text) == "" || b.Icon != "" || b.IconPosition != "" || b.Disabled ||
				b.Link.LinkType == "url" || !buttonVariants[variant] || !buttonSizes[size] {
				return nil
			}
			text = b.Text
		}
		slots[name+"text"], slots[name+"variant"], slots[name+"size"] = text, variant, size
	}
	return slots
}

// The content buttons' variants and sizes (the API contract's ContentButton).
var (
	buttonVariants = map[string]bool{"primary": true, "secondary": true, "outlined": true, "outlined-white": true, "black": true, "link": true}
	buttonSizes    = map[string]bool{"small": true, "large": true, "full": true}
)

// firstGuestBlock is the first of the page's blocks a guest sees: a block marked for
// members only (show "user") is not drawn for one.
func firstGuestBlock(p cms.Page) (json.RawMessage, bool) {
	for _, b := range p.Blocks {
		var audience struct {
			Show string `json:"show"`
		}
		if json.Unmarshal(b, &audience) != nil {
			return nil, false
		}
		if audience.Show != "user" {
			return b, true
		}
	}
	return nil, false
}

// topImage is the picture of the first block a guest sees (a hero's), the largest thing
// the page's first screen shows, when it is one of the site's own files (the page's
// policy loads images from the site only); "" otherwise. Preloaded from the head, it
// downloads while the scripts do instead of once the page's blocks render. Pictures
// of later blocks may be out of sight and are left to the browser.
func topImage(p cms.Page) string {
	b, ok := firstGuestBlock(p)
	if !ok {
		return ""
	}
	var first struct {
		Image *struct {
			Filename string `json:"filename"`
		} `json:"image"`
	}
	if json.Unmarshal(b, &first) != nil || first.Image == nil || !sitePath(first.Image.Filename) {
		return ""
	}
	return first.Image.Filename
}

// sitePath: f is a path on this site ("/static/…"), not another origin's ("//…").
func sitePath(f string) bool { return strings.HasPrefix(f, "/") && !strings.HasPrefix(f, "//") }

// number is v as the screen writes it in an attribute, def when absent.
func number(v *float64, def float64) string {
	if v == nil {
		return strconv.FormatFloat(def, 'f', -1, 64)
	}
	return strconv.FormatFloat(*v, 'f', -1, 64)
}

func orDefault(v *string, def string) string {
	if v == nil {
		return def
	}
	return *v
}
