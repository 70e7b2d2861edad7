package builtin

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// Gift cards. The built-in issuer keeps each card as a hash under
// giftcard:<reference>, the reference being the SHA-256 of the card number: the
// balance, and the PIN only as a salted SHA-256 (pin_salt, pin_hash). A balance check
// issues a token, giftcard-token:<gc_…>, that stands for the card (its reference and
// last four digits, never the PIN) for GiftTokenTTL, so checkout can pay with the
// token instead of holding on to the PIN. A member's saved gift cards,
// saved-giftcards:<member id>, keep their token for good.

// Gift card limits.
const (
	// GiftTokenTTL is how long a gift card token lives unless the card is saved.
	GiftTokenTTL = time.Hour
	// MaxSavedGiftCards a member can keep.
	MaxSavedGiftCards = 10
)

// giftRef is the reference of a card number: what Redis knows the card by.
func giftRef(number string) string {
	sum := sha256.Sum256([]byte(number))
	return hex.EncodeToString(sum[:])
}

func (p *Provider) giftKey(ref string) string        { return p.st.Key("giftcard", ref) }
func (p *Provider) giftTokenKey(token string) string { return p.st.Key("giftcard-token", token) }
func (p *Provider) savedGiftsKey(memberID string) string {
	return p.st.Key("saved-giftcards", memberID)
}

// pinHash is the salted SHA-256 of a PIN.
func pinHash(salt, pin string) string {
	sum := sha256.Sum256([]byte(salt + ":" + pin))
	return hex.EncodeToString(sum[:])
}

func newSalt() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// seedGift writes a seeded card unless Redis holds it already: KEYS[1] card; ARGV[1]
// balance (the one kept under the card's number before, when there is one), ARGV[2]
// salt, ARGV[3] PIN hash.
var seedGift = redis.NewScript(`
if redis.call('HEXISTS', KEYS[1], 'pin_hash') == 1 then return 0 end
redis.call('HSETNX', KEYS[1], 'balance', ARGV[1])
redis.call('HSET', KEYS[1], 'pin_salt', ARGV[2], 'pin_hash', ARGV[3])
return 1`)

// seedGiftCards writes the seeded gift cards Redis does not hold yet. Cards kept the
// earlier way, under their number with the PIN as it is, move to their reference with
// their balance, and the old record is deleted.
func (p *Provider) seedGiftCards(ctx context.Context) error {
	for _, g := range p.cat.giftCards {
		legacy := p.st.Key("giftcard", g.Number)
		bal := strconv.FormatInt(g.BalanceCents, 10)
		old, err := p.st.Client.HGet(ctx, legacy, "balance").Result()
		switch {
		case err == nil:
			bal = old
		case !errors.Is(err, redis.Nil):
			return err
		}
		salt := newSalt()
		if err := seedGift.Run(ctx, p.st.Client, []string{p.giftKey(giftRef(g.Number))}, bal, salt, pinHash(salt, g.PIN)).Err(); err != nil {
			return err
		}
		if err := p.st.Client.Del(ctx, legacy).Err(); err != nil {
			return err
		}
	}
	return nil
}

// giftCheck is a gift card found for a payment or a balance check. pinHash is the
// hash the PIN given makes, or "" when the card was named by a token.
type giftCheck struct {
	ref, last4, pinHash string
	balance             int64
}

var errGiftInvalid = fault.New(fault.Rule, "giftcard_invalid", "We couldn't find a gift card with that number and PIN.").Field("number", "Check the number and PIN")

// Guessing PINs. A 4-digit PIN falls to 10,000 tries, so a card refuses every PIN,
// even the right one, for GiftLockout once GiftPINAttempts wrong ones have been given
// in a row; the right PIN resets the count. The edge also limits balance checks per
// card number and per client, and puts them behind the bot check (docs/security.md).
const (
	// GiftPINAttempts is how many wrong PINs in a row lock a card.
	GiftPINAttempts = 5
	// GiftLockout is how long a locked card refuses PINs.
	GiftLockout = 15 * time.Minute
)

// checkPIN checks a PIN against a card: KEYS[1] the card; ARGV now (unix seconds),
// the PIN's hash under the card's salt, attempts, lockout seconds. Returns {1,
// balance} for the right PIN (the count of wrong ones forgotten), {0} for a wrong
// one, {-1, seconds} while the card is locked, {-2} for no such card. The salt is read
// first (HGET pin_salt), so the hash can be made before the script runs.
var checkPIN = redis.NewScript(`
local h = redis.call('HMGET', KEYS[1], 'pin_hash', 'balance', 'pin_fails', 'locked_until')
if not h[1] then return {-2} end
local now = tonumber(ARGV[1])
local locked = tonumber(h[4] or '0')
if locked > now then return {-1, locked - now} end
if h[1] == ARGV[2] then
  if h[3] then redis.call('HDEL', KEYS[1], 'pin_fails', 'locked_until') end
  return {1, h[2] or '0'}
end
local fails = redis.call('HINCRBY', KEYS[1], 'pin_fails', 1)
if fails >= tonumber(ARGV[3]) then
  redis.call('HSET', KEYS[1], 'locked_until', now + tonumber(ARGV[4]), 'pin_fails', 0)
end
return {0}`)

