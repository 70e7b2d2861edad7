// Package storyblok serves content pages and popups from Storyblok's Content Delivery
// API v2 (docs/content.md): stories are mapped to the blocks the built-in provider
// serves, cached in Redis under the space's cache version (cv), and refetched when a
// webhook or the periodic cv check says the content changed. Editors with a signed
// preview link see the draft version, never cached.
package storyblok

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/singleflight"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/content"
	"github.com/henhouse/platform/edge/internal/store"
)

// DefaultBaseURL is Storyblok's API for spaces in the EU region.
const DefaultBaseURL = "https://api.storyblok.com"

// Defaults of Config.
const (
	DefaultCVInterval = time.Minute
	DefaultCacheTTL   = time.Hour
	DefaultTimeout    = 5 * time.Second
	// DefaultPopupsSlug is the story that holds the site's popups.
	DefaultPopupsSlug = "settings/popups"
	// staleTTL bounds how long the last good copy of a story is kept to answer with
	// while Storyblok cannot be reached.
	staleTTL = 7 * 24 * time.Hour
	// previewWindow is how long a preview link stays good after Storyblok made it,
	// as Storyblok's own check of the link does.
	previewWindow = time.Hour
)

// Config configures the provider.
type Config struct {
	// Token is the space's public access token (published content). Required.
	Token string
	// PreviewToken is the space's preview access token (draft content). Optional;
	// without it there is no preview.
	PreviewToken string
	// WebhookSecret signs Storyblok's webhook calls. Optional; without it Webhook
	// refuses every call and changes show within CVInterval.
	WebhookSecret string
	// WebhookDedupe is how long a webhook body is remembered: a copy within it is
	// answered without acting again. Optional. Default: DefaultWebhookDedupe.
	WebhookDedupe time.Duration
	// WebhookDebounce is the shortest time between two cache busts by webhooks, for
	// every edge together; events within it share one bust when it ends. Optional.
	// Default: DefaultWebhookDebounce.
	WebhookDebounce time.Duration
	// BaseURL of the API. Optional. Default: DefaultBaseURL.
	BaseURL string
	// Store keeps the cache and the current cv for every edge. Required.
	Store *store.Store
	// CVInterval is how often the space's cv is read again. Optional. Default: 60 s.
	CVInterval time.Duration
	// CacheTTL bounds how long a story stays cached under one cv. Optional. Default: 1 h.
	CacheTTL time.Duration
	// Timeout bounds one API call. Optional. Default: 5 s.
	Timeout time.Duration
	// PopupsSlug is the story holding the popups. Optional. Default: settings/popups.
	PopupsSlug string
	// Client makes the calls. Optional. Default: a client with Timeout.
	Client *http.Client
	// Log gets what had to be left out of a story and Storyblok's failures. Optional.
	Log *slog.Logger
	// Now is the clock. Optional. Default: time.Now.
	Now func() time.Time
}

// Provider is the Storyblok content provider.
type Provider struct {
	cfg     Config
	base    string
	flights singleflight.Group
	// afterFunc runs fn after d (time.AfterFunc; tests run it themselves).
	afterFunc func(d time.Duration, fn func())
}

var (
	_ content.Provider  = (*Provider)(nil)
	_ content.Webhook   = (*Provider)(nil)
	_ content.Previewer = (*Provider)(nil)
)

