// Package auth issues and checks member tokens and keeps member sessions.
//
// A signed-in member holds two credentials:
//
//   - an access token: a JWT signed with ES256 (P-256) carrying iss, aud, sub (the
//     member id), iat, nbf, exp, jti, sid (the server-side session), provider and
//     version (docs/identity.md, "Tokens"). It lives AccessTTL (1 hour by default) and is sent in
//     the Authorization header (native app) or the HttpOnly cookie (web);
//   - a refresh token: an opaque random string, stored only as a SHA-256 hash, that
//     buys a new pair. It is rotated on every use; presenting an already used refresh
//     token again means it was copied, so the whole session is force-invalidated.
//
// Every access token names a session kept in Redis. Verify checks the signature and
// the claims, then the session, so logging out (ErrSessionEnded) and a server-side
// forced sign-out (ErrSessionInvalidated) take effect at once rather than
// when the token expires.
//
// Signing keys form a key ring in Redis shared by every edge: the first edge to start
// creates it; Rotate promotes the key that was already published as "next" and
// publishes a new next key, so relying parties that cache the JWKS know a key before
// it signs anything. Retired keys keep verifying until every token they signed has
// expired, so rotation signs nobody out. Each edge caches the ring and reloads it
// periodically and when a token names a key it does not know.
//
// Private keys are kept in Redis in the clear: anyone who can read the edge's Redis
// can mint tokens, and must be trusted as much as the edge itself.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/site"
	"github.com/henhouse/platform/edge/internal/store"
)

// Errors returned by Verify and Refresh. They are distinct so the middleware (and the
// shell, through the bootstrap) can tell "logged out" from "forcibly signed out".
var (
	// ErrTooLarge: the token is longer than Config.MaxTokenBytes; it was not parsed.
	ErrTooLarge = errors.New("auth: token too large")
	// ErrInvalid: malformed, bad or missing signature, a method other than ES256
	// (alg none, HS256 …), unknown kid, expired, not yet valid, issued in the future,
	// wrong issuer or audience, missing sub/jti/sid; or an unknown refresh token.
	ErrInvalid = errors.New("auth: invalid token")
	// ErrWrongProvider: the provider claim is not the loyalty provider, so the token is
	// treated as signed out.
	ErrWrongProvider = errors.New("auth: token from another provider")
	// ErrNoVersion: the version claim is missing or empty, so the token is treated as
	// signed out.
	ErrNoVersion = errors.New("auth: token has no version")
	// ErrOldVersion: the version claim is below Config.Version, or is not a
	// dot-separated list of decimal numbers and so cannot be shown to be at least it.
	ErrOldVersion = errors.New("auth: token version too old")
	// ErrSessionEnded: the member logged out, or the session expired.
	ErrSessionEnded = errors.New("auth: session ended")
	// ErrSessionInvalidated: the session was invalidated server-side (ForceSignOut, or
	// refresh token reuse); the shell shows the forced sign-out dialog.
	ErrSessionInvalidated = errors.New("auth: session invalidated")
)

// Config configures Tokens. Zero fields take the values of ConfigDefault; Store and
// Issuer are required.
type Config struct {
	// Store keeps the key ring and the sessions.
	Store *store.Store
	// Issuer is the iss claim, e.g. "https://henhouse.example/loyalty".
	Issuer string
	// Audience is the aud claim. Default site.WebClientID.
	Audience string
	// Provider is the provider claim; a token naming another provider is rejected.
	// Default site.LoyaltyProviderID.
	Provider string
	// Version is the version claim written into new tokens and the lowest version
	// Verify accepts. Default "1".
	Version string
	// AccessTTL is the access token lifetime. Default 1 hour.
	AccessTTL time.Duration
	// RefreshTTL is how long a refresh token, and an idle session, lives. Default 30 days.
	RefreshTTL time.Duration
	// Leeway absorbs clock skew on exp, nbf and iat. Default 30 seconds.
	Leeway time.Duration
	// MaxTokenBytes bounds the access token Verify will parse. Default 4096.
	MaxTokenBytes int
	// CookieName is the access token cookie. Default "hh_token".
	CookieName string
	// RefreshCookieName is the refresh token cookie. Default "hh_refresh".
	RefreshCookieName string
	// RefreshCookiePath scopes the refresh cookie. Default "/api/auth".
	RefreshCookiePath string
	// Secure marks both cookies Secure (true in production).
	Secure bool
	// KeyReload is how often an edge reloads the key ring (and puts back keys Redis
	// lost). Default 1 minute.
	KeyReload time.Duration
	// Log reports signing keys put back into Redis. Default nil: not reported.
	Log *slog.Logger
	// Now is the clock. Default time.Now.
	Now func() time.Time
}

