// Package ratelimit limits how often sign-in, code, forgot-password, sign-up and
// bot-check token requests may be made, per account and per client IP, across every
// edge (the counters live in Redis).
//
// It uses github.com/go-redis/redis_rate, a GCRA (generic cell rate) limiter run as
// one Lua script, so a check is atomic and costs one round trip. "5 per 15 minutes"
// means a burst of 5, after which one more attempt is allowed every 3 minutes, and
// the full 5 again once 15 minutes pass without attempts; RetryAfter says exactly
// when the next attempt will be accepted. The script works on the embedded Redis
// (miniredis) as on a real one.
//
// redis_rate puts its keys under "rate:"; a thin client wrapper moves them under the
// store's prefix so every key the edge writes stays under it. Accounts and IPs are
// hashed before they become part of a key.
//
// GuardFailures limits what a client gets wrong rather than what it asks (unknown
// group order codes): the failures are counted after the answer, and a client that
// has used them up is refused before the next request is served.
//
// Guard answers 429 through the fault package, with Retry-After, and 503 when Redis
// cannot be asked (it fails closed: the limits protect accounts from guessing).
// The client's address is clientip.IP(c): behind a proxy, the clientip middleware with
// the proxy's header must run first.
package ratelimit

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/gofiber/fiber/v3"
	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/clientip"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/store"
)

// Limit allows Count events per Window.
type Limit struct {
	Count  int
	Window time.Duration
}

// IsZero reports whether there is no limit.
func (l Limit) IsZero() bool { return l.Count <= 0 || l.Window <= 0 }

// Rule is a named pair of limits.
type Rule struct {
	// Name is part of the Redis key; unique per rule.
	Name string
	// Account limits attempts per account (email, phone, challenge id); zero: none.
	Account Limit
	// IP limits attempts per client IP; zero: none.
	IP Limit
	// What is counted, for the message: "Too many <What>. Please wait …".
	What string
}

// The edge's rules.
var (
	SignIn = Rule{Name: "sign-in", What: "sign-in attempts",
		Account: Limit{5, 15 * time.Minute}, IP: Limit{30, 15 * time.Minute}}
	// Code: attempts at a sign-in or verification code, per challenge (the account key).
	Code = Rule{Name: "code", What: "code attempts",
		Account: Limit{5, 15 * time.Minute}, IP: Limit{30, 15 * time.Minute}}
	ForgotPassword = Rule{Name: "forgot-password", What: "password reset requests",
		Account: Limit{3, time.Hour}, IP: Limit{10, time.Hour}}
	SignUp = Rule{Name: "sign-up", What: "sign-up attempts",
		IP: Limit{5, time.Hour}}
	// GiftCard: gift card balance checks, which take the card's PIN, per card number
	// (the account key) and per client. The card itself locks after 5 wrong PINs in a
	// row; this also stops one client trying a few PINs on many cards.
	GiftCard = Rule{Name: "giftcard", What: "gift card checks",
		Account: Limit{10, 15 * time.Minute}, IP: Limit{20, 15 * time.Minute}}
	BotCheckToken = Rule{Name: "bot-check-token", What: "requests",
		IP: Limit{60, time.Minute}}
)

// Key is what a limit counts against: an IP or an account.
type Key struct {
	scope string
	value string
}

// IP is the key for a client address.
func IP(ip string) Key { return Key{scope: "ip", value: strings.TrimSpace(ip)} }

// Account is the key for an account identifier, compared case-insensitively.
func Account(id string) Key {
	return Key{scope: "account", value: strings.ToLower(strings.TrimSpace(id))}
}

// Result is the outcome of a check.
type Result struct {
	Allowed bool
	// RetryAfter is how long until the next attempt is allowed (0 when Allowed).
	RetryAfter time.Duration
	// Remaining is how many more attempts are allowed right now.
	Remaining int
}

// Limiter checks rules against Redis. It is safe for concurrent use.
type Limiter struct {
	st *store.Store
	rl *redis_rate.Limiter
}

// New returns a Limiter on the store.
func New(st *store.Store) *Limiter {
	return &Limiter{st: st, rl: redis_rate.NewLimiter(unprefixed{st.Client})}
}

