// Package builtin is the built-in loyalty provider, Henhouse Rewards: member accounts,
// sign-in, profile, wallet, points, rewards, offers, challenges, badges and
// subscriptions, kept in Redis. The programme's rules and catalogue (rewards, offers,
// challenges, badges, subscription plans) come from the embedded seed files in data/.
//
// # Data model
//
// A member is a Redis hash; everything else about the member hangs off keys that
// share the member's hash tag, so the multi-key Lua scripts and optimistic
// transactions that keep points consistent run on one Redis Cluster slot. Lookups by
// email, phone and member number go through index keys that point at the member id;
// emails and phone numbers appear in key names only as SHA-256 digests. Points move
// only inside Lua scripts or WATCH/MULTI transactions, and every move is written to
// the member's ledger.
//
// Keys (P is the store prefix, {id} the member id as a hash tag, h(x) a digest):
//
//	P:loyalty:secret                    string  random secret for decoy sign-in destinations
//	P:loyalty:email:h(email)            string  member id
//	P:loyalty:phone:h(digits)           string  member id
//	P:loyalty:number:HH0123456789       string  member id
//	P:loyalty:m:{id}                    hash    profile, bcrypt password hash, points,
//	                                            lifetime, order and challenge counts,
//	                                            settings, default address and card ids,
//	                                            redemption sequence (rseq)
//	P:loyalty:m:{id}:ledger             list    points activity (JSON), newest first, capped
//	P:loyalty:m:{id}:orders             zset    order id → placed-at (ms)
//	P:loyalty:m:{id}:orderdata          hash    order id → Order JSON (its presence is the
//	                                            "already credited" marker)
//	P:loyalty:m:{id}:redemptions        hash    redemption id → JSON
//	P:loyalty:m:{id}:active             hash    reward/offer/perk key → active redemption id
//	P:loyalty:m:{id}:claims             hash    once-per-period key (birthday|2026,
//	                                            perk|<sub>|2026-11-25) → redemption id
//	P:loyalty:m:{id}:challenges         hash    <challenge>|<period> → progress,
//	                                            <challenge>|<period>|done → completed at
//	P:loyalty:m:{id}:tried              hash    menu category → orders containing it
//	P:loyalty:m:{id}:badges             hash    badge id → earned at
//	P:loyalty:m:{id}:addresses          hash    address id → JSON
//	P:loyalty:m:{id}:cards              hash    card id → JSON (tokens only)
//	P:loyalty:m:{id}:favorites          zset    location id → added at
//	P:loyalty:m:{id}:subs               hash    subscription id → JSON
//	P:loyalty:m:{id}:reset              hash    password reset code digest, expiry, attempts (TTL)
//	P:loyalty:m:{id}:sublock:<plan>     string  guards a subscription being set up (TTL 30 s)
//	P:loyalty:order:<order id>          string  member credited with the order
//	P:loyalty:challenge:<id>            hash    sign-in code step (TTL)
//	P:loyalty:confirm:h(code)           string  member id (TTL 7 days)
//	P:loyalty:authcode:h(code)          hash    single sign-on code (TTL)
//	P:loyalty:authform:<token>          string  authorize page form token (TTL)
//	P:loyalty:throttle:<kind>:h(x)      string  attempt counters (TTL)
//	P:loyalty:renewals                  zset    <member id>|<subscription id> → renews at
//
// Sign-in codes, reset codes and single sign-on codes are stored only as digests.
// Expiry decisions use Config.Now (so tests can move time); Redis TTLs only clean up.
// The attempt and send throttles are plain Redis counters with a TTL.
//
// Seed data (data/*.json, embedded): program.json (points per dollar, welcome bonus,
// Gold threshold, redemption lifetime, time zone, menu categories and the keywords
// that guess an item's category from its name), rewards.json (the catalogue),
// offers.json (programme offers and member reward offers), challenges.json,
// badges.json and plans.json (subscription plans and their perks).
//
// # Rules
//
//   - Points: PointsPerDollar (10) per whole dollar of food subtotal after discounts
//     (subtotal − discount, rounded down to the dollar; tax, fees and tip earn
//     nothing), times the best multiplier offer of the day, plus bonus offers. An
//     order id is credited once, to one member.
//   - Tier: Gold from GoldLifetimePoints (1,000) lifetime points, Member below.
//     Lifetime points count every point earned and never go down.
//   - A redemption takes the reward's points at once and lasts RedemptionDays (30).
//     Cancelled or expired unused redemptions give the points back. One active
//     redemption per reward at a time.
//   - Sign-in codes: 6 digits, 10 minutes, 5 attempts per code step, single use,
//     at most 3 resends, 30 seconds apart.
//   - Passwordless sign-in with an identifier that matches no account returns a
//     challenge that looks like any other but can never succeed, and sends nothing;
//     an attacker cannot tell which emails, phones or numbers are members.
package builtin

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"math/big"
	"regexp"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/crypto/bcrypt"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/site"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/outbox"
)

