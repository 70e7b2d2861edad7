package storyblok

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/providers/content"
)

// Redis keys, under the store's prefix (docs/content.md, "Cache"):
//
//	cms:cv                      hash {cv, checked}: the space's cache version and when
//	                            spaces/me was last read (unix seconds), shared by every edge
//	cms:<cv>:<what>             a mapped answer (story:<slug>, slugs, popups) under that
//	                            cv, CacheTTL; "-" for a story Storyblok does not have
//	cms:stale:<what>            the last good answer, 7 days: served while Storyblok fails
//
// A new cv names new keys, so a publish is seen at the next read; the old keys expire.

// notFoundMark caches a 404, so a flood of unknown paths costs Storyblok one call each
// per cv.
const notFoundMark = "-"

// raiseCV sets the cv to the larger of ARGV[1] and the stored one, or with ARGV[3]
// "bump" to more than the stored one, and records when it was checked (ARGV[2]). The
// cv never goes back: an edge with an older answer from spaces/me cannot bring back
// a cache that a webhook retired.
var raiseCV = redis.NewScript(`
local cur = tonumber(redis.call('HGET', KEYS[1], 'cv') or '0') or 0
local new = tonumber(ARGV[1]) or 0
if ARGV[3] == 'bump' and new <= cur then new = cur + 1 end
if new < cur then new = cur end
redis.call('HSET', KEYS[1], 'cv', string.format('%d', new), 'checked', ARGV[2])
return new
`)

// cv is the space's current cache version: the stored one while it was checked less
// than CVInterval ago, else read again from GET /v2/cdn/spaces/me. When Storyblok
// cannot say, the stored cv stands; 0 means none is known (reads carry no cv).
func (p *Provider) cv(ctx context.Context) int64 {
	key := p.cfg.Store.Key("cms", "cv")
	now := p.cfg.Now().Unix()
	vals, err := p.cfg.Store.Client.HMGet(ctx, key, "cv", "checked").Result()
	if p.redisErr("cv", err) {
		v, err := p.spaceVersion(ctx)
		if err != nil {
			p.cfg.Log.Error("content: storyblok cache version unreadable", "err", err)
		}
		return v
	}
	stored, checked := field(vals, 0), field(vals, 1)
	if stored > 0 && now-checked < int64(p.cfg.CVInterval.Seconds()) {
		return stored
	}
	v, err, _ := p.flights.Do("cv", func() (any, error) { return p.spaceVersion(ctx) })
	if err != nil {
		p.cfg.Log.Error("content: storyblok cache version unreadable; keeping the last one", "cv", stored, "err", err)
		return stored
	}
	return p.setCV(ctx, v.(int64), false)
}

func field(vals []any, i int) int64 {
	if i >= len(vals) {
		return 0
	}
	s, _ := vals[i].(string)
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}

// setCV stores cv (raiseCV) and answers the cv now in force.
func (p *Provider) setCV(ctx context.Context, cv int64, bump bool) int64 {
	mode := ""
	if bump {
		mode = "bump"
	}
	n, err := raiseCV.Run(ctx, p.cfg.Store.Client, []string{p.cfg.Store.Key("cms", "cv")}, cv, p.cfg.Now().Unix(), mode).Int64()
	if err != nil {
		p.cfg.Log.Warn("content: storyblok cache version not stored", "err", err)
		return cv
	}
	return n
}

// spaceVersion reads space.version from GET /v2/cdn/spaces/me.
func (p *Provider) spaceVersion(ctx context.Context) (int64, error) {
	q := p.query("published", 0)
	raw, _, err := p.get(ctx, "/v2/cdn/spaces/me", q)
	if err != nil {
		return 0, err
	}
	var r struct {
		Space struct {
			Version int64 `json:"version"`
		} `json:"space"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return 0, fmt.Errorf("storyblok: spaces/me: %w", err)
	}
	return r.Space.Version, nil
}

// cached answers what from the cache under the current cv, else from fetch (once per
// edge at a time), keeping the answer under the cv and as the stale copy. A story
// Storyblok does not have (content.ErrNotFound) is cached as such. When Storyblok
// fails, the stale copy is the answer, if there is one; else the guest is told the
// content is unavailable.
func (p *Provider) cached(ctx context.Context, what string, fetch func(cv int64) ([]byte, error)) ([]byte, error) {
	cv := p.cv(ctx)
	key := p.cfg.Store.Key("cms", strconv.FormatInt(cv, 10), what)
	stale := p.cfg.Store.Key("cms", "stale", what)
	rdb := p.cfg.Store.Client
	b, err := rdb.Get(ctx, key).Bytes()
	redisDown := p.redisErr(what, err)
	if err == nil {
		if string(b) == notFoundMark {
			return nil, content.ErrNotFound
		}
		return b, nil
	}
	v, err, _ := p.flights.Do(key, func() (any, error) { return fetch(cv) })
	switch {
	case err == nil:
		b = v.([]byte)
		if !redisDown {
			werr := rdb.Set(ctx, key, b, p.cfg.CacheTTL).Err()
			if werr == nil {
				werr = rdb.Set(ctx, stale, b, staleTTL).Err()
			}
			p.redisErr(what, werr)
		}
		return b, nil
	case errors.Is(err, content.ErrNotFound):
		if !redisDown {
			p.redisErr(what, rdb.Set(ctx, key, notFoundMark, p.cfg.CacheTTL).Err())
			p.redisErr(what, rdb.Del(ctx, stale).Err())
		}
		return nil, content.ErrNotFound
	}
	if !redisDown {
		if old, serr := rdb.Get(ctx, stale).Bytes(); serr == nil {
			p.cfg.Log.Error("content: storyblok unavailable; serving the last good copy", "what", what, "err", err)
			return old, nil
		}
	}
	p.cfg.Log.Error("content: storyblok unavailable and no copy kept", "what", what, "err", err)
	return nil, unavailable(err)
}
