// Package punchh is a loyalty adapter for PAR Punchh. It fills the loyalty roles
// Punchh's public Mobile API and Online Ordering API can back (Accounts, SignIn,
// Members, Points, Rewards, Offers, Challenges, Subscriptions) and leaves out the
// ones Punchh has no calls for (Addresses, Wallet, Favorites, Badges); the edge hides
// those features. docs/providers.md, "PAR Punchh", has the mapping of each method to
// Punchh's calls, the signing rule and the configuration.
//
// Punchh answers a sign-in with an access token. The token never reaches the
// browser: it is kept server-side per member in a Codes store (Redis in the edge,
// memory in tests) under the member's Punchh user id, which is the member id the edge
// puts in its own tokens.
package punchh

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
)

// ProviderID is the provider name carried in the edge's member tokens.
const ProviderID = "punchh"

// Codes keeps short-lived values under keys; store.Codes (Redis) implements it, and
// NewMemoryCodes keeps them in one process.
type Codes interface {
	Put(ctx context.Context, code string, value []byte, ttl time.Duration) error
	Take(ctx context.Context, code string) (value []byte, ok bool, err error)
	Peek(ctx context.Context, code string) (value []byte, ttl time.Duration, ok bool, err error)
	Claim(ctx context.Context, code string, value []byte, ttl time.Duration) (claimed bool, err error)
}

// Config configures the adapter.
type Config struct {
	// ServerURL is the brand's Punchh server, https://SERVER_NAME.punchh.com.
	// Required.
	ServerURL string
	// ClientID is the business's OAuth client id (the "client" parameter). Required.
	ClientID string
	// ClientSecret keys the request signatures and the SSO code exchange. Required.
	ClientSecret string
	// SiteURL is the edge's public origin; a relative single sign-on return address
	// (/app/code) is made absolute with it for Punchh's token exchange. Optional.
	// Default: "" (return addresses are sent as given).
	SiteURL string
	// State keeps the members' access tokens, sign-in steps, single sign-on codes and
	// the orders held for points. Required.
	State Codes
	// Timeout bounds each call to Punchh. Optional. Default: 10s.
	Timeout time.Duration
	// SessionTTL is how long a member's access token is kept after the last sign-in.
	// Optional. Default: 30 days.
	SessionTTL time.Duration
	// UserAgent identifies the edge to Punchh. Optional. Default: "Henhouse/1.0 (edge)".
	UserAgent string
	// HTTPClient sends the calls. Optional. Default: a client with Timeout.
	HTTPClient *http.Client
	// Now is the clock. Optional. Default: time.Now.
	Now func() time.Time
	// Log takes what the adapter reports. Optional. Default: slog.Default().
	Log *slog.Logger
}

// Provider is the Punchh adapter.
type Provider struct {
	cfg  Config
	base string
	http *http.Client
	log  *slog.Logger
	now  func() time.Time
}

// New checks cfg and builds the adapter.
func New(cfg Config) (*Provider, error) {
	var missing []string
	if cfg.ServerURL == "" {
		missing = append(missing, "ServerURL")
	}
	if cfg.ClientID == "" {
		missing = append(missing, "ClientID")
	}
	if cfg.ClientSecret == "" {
		missing = append(missing, "ClientSecret")
	}
	if cfg.State == nil {
		missing = append(missing, "State")
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("punchh: Config.%s is required", strings.Join(missing, ", Config."))
	}
	u, err := url.Parse(cfg.ServerURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("punchh: ServerURL must be an http(s) origin such as https://brand.punchh.com, got %q", cfg.ServerURL)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = 30 * 24 * time.Hour
	}
	if cfg.UserAgent == "" {
		cfg.UserAgent = "Henhouse/1.0 (edge)"
	}
	p := &Provider{cfg: cfg, base: strings.TrimRight(u.Scheme+"://"+u.Host+u.Path, "/"), http: cfg.HTTPClient, log: cfg.Log, now: cfg.Now}
	if p.http == nil {
		p.http = &http.Client{Timeout: cfg.Timeout}
	}
	if p.log == nil {
		p.log = slog.Default()
	}
	if p.now == nil {
		p.now = time.Now
	}
	return p, nil
}

// ID is the provider name carried in tokens.
func (p *Provider) ID() string { return ProviderID }