// Limits.
const (
	CodeTTL        = 10 * time.Minute
	CodeAttempts   = 5
	CodeResends    = 3
	ResendInterval = 30 * time.Second
	AuthCodeTTL    = 2 * time.Minute
	ConfirmTTL     = 7 * 24 * time.Hour
	ResetTTL       = 30 * time.Minute
	MaxAddresses   = 10
	MaxCards       = 10
	MaxFavorites   = 10
	ledgerCap      = 500
	// sign-in failures per email before a pause
	signInFailures = 10
	signInWindow   = 15 * time.Minute
	// codes sent per destination per hour
	codeSends      = 6
	codeSendWindow = time.Hour
)

// Config configures the provider.
type Config struct {
	// Store keeps everything. Required.
	Store *store.Store
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// BcryptCost for password hashes. Default 12.
	BcryptCost int
	// SiteURL is put before links in messages ("https://henhouse.example"). Default
	// empty: links are paths.
	SiteURL string
	// LocationExists checks favourite location ids. Optional: without it any
	// well-formed id is accepted.
	LocationExists func(ctx context.Context, id string) bool
	// ClientIDs may use the authorize page. Default the web site and the app.
	ClientIDs []string
	// OutboxSize is how many messages the outbox keeps. Optional. Default: 1000.
	// Ignored when Outbox is set.
	OutboxSize int
	// Outbox takes the messages the provider would send. Optional. Default: an
	// outbox on Store (the edge passes the one it shares with the other providers).
	Outbox *outbox.Outbox
	// Billing charges subscriptions. Optional: without it subscriptions are free
	// (demonstration mode).
	Billing Billing
}

// Billing charges a payment token.
type Billing interface {
	Charge(ctx context.Context, token string, amountCents int64, idempotencyKey string) (reference string, err error)
}

// Provider implements loyalty.Provider and loyalty.OutboxReader.
type Provider struct {
	prog      *Program
	st        *store.Store
	cfg       Config
	dummyHash []byte
	secret    []byte
	box       *outbox.Outbox
}

var (
	_ loyalty.Provider     = (*Provider)(nil)
	_ loyalty.OutboxReader = (*Provider)(nil)
)