// errGiftLocked is the answer while a card is locked; RetryAfter is set per call.
func errGiftLocked(secs int64) error {
	e := fault.New(fault.TooMany, "giftcard_locked", "This gift card is locked after too many wrong PINs. Try again in %d minutes.", (secs+59)/60).Field("pin", "Too many wrong PINs")
	e.RetryAfter = int(secs)
	return e
}

// giftByNumber finds a card by number and PIN.
func (p *Provider) giftByNumber(ctx context.Context, number, pin string) (giftCheck, error) {
	number = digitRE.ReplaceAllString(number, "")
	if !giftRE.MatchString(number) || !pinRE.MatchString(pin) {
		return giftCheck{}, fault.New(fault.Invalid, "invalid", "Enter the gift card number and PIN from the back of the card.").Field("number", "12 to 19 digits").Field("pin", "4 to 8 digits")
	}
	ref := giftRef(number)
	salt, err := p.st.Client.HGet(ctx, p.giftKey(ref), "pin_salt").Result()
	if errors.Is(err, redis.Nil) {
		return giftCheck{}, errGiftInvalid
	}
	if err != nil {
		return giftCheck{}, err
	}
	got := pinHash(salt, pin)
	res, err := checkPIN.Run(ctx, p.st.Client, []string{p.giftKey(ref)}, p.now().Unix(), got, GiftPINAttempts, int64(GiftLockout.Seconds())).Slice()
	if err != nil {
		return giftCheck{}, err
	}
	status, _ := res[0].(int64)
	switch status {
	case 1:
	case -1:
		secs, _ := res[1].(int64)
		return giftCheck{}, errGiftLocked(secs)
	default:
		return giftCheck{}, errGiftInvalid
	}
	g := giftCheck{ref: ref, last4: number[len(number)-4:], pinHash: got}
	balance, _ := res[1].(string)
	g.balance, _ = strconv.ParseInt(balance, 10, 64)
	return g, nil
}

// giftToken is what a gift card token stands for.
type giftToken struct {
	Ref   string `json:"ref"`
	Last4 string `json:"last4"`
}

var errGiftTokenGone = fault.New(fault.Gone, "giftcard_expired", "Your gift card details expired. Enter the number and PIN again.")

// giftByToken finds the card a token stands for.
func (p *Provider) giftByToken(ctx context.Context, token string) (giftCheck, error) {
	if !strings.HasPrefix(token, "gc_") || len(token) > 64 {
		return giftCheck{}, errGiftTokenGone
	}
	raw, err := p.st.Client.Get(ctx, p.giftTokenKey(token)).Bytes()
	if errors.Is(err, redis.Nil) {
		return giftCheck{}, errGiftTokenGone
	}
	if err != nil {
		return giftCheck{}, err
	}
	var t giftToken
	if err := json.Unmarshal(raw, &t); err != nil {
		return giftCheck{}, err
	}
	balance, err := p.st.Client.HGet(ctx, p.giftKey(t.Ref), "balance").Result()
	if errors.Is(err, redis.Nil) {
		return giftCheck{}, errGiftTokenGone
	}
	if err != nil {
		return giftCheck{}, err
	}
	g := giftCheck{ref: t.Ref, last4: t.Last4}
	g.balance, _ = strconv.ParseInt(balance, 10, 64)
	return g, nil
}

// GiftCardBalance checks a gift card's balance and issues a token for it that lasts
// GiftTokenTTL.
func (p *Provider) GiftCardBalance(ctx context.Context, number, pin string) (ordering.GiftCardBalance, error) {
	g, err := p.giftByNumber(ctx, number, pin)
	if err != nil {
		return ordering.GiftCardBalance{}, err
	}
	token := newID("gc_")
	raw, err := json.Marshal(giftToken{Ref: g.ref, Last4: g.last4})
	if err != nil {
		return ordering.GiftCardBalance{}, err
	}
	if err := p.st.Client.Set(ctx, p.giftTokenKey(token), raw, GiftTokenTTL).Err(); err != nil {
		return ordering.GiftCardBalance{}, err
	}
	return ordering.GiftCardBalance{Last4: g.last4, BalanceCents: g.balance, Token: token}, nil
}

// savedGift is a saved gift card as Redis holds it.
type savedGift struct {
	Token     string    `json:"token"`
	Ref       string    `json:"ref"`
	Last4     string    `json:"last4"`
	Nickname  string    `json:"nickname,omitempty"`
	CreatedAt time.Time `json:"created_at"`
}

