package storyblok

import (
	"encoding/json"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/henhouse/platform/edge/internal/providers/content"
)

// A story's content and its nested bloks arrive as objects whose fields depend on the
// component; the editors' component schema is in docs/content.md. Mapping turns them
// into the blocks the built-in provider serves (the contract's ContentBlock): exactly
// the fields the content remote reads, never Storyblok's own (_uid, _editable), so a
// page looks the same whichever provider served it.

// blok is one Storyblok component instance.
type blok map[string]json.RawMessage

// component is the blok's component name.
func (b blok) component() string { return b.str("component") }

// str reads a text, textarea, option or number field: Storyblok sends numbers as
// strings, but a number is accepted too.
func (b blok) str(field string) string {
	raw, ok := b[field]
	if !ok {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String()
	}
	return ""
}

// boolean reads a boolean field ("true" from an option field counts too).
func (b blok) boolean(field string) bool {
	var v bool
	if json.Unmarshal(b[field], &v) == nil {
		return v
	}
	return b.str(field) == "true"
}

// bloks reads a blocks field.
func (b blok) bloks(field string) []blok {
	var out []blok
	_ = json.Unmarshal(b[field], &out)
	return out
}

// object reads a field holding an object (asset, link, plugin, rich text).
func (b blok) object(field string) blok {
	var o blok
	_ = json.Unmarshal(b[field], &o)
	return o
}

// mapper maps the bloks of one story and logs what it has to leave out.
type mapper struct {
	log  *slog.Logger
	slug string
}

func (m mapper) skip(what, why string, args ...any) {
	m.log.Warn("content: storyblok "+what+" skipped: "+why, append([]any{"story", m.slug}, args...)...)
}

// Block field values the contract allows; anything else is left out, so the content
// remote falls back to its default instead of receiving a value it cannot style.
var (
	variants      = set("primary", "secondary", "black", "outlined", "outlined-white", "link")
	sizes         = set("small", "large", "full")
	iconPositions = set("icon-left", "icon-right")
	showTo        = set("", "all", "no-user", "user")
)

func set(v ...string) map[string]bool {
	m := make(map[string]bool, len(v))
	for _, s := range v {
		m[s] = true
	}
	return m
}

type link struct {
	CachedURL string `json:"cached_url"`
	Linktype  string `json:"linktype"`
}

type button struct {
	Component    string `json:"component"`
	Text         string `json:"text"`
	Variant      string `json:"variant,omitempty"`
	Size         string `json:"size,omitempty"`
	Icon         string `json:"icon,omitempty"`
	IconPosition string `json:"icon_position,omitempty"`
	Disabled     bool   `json:"disabled"`
	Target       string `json:"target,omitempty"`
	EmitEvent    string `json:"emit_event,omitempty"`
	Param        string `json:"param,omitempty"`
	Link         link   `json:"link"`
}

type textBlock struct {
	Component string   `json:"component"`
	Title     string   `json:"title,omitempty"`
	Text      string   `json:"text,omitempty"`
	Show      string   `json:"show,omitempty"`
	Image     *image   `json:"image,omitempty"`
	CTA       []button `json:"cta,omitempty"`
	// Stores is download_app's list of app stores.
	Stores []appStore `json:"stores,omitempty"`
}

type image = content.Image

type appStore struct {
	Store string `json:"store"`
	URL   string `json:"url"`
	Label string `json:"label"`
}

type topSellers struct {
	Component       string    `json:"component"`
	Title           string    `json:"title,omitempty"`
	Show            string    `json:"show,omitempty"`
	BackgroundColor string    `json:"background_color,omitempty"`
	Layout          string    `json:"layout,omitempty"`
	Products        []product `json:"products"`
}

type product struct {
	Image       *image   `json:"image,omitempty"`
	Title       string   `json:"title,omitempty"`
	Description string   `json:"description,omitempty"`
	CTA         []button `json:"cta"`
}

