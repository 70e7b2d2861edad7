package botcheck

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/site"
	"github.com/henhouse/platform/edge/internal/store"
)

// ScriptPath serves the built-in client script.
const ScriptPath = "/botcheck/enterprise.js"

// TokenPath is the token endpoint, under the /api group.
const TokenPath = "/botcheck/token"

// BuiltinSiteKey is the site key the page passes to execute with the built-in verifier
// (it is not checked, but the shell refuses to run without one).
const BuiltinSiteKey = "henhouse-builtin"

//go:embed enterprise.js
var scriptSource string

// tokenURLPlaceholder is the script's token URL as written in enterprise.js, a string
// literal in either quote style (the file is formatted like the rest of the front end).
var tokenURLPlaceholder = regexp.MustCompile(`["']__TOKEN_URL__["']`)

// BuiltinConfig configures the built-in verifier.
type BuiltinConfig struct {
	// Store keeps the signing secret and the used nonces. Required.
	Store *store.Store
	// TTL is how long a token is valid. Default 2 minutes.
	TTL time.Duration
	// TokenURL is where the script asks for tokens. Default "/api" + TokenPath.
	TokenURL string
	// Now is the clock. Default time.Now.
	Now func() time.Time
}

// Builtin issues and verifies the edge's own bot-check tokens.
//
// A token is "hb1." + base64url(issued-at ms, 8 bytes | nonce, 16 bytes | action) +
// "." + base64url(HMAC-SHA256(secret, context | visitor id | payload)). It is valid for
// TTL, for the action it names, for the visitor that asked for it, and once: the
// nonce is recorded with SET NX for as long as the token could be valid.
type Builtin struct {
	cfg    BuiltinConfig
	st     *store.Store
	key    string
	script []byte

	mu       sync.RWMutex
	secret   []byte
	failedAt time.Time
}

const (
	tokenPrefix = "hb1"
	nonceSize   = 16
	headerSize  = 8 + nonceSize
	clockSkew   = 5 * time.Second
	maxToken    = 512
	builtinCtx  = "henhouse-botcheck-v1\x00"
)

// NewBuiltin loads the signing secret, creating it on first start.
func NewBuiltin(ctx context.Context, cfg BuiltinConfig) (*Builtin, error) {
	if cfg.Store == nil {
		return nil, errors.New("botcheck: BuiltinConfig.Store is required")
	}
	if cfg.TTL <= 0 {
		cfg.TTL = 2 * time.Minute
	}
	if cfg.TokenURL == "" {
		cfg.TokenURL = "/api" + TokenPath
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	u, _ := json.Marshal(cfg.TokenURL) // a JS string literal, replacing the quoted placeholder
	b := &Builtin{
		cfg: cfg, st: cfg.Store, key: cfg.Store.Key("botcheck", "secret"),
		script: []byte(tokenURLPlaceholder.ReplaceAllLiteralString(scriptSource, string(u))),
	}
	if err := b.load(ctx); err != nil {
		return nil, err
	}
	cfg.Store.OnRecover(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = b.load(ctx)
	})
	return b, nil
}

// load reads the secret, creating it when no edge has yet; an edge that holds one
// offers it, so a Redis that lost its data gets back the secret edges already use.
func (b *Builtin) load(ctx context.Context) error {
	b.mu.RLock()
	fresh := b.secret
	b.mu.RUnlock()
	if fresh == nil {
		fresh = make([]byte, 32)
		_, _ = rand.Read(fresh)
	}
	if err := b.st.Client.SetNX(ctx, b.key, fresh, 0).Err(); err != nil {
		return fmt.Errorf("botcheck: store secret: %w", err)
	}
	secret, err := b.st.Client.Get(ctx, b.key).Bytes()
	if err != nil {
		return fmt.Errorf("botcheck: load secret: %w", err)
	}
	if len(secret) < 32 {
		return fmt.Errorf("botcheck: secret in %s is too short", b.key)
	}
	b.mu.Lock()
	b.secret = secret
	b.mu.Unlock()
	return nil
}

func (b *Builtin) sign(visitorID string, payload []byte) []byte {
	b.mu.RLock()
	h := hmac.New(sha256.New, b.secret)
	b.mu.RUnlock()
	h.Write([]byte(builtinCtx))
	h.Write([]byte(visitorID))
	h.Write([]byte{0})
	h.Write(payload)
	return h.Sum(nil)
}

// Issue returns a token for action and visitor.
func (b *Builtin) Issue(action, visitorID string) (string, error) {
	if !ValidAction(action) {
		return "", fmt.Errorf("botcheck: invalid action %q", action)
	}
	if visitorID == "" {
		return "", errors.New("botcheck: no visitor")
	}
	payload := make([]byte, headerSize, headerSize+len(action))
	binary.BigEndian.PutUint64(payload, uint64(b.cfg.Now().UnixMilli()))
	_, _ = rand.Read(payload[8:headerSize])
	payload = append(payload, action...)
	enc := base64.RawURLEncoding
	return tokenPrefix + "." + enc.EncodeToString(payload) + "." + enc.EncodeToString(b.sign(visitorID, payload)), nil
}