// Allow counts one attempt against the rule's limit for the key's scope. A rule
// without a limit for that scope, or an empty key, always allows.
func (l *Limiter) Allow(ctx context.Context, rule Rule, key Key) (Result, error) {
	lim, ok := rule.limit(key)
	if !ok {
		return Result{Allowed: true, Remaining: math.MaxInt}, nil
	}
	res, err := l.rl.Allow(ctx, l.key(rule, key), redis_rate.Limit{Rate: lim.Count, Burst: lim.Count, Period: lim.Window})
	if err != nil {
		return Result{}, fmt.Errorf("ratelimit: %s: %w", rule.Name, err)
	}
	out := Result{Allowed: res.Allowed > 0, Remaining: res.Remaining}
	if !out.Allowed {
		out.RetryAfter = max(res.RetryAfter, time.Second)
	}
	return out, nil
}

// Check is Allow without counting an attempt: whether the rule's limit for the key
// would take one more now, and when it next will when it would not. It is for limits
// on failures (GuardFailures), which are counted after the answer but must refuse
// before it.
func (l *Limiter) Check(ctx context.Context, rule Rule, key Key) (Result, error) {
	lim, ok := rule.limit(key)
	if !ok {
		return Result{Allowed: true, Remaining: math.MaxInt}, nil
	}
	// A cost of 0 reads the cell without moving it.
	res, err := l.rl.AllowN(ctx, l.key(rule, key), redis_rate.Limit{Rate: lim.Count, Burst: lim.Count, Period: lim.Window}, 0)
	if err != nil {
		return Result{}, fmt.Errorf("ratelimit: %s: %w", rule.Name, err)
	}
	if res.Remaining >= 1 {
		return Result{Allowed: true, Remaining: res.Remaining}, nil
	}
	// The cell is full: the next attempt is taken once one emission interval of the
	// burst has drained, which is ResetAfter less the other Count-1 intervals.
	interval := lim.Window / time.Duration(lim.Count)
	wait := res.ResetAfter - time.Duration(lim.Count-1)*interval
	return Result{RetryAfter: max(wait, time.Second)}, nil
}

// Reset forgets the attempts counted for the key (e.g. an account after a
// successful sign-in).
func (l *Limiter) Reset(ctx context.Context, rule Rule, key Key) error {
	if _, ok := rule.limit(key); !ok {
		return nil
	}
	return l.st.Client.Del(ctx, l.key(rule, key)).Err()
}

func (r Rule) limit(k Key) (Limit, bool) {
	var lim Limit
	switch k.scope {
	case "ip":
		lim = r.IP
	case "account":
		lim = r.Account
	}
	return lim, !lim.IsZero() && k.value != "" && r.Name != ""
}

func (l *Limiter) key(rule Rule, k Key) string {
	sum := sha256.Sum256([]byte(k.value))
	return l.st.Key("ratelimit", rule.Name, k.scope, hex.EncodeToString(sum[:16]))
}

// Guard checks the rule's IP limit for clientip.IP(c) and, when account returns a non-empty
// value, its account limit, and answers 429 when either is used up. account may be
// nil; BodyField reads one from the JSON body.
func Guard(l *Limiter, rule Rule, account func(c fiber.Ctx) string) fiber.Handler {
	return func(c fiber.Ctx) error {
		keys := []Key{IP(clientip.IP(c))}
		if account != nil {
			if a := account(c); a != "" {
				keys = append(keys, Account(a))
			}
		}
		for _, k := range keys {
			res, err := l.Allow(c.Context(), rule, k)
			if err != nil {
				return cannotCount(err)
			}
			if !res.Allowed {
				return TooMany(rule, res.RetryAfter)
			}
		}
		return c.Next()
	}
}

// GuardFailures limits the failures a client meets rather than its requests: the
// route's answers failed says are failures (an unknown code) are counted against the
// rule's IP limit for clientip.IP(c), and once it is used up every request of the
// route is answered 429, whatever it asks for, until the limit takes one more. So
// someone guessing codes is stopped by the codes they got wrong, and cannot go on
// learning which ones are right; a client that makes no mistakes is never held back.
// The failure that uses the limit up is answered 429 too.
func GuardFailures(l *Limiter, rule Rule, failed func(err error) bool) fiber.Handler {
	return func(c fiber.Ctx) error {
		key := IP(clientip.IP(c))
		res, err := l.Check(c.Context(), rule, key)
		if err != nil {
			return cannotCount(err)
		}
		if !res.Allowed {
			return TooMany(rule, res.RetryAfter)
		}
		answer := c.Next()
		if answer == nil || !failed(answer) {
			return answer
		}
		if res, err = l.Allow(c.Context(), rule, key); err != nil {
			return cannotCount(err)
		}
		if !res.Allowed {
			return TooMany(rule, res.RetryAfter)
		}
		return answer
	}
}