// saveGift adds a saved card: KEYS[1] the member's saved cards; ARGV id, JSON, max.
// Returns 1, -1 (list full) or -2 (saved already).
var saveGift = redis.NewScript(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return -2 end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return -1 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1`)

func checkMember(memberID string) error {
	if memberID == "" || len(memberID) > 100 {
		return fault.New(fault.Unauthorized, "not_signed_in", "Sign in to keep gift cards on your account.")
	}
	return nil
}

// SavedGiftCards lists a member's saved gift cards, oldest first, with their
// balances now.
func (p *Provider) SavedGiftCards(ctx context.Context, memberID string) ([]ordering.SavedGiftCard, error) {
	if err := checkMember(memberID); err != nil {
		return nil, err
	}
	all, err := p.st.Client.HGetAll(ctx, p.savedGiftsKey(memberID)).Result()
	if err != nil {
		return nil, err
	}
	type row struct {
		id string
		g  savedGift
	}
	rows := make([]row, 0, len(all))
	for id, raw := range all {
		var g savedGift
		if json.Unmarshal([]byte(raw), &g) == nil {
			rows = append(rows, row{id, g})
		}
	}
	slices.SortFunc(rows, func(a, b row) int {
		if c := a.g.CreatedAt.Compare(b.g.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(a.id, b.id)
	})
	pipe := p.st.Client.Pipeline()
	bals := make([]*redis.StringCmd, len(rows))
	for i, r := range rows {
		bals[i] = pipe.HGet(ctx, p.giftKey(r.g.Ref), "balance")
	}
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return nil, err
	}
	out := make([]ordering.SavedGiftCard, len(rows))
	for i, r := range rows {
		bal, _ := strconv.ParseInt(bals[i].Val(), 10, 64)
		out[i] = ordering.SavedGiftCard{ID: r.id, Token: r.g.Token, Last4: r.g.Last4, BalanceCents: bal, Nickname: r.g.Nickname}
	}
	return out, nil
}

// SaveGiftCard keeps a gift card token on a member's account: the token stops
// expiring. One card is saved once, whichever token names it.
func (p *Provider) SaveGiftCard(ctx context.Context, memberID, token, nickname string) ([]ordering.SavedGiftCard, error) {
	if err := checkMember(memberID); err != nil {
		return nil, err
	}
	nickname = strings.TrimSpace(nickname)
	switch {
	case utf8.RuneCountInString(nickname) > 30 || strings.ContainsFunc(nickname, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return nil, fault.New(fault.Invalid, "invalid", "Check the nickname.").Field("nickname", "Use at most 30 characters")
	case longDigits.MatchString(nickname):
		return nil, fault.New(fault.Invalid, "invalid", "Check the nickname.").Field("nickname", "Don't put the card number in the nickname")
	}
	g, err := p.giftByToken(ctx, strings.TrimSpace(token))
	if err != nil {
		if fe, ok := fault.As(err); ok {
			return nil, fe.Field("token", "Check the card again")
		}
		return nil, err
	}
	id := "gcard_" + g.ref[:20]
	raw, err := json.Marshal(savedGift{Token: strings.TrimSpace(token), Ref: g.ref, Last4: g.last4, Nickname: nickname, CreatedAt: p.now().Truncate(time.Second)})
	if err != nil {
		return nil, err
	}
	key := p.savedGiftsKey(memberID)
	switch n, err := saveGift.Run(ctx, p.st.Client, []string{key}, id, raw, MaxSavedGiftCards).Int(); {
	case err != nil:
		return nil, err
	case n == -1:
		return nil, fault.New(fault.Rule, "too_many_gift_cards", "You can save up to %d gift cards. Remove one first.", MaxSavedGiftCards)
	case n == -2:
		return nil, fault.New(fault.Conflict, "giftcard_exists", "This gift card is already saved.")
	}
	kept, err := p.st.Client.Persist(ctx, p.giftTokenKey(strings.TrimSpace(token))).Result()
	if err == nil && !kept {
		// PERSIST answers false for a token without a TTL (kept already) and for one
		// that expired a moment ago.
		var n int64
		if n, err = p.st.Client.Exists(ctx, p.giftTokenKey(strings.TrimSpace(token))).Result(); err == nil && n == 0 {
			err = errGiftTokenGone.Field("token", "Check the card again")
		}
	}
	if err != nil {
		p.st.Client.HDel(context.WithoutCancel(ctx), key, id)
		return nil, err
	}
	return p.SavedGiftCards(ctx, memberID)
}

// RemoveSavedGiftCard takes a gift card off a member's account. Its token lives on
// for GiftTokenTTL, as a new one would, so a checkout already using it can finish.
func (p *Provider) RemoveSavedGiftCard(ctx context.Context, memberID, id string) ([]ordering.SavedGiftCard, error) {
	if err := checkMember(memberID); err != nil {
		return nil, err
	}
	key := p.savedGiftsKey(memberID)
	raw, err := p.st.Client.HGet(ctx, key, id).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, fault.New(fault.NotFound, "giftcard_not_found", "We couldn't find that gift card.")
	}
	if err != nil {
		return nil, err
	}
	var g savedGift
	if err := json.Unmarshal(raw, &g); err != nil {
		return nil, err
	}
	if err := p.st.Client.HDel(ctx, key, id).Err(); err != nil {
		return nil, err
	}
	if err := p.st.Client.Expire(ctx, p.giftTokenKey(g.Token), GiftTokenTTL).Err(); err != nil {
		return nil, err
	}
	return p.SavedGiftCards(ctx, memberID)
}