// session is what the edge keeps of a signed-in member.
type session struct {
	Token  string `json:"token"`
	Email  string `json:"email"`
	Device string `json:"device"`
}

var errSignedOut = fault.New(fault.Unauthorized, "signed_out", "Please sign in again.")

// deviceID is the punchh-app-device-id sent for a member. Punchh grants sign-up
// rewards per device and limits the members one device may serve, so the edge, which
// calls for every member, sends one stable id per member (derived from the email
// address) rather than its own.
func deviceID(email string) string {
	sum := sha256.Sum256([]byte("henhouse-device:" + strings.ToLower(strings.TrimSpace(email))))
	return hex.EncodeToString(sum[:16])
}

func (p *Provider) saveSession(ctx context.Context, memberID string, s session) error {
	raw, _ := json.Marshal(s)
	return p.storeErr(p.cfg.State.Put(ctx, "session:"+memberID, raw, p.cfg.SessionTTL))
}

// session returns the member's access token; Unauthorized when there is none (never
// signed in through this edge, or kept past SessionTTL).
func (p *Provider) session(ctx context.Context, memberID string) (session, error) {
	if memberID == "" {
		return session{}, errSignedOut
	}
	raw, _, ok, err := p.cfg.State.Peek(ctx, "session:"+memberID)
	if err != nil {
		return session{}, p.storeErr(err)
	}
	var s session
	if !ok || json.Unmarshal(raw, &s) != nil || s.Token == "" {
		return session{}, errSignedOut
	}
	return s, nil
}

// storeErr reports a failing state store as Unavailable.
func (p *Provider) storeErr(err error) error {
	if err == nil {
		return nil
	}
	var fe *fault.Error
	if errors.As(err, &fe) {
		return err
	}
	p.log.Warn("punchh: state store failed", "err", err)
	return &fault.Error{Kind: fault.Unavailable, Code: "store_unavailable", Message: "We can't reach your account right now. Please try again shortly.", RetryAfter: 5}
}

func (p *Provider) getJSON(ctx context.Context, key string, v any) (bool, error) {
	raw, _, ok, err := p.cfg.State.Peek(ctx, key)
	if err != nil || !ok {
		return false, p.storeErr(err)
	}
	return json.Unmarshal(raw, v) == nil, nil
}

func (p *Provider) putJSON(ctx context.Context, key string, v any, ttl time.Duration) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return p.storeErr(p.cfg.State.Put(ctx, key, raw, ttl))
}

// randomCode is a URL-safe random code for challenges and single sign-on.
func randomCode() string {
	b := make([]byte, 18)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// clientBody is the body of the calls that carry nothing but the client id; the
// Mobile API's GET calls carry it in a JSON body too, as Punchh documents them.
func (p *Provider) clientBody() map[string]any { return map[string]any{"client": p.cfg.ClientID} }

// memoryCodes keeps codes in one process.
type memoryCodes struct {
	mu  sync.Mutex
	now func() time.Time
	m   map[string]memoryEntry
}

type memoryEntry struct {
	v   []byte
	exp time.Time
}

// NewMemoryCodes keeps codes in this process: for tests and a single edge; a
// restart signs every member out.
func NewMemoryCodes(now func() time.Time) Codes {
	if now == nil {
		now = time.Now
	}
	return &memoryCodes{now: now, m: map[string]memoryEntry{}}
}

func (c *memoryCodes) get(code string) (memoryEntry, bool) {
	e, ok := c.m[code]
	if ok && !c.now().Before(e.exp) {
		delete(c.m, code)
		return memoryEntry{}, false
	}
	return e, ok
}

func (c *memoryCodes) Put(_ context.Context, code string, v []byte, ttl time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[code] = memoryEntry{v: append([]byte(nil), v...), exp: c.now().Add(ttl)}
	return nil
}

func (c *memoryCodes) Take(_ context.Context, code string) ([]byte, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.get(code)
	delete(c.m, code)
	return e.v, ok, nil
}

func (c *memoryCodes) Peek(_ context.Context, code string) ([]byte, time.Duration, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.get(code)
	return e.v, e.exp.Sub(c.now()), ok, nil
}

func (c *memoryCodes) Claim(_ context.Context, code string, v []byte, ttl time.Duration) (bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.get(code); ok {
		return false, nil
	}
	c.m[code] = memoryEntry{v: append([]byte(nil), v...), exp: c.now().Add(ttl)}
	return true, nil
}
