package storyblok

import (
	"context"
	"crypto/hmac"
	"crypto/sha1" // Storyblok signs webhooks with HMAC-SHA1 and preview links with SHA-1
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
)

// changeActions are the webhook actions that change what readers see: a story
// published, unpublished, deleted or moved, a release merged, a pipeline stage
// deployed. Other actions (workflow stage changed, …) are acknowledged and ignored.
var changeActions = set("published", "unpublished", "deleted", "moved", "release_merged", "branch_deployed")

// Defaults of the webhook's replay and burst limits.
const (
	DefaultWebhookDedupe   = 10 * time.Minute
	DefaultWebhookDebounce = 2 * time.Second
)

// Webhook implements content.Webhook. Storyblok signs the raw body with the webhook
// secret (the webhook-signature header: hex HMAC-SHA1); the signature is compared in
// constant time. On a change the cv is raised (to spaces/me's version, and at least
// one above the stored cv, so the next read misses the cache even before Storyblok's
// own version moves), for every edge at once.
//
// A signed body can be replayed by whoever saw it, so a body already taken within
// WebhookDedupe is acknowledged and ignored, and the cache is busted at most once per
// WebhookDebounce for all edges (Redis keys); events in between share one bust when
// the interval ends. A change of the same body within WebhookDedupe (Storyblok's body
// names no time) shows when the cv is next read, within CVInterval.
func (p *Provider) Webhook(ctx context.Context, body []byte, signature string) error {
	if !p.signed(body, signature) {
		return fault.New(fault.Unauthorized, "bad_signature", "The webhook signature is missing or does not match.")
	}
	var ev struct {
		Action  string `json:"action"`
		StoryID any    `json:"story_id"`
	}
	if err := json.Unmarshal(body, &ev); err != nil {
		return fault.New(fault.Invalid, "bad_webhook", "The webhook body is not a Storyblok event.")
	}
	if !changeActions[strings.TrimPrefix(ev.Action, "story.")] {
		p.cfg.Log.Info("content: storyblok webhook ignored", "action", ev.Action)
		return nil
	}
	sum := sha256.Sum256(body)
	first, err := p.cfg.Store.Client.SetNX(ctx, p.cfg.Store.Key("cms", "webhook", "seen", hex.EncodeToString(sum[:])), "1", p.cfg.WebhookDedupe).Result()
	if err != nil {
		return err
	}
	if !first {
		p.cfg.Log.Info("content: storyblok webhook already taken", "action", ev.Action, "story_id", ev.StoryID)
		return nil
	}
	now, err := p.cfg.Store.Client.SetNX(ctx, p.bustKey(), "1", p.cfg.WebhookDebounce).Result()
	if err != nil {
		return err
	}
	if !now {
		// One edge schedules the bust that ends the interval, for every event within it.
		trail, err := p.cfg.Store.Client.SetNX(ctx, p.bustKey()+":trailing", "1", p.cfg.WebhookDebounce).Result()
		if err != nil {
			return err
		}
		if trail {
			p.afterFunc(p.cfg.WebhookDebounce, func() {
				ctx, cancel := context.WithTimeout(context.Background(), p.cfg.Timeout+time.Second)
				defer cancel()
				// This bust starts an interval of its own.
				_ = p.cfg.Store.Client.Set(ctx, p.bustKey(), "1", p.cfg.WebhookDebounce).Err()
				p.bust(ctx, "events within the interval", nil)
			})
		}
		return nil
	}
	p.bust(ctx, ev.Action, ev.StoryID)
	return nil
}

func (p *Provider) bustKey() string { return p.cfg.Store.Key("cms", "webhook", "bust") }

// bust raises the cv so that every edge's next read misses the cache.
func (p *Provider) bust(ctx context.Context, action string, story any) {
	v, err := p.spaceVersion(ctx)
	if err != nil {
		p.cfg.Log.Warn("content: storyblok cache version unreadable after a webhook; raising it by the clock", "err", err)
		v = p.cfg.Now().Unix()
	}
	cv := p.setCV(ctx, v, true)
	p.cfg.Log.Info("content: storyblok content changed", "action", action, "story_id", story, "cv", cv)
}

// signed reports whether signature is the hex HMAC-SHA1 of body under the secret.
func (p *Provider) signed(body []byte, signature string) bool {
	if p.cfg.WebhookSecret == "" {
		return false
	}
	got, err := hex.DecodeString(strings.TrimSpace(signature))
	if err != nil || len(got) != sha1.Size {
		return false
	}
	mac := hmac.New(sha1.New, []byte(p.cfg.WebhookSecret))
	mac.Write(body)
	return hmac.Equal(mac.Sum(nil), got)
}

// Preview links: Storyblok's visual editor opens the site with
// _storyblok_tk[space_id], _storyblok_tk[timestamp] and _storyblok_tk[token], the
// token being the hex SHA-1 of "space_id:preview token:timestamp". Only someone who
// holds the preview token can make one. A link is good for an hour from its timestamp.

// StartPreview implements content.Previewer: a good link grants a preview until an
// hour after its timestamp, in a cookie value "<expiry unix>.<hex HMAC-SHA256 of
// "cms-preview:<expiry>" under the preview token>".
func (p *Provider) StartPreview(query map[string]string, now time.Time) (string, time.Time, bool) {
	if p.cfg.PreviewToken == "" {
		return "", time.Time{}, false
	}
	space, stamp, token := query["_storyblok_tk[space_id]"], query["_storyblok_tk[timestamp]"], query["_storyblok_tk[token]"]
	ts, err := strconv.ParseInt(stamp, 10, 64)
	if space == "" || err != nil || token == "" {
		return "", time.Time{}, false
	}
	made := time.Unix(ts, 0)
	// A link from the future beyond clock skew, or older than the window, is refused.
	if made.After(now.Add(5*time.Minute)) || !now.Before(made.Add(previewWindow)) {
		return "", time.Time{}, false
	}
	want := sha1.Sum([]byte(space + ":" + p.cfg.PreviewToken + ":" + stamp))
	got, err := hex.DecodeString(token)
	if err != nil || !hmac.Equal(want[:], got) {
		return "", time.Time{}, false
	}
	exp := made.Add(previewWindow)
	return p.grant(exp.Unix()), exp, true
}

// Preview implements content.Previewer.
func (p *Provider) Preview(cookie string, now time.Time) bool {
	if p.cfg.PreviewToken == "" {
		return false
	}
	exp, _, ok := strings.Cut(cookie, ".")
	n, err := strconv.ParseInt(exp, 10, 64)
	if !ok || err != nil || !now.Before(time.Unix(n, 0)) {
		return false
	}
	return hmac.Equal([]byte(cookie), []byte(p.grant(n)))
}

func (p *Provider) grant(exp int64) string {
	mac := hmac.New(sha256.New, []byte(p.cfg.PreviewToken))
	mac.Write([]byte("cms-preview:" + strconv.FormatInt(exp, 10)))
	return strconv.FormatInt(exp, 10) + "." + hex.EncodeToString(mac.Sum(nil))
}
