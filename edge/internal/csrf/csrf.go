// Package csrf protects every state-changing /api call from cross-site request
// forgery.
//
// The page handler puts a token into the JSON bootstrap (Token), and the shell sends it
// back in the X-CSRF-Token header on every unsafe request. The token is a signed
// double submit bound to the visitor: HMAC-SHA256 of the visitor id (from the HttpOnly
// visitor cookie, see package session) under a secret kept in Redis and created by the
// first edge that starts. A forged cross-site request carries the victim's cookie but
// cannot read the page, so it cannot know the token; a token taken from another
// visitor's page does not match the victim's visitor id.
//
// Why not Fiber's middleware/csrf: it keeps each token in storage with an idle
// timeout and its own cookie, writes to storage and sets a cookie on every safe
// request, and replaces the token when it has idled out. The shell reads the token
// once, from the bootstrap, and a tab may stay open for hours, so its copy would go
// stale and the next order would fail. The signed token needs no storage per request
// (only the secret, cached in memory), is valid for as long as the visitor cookie,
// works unchanged across any number of edges, and adds no cookie of its own.
//
// Each Token call returns a differently masked copy of the same value (a random pad
// XORed with the MAC), so the token never appears twice in compressed responses
// (BREACH).
//
// On top of the token, an unsafe request whose Origin (or, without one, Referer) names
// another site, an Origin of "null", or a Sec-Fetch-Site of "cross-site" is rejected.
//
// Exempt: GET, HEAD, OPTIONS and TRACE; and what Config.Next skips. The edge skips the
// native app's calls: a member token that verified, in the Authorization header, and no
// cookies. A browser cannot be made to attach an Authorization header cross-site, and
// without cookies a request has no ambient authority to abuse; but only a token that
// verifies counts, so "Authorization: Bearer x" does not turn the check off.
//
// The session visitor middleware must run before this one.
package csrf

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"hash"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/random"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/store"
)

// HeaderName is the request header that carries the token.
const HeaderName = "X-CSRF-Token"

// ErrFailed is the answer to a request that failed the check (403).
var ErrFailed = fault.New(fault.Forbidden, "csrf_failed", "Your session expired. Please refresh the page and try again.")

// Config configures New.
type Config struct {
	// Store keeps the signing secret. Required.
	Store *store.Store
	// Next skips the middleware when it returns true (e.g. for the bot-check token
	// endpoint). Default: nil.
	Next func(c fiber.Ctx) bool
	// Header carries the token. Default: HeaderName.
	Header string
	// TrustedOrigins are other origins allowed to send unsafe requests, as
	// "https://host[:port]". The request's own host is always allowed.
	TrustedOrigins []string
	// SecretReload is how long a secret is used before it is read from Redis again,
	// and the shortest time between two reloads caused by a failed check. Default: 1
	// minute.
	SecretReload time.Duration
	// Now is the clock. Default: time.Now.
	Now func() time.Time
}

const (
	macSize    = sha256.Size
	tokenBytes = 2 * macSize // pad || pad XOR mac
	secretSize = 32
	macContext = "henhouse-csrf-v1\x00"
)

// protector holds the secret.
type protector struct {
	cfg     Config
	key     string
	trusted map[string]bool

	mu       sync.RWMutex
	secret   []byte
	loadedAt time.Time
	failAt   time.Time
}

type protectorKey struct{}

// New loads the secret (creating it on first start) and returns the middleware.
func New(ctx context.Context, cfg Config) (fiber.Handler, error) {
	if cfg.Store == nil {
		return nil, errors.New("csrf: Config.Store is required")
	}
	if cfg.Header == "" {
		cfg.Header = HeaderName
	}
	if cfg.SecretReload <= 0 {
		cfg.SecretReload = time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	p := &protector{cfg: cfg, key: cfg.Store.Key("csrf", "secret"), trusted: map[string]bool{}}
	for _, o := range cfg.TrustedOrigins {
		n, ok := normalizeOrigin(o)
		if !ok {
			return nil, fmt.Errorf("csrf: trusted origin %q is not scheme://host", o)
		}
		p.trusted[n] = true
	}
	if err := p.load(ctx); err != nil {
		return nil, err
	}
	cfg.Store.OnRecover(func() { p.reloadNow() })
	return p.handler, nil
}

// load reads the secret, creating it when no edge has yet. An edge that already holds
// a secret offers that one: a Redis that lost its data (restarted without
// persistence) gets back the secret the running edges use, so tokens in pages
// already open stay valid.
func (p *protector) load(ctx context.Context) error {
	p.mu.RLock()
	fresh := p.secret
	p.mu.RUnlock()
	if fresh == nil {
		fresh = make([]byte, secretSize)
		_, _ = rand.Read(fresh)
	}
	c := p.cfg.Store.Client
	if err := c.SetNX(ctx, p.key, fresh, 0).Err(); err != nil {
		return fmt.Errorf("csrf: store secret: %w", err)
	}
	secret, err := c.Get(ctx, p.key).Bytes()
	if err != nil {
		return fmt.Errorf("csrf: load secret: %w", err)
	}
	if len(secret) < secretSize {
		return fmt.Errorf("csrf: secret in %s is too short", p.key)
	}
	p.mu.Lock()
	p.secret, p.loadedAt = secret, p.cfg.Now()
	p.mu.Unlock()
	return nil
}

// reloadNow puts the secret back after an outage, in case Redis lost it.
func (p *protector) reloadNow() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = p.load(ctx)
}