// ConfigDefault holds the defaults for Config's zero fields.
var ConfigDefault = Config{
	Audience:          site.WebClientID,
	Provider:          site.LoyaltyProviderID,
	Version:           "1",
	AccessTTL:         time.Hour,
	RefreshTTL:        30 * 24 * time.Hour,
	Leeway:            30 * time.Second,
	MaxTokenBytes:     4096,
	CookieName:        "hh_token",
	RefreshCookieName: "hh_refresh",
	RefreshCookiePath: "/api/auth",
	KeyReload:         time.Minute,
	Now:               time.Now,
}

func configDefault(cfg Config) Config {
	d := ConfigDefault
	if cfg.Audience == "" {
		cfg.Audience = d.Audience
	}
	if cfg.Provider == "" {
		cfg.Provider = d.Provider
	}
	if cfg.Version == "" {
		cfg.Version = d.Version
	}
	if cfg.AccessTTL <= 0 {
		cfg.AccessTTL = d.AccessTTL
	}
	if cfg.RefreshTTL <= 0 {
		cfg.RefreshTTL = d.RefreshTTL
	}
	if cfg.Leeway <= 0 {
		cfg.Leeway = d.Leeway
	}
	if cfg.MaxTokenBytes <= 0 {
		cfg.MaxTokenBytes = d.MaxTokenBytes
	}
	if cfg.CookieName == "" {
		cfg.CookieName = d.CookieName
	}
	if cfg.RefreshCookieName == "" {
		cfg.RefreshCookieName = d.RefreshCookieName
	}
	if cfg.RefreshCookiePath == "" {
		cfg.RefreshCookiePath = d.RefreshCookiePath
	}
	if cfg.KeyReload <= 0 {
		cfg.KeyReload = d.KeyReload
	}
	if cfg.Now == nil {
		cfg.Now = d.Now
	}
	return cfg
}

// Claims are the access token's claims.
type Claims struct {
	jwt.RegisteredClaims
	// SessionID is the server-side session the token belongs to.
	SessionID string `json:"sid"`
	// Provider names the loyalty provider that authenticated the member.
	Provider string `json:"provider"`
	// Version is the token version (a string; compared numerically, see ErrOldVersion).
	Version string `json:"version"`
}

// Pair is what Issue and Refresh hand out.
type Pair struct {
	AccessToken      string    `json:"accessToken"`
	AccessExpiresAt  time.Time `json:"accessExpiresAt"`
	RefreshToken     string    `json:"refreshToken"`
	RefreshExpiresAt time.Time `json:"refreshExpiresAt"`
	SessionID        string    `json:"sessionId"`
}

// Tokens issues and verifies member tokens. It is safe for concurrent use.
type Tokens struct {
	cfg    Config
	client redis.UniversalClient
	st     *store.Store
	ring   *keyRing
	parser *jwt.Parser
}