// cannotCount is the answer when Redis cannot be asked: the guards fail closed.
func cannotCount(err error) error {
	if _, down := store.Unavailable(err); down {
		return err // 503 storage_unavailable, with Retry-After
	}
	return fault.New(fault.Unavailable, "unavailable", "We can't take this request right now. Please try again in a moment.")
}

// TooMany is the 429 for a used-up rule: "Too many sign-in attempts. Please wait 12
// minutes and try again.", with Retry-After in whole seconds.
func TooMany(rule Rule, retryAfter time.Duration) *fault.Error {
	what := rule.What
	if what == "" {
		what = "requests"
	}
	secs := int(math.Ceil(retryAfter.Seconds()))
	if secs < 1 {
		secs = 1
	}
	e := fault.New(fault.TooMany, "rate_limited", "Too many %s. Please wait %s and try again.", what, humanize(secs))
	e.RetryAfter = secs
	return e
}

// humanize renders a wait in the largest unit that keeps it readable, rounding up.
func humanize(secs int) string {
	switch {
	case secs < 60:
		return plural(secs, "second")
	case secs < 90*60:
		return plural((secs+59)/60, "minute")
	}
	return plural((secs+3599)/3600, "hour")
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// BodyField returns an account func that reads a string field of the JSON body
// ("" when the body is not a JSON object or the field is missing or not a string).
// It reads the field as the handler's decoder will: encoding/json matches keys without
// regard to case and the last match wins, so {"EMAIL": …} and {"email":"a","Email":"b"}
// count against the account the handler then acts on.
func BodyField(name string) func(c fiber.Ctx) string {
	return func(c fiber.Ctx) string {
		body := bytes.TrimSpace(c.Body())
		if len(body) == 0 || body[0] != '{' {
			return ""
		}
		dec := json.NewDecoder(bytes.NewReader(body))
		if t, err := dec.Token(); err != nil || t != json.Delim('{') {
			return ""
		}
		var found json.RawMessage
		for dec.More() {
			t, err := dec.Token()
			if err != nil {
				return ""
			}
			key, _ := t.(string)
			var raw json.RawMessage
			if dec.Decode(&raw) != nil {
				return ""
			}
			if strings.EqualFold(key, name) {
				found = raw
			}
		}
		if t, err := dec.Token(); err != nil || t != json.Delim('}') {
			return ""
		}
		var v string
		if json.Unmarshal(found, &v) != nil {
			return ""
		}
		return v
	}
}

// unprefixed hands redis_rate's scripts the keys without the "rate:" it prepends, so
// the keys stay under the store's prefix.
type unprefixed struct{ redis.UniversalClient }

const ratePrefix = "rate:"

func strip(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = strings.TrimPrefix(k, ratePrefix)
	}
	return out
}

func (u unprefixed) Eval(ctx context.Context, script string, keys []string, args ...any) *redis.Cmd {
	return u.UniversalClient.Eval(ctx, script, strip(keys), args...)
}

func (u unprefixed) EvalSha(ctx context.Context, sha string, keys []string, args ...any) *redis.Cmd {
	return u.UniversalClient.EvalSha(ctx, sha, strip(keys), args...)
}

func (u unprefixed) EvalRO(ctx context.Context, script string, keys []string, args ...any) *redis.Cmd {
	return u.UniversalClient.EvalRO(ctx, script, strip(keys), args...)
}

func (u unprefixed) EvalShaRO(ctx context.Context, sha string, keys []string, args ...any) *redis.Cmd {
	return u.UniversalClient.EvalShaRO(ctx, sha, strip(keys), args...)
}

func (u unprefixed) Del(ctx context.Context, keys ...string) *redis.IntCmd {
	return u.UniversalClient.Del(ctx, strip(keys)...)
}