func (p *protector) currentSecret(ctx context.Context) []byte {
	p.mu.RLock()
	secret, stale := p.secret, p.cfg.Now().Sub(p.loadedAt) >= p.cfg.SecretReload
	p.mu.RUnlock()
	if stale {
		if p.load(ctx) == nil {
			p.mu.RLock()
			secret = p.secret
			p.mu.RUnlock()
		}
	}
	return secret
}

// keyedMAC is an HMAC already keyed with key: Reset is cheaper than keying anew, and
// every page view makes a token. msg and sum are its scratch space.
type keyedMAC struct {
	key []byte
	h   hash.Hash
	msg []byte
	sum [macSize]byte
}

var macs sync.Pool

func mac(secret []byte, visitorID string) [macSize]byte {
	k, _ := macs.Get().(*keyedMAC)
	if k == nil || !bytes.Equal(k.key, secret) {
		k = &keyedMAC{key: secret, h: hmac.New(sha256.New, secret)}
	} else {
		k.h.Reset()
	}
	k.msg = append(append(k.msg[:0], macContext...), visitorID...)
	k.h.Write(k.msg)
	sum := [macSize]byte(k.h.Sum(k.sum[:0]))
	macs.Put(k)
	return sum
}

// tokenLen is a token's length in characters: tokenBytes in unpadded base64.
const tokenLen = (tokenBytes*8 + 5) / 6

// tokenFor returns a freshly masked token for the visitor.
func (p *protector) tokenFor(ctx context.Context, visitorID string) string {
	m := mac(p.currentSecret(ctx), visitorID)
	var b [tokenBytes]byte
	random.Read(b[:macSize])
	for i := range macSize {
		b[macSize+i] = b[i] ^ m[i]
	}
	var s [tokenLen]byte
	base64.RawURLEncoding.Encode(s[:], b[:])
	return string(s[:])
}

// valid reports whether token belongs to the visitor. After a mismatch it re-reads
// the secret (at most once per SecretReload) in case another edge recreated it.
func (p *protector) valid(ctx context.Context, visitorID, token string) bool {
	if visitorID == "" || len(token) != tokenLen {
		return false
	}
	var src [tokenLen]byte
	copy(src[:], token)
	var b [tokenBytes]byte
	if n, err := base64.RawURLEncoding.Decode(b[:], src[:]); err != nil || n != tokenBytes {
		return false
	}
	var got [macSize]byte
	for i := range macSize {
		got[i] = b[i] ^ b[macSize+i]
	}
	if m := mac(p.currentSecret(ctx), visitorID); hmac.Equal(got[:], m[:]) {
		return true
	}
	now := p.cfg.Now()
	p.mu.Lock()
	retry := now.Sub(p.failAt) >= p.cfg.SecretReload
	if retry {
		p.failAt = now
	}
	p.mu.Unlock()
	if !retry || p.load(ctx) != nil {
		return false
	}
	m := mac(p.currentSecret(ctx), visitorID)
	return hmac.Equal(got[:], m[:])
}

func (p *protector) handler(c fiber.Ctx) error {
	if p.cfg.Next != nil && p.cfg.Next(c) {
		return c.Next()
	}
	c.Locals(protectorKey{}, p)
	if session.Safe(c.Method()) {
		return c.Next()
	}
	if !p.sameOrigin(c) {
		return ErrFailed
	}
	if !p.valid(c.Context(), session.VisitorID(c), c.Get(p.cfg.Header)) {
		return ErrFailed
	}
	return c.Next()
}

// sameOrigin checks Origin, else Referer, else Sec-Fetch-Site. A request with none
// of them (not a browser) passes on to the token check.
func (p *protector) sameOrigin(c fiber.Ctx) bool {
	if origin := c.Get(fiber.HeaderOrigin); origin != "" {
		return p.allowed(c, origin)
	}
	if ref := c.Get(fiber.HeaderReferer); ref != "" {
		return p.allowed(c, ref)
	}
	return !strings.EqualFold(strings.TrimSpace(c.Get(fiber.HeaderSecFetchSite)), "cross-site")
}

// allowed reports whether the origin of u is the request's own host or trusted. The
// scheme may differ from the request's when the Origin is https: behind a TLS
// terminating proxy the edge itself sees plain http.
func (p *protector) allowed(c fiber.Ctx, u string) bool {
	parsed, err := url.Parse(strings.TrimSpace(u))
	if err != nil || parsed.Host == "" || (parsed.Scheme != "http" && parsed.Scheme != "https") {
		return false // includes "null"
	}
	origin := strings.ToLower(parsed.Scheme + "://" + parsed.Host)
	if p.trusted[origin] {
		return true
	}
	if !strings.EqualFold(parsed.Host, c.Host()) {
		return false
	}
	return parsed.Scheme == "https" || parsed.Scheme == c.Scheme()
}

func normalizeOrigin(o string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(o))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return "", false
	}
	return strings.ToLower(u.Scheme + "://" + u.Host), true
}

// Token returns a token for the current visitor to put in the page bootstrap, or ""
// when the csrf or the visitor middleware did not run for this request. Every call
// returns a differently masked token; all of them are valid.
func Token(c fiber.Ctx) string {
	p, ok := c.Locals(protectorKey{}).(*protector)
	vid := session.VisitorID(c)
	if !ok || vid == "" {
		return ""
	}
	return p.tokenFor(c.Context(), vid)
}