// NewTokens loads the key ring, creating it when this is the first edge to start.
func NewTokens(ctx context.Context, cfg Config) (*Tokens, error) {
	if cfg.Store == nil {
		return nil, errors.New("auth: Config.Store is required")
	}
	if cfg.Issuer == "" {
		return nil, errors.New("auth: Config.Issuer is required")
	}
	cfg = configDefault(cfg)
	if _, ok := parseVersion(cfg.Version); !ok {
		return nil, fmt.Errorf("auth: Config.Version %q is not a dotted decimal version", cfg.Version)
	}
	retention := cfg.AccessTTL + cfg.Leeway + cfg.KeyReload + keyGrace
	t := &Tokens{
		cfg: cfg, client: cfg.Store.Client, st: cfg.Store,
		ring: newKeyRing(cfg.Store, cfg.Now, retention, cfg.KeyReload, cfg.Log),
		parser: jwt.NewParser(
			jwt.WithValidMethods([]string{jwt.SigningMethodES256.Alg()}),
			jwt.WithIssuer(cfg.Issuer),
			jwt.WithAudience(cfg.Audience),
			jwt.WithExpirationRequired(),
			jwt.WithIssuedAt(),
			jwt.WithLeeway(cfg.Leeway),
			jwt.WithTimeFunc(cfg.Now),
			jwt.WithStrictDecoding(),
		),
	}
	if err := t.ring.ensure(ctx); err != nil {
		return nil, err
	}
	// After an outage, check at once that Redis still has the keys (a restarted Redis
	// without persistence has none) rather than at the next periodic reload.
	cfg.Store.OnRecover(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = t.ring.reload(ctx)
	})
	return t, nil
}

// Config returns the effective configuration (defaults applied).
func (t *Tokens) Config() Config { return t.cfg }

// Rotate makes the published next key the signing key and publishes a new next key.
// Tokens signed by the previous key stay valid until they expire. It returns the kid
// that now signs.
func (t *Tokens) Rotate(ctx context.Context) (string, error) { return t.ring.rotate(ctx) }

// Session states, kept in the session hash's "st" field.
const (
	stateActive      = "a"
	stateEnded       = "e"
	stateInvalidated = "i"
)

// Issue starts a session for memberID and returns its first token pair.
func (t *Tokens) Issue(ctx context.Context, memberID string) (Pair, error) {
	if memberID == "" {
		return Pair{}, errors.New("auth: empty member id")
	}
	sid := randomString(16)
	refresh := sid + "." + randomString(32)
	now := t.cfg.Now()
	// The member's set of sessions and the session live in different Cluster slots,
	// so they are written one after the other: the set first, so that LogoutAll and
	// ForceSignOut always find a session that exists (a set entry whose session was
	// never written is harmless).
	_, err := t.client.TxPipelined(ctx, func(p redis.Pipeliner) error {
		mk := t.memberKey(memberID)
		p.SAdd(ctx, mk, sid)
		p.PExpire(ctx, mk, t.cfg.RefreshTTL)
		return nil
	})
	if err != nil {
		return Pair{}, fmt.Errorf("auth: create session: %w", err)
	}
	_, err = t.client.TxPipelined(ctx, func(p redis.Pipeliner) error {
		sk := t.sessionKey(sid)
		p.HSet(ctx, sk, "m", memberID, "st", stateActive, "rh", hashToken(refresh), "c", now.Unix())
		p.PExpire(ctx, sk, t.cfg.RefreshTTL)
		return nil
	})
	if err != nil {
		return Pair{}, fmt.Errorf("auth: create session: %w", err)
	}
	return t.pair(ctx, memberID, sid, refresh, now)
}

func (t *Tokens) pair(ctx context.Context, memberID, sid, refresh string, now time.Time) (Pair, error) {
	key, err := t.ring.signer(ctx)
	if err != nil {
		return Pair{}, err
	}
	exp := now.Add(t.cfg.AccessTTL)
	claims := Claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    t.cfg.Issuer,
			Subject:   memberID,
			Audience:  jwt.ClaimStrings{t.cfg.Audience},
			ExpiresAt: jwt.NewNumericDate(exp),
			NotBefore: jwt.NewNumericDate(now),
			IssuedAt:  jwt.NewNumericDate(now),
			ID:        randomString(16),
		},
		SessionID: sid,
		Provider:  t.cfg.Provider,
		Version:   t.cfg.Version,
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodES256, claims)
	tok.Header["kid"] = key.kid
	signed, err := tok.SignedString(key.priv)
	if err != nil {
		return Pair{}, fmt.Errorf("auth: sign token: %w", err)
	}
	return Pair{
		AccessToken: signed, AccessExpiresAt: exp,
		RefreshToken: refresh, RefreshExpiresAt: now.Add(t.cfg.RefreshTTL),
		SessionID: sid,
	}, nil
}

