package server

import (
	"strings"

	"github.com/henhouse/platform/edge/internal/csp"
)

// reCAPTCHA Enterprise's script (loaded by the page's trusted scripts, so allowed by
// 'strict-dynamic') talks to these origins and frames them.
var (
	recaptchaConnect = []string{"https://www.google.com", "https://www.gstatic.com"}
	recaptchaFrame   = []string{"https://www.google.com", "https://recaptcha.google.com"}
	recaptchaImg     = []string{"https://www.gstatic.com"}
	// storyblokAssets serves the images of Storyblok content (a.storyblok.com, and a
	// host per region such as a-us.storyblok.com).
	storyblokAssets = "https://*.storyblok.com"
	// storyblokEditor frames the site in Storyblok's visual editor (previews).
	storyblokEditor = "https://app.storyblok.com"
)

// pageSources are the origins the pages' policy allows beyond the edge's own: the map's
// tile server when MAP_TILE_URL is set, Google's when reCAPTCHA Enterprise is the
// bot check, Storyblok's asset hosts when Storyblok serves the content, and its
// visual editor as a frame ancestor when editors can preview. Remotes are always
// served by the edge (/modules), so they need none.
func pageSources(cfg Config, recaptcha bool) csp.Sources {
	var src csp.Sources
	if t := tileSource(cfg.MapTileURL); t != "" {
		src.Img = append(src.Img, t)
	}
	if cfg.ContentProvider == "storyblok" {
		src.Img = append(src.Img, storyblokAssets)
		if cfg.Storyblok.PreviewToken != "" {
			src.FrameAncestors = append(src.FrameAncestors, storyblokEditor)
		}
	}
	if recaptcha {
		src.Img = append(src.Img, recaptchaImg...)
		src.Connect = append(src.Connect, recaptchaConnect...)
		src.Frame = append(src.Frame, recaptchaFrame...)
	}
	return src
}

// tileSource is the CSP source expression for a tile URL template's origin:
// "https://tiles.example.com" as it is, "https://{s}.tiles.example.com" (a subdomain
// placeholder as the first label) as "https://*.tiles.example.com", and any other
// placeholder in the host as the whole scheme ("https:"). "" for no template.
func tileSource(tmpl string) string {
	scheme, rest, ok := strings.Cut(tmpl, "://")
	if !ok || tmpl == "" {
		return ""
	}
	scheme = strings.ToLower(scheme)
	host := rest
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	if !strings.Contains(host, "{") {
		return scheme + "://" + strings.ToLower(host)
	}
	if first, after, ok := strings.Cut(host, "."); ok && placeholder.MatchString(first) &&
		placeholder.FindString(first) == first && !strings.Contains(after, "{") {
		return scheme + "://*." + strings.ToLower(after)
	}
	return scheme + ":"
}