type timeline struct {
	Component string         `json:"component"`
	Title     string         `json:"title,omitempty"`
	Items     []timelineItem `json:"items"`
}

type timelineItem struct {
	Year string `json:"year"`
	Text string `json:"text"`
}

type richText struct {
	Component  string   `json:"component"`
	Title      string   `json:"title,omitempty"`
	Paragraphs []string `json:"paragraphs"`
}

// blocks maps a page's body; a blok of an unknown component, or one that cannot be
// shown, is left out with a log line.
func (m mapper) blocks(body []blok) []json.RawMessage {
	out := make([]json.RawMessage, 0, len(body))
	for _, b := range body {
		v, ok := m.block(b)
		if !ok {
			continue
		}
		raw, err := json.Marshal(v)
		if err != nil {
			m.skip("block", err.Error(), "component", b.component())
			continue
		}
		out = append(out, raw)
	}
	return out
}

func (m mapper) block(b blok) (any, bool) {
	c := b.component()
	switch c {
	case "hero":
		return textBlock{Component: c, Title: b.str("title"), Text: b.str("text"), Image: m.asset(b.object("image")), CTA: m.buttons(b.bloks("cta"))}, true
	case "rewards":
		return textBlock{Component: c, Title: b.str("title"), Text: b.str("text"), Show: m.show(b), CTA: m.buttons(b.bloks("cta"))}, true
	case "gift_cards", "franchisee":
		return textBlock{Component: c, Title: b.str("title"), Text: b.str("text"), CTA: m.buttons(b.bloks("cta"))}, true
	case "catering_estimator", "catering_menu", "nutrition_table":
		return textBlock{Component: c, Title: b.str("title"), Text: b.str("text")}, true
	case "download_app":
		tb := textBlock{Component: c, Title: b.str("title"), Text: b.str("text")}
		for _, s := range b.bloks("stores") {
			st := appStore{Store: s.str("store"), Label: s.str("label"), URL: s.str("url")}
			if l := s.object("url"); l != nil {
				st.URL = m.href(l)
			}
			if st.URL == "" || st.Label == "" {
				m.skip("app store", "no url or label", "store", st.Store)
				continue
			}
			tb.Stores = append(tb.Stores, st)
		}
		return tb, true
	case "top_sellers":
		ts := topSellers{Component: c, Title: b.str("title"), Show: m.show(b), BackgroundColor: color(b), Layout: b.str("layout"), Products: []product{}}
		for _, p := range b.bloks("products") {
			ts.Products = append(ts.Products, product{Image: m.asset(p.object("image")), Title: p.str("title"), Description: p.str("description"), CTA: m.buttons(p.bloks("cta"))})
		}
		return ts, true
	case "timeline":
		tl := timeline{Component: c, Title: b.str("title"), Items: []timelineItem{}}
		for _, it := range b.bloks("items") {
			tl.Items = append(tl.Items, timelineItem{Year: it.str("year"), Text: it.str("text")})
		}
		return tl, true
	case "rich_text":
		return richText{Component: c, Title: b.str("title"), Paragraphs: paragraphs(b)}, true
	case "":
		m.skip("block", "no component")
	default:
		m.skip("block", "unknown component", "component", c)
	}
	return nil, false
}

// show reads who sees the block; a value the contract does not know shows it to everyone.
func (m mapper) show(b blok) string {
	s := b.str("show")
	if !showTo[s] {
		m.skip("show value", "unknown", "show", s)
		return ""
	}
	return s
}

// color reads a colour field: the colour picker plugin's {"color": "#ffc72c"} or text.
func color(b blok) string {
	if o := b.object("background_color"); o != nil {
		return o.str("color")
	}
	return b.str("background_color")
}

func (m mapper) buttons(bs []blok) []button {
	out := []button{}
	for _, b := range bs {
		if bt, ok := m.button(b); ok {
			out = append(out, bt)
		}
	}
	return out
}