// Verify checks an access token: size, signature (ES256 only, key by kid from the
// ring), iss, aud, exp (required), nbf, iat (not in the future), then the provider
// (the loyalty provider's) and the version (present, at least Config.Version), then
// the session. It returns one of the package's errors
// for a rejected token, or another error when the session could not be read.
func (t *Tokens) Verify(ctx context.Context, raw string) (Claims, error) {
	if len(raw) > t.cfg.MaxTokenBytes {
		return Claims{}, ErrTooLarge
	}
	var c Claims
	_, err := t.parser.ParseWithClaims(raw, &c, func(tok *jwt.Token) (any, error) {
		if m, ok := tok.Method.(*jwt.SigningMethodECDSA); !ok || m != jwt.SigningMethodES256 {
			return nil, errors.New("not ES256")
		}
		kid, _ := tok.Header["kid"].(string)
		if kid == "" {
			return nil, errors.New("no kid")
		}
		pub := t.ring.verifier(ctx, kid)
		if pub == nil {
			return nil, errors.New("unknown kid")
		}
		return pub, nil
	})
	if err != nil {
		return Claims{}, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if c.Subject == "" || c.ID == "" || c.SessionID == "" || c.ExpiresAt == nil {
		return Claims{}, fmt.Errorf("%w: missing sub, jti or sid", ErrInvalid)
	}
	if c.Provider != t.cfg.Provider {
		return Claims{}, ErrWrongProvider
	}
	if err := checkVersion(c.Version, t.cfg.Version); err != nil {
		return Claims{}, err
	}
	vals, err := t.client.HMGet(ctx, t.sessionKey(c.SessionID), "st", "m").Result()
	if err != nil {
		return Claims{}, fmt.Errorf("auth: read session: %w", err)
	}
	st, _ := vals[0].(string)
	member, _ := vals[1].(string)
	switch st {
	case stateActive:
	case stateInvalidated:
		return Claims{}, ErrSessionInvalidated
	default: // ended, or gone
		return Claims{}, ErrSessionEnded
	}
	if member != c.Subject {
		return Claims{}, fmt.Errorf("%w: session belongs to another member", ErrInvalid)
	}
	return c, nil
}

// refreshScript rotates a session's refresh token. KEYS: session, used hashes.
// ARGV: presented hash, new hash, session TTL (ms), tombstone TTL (ms).
// Returns {status, member}.
var refreshScript = redis.NewScript(`
local st = redis.call('HGET', KEYS[1], 'st')
if not st then return {'missing', ''} end
local member = redis.call('HGET', KEYS[1], 'm') or ''
if st == 'i' then return {'invalidated', member} end
if st ~= 'a' then return {'ended', member} end
if redis.call('HGET', KEYS[1], 'rh') == ARGV[1] then
  redis.call('HSET', KEYS[1], 'rh', ARGV[2])
  redis.call('SADD', KEYS[2], ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  redis.call('PEXPIRE', KEYS[2], ARGV[3])
  return {'ok', member}
end
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 1 then
  redis.call('HSET', KEYS[1], 'st', 'i')
  redis.call('HDEL', KEYS[1], 'rh')
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
  redis.call('DEL', KEYS[2])
  return {'reused', member}
end
return {'invalid', member}
`)

// Refresh exchanges a refresh token for a new pair, rotating the refresh token. A
// refresh token that was already used invalidates the session (ErrSessionInvalidated).
func (t *Tokens) Refresh(ctx context.Context, refreshToken string) (Pair, error) {
	sid, secret, ok := strings.Cut(refreshToken, ".")
	if !ok || !validRandom(sid, 16) || !validRandom(secret, 32) {
		return Pair{}, fmt.Errorf("%w: malformed refresh token", ErrInvalid)
	}
	next := sid + "." + randomString(32)
	res, err := refreshScript.Run(ctx, t.client, []string{t.sessionKey(sid), t.usedKey(sid)},
		hashToken(refreshToken), hashToken(next), t.cfg.RefreshTTL.Milliseconds(), t.tombstone().Milliseconds()).StringSlice()
	if err != nil || len(res) != 2 {
		return Pair{}, fmt.Errorf("auth: refresh session: %w", err)
	}
	switch res[0] {
	case "ok":
	case "reused":
		if res[1] != "" {
			t.client.SRem(ctx, t.memberKey(res[1]), sid)
		}
		return Pair{}, fmt.Errorf("%w: refresh token reused", ErrSessionInvalidated)
	case "invalidated":
		return Pair{}, ErrSessionInvalidated
	case "ended", "missing":
		return Pair{}, ErrSessionEnded
	default:
		return Pair{}, fmt.Errorf("%w: unknown refresh token", ErrInvalid)
	}
	t.client.PExpire(ctx, t.memberKey(res[1]), t.cfg.RefreshTTL)
	return t.pair(ctx, res[1], sid, next, t.cfg.Now())
}

// endScript moves an active session to a final state. KEYS: session, used hashes.
// ARGV: state, tombstone TTL (ms). Returns the member id ("" when the session was
// not active).
var endScript = redis.NewScript(`
if redis.call('HGET', KEYS[1], 'st') ~= 'a' then return '' end
redis.call('HSET', KEYS[1], 'st', ARGV[1])
redis.call('HDEL', KEYS[1], 'rh')
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('DEL', KEYS[2])
return redis.call('HGET', KEYS[1], 'm') or ''
`)

// Logout ends one session: its tokens get ErrSessionEnded and its refresh token stops
// working. Ending a session that is already over is not an error.
func (t *Tokens) Logout(ctx context.Context, sid string) error {
	member, err := t.end(ctx, sid, stateEnded)
	if err != nil {
		return err
	}
	if member != "" {
		if err := t.client.SRem(ctx, t.memberKey(member), sid).Err(); err != nil {
			return fmt.Errorf("auth: logout: %w", err)
		}
	}
	return nil
}

// LogoutAll ends every session of the member (ErrSessionEnded).
func (t *Tokens) LogoutAll(ctx context.Context, memberID string) error {
	return t.endAll(ctx, memberID, stateEnded)
}

// ForceSignOut invalidates every session of the member: their tokens get
// ErrSessionInvalidated, so the shell shows the forced sign-out dialog.
func (t *Tokens) ForceSignOut(ctx context.Context, memberID string) error {
	return t.endAll(ctx, memberID, stateInvalidated)
}

func (t *Tokens) endAll(ctx context.Context, memberID, state string) error {
	mk := t.memberKey(memberID)
	sids, err := t.client.SMembers(ctx, mk).Result()
	if err != nil {
		return fmt.Errorf("auth: list sessions: %w", err)
	}
	for _, sid := range sids {
		if _, err := t.end(ctx, sid, state); err != nil {
			return err
		}
		if err := t.client.SRem(ctx, mk, sid).Err(); err != nil {
			return fmt.Errorf("auth: end sessions: %w", err)
		}
	}
	return nil
}

func (t *Tokens) end(ctx context.Context, sid, state string) (string, error) {
	if !validRandom(sid, 16) {
		return "", nil
	}
	member, err := endScript.Run(ctx, t.client, []string{t.sessionKey(sid), t.usedKey(sid)},
		state, t.tombstone().Milliseconds()).Text()
	if err != nil {
		return "", fmt.Errorf("auth: end session: %w", err)
	}
	return member, nil
}

// tombstone is how long an ended or invalidated session is remembered: as long as an
// access token of it can still pass the expiry check.
func (t *Tokens) tombstone() time.Duration { return t.cfg.AccessTTL + t.cfg.Leeway + time.Minute }

// Session keys carry the sid as a Redis Cluster hash tag so a session's hash and its
// set of used refresh hashes live in one slot and one script can touch both.
func (t *Tokens) sessionKey(sid string) string { return t.st.Key("auth", "session", "{"+sid+"}") }
func (t *Tokens) usedKey(sid string) string {
	return t.st.Key("auth", "session", "{"+sid+"}", "used")
}
func (t *Tokens) memberKey(memberID string) string {
	return t.st.Key("auth", "member", memberID, "sessions")
}

// randomString returns n random bytes, base64url without padding.
func randomString(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// validRandom reports whether s looks like randomString(n).
func validRandom(s string, n int) bool {
	if len(s) != base64.RawURLEncoding.EncodedLen(n) {
		return false
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(s)
	return err == nil && len(b) == n
}

func hashToken(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