// New returns the provider; it makes no call until the first read.
func New(cfg Config) (*Provider, error) {
	if cfg.Token == "" {
		return nil, errors.New("storyblok: a public access token is required")
	}
	if cfg.Store == nil {
		return nil, errors.New("storyblok: a store is required")
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	if u, err := url.Parse(cfg.BaseURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("storyblok: the API URL must be an http(s) URL, got %q", cfg.BaseURL)
	}
	if cfg.CVInterval <= 0 {
		cfg.CVInterval = DefaultCVInterval
	}
	if cfg.CacheTTL <= 0 {
		cfg.CacheTTL = DefaultCacheTTL
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.PopupsSlug == "" {
		cfg.PopupsSlug = DefaultPopupsSlug
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{Timeout: cfg.Timeout}
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.WebhookDedupe <= 0 {
		cfg.WebhookDedupe = DefaultWebhookDedupe
	}
	if cfg.WebhookDebounce <= 0 {
		cfg.WebhookDebounce = DefaultWebhookDebounce
	}
	return &Provider{cfg: cfg, base: strings.TrimRight(cfg.BaseURL, "/"),
		afterFunc: func(d time.Duration, fn func()) { time.AfterFunc(d, fn) }}, nil
}

// errUpstream is Storyblok failing to answer (refused, timed out, 401, 429, 5xx).
var errUpstream = errors.New("storyblok: unavailable")

// unavailable is what a guest is told when a page cannot be read and no earlier copy
// is kept.
func unavailable(err error) error {
	f := fault.New(fault.Unavailable, "content_unavailable", "This page can't be shown right now. Please try again in a minute.")
	f.RetryAfter = 30
	return errors.Join(f, err)
}

// Page implements content.Provider: the published story, from the cache under the
// current cv, or for an editor's preview (content.Draft) the draft, uncached.
func (p *Provider) Page(ctx context.Context, slug string) (content.Page, error) {
	// The story's full slug is the page's slug (content.PageSlug): a path no story can
	// have is not found without asking.
	s, ok := content.PageSlug(slug)
	if !ok || s == p.cfg.PopupsSlug {
		return content.Page{}, content.ErrNotFound
	}
	if content.Draft(ctx) && p.cfg.PreviewToken != "" {
		raw, err := p.story(ctx, s, "draft", p.cfg.Now().Unix())
		if err != nil {
			if errors.Is(err, content.ErrNotFound) {
				return content.Page{}, err
			}
			return content.Page{}, unavailable(err)
		}
		return p.page(s, raw)
	}
	b, err := p.cached(ctx, "story:"+s, func(cv int64) ([]byte, error) {
		raw, err := p.story(ctx, s, "published", cv)
		if err != nil {
			return nil, err
		}
		pg, err := p.page(s, raw)
		if err != nil {
			return nil, err
		}
		return json.Marshal(pg)
	})
	if err != nil {
		return content.Page{}, err
	}
	var pg content.Page
	if err := json.Unmarshal(b, &pg); err != nil {
		return content.Page{}, fmt.Errorf("storyblok: cached page %s: %w", s, err)
	}
	return pg, nil
}

// storyResponse is GET /v2/cdn/stories/{slug}.
type storyResponse struct {
	Story struct {
		Name     string `json:"name"`
		FullSlug string `json:"full_slug"`
		Content  blok   `json:"content"`
	} `json:"story"`
	CV int64 `json:"cv"`
}

// page maps a story to a page. A story whose content is not a "page" (a settings
// story) is not a page.
func (p *Provider) page(slug string, raw []byte) (content.Page, error) {
	var r storyResponse
	if err := json.Unmarshal(raw, &r); err != nil {
		return content.Page{}, fmt.Errorf("storyblok: story %s: %w", slug, err)
	}
	c := r.Story.Content
	if c.component() != "page" {
		p.cfg.Log.Warn("content: storyblok story is not a page", "story", slug, "component", c.component())
		return content.Page{}, content.ErrNotFound
	}
	m := mapper{log: p.cfg.Log, slug: slug}
	seo := c.object("seo")
	pg := content.Page{
		Slug:        firstNonEmpty(strings.Trim(r.Story.FullSlug, "/"), slug),
		Title:       firstNonEmpty(seo.str("title"), c.str("title"), r.Story.Name),
		Description: firstNonEmpty(seo.str("description"), c.str("description")),
		Blocks:      m.blocks(c.bloks("body")),
	}
	return pg, nil
}

// Slugs implements content.Provider: every published story but folders and the
// settings stories, from GET /v2/cdn/links.
func (p *Provider) Slugs(ctx context.Context) ([]string, error) {
	b, err := p.cached(ctx, "slugs", func(cv int64) ([]byte, error) {
		slugs, err := p.links(ctx, cv)
		if err != nil {
			return nil, err
		}
		return json.Marshal(slugs)
	})
	if err != nil {
		return nil, err
	}
	var out []string
	err = json.Unmarshal(b, &out)
	return out, err
}

// linksPerPage is the most links Storyblok answers in one page.
const linksPerPage = 1000

// links reads every page of GET /v2/cdn/links.
func (p *Provider) links(ctx context.Context, cv int64) ([]string, error) {
	out := []string{}
	for page := 1; page <= 50; page++ {
		q := p.query("published", cv)
		q.Set("per_page", strconv.Itoa(linksPerPage))
		q.Set("page", strconv.Itoa(page))
		raw, hdr, err := p.get(ctx, "/v2/cdn/links", q)
		if err != nil {
			return nil, err
		}
		var r struct {
			Links map[string]struct {
				Slug      string `json:"slug"`
				IsFolder  bool   `json:"is_folder"`
				Published bool   `json:"published"`
			} `json:"links"`
		}
		if err := json.Unmarshal(raw, &r); err != nil {
			return nil, fmt.Errorf("storyblok: links: %w", err)
		}
		for _, l := range r.Links {
			s := strings.Trim(l.Slug, "/")
			if l.IsFolder || !l.Published || s == "" || s == p.cfg.PopupsSlug || strings.HasPrefix(s, "settings/") {
				continue
			}
			out = append(out, s)
		}
		total, _ := strconv.Atoi(hdr.Get("Total"))
		if len(r.Links) < linksPerPage || page*linksPerPage >= total {
			break
		}
	}
	sort.Strings(out)
	return out, nil
}

// Popups implements content.Provider: the popups of the popups story that are live
// now. No popups story is no popups.
func (p *Provider) Popups(ctx context.Context) ([]content.Popup, error) {
	b, err := p.cached(ctx, "popups", func(cv int64) ([]byte, error) {
		raw, err := p.story(ctx, p.cfg.PopupsSlug, "published", cv)
		if errors.Is(err, content.ErrNotFound) {
			return []byte("[]"), nil
		}
		if err != nil {
			return nil, err
		}
		var r storyResponse
		if err := json.Unmarshal(raw, &r); err != nil {
			return nil, fmt.Errorf("storyblok: popups: %w", err)
		}
		return json.Marshal(mapper{log: p.cfg.Log, slug: p.cfg.PopupsSlug}.popups(r.Story.Content))
	})
	if err != nil {
		return nil, err
	}
	var all []content.Popup
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, err
	}
	now := p.cfg.Now()
	out := make([]content.Popup, 0, len(all))
	for _, pp := range all {
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

// story reads GET /v2/cdn/stories/{slug} in a version ("published" or "draft").
func (p *Provider) story(ctx context.Context, slug, version string, cv int64) ([]byte, error) {
	q := p.query(version, cv)
	q.Set("resolve_links", "url")
	var path strings.Builder
	path.WriteString("/v2/cdn/stories")
	for _, seg := range strings.Split(slug, "/") {
		path.WriteString("/" + url.PathEscape(seg))
	}
	raw, _, err := p.get(ctx, path.String(), q)
	return raw, err
}

// query is the token, version and cv every read carries.
func (p *Provider) query(version string, cv int64) url.Values {
	q := url.Values{}
	q.Set("token", p.cfg.Token)
	if version == "draft" {
		q.Set("token", p.cfg.PreviewToken)
	}
	q.Set("version", version)
	if cv > 0 {
		q.Set("cv", strconv.FormatInt(cv, 10))
	}
	return q
}

// get calls the API: 200 is the body, 404 content.ErrNotFound, anything else
// errUpstream. The token is kept out of every error.
func (p *Provider) get(ctx context.Context, path string, q url.Values) ([]byte, http.Header, error) {
	ctx, cancel := context.WithTimeout(ctx, p.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.base+path+"?"+q.Encode(), nil)
	if err != nil {
		return nil, nil, fmt.Errorf("storyblok: %s: %w", path, err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := p.cfg.Client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the URL carries the token
		}
		return nil, nil, fmt.Errorf("%w: GET %s: %w", errUpstream, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return nil, nil, fmt.Errorf("%w: GET %s: %w", errUpstream, path, err)
	}
	switch {
	case resp.StatusCode == http.StatusOK:
		return raw, resp.Header, nil
	case resp.StatusCode == http.StatusNotFound:
		return nil, nil, content.ErrNotFound
	}
	if len(raw) > 200 {
		raw = raw[:200]
	}
	return nil, nil, fmt.Errorf("%w: GET %s: status %d: %s", errUpstream, path, resp.StatusCode, strings.TrimSpace(string(raw)))
}

// redisErr reports a Redis failure: the cache is skipped and Storyblok asked directly.
func (p *Provider) redisErr(what string, err error) bool {
	if err == nil || errors.Is(err, redis.Nil) {
		return false
	}
	p.cfg.Log.Warn("content: storyblok cache unreadable; asking Storyblok", "what", what, "err", err)
	return true
}
