package payments

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/store"
)

// Default lifetimes.
const (
	// TokenTTL is how long a token lives unless kept (see Keep).
	TokenTTL = time.Hour
	// AuthTTL is how long an authorization is kept: card networks release an
	// uncaptured hold after about a week.
	AuthTTL = 7 * 24 * time.Hour
	// IdempotencyTTL is how long an idempotency key remembers its authorization.
	IdempotencyTTL = 24 * time.Hour
)

// Processor ids of the built-in processors.
const (
	HostedID = "hosted"
	SecondID = "second"
)

// Config describes a Redis-backed processor.
type Config struct {
	// ID is the processor id.
	ID string
	// TokenPrefix and AuthPrefix start its token and authorization ids.
	TokenPrefix, AuthPrefix string
	// TokenTTL defaults to TokenTTL.
	TokenTTL time.Duration
	// Now defaults to time.Now.
	Now func() time.Time
}

// RedisProcessor is the built-in processor: tokens and authorizations in Redis.
type RedisProcessor struct {
	st  *store.Store
	cfg Config
}

var (
	_ Processor = (*RedisProcessor)(nil)
	_ Keeper    = (*RedisProcessor)(nil)
)

// New returns a processor keeping its records in st.
func New(st *store.Store, cfg Config) *RedisProcessor {
	if cfg.TokenTTL <= 0 {
		cfg.TokenTTL = TokenTTL
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &RedisProcessor{st: st, cfg: cfg}
}

// NewHosted is the ordering provider's hosted card fields: tokens "tok_…".
func NewHosted(st *store.Store) *RedisProcessor {
	return New(st, Config{ID: HostedID, TokenPrefix: "tok_", AuthPrefix: "auth_"})
}

// NewSecond is the second card processor: tokens "pm_…".
func NewSecond(st *store.Store) *RedisProcessor {
	return New(st, Config{ID: SecondID, TokenPrefix: "pm_", AuthPrefix: "pi_"})
}

// ID implements Processor.
func (p *RedisProcessor) ID() string { return p.cfg.ID }

// tokenRecord is what Redis holds for a token: never the card number or security code.
type tokenRecord struct {
	Token
	// Outcome is the test outcome of a test card number (testcards.go), if any.
	Outcome string `json:"outcome,omitempty"`
}

type authRecord struct {
	Authorization
	CreatedAt time.Time `json:"createdAt"`
	// IdemKey is the idempotency key that made it, which holds its token's use.
	IdemKey string `json:"idemKey,omitempty"`
}

func (p *RedisProcessor) tokenKey(id string) string { return p.st.Key("pay", p.cfg.ID, "tok", id) }
func (p *RedisProcessor) authKey(id string) string  { return p.st.Key("pay", p.cfg.ID, "auth", id) }
func (p *RedisProcessor) idemKey(k string) string   { return p.st.Key("pay", p.cfg.ID, "idem", k) }

// useKey holds the idempotency key of the one authorization a token from the card
// fields may make.
func (p *RedisProcessor) useKey(tokenID string) string {
	return p.st.Key("pay", p.cfg.ID, "used", tokenID)
}

// releaseUse frees a token whose authorization was voided (the order failed or was
// cancelled): KEYS[1] its use, ARGV[1] the voided authorization's idempotency key.
var releaseUse = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`)

// claimUse lets a token make one authorization, that of the first idempotency key to
// claim it. A kept token (a saved card: no TTL) pays any number of orders. The claim is
// one SET NX, so of two submits at once with the token only one wins.
func (p *RedisProcessor) claimUse(ctx context.Context, tokenID, key string) error {
	ttl, err := p.st.Client.PTTL(ctx, p.tokenKey(tokenID)).Result()
	if err != nil {
		return unavailable("claim token", err)
	}
	switch {
	case ttl == -2*time.Nanosecond || ttl == -2*time.Millisecond || ttl == -2*time.Second:
		return errTokenGone()
	case ttl < 0:
		return nil // kept: a saved card
	}
	won, err := p.st.Client.SetNX(ctx, p.useKey(tokenID), key, AuthTTL).Result()
	if err != nil {
		return unavailable("claim token", err)
	}
	if won {
		return nil
	}
	cur, err := p.st.Client.Get(ctx, p.useKey(tokenID)).Result()
	if errors.Is(err, redis.Nil) {
		return p.claimUse(ctx, tokenID, key) // released meanwhile by a void
	}
	if err != nil {
		return unavailable("claim token", err)
	}
	if cur != key {
		return errTokenUsed()
	}
	return nil
}

// errTokenUsed refuses a second order with a card token from the card fields.
func errTokenUsed() error {
	return fault.New(fault.Rule, "card_token_used", "This card was already used for an order. Enter the card again.")
}

const idBytes = 16

func newID(prefix string) (string, error) {
	b := make([]byte, idBytes)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return prefix + hex.EncodeToString(b), nil
}

// wellFormed reports whether id looks like one of our ids with prefix.
func wellFormed(id, prefix string) bool {
	rest, ok := strings.CutPrefix(id, prefix)
	if !ok || len(rest) != 2*idBytes {
		return false
	}
	_, err := hex.DecodeString(rest)
	return err == nil
}

const msgTokenGone = "Your card details expired. Please enter them again."

// A token the processor never issued (malformed, or another processor's) is a bad
// field of the request, not a missing resource of the API: 400, like every other field
// a client sent wrong.
func errTokenUnknown() error { return fault.New(fault.Invalid, "card_not_found", msgTokenGone) }
func errTokenGone() error    { return fault.New(fault.Gone, "card_expired", msgTokenGone) }
func errAuthUnknown() error {
	return fault.New(fault.NotFound, "authorization_not_found", "We couldn't find that payment.")
}

func unavailable(op string, err error) error {
	e := fault.New(fault.Unavailable, "payments_unavailable", "We can't take card payments right now. Please try again.")
	return fmt.Errorf("%w: payments %s: %w", e, op, err)
}

// Tokenize implements Processor.
func (p *RedisProcessor) Tokenize(ctx context.Context, c Card) (Token, error) {
	now := p.cfg.Now()
	brand, err := Validate(c, now)
	if err != nil {
		return Token{}, err
	}
	number := digits(c.Number)
	m, y, _ := expiry(c.ExpMonth, c.ExpYear, map[string]string{})
	id, err := newID(p.cfg.TokenPrefix)
	if err != nil {
		return Token{}, unavailable("token id", err)
	}
	rec := tokenRecord{
		Token: Token{
			ID: id, Processor: p.cfg.ID, Brand: brand, Last4: number[len(number)-4:],
			ExpMonth: m, ExpYear: y, CreatedAt: now.UTC().Truncate(time.Second),
		},
		Outcome: testOutcomes[number],
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return Token{}, err
	}
	if err := p.st.Client.Set(ctx, p.tokenKey(id), b, p.cfg.TokenTTL).Err(); err != nil {
		return Token{}, unavailable("save token", err)
	}
	return rec.Token, nil
}

func (p *RedisProcessor) token(ctx context.Context, id string) (tokenRecord, error) {
	if !wellFormed(id, p.cfg.TokenPrefix) {
		return tokenRecord{}, errTokenUnknown()
	}
	b, err := p.st.Client.Get(ctx, p.tokenKey(id)).Bytes()
	if errors.Is(err, redis.Nil) {
		// Ours, and gone: tokens that are not kept expire.
		return tokenRecord{}, errTokenGone()
	}
	if err != nil {
		return tokenRecord{}, unavailable("load token", err)
	}
	var rec tokenRecord
	if err := json.Unmarshal(b, &rec); err != nil {
		return tokenRecord{}, fmt.Errorf("payments: token %s: %w", id, err)
	}
	return rec, nil
}

// Lookup implements Processor. An unknown token is NotFound and an expired one Gone,
// both "Your card details expired. Please enter them again."
func (p *RedisProcessor) Lookup(ctx context.Context, tokenID string) (Token, error) {
	rec, err := p.token(ctx, tokenID)
	return rec.Token, err
}

// Keep implements Keeper: the token no longer expires.
func (p *RedisProcessor) Keep(ctx context.Context, tokenID string) error {
	if !wellFormed(tokenID, p.cfg.TokenPrefix) {
		return errTokenUnknown()
	}
	ok, err := p.st.Client.Persist(ctx, p.tokenKey(tokenID)).Result()
	if err != nil {
		return unavailable("keep token", err)
	}
	if !ok {
		// PERSIST answers 0 both for a missing key and one without a TTL.
		n, err := p.st.Client.Exists(ctx, p.tokenKey(tokenID)).Result()
		if err != nil {
			return unavailable("keep token", err)
		}
		if n == 0 {
			return errTokenGone()
		}
	}
	return nil
}

// Forget implements Keeper: the token is deleted. Forgetting a missing token is not an
// error.
func (p *RedisProcessor) Forget(ctx context.Context, tokenID string) error {
	if !wellFormed(tokenID, p.cfg.TokenPrefix) {
		return errTokenUnknown()
	}
	if err := p.st.Client.Del(ctx, p.tokenKey(tokenID)).Err(); err != nil {
		return unavailable("forget token", err)
	}
	return nil
}

// Authorize implements Processor. The first call with an idempotency key decides:
// later calls with the same key return its authorization (or, with another token or
// amount, a Conflict) without holding money again. Declines are not remembered, so
// retrying a declined card with the same key declines again.
func (p *RedisProcessor) Authorize(ctx context.Context, tokenID string, amountCents int64, idempotencyKey string) (Authorization, error) {
	if idempotencyKey == "" {
		return Authorization{}, errors.New("payments: authorize without an idempotency key")
	}
	if amountCents <= 0 {
		return Authorization{}, fmt.Errorf("payments: authorize %d cents", amountCents)
	}
	if a, ok, err := p.replay(ctx, tokenID, amountCents, idempotencyKey); ok || err != nil {
		return a, err
	}
	rec, err := p.token(ctx, tokenID)
	if err != nil {
		return Authorization{}, err
	}
	if f := outcomeFault(rec.Outcome); f != nil {
		return Authorization{}, f
	}
	now := p.cfg.Now()
	if cardExpired(rec.ExpMonth, rec.ExpYear, now) {
		return Authorization{}, outcomeFault(outcomeExpired)
	}
	// A token from the card fields authorises one order: the first idempotency key to
	// claim it keeps it (its retries replay), any other is refused.
	if err := p.claimUse(ctx, tokenID, idempotencyKey); err != nil {
		return Authorization{}, err
	}
	id, err := newID(p.cfg.AuthPrefix)
	if err != nil {
		return Authorization{}, unavailable("authorization id", err)
	}
	// The key claims an id first, then the authorization is written under the claimed
	// id unless it exists: a call that stops in between leaves a claim without a hold,
	// which the next call with the key completes, never a hold the key cannot find.
	won, err := p.st.Client.SetNX(ctx, p.idemKey(idempotencyKey), id, IdempotencyTTL).Result()
	if err != nil {
		return Authorization{}, unavailable("claim idempotency key", err)
	}
	if !won {
		if id, err = p.st.Client.Get(ctx, p.idemKey(idempotencyKey)).Result(); err != nil {
			return Authorization{}, unavailable("idempotency key", err)
		}
	}
	auth := authRecord{
		Authorization: Authorization{ID: id, Processor: p.cfg.ID, TokenID: tokenID, AmountCents: amountCents, Status: StatusAuthorized},
		CreatedAt:     now.UTC(),
		IdemKey:       idempotencyKey,
	}
	b, err := json.Marshal(auth)
	if err != nil {
		return Authorization{}, err
	}
	if err := p.st.Client.SetNX(ctx, p.authKey(id), b, AuthTTL).Err(); err != nil {
		return Authorization{}, unavailable("save authorization", err)
	}
	a, ok, err := p.replay(ctx, tokenID, amountCents, idempotencyKey)
	if err == nil && !ok {
		err = unavailable("idempotency key", errors.New("claimed key vanished"))
	}
	return a, err
}

// Find implements Processor.
func (p *RedisProcessor) Find(ctx context.Context, idempotencyKey string) (Authorization, bool, error) {
	id, err := p.st.Client.Get(ctx, p.idemKey(idempotencyKey)).Result()
	if errors.Is(err, redis.Nil) {
		return Authorization{}, false, nil
	}
	if err != nil {
		return Authorization{}, false, unavailable("idempotency key", err)
	}
	a, err := p.auth(ctx, id)
	if fault.Is(err, fault.NotFound) {
		return Authorization{}, false, nil // claimed by a call that stopped before holding
	}
	if err != nil {
		return Authorization{}, false, err
	}
	return a.Authorization, true, nil
}

// replay returns the authorization an idempotency key already made, if any.
func (p *RedisProcessor) replay(ctx context.Context, tokenID string, amountCents int64, key string) (Authorization, bool, error) {
	id, err := p.st.Client.Get(ctx, p.idemKey(key)).Result()
	if errors.Is(err, redis.Nil) {
		return Authorization{}, false, nil
	}
	if err != nil {
		return Authorization{}, false, unavailable("idempotency key", err)
	}
	a, err := p.auth(ctx, id)
	if fault.Is(err, fault.NotFound) {
		return Authorization{}, false, nil // claimed by a call that stopped before holding
	}
	if err != nil {
		return Authorization{}, false, err
	}
	if a.TokenID != tokenID || a.AmountCents != amountCents {
		return Authorization{}, false, ErrConflict()
	}
	return a.Authorization, true, nil
}

func (p *RedisProcessor) auth(ctx context.Context, id string) (authRecord, error) {
	if !wellFormed(id, p.cfg.AuthPrefix) {
		return authRecord{}, errAuthUnknown()
	}
	b, err := p.st.Client.Get(ctx, p.authKey(id)).Bytes()
	if errors.Is(err, redis.Nil) {
		return authRecord{}, errAuthUnknown()
	}
	if err != nil {
		return authRecord{}, unavailable("load authorization", err)
	}
	var a authRecord
	if err := json.Unmarshal(b, &a); err != nil {
		return authRecord{}, fmt.Errorf("payments: authorization %s: %w", id, err)
	}
	return a, nil
}

// Authorization returns an authorization by id.
func (p *RedisProcessor) Authorization(ctx context.Context, authID string) (Authorization, error) {
	a, err := p.auth(ctx, authID)
	return a.Authorization, err
}

// Capture implements Processor. A voided authorization cannot be captured (Conflict).
func (p *RedisProcessor) Capture(ctx context.Context, authID string) error {
	return p.transition(ctx, authID, StatusCaptured, StatusVoided,
		"This payment was cancelled and can't be taken.")
}

// Void implements Processor. A captured authorization cannot be voided (Conflict):
// that takes a refund.
// A voided authorization frees its token for another order while the token lasts.
func (p *RedisProcessor) Void(ctx context.Context, authID string) error {
	if err := p.transition(ctx, authID, StatusVoided, StatusCaptured,
		"This payment was already taken and can't be cancelled."); err != nil {
		return err
	}
	a, err := p.auth(ctx, authID)
	if err != nil || a.IdemKey == "" {
		return err
	}
	if err := releaseUse.Run(ctx, p.st.Client, []string{p.useKey(a.TokenID)}, a.IdemKey).Err(); err != nil {
		return unavailable("release token", err)
	}
	return nil
}

// transition moves an authorization to status `to` atomically (WATCH/MULTI); already
// being there is fine, being in `conflict` is a Conflict.
func (p *RedisProcessor) transition(ctx context.Context, authID, to, conflict, conflictMsg string) error {
	if !wellFormed(authID, p.cfg.AuthPrefix) {
		return errAuthUnknown()
	}
	key := p.authKey(authID)
	var result error
	txf := func(tx *redis.Tx) error {
		result = nil
		b, err := tx.Get(ctx, key).Bytes()
		if errors.Is(err, redis.Nil) {
			result = errAuthUnknown()
			return nil
		}
		if err != nil {
			return err
		}
		var a authRecord
		if err := json.Unmarshal(b, &a); err != nil {
			return fmt.Errorf("payments: authorization %s: %w", authID, err)
		}
		switch a.Status {
		case to:
			return nil
		case conflict:
			result = fault.New(fault.Conflict, "payment_"+conflict, "%s", conflictMsg)
			return nil
		}
		a.Status = to
		nb, err := json.Marshal(a)
		if err != nil {
			return err
		}
		_, err = tx.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
			pipe.Set(ctx, key, nb, redis.KeepTTL)
			return nil
		})
		return err
	}
	for range 10 {
		err := p.st.Client.Watch(ctx, txf, key)
		if errors.Is(err, redis.TxFailedErr) {
			continue
		}
		if err != nil {
			if _, ok := fault.As(err); ok {
				return err
			}
			return unavailable(to, err)
		}
		return result
	}
	return unavailable(to, errors.New("authorization kept changing"))
}