// button maps a button blok; one without text, or whose link cannot be followed
// safely, is left out.
func (m mapper) button(b blok) (button, bool) {
	if c := b.component(); c != "button" {
		m.skip("button", "unknown component", "component", c)
		return button{}, false
	}
	bt := button{Component: "button", Text: b.str("text"), Icon: b.str("icon"), Disabled: b.boolean("disabled"),
		Target: b.str("target"), EmitEvent: b.str("emit_event"), Param: strings.TrimPrefix(b.str("param"), "?")}
	if bt.Text == "" {
		m.skip("button", "no text")
		return button{}, false
	}
	if v := b.str("variant"); variants[v] {
		bt.Variant = v
	}
	if v := b.str("size"); sizes[v] {
		bt.Size = v
	}
	if v := b.str("icon_position"); iconPositions[v] {
		bt.IconPosition = v
	}
	l, ok := m.link(b.object("link"))
	if !ok {
		m.skip("button", "unsafe link", "text", bt.Text)
		return button{}, false
	}
	bt.Link = l
	return bt, true
}

// link maps a Storyblok multilink ({linktype, url, cached_url, story?, email}): a
// story link becomes the story's path without slashes ("home" is the root, ""), read
// from the story resolve_links=url adds, else from cached_url; a url, asset or email
// link becomes a "url" link to an http(s), mailto: or tel: address. An empty link is a
// story link to the home page. ok is false for any other address (javascript:, data:).
func (m mapper) link(l blok) (link, bool) {
	switch l.str("linktype") {
	case "url", "asset", "email":
		href := m.href(l)
		if href == "" {
			return link{}, false
		}
		return link{CachedURL: href, Linktype: "url"}, true
	default:
		slug := l.str("cached_url")
		if st := l.object("story"); st != nil {
			slug = firstNonEmpty(st.str("full_slug"), st.str("url"), slug)
		}
		return link{CachedURL: pageSlug(slug), Linktype: "story"}, true
	}
}

// href is an external link's address when it is safe to put in an href.
func (m mapper) href(l blok) string {
	u := firstNonEmpty(l.str("url"), l.str("cached_url"))
	if l.str("linktype") == "email" {
		u = firstNonEmpty(l.str("email"), u)
		if u != "" && !strings.HasPrefix(strings.ToLower(u), "mailto:") {
			u = "mailto:" + u
		}
	}
	if strings.HasPrefix(u, "//") {
		u = "https:" + u
	}
	lower := strings.ToLower(u)
	for _, scheme := range []string{"https://", "http://", "mailto:", "tel:"} {
		if strings.HasPrefix(lower, scheme) {
			return u
		}
	}
	return ""
}

// pageSlug is a story's full_slug as a path: no slashes at either end, "home" as "".
func pageSlug(s string) string {
	s = strings.Trim(strings.TrimSpace(s), "/")
	if s == "home" {
		return ""
	}
	return s
}

// assetSize finds the WIDTHxHEIGHT segment of a Storyblok asset URL
// (https://a.storyblok.com/f/<space>/<width>x<height>/<hash>/<name>).
var assetSize = regexp.MustCompile(`/(\d{1,5})x(\d{1,5})/`)

// asset maps an asset field; an empty one (no filename) is no image. The intrinsic
// size comes from the URL, so the page reserves the image's box before it loads.
func (m mapper) asset(a blok) *image {
	f := a.str("filename")
	if f == "" {
		return nil
	}
	if strings.HasPrefix(f, "//") {
		f = "https:" + f
	}
	img := &image{Filename: f, Alt: a.str("alt")}
	if s := assetSize.FindStringSubmatch(f); s != nil {
		w, _ := strconv.Atoi(s[1])
		h, _ := strconv.Atoi(s[2])
		if w > 0 && h > 0 {
			img.Width, img.Height = w, h
		}
	}
	return img
}