// New loads the programme and prepares the store.
func New(ctx context.Context, cfg Config) (*Provider, error) {
	if cfg.Store == nil {
		return nil, errors.New("loyalty: Config.Store is required")
	}
	prog, err := LoadProgram()
	if err != nil {
		return nil, err
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.BcryptCost == 0 {
		cfg.BcryptCost = 12
	}
	if cfg.BcryptCost < bcrypt.MinCost || cfg.BcryptCost > bcrypt.MaxCost {
		return nil, errors.New("loyalty: BcryptCost out of range")
	}
	if cfg.OutboxSize <= 0 {
		cfg.OutboxSize = 1000
	}
	if len(cfg.ClientIDs) == 0 {
		cfg.ClientIDs = []string{site.WebClientID, site.AppClientID}
	}
	p := &Provider{prog: prog, st: cfg.Store, cfg: cfg, box: cfg.Outbox}
	if p.box == nil {
		p.box = outbox.New(cfg.Store, outbox.Config{Size: cfg.OutboxSize, Now: p.now})
	}
	// Unknown emails are checked against this hash so that a wrong email costs as
	// much time as a wrong password.
	p.dummyHash, err = bcrypt.GenerateFromPassword([]byte(randomToken(12)), cfg.BcryptCost)
	if err != nil {
		return nil, err
	}
	secret := randomToken(32)
	if err := p.st.Client.SetNX(ctx, p.k("secret"), secret, 0).Err(); err != nil {
		return nil, err
	}
	s, err := p.st.Client.Get(ctx, p.k("secret")).Result()
	if err != nil {
		return nil, err
	}
	p.secret = []byte(s)
	// A Redis that lost its data gets back the secret this edge signs with.
	p.st.OnRecover(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		p.st.Client.SetNX(ctx, p.k("secret"), string(p.secret), 0)
	})
	return p, nil
}

// ID is the provider name carried in tokens.
func (p *Provider) ID() string { return loyalty.ProviderID }

// Program exposes the rules and catalogue (tests, admin pages).
func (p *Provider) Program() *Program { return p.prog }

func (p *Provider) now() time.Time { return p.cfg.Now().UTC() }

// k is a loyalty key; mk a key of one member (hash-tagged by the member id).
func (p *Provider) k(parts ...string) string {
	return p.st.Key(append([]string{"loyalty"}, parts...)...)
}

func (p *Provider) mk(id string, parts ...string) string {
	return p.k(append([]string{"m", "{" + id + "}"}, parts...)...)
}

// digest names a secret or personal value in a key.
func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:16])
}