// Verify checks a built-in token for action and the visitor in ctx (WithVisitor). The
// remote IP is not used: mobile clients change address between page and submit.
func (b *Builtin) Verify(ctx context.Context, token, action, _ string) (Result, error) {
	if token == "" {
		return Result{Reason: "missing"}, nil
	}
	payload, sig, ok := parseToken(token)
	if !ok {
		return Result{Reason: "malformed"}, nil
	}
	visitor := visitorFrom(ctx)
	if visitor == "" || !b.macOK(ctx, visitor, payload, sig) {
		return Result{Reason: "invalid"}, nil
	}
	res := Result{Action: string(payload[headerSize:])}
	if res.Action != action {
		res.Reason = "wrong_action"
		return res, nil
	}
	issued := time.UnixMilli(int64(binary.BigEndian.Uint64(payload)))
	now := b.cfg.Now()
	switch {
	case issued.After(now.Add(clockSkew)):
		res.Reason = "invalid"
		return res, nil
	case now.Sub(issued) > b.cfg.TTL:
		res.Reason = "expired"
		return res, nil
	}
	nonce := b.st.Key("botcheck", "nonce", hex.EncodeToString(payload[8:headerSize]))
	fresh, err := b.st.Client.SetNX(ctx, nonce, 1, b.cfg.TTL+2*clockSkew).Result()
	if err != nil {
		return Result{}, fmt.Errorf("botcheck: record nonce: %w", err)
	}
	if !fresh {
		res.Reason = "replayed"
		return res, nil
	}
	res.Valid, res.Score = true, 1
	return res, nil
}

// macOK compares the signature; after a mismatch it re-reads the secret once per TTL
// in case another edge recreated it (Redis was emptied).
func (b *Builtin) macOK(ctx context.Context, visitor string, payload, sig []byte) bool {
	if hmac.Equal(sig, b.sign(visitor, payload)) {
		return true
	}
	now := b.cfg.Now()
	b.mu.Lock()
	retry := now.Sub(b.failedAt) >= b.cfg.TTL || now.Before(b.failedAt)
	if retry {
		b.failedAt = now
	}
	b.mu.Unlock()
	return retry && b.load(ctx) == nil && hmac.Equal(sig, b.sign(visitor, payload))
}

func parseToken(token string) (payload, sig []byte, ok bool) {
	if len(token) > maxToken {
		return nil, nil, false
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 || parts[0] != tokenPrefix {
		return nil, nil, false
	}
	enc := base64.RawURLEncoding.Strict()
	payload, err := enc.DecodeString(parts[1])
	if err != nil || len(payload) <= headerSize {
		return nil, nil, false
	}
	sig, err = enc.DecodeString(parts[2])
	if err != nil || len(sig) != sha256.Size {
		return nil, nil, false
	}
	return payload, sig, true
}

// ScriptHandler serves the client script (GET ScriptPath).
func (b *Builtin) ScriptHandler() fiber.Handler {
	return func(c fiber.Ctx) error {
		c.Set(fiber.HeaderContentType, "text/javascript; charset=utf-8")
		c.Set(fiber.HeaderCacheControl, site.PublicFor(5*time.Minute))
		return c.Send(b.script)
	}
}

// tokenRequest is the body of POST TokenPath.
type tokenRequest struct {
	Action string `json:"action"`
}

// TokenHandler answers POST TokenPath {"action"} with {"token"} for the visitor. It
// needs the session visitor middleware and no CSRF token (a token is useless to
// another site: it is bound to the visitor and only ever sent back same-origin).
func (b *Builtin) TokenHandler() fiber.Handler {
	return func(c fiber.Ctx) error {
		var req tokenRequest
		if err := httpx.Decode(c, &req); err != nil {
			return err
		}
		if !ValidAction(req.Action) {
			return httpx.Invalid("The action is not valid.", map[string]string{
				"action": "letters, digits, _ and / only, at most 100",
			})
		}
		visitor := session.VisitorID(c)
		if visitor == "" {
			return session.ErrNoVisitor // no cookie: the token would be bound to nobody
		}
		tok, err := b.Issue(req.Action, visitor)
		if err != nil {
			return err
		}
		c.Set(fiber.HeaderCacheControl, site.NoStore)
		return c.JSON(fiber.Map{"token": tok})
	}
}

// MountScript serves the client script at ScriptPath on r (the app root).
func MountScript(r fiber.Router, b *Builtin) {
	r.Get(ScriptPath, b.ScriptHandler())
}

// MountToken serves the token endpoint at TokenPath on api (the /api group, after
// the visitor middleware). before run first, e.g. a per-IP rate limit.
func MountToken(api fiber.Router, b *Builtin, before ...fiber.Handler) {
	handlers := make([]any, 0, len(before)+1)
	for _, h := range before {
		handlers = append(handlers, h)
	}
	handlers = append(handlers, b.TokenHandler())
	api.Post(TokenPath, handlers[0], handlers[1:]...)
}

// NewVerifier returns the Enterprise verifier when ent is configured, else the
// built-in one; builtin is non-nil only in the second case (its script and token
// endpoint then need mounting).
func NewVerifier(ctx context.Context, st *store.Store, ent EnterpriseConfig) (v Verifier, builtin *Builtin, err error) {
	if ent.Configured() {
		e, err := NewEnterprise(ent)
		return e, nil, err
	}
	b, err := NewBuiltin(ctx, BuiltinConfig{Store: st})
	if err != nil {
		return nil, nil, err
	}
	return b, b, nil
}