// paragraphs reads a rich_text blok's text: a Storyblok rich text field ("text" or
// "body"), each paragraph, heading or list item a paragraph of plain text, or a
// textarea whose blank lines separate paragraphs.
func paragraphs(b blok) []string {
	out := []string{}
	for _, f := range []string{"text", "body"} {
		if doc := b.object(f); doc != nil {
			walkRichText(doc, &out)
			return out
		}
	}
	for _, p := range blankLine.Split(strings.ReplaceAll(b.str("text"), "\r\n", "\n"), -1) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// blankLine separates the paragraphs of a textarea.
var blankLine = regexp.MustCompile(`\n\s*\n`)

// walkRichText appends the text of each block node (paragraph, heading) below n.
func walkRichText(n blok, out *[]string) {
	switch n.str("type") {
	case "paragraph", "heading", "blockquote", "code_block":
		var sb strings.Builder
		inlineText(n, &sb)
		if s := strings.TrimSpace(sb.String()); s != "" {
			*out = append(*out, s)
		}
		return
	}
	for _, c := range n.bloks("content") {
		walkRichText(c, out)
	}
}

func inlineText(n blok, sb *strings.Builder) {
	switch n.str("type") {
	case "text":
		var t string
		_ = json.Unmarshal(n["text"], &t) // untrimmed: the spaces between marks are text
		sb.WriteString(t)
		return
	case "hard_break":
		sb.WriteString(" ")
		return
	}
	for _, c := range n.bloks("content") {
		inlineText(c, sb)
	}
}

// popups maps the popups story's "popups" bloks (component "popup"); a popup the
// shell could not show (no title, unknown kind, bad time) is left out.
func (m mapper) popups(root blok) []content.Popup {
	out := []content.Popup{}
	seen := map[string]bool{}
	for _, b := range root.bloks("popups") {
		if c := b.component(); c != "popup" {
			m.skip("popup", "unknown component", "component", c)
			continue
		}
		p := content.Popup{ID: firstNonEmpty(b.str("popup_id"), b.str("_uid")), Kind: b.str("kind"), Version: 1,
			Title: b.str("title"), Text: b.str("text"), Image: m.asset(b.object("image")), Show: b.str("show"),
			Paths: list(b.str("paths")), Exclude: list(b.str("exclude"))}
		if v, err := strconv.Atoi(b.str("version")); err == nil && v > 0 {
			p.Version = v
		}
		if bs := b.bloks("button"); len(bs) > 0 {
			if bt, ok := m.button(bs[0]); ok {
				p.Button, _ = json.Marshal(bt)
			}
		}
		var bad bool
		p.StartsAt, bad = when(b.str("starts_at"))
		end, badEnd := when(b.str("ends_at"))
		p.EndsAt = end
		switch {
		case p.ID == "" || seen[p.ID]:
			m.skip("popup", "missing or repeated id", "id", p.ID)
		case p.Kind != "welcome" && p.Kind != "site":
			m.skip("popup", "kind must be welcome or site", "id", p.ID)
		case p.Title == "":
			m.skip("popup", "no title", "id", p.ID)
		case !showTo[p.Show]:
			m.skip("popup", "show must be all, no-user or user", "id", p.ID)
		case bad || badEnd:
			m.skip("popup", "bad time", "id", p.ID)
		default:
			seen[p.ID] = true
			out = append(out, p)
		}
	}
	return out
}

// list splits a textarea of paths, one a line or comma-separated.
func list(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '\n' || r == '\r' }) {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// when turns a Storyblok date field ("2025-01-01 00:00", UTC) or an RFC 3339 time into
// RFC 3339; "" stays "". bad reports a value that is neither.
func when(s string) (string, bool) {
	if s == "" {
		return "", false
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.UTC().Format(time.RFC3339), false
	}
	if t, err := time.Parse("2006-01-02 15:04", s); err == nil {
		return t.Format(time.RFC3339), false
	}
	return "", true
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}