func randomToken(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func newID(prefix string) string { return prefix + randomToken(12) }

// randomDigits returns n uniformly random decimal digits.
func randomDigits(n int) string {
	max := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
	v, err := rand.Int(rand.Reader, max)
	if err != nil {
		panic(err)
	}
	s := v.String()
	for len(s) < n {
		s = "0" + s
	}
	return s
}

var memberIDPattern = regexp.MustCompile(`^m_[A-Za-z0-9_-]{16}$`)

var errNoMember = fault.New(fault.NotFound, "member_not_found", "We couldn't find that account.")

func (p *Provider) checkID(id string) error {
	if !memberIDPattern.MatchString(id) {
		return errNoMember
	}
	return nil
}

func unix(t time.Time) string { return strconv.FormatInt(t.Unix(), 10) }

// unixMilli keeps a code's send time to the millisecond: the wait before another
// code is rounded up from it, so a guest who asks at once is told the whole 30
// seconds, not 29 because the send was late in its second.
func unixMilli(t time.Time) string { return strconv.FormatInt(t.UnixMilli(), 10) }

// lastSent reads a send time written by unixMilli. A value in seconds (a code step
// stored before the send time had milliseconds) is read as seconds.
func lastSent(v string) time.Time {
	n := atoi64(v)
	if n < 1e11 {
		return time.Unix(n, 0)
	}
	return time.UnixMilli(n)
}

func iso(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func parseISO(s string) time.Time {
	t, _ := time.Parse(time.RFC3339, s)
	return t
}

func atoi64(s string) int64 {
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}

// member loads a member hash.
func (p *Provider) memberHash(ctx context.Context, id string) (map[string]string, error) {
	if err := p.checkID(id); err != nil {
		return nil, err
	}
	h, err := p.st.Client.HGetAll(ctx, p.mk(id)).Result()
	if err != nil {
		return nil, err
	}
	if len(h) == 0 || h["id"] == "" {
		return nil, errNoMember
	}
	return h, nil
}

// emailConfirmed: the member's email address is confirmed as it is now. A
// confirmation records the address it proved (confirmed_email); an address changed
// since, even by a change racing the confirmation, is unconfirmed until confirmed again.
func emailConfirmed(h map[string]string) bool {
	return h["confirmed"] == "1" && h["confirmed_email"] != "" && h["confirmed_email"] == h["email"]
}

// confirmFields mark email as confirmed (it reached its inbox).
func confirmFields(email string) []any { return []any{"confirmed", "1", "confirmed_email", email} }

func (p *Provider) toMember(h map[string]string) loyalty.Member {
	m := loyalty.Member{
		ID: h["id"], Number: h["number"], FirstName: h["first"], LastName: h["last"],
		Email: h["email"], Phone: h["phone"], Birthday: h["birthday"], FavoriteLocationID: h["fav"],
		Confirmed: emailConfirmed(h), Points: atoi64(h["points"]), LifetimePoints: atoi64(h["lifetime"]),
		OrderCount: atoi64(h["orders"]), CreatedAt: parseISO(h["created"]),
		Settings: loyalty.Settings{EmailOffers: h["email_offers"] == "1", SMSOffers: h["sms_offers"] == "1", PaperlessReceipts: h["paperless"] == "1"},
	}
	m.Tier, m.NextTier, m.PointsToNextTier = p.prog.tier(m.LifetimePoints)
	return m
}

// Member returns a member, after giving back the points of expired redemptions.
func (p *Provider) Member(ctx context.Context, id string) (loyalty.Member, error) {
	if err := p.checkID(id); err != nil {
		return loyalty.Member{}, err
	}
	if err := p.sweep(ctx, id); err != nil {
		return loyalty.Member{}, err
	}
	h, err := p.memberHash(ctx, id)
	if err != nil {
		return loyalty.Member{}, err
	}
	return p.toMember(h), nil
}

// lookup resolves an index key to a member id ("" when none).
func (p *Provider) lookup(ctx context.Context, indexKey string) (string, error) {
	id, err := p.st.Client.Get(ctx, indexKey).Result()
	if errors.Is(err, redis.Nil) {
		return "", nil
	}
	return id, err
}

func (p *Provider) emailKey(email string) string   { return p.k("email", digest(email)) }
func (p *Provider) phoneKey(phone string) string   { return p.k("phone", digest(phone)) }
func (p *Provider) numberKey(number string) string { return p.k("number", number) }

// throttle counts an event against key within window and reports whether the count
// is now above max, with the seconds left in the window.
var throttleScript = redis.NewScript(`
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`)

func (p *Provider) hit(ctx context.Context, kind, subject string, window time.Duration) (int64, int, error) {
	res, err := throttleScript.Run(ctx, p.st.Client, []string{p.k("throttle", kind, digest(subject))}, window.Milliseconds()).Int64Slice()
	if err != nil {
		return 0, 0, err
	}
	return res[0], int((res[1] + 999) / 1000), nil
}

// count reads a throttle counter without changing it.
func (p *Provider) count(ctx context.Context, kind, subject string) (int64, int, error) {
	key := p.k("throttle", kind, digest(subject))
	n, err := p.st.Client.Get(ctx, key).Int64()
	if errors.Is(err, redis.Nil) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, err
	}
	ttl, err := p.st.Client.PTTL(ctx, key).Result()
	if err != nil {
		return 0, 0, err
	}
	return n, int((ttl.Milliseconds() + 999) / 1000), nil
}

func (p *Provider) clear(ctx context.Context, kind, subject string) error {
	return p.st.Client.Del(ctx, p.k("throttle", kind, digest(subject))).Err()
}

func tooMany(code, msg string, retryAfter int) error {
	e := &fault.Error{Kind: fault.TooMany, Code: code, Message: msg}
	e.RetryAfter = retryAfter
	return e
}

func minutes(seconds int) string {
	m := (seconds + 59) / 60
	if m <= 1 {
		return "a minute"
	}
	return strconv.Itoa(m) + " minutes"
}
