package builtin

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/crypto/bcrypt"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/site"
)

// Sign-in code steps (challenges) are hashes under challenge:<id>. A challenge for
// an identifier that matches no member has an empty member field: it is stored,
// counted and answered like any other, but no code is sent and none can match.

const (
	purposeSignIn       = "signin"
	purposePasswordless = "passwordless"
	challengeKeyTTL     = time.Hour
)

var challengeIDPattern = regexp.MustCompile(`^ch_[A-Za-z0-9_-]{16}$`)

var (
	errBadCredentials = fault.New(fault.Unauthorized, "invalid_credentials", "That email and password don't match our records.")
	errChallengeGone  = fault.New(fault.Gone, "challenge_expired", "This sign-in request has expired. Start again.")
	errCodeUsed       = fault.New(fault.Gone, "code_used", "That code has already been used. Sign in again to get a new one.")
	errCodeExpired    = fault.New(fault.Gone, "code_expired", "That code has expired. Request a new one.")
	errCodeLocked     = fault.New(fault.TooMany, "too_many_attempts", "Too many wrong codes. Start again to get a new code.")
	msgIdentifier     = "Enter your email, phone number or member number"
)

func wrongCode(channel string) error {
	where := "email"
	if channel == loyalty.ChannelSMS {
		where = "text message"
	}
	return fault.New(fault.Invalid, "wrong_code", "That code isn't right.").
		Field("code", "That code isn't right. Check the latest "+where+" and try again.")
}

func (p *Provider) challengeKey(id string) string { return p.k("challenge", id) }

func codeDigest(challengeID, code string) string { return digest(challengeID + ":" + code) }

// SignIn checks an email and password and starts the sign-in code step: a 6-digit
// code goes to the member's email. Unknown emails cost a bcrypt comparison too and
// get the same answer as a wrong password.
func (p *Provider) SignIn(ctx context.Context, email, password string) (loyalty.Challenge, error) {
	h, err := p.checkPassword(ctx, email, password)
	if err != nil {
		return loyalty.Challenge{}, err
	}
	email = h["email"]
	return p.startChallenge(ctx, h, purposeSignIn, loyalty.ChannelEmail, email, maskEmail(email))
}

// checkPassword returns the member with this email and password.
func (p *Provider) checkPassword(ctx context.Context, email, password string) (map[string]string, error) {
	email = normEmail(email)
	bad := map[string]string{}
	if !validEmail(email) {
		bad["email"] = msgEmail
	}
	if password == "" {
		bad["password"] = msgPasswordEmpty
	}
	if err := fault.Fields(msgCheckFields, bad); err != nil {
		return nil, err
	}
	if n, wait, err := p.count(ctx, "signin", email); err != nil {
		return nil, err
	} else if n >= signInFailures {
		return nil, tooMany("too_many_attempts", "Too many sign-in attempts. Try again in "+minutes(wait)+".", wait)
	}
	h, err := p.memberByEmail(ctx, email)
	if err != nil {
		return nil, err
	}
	hash := p.dummyHash
	if h != nil {
		hash = []byte(h["pw"])
	}
	if bcrypt.CompareHashAndPassword(hash, []byte(password)) != nil || h == nil {
		if _, _, err := p.hit(ctx, "signin", email, signInWindow); err != nil {
			return nil, err
		}
		return nil, errBadCredentials
	}
	return h, nil
}

// StartPasswordless sends a sign-in code for an email address, a phone number (by
// text message) or a member number (to the member's email). An identifier that
// matches no member gets an ordinary-looking challenge that never succeeds, so the
// answer does not reveal who is a member.
func (p *Provider) StartPasswordless(ctx context.Context, identifier string) (loyalty.Challenge, error) {
	id := strings.TrimSpace(identifier)
	invalid := func(msg string) error {
		return fault.New(fault.Invalid, "invalid", msgCheckFields).Field("identifier", msg)
	}
	if id == "" || len(id) > 254 {
		return loyalty.Challenge{}, invalid(msgIdentifier)
	}
	switch {
	case strings.Contains(id, "@"):
		email := normEmail(id)
		if !validEmail(email) {
			return loyalty.Challenge{}, invalid(msgEmail)
		}
		h, err := p.memberByEmail(ctx, email)
		if err != nil {
			return loyalty.Challenge{}, err
		}
		return p.startChallenge(ctx, h, purposePasswordless, loyalty.ChannelEmail, email, maskEmail(email))
	case strings.HasPrefix(strings.ToUpper(id), "HH"):
		n, ok := normMemberNumber(id)
		if !ok || !luhnValid(n[2:]) {
			return loyalty.Challenge{}, invalid("Check your member number. It's on your member card")
		}
		h, err := p.memberBy(ctx, p.numberKey(n), "number", n)
		if err != nil {
			return loyalty.Challenge{}, err
		}
		if h == nil {
			return p.startChallenge(ctx, nil, purposePasswordless, loyalty.ChannelEmail, n, p.decoyEmail(n))
		}
		return p.startChallenge(ctx, h, purposePasswordless, loyalty.ChannelEmail, h["email"], maskEmail(h["email"]))
	default:
		d, ok := normPhone(id)
		if !ok {
			return loyalty.Challenge{}, invalid(msgIdentifier)
		}
		h, err := p.memberBy(ctx, p.phoneKey(d), "phone", d)
		if err != nil {
			return loyalty.Challenge{}, err
		}
		return p.startChallenge(ctx, h, purposePasswordless, loyalty.ChannelSMS, d, maskPhone(d))
	}
}

var decoyDomains = []string{"gmail.com", "yahoo.com", "outlook.com", "icloud.com", "hotmail.com", "aol.com"}

// decoyEmail is a stable, plausible masked address for a member number no one has.
func (p *Provider) decoyEmail(number string) string {
	m := hmac.New(sha256.New, p.secret)
	m.Write([]byte(number))
	b := m.Sum(nil)
	return string(rune('a'+b[0]%26)) + "•••@" + decoyDomains[int(b[1])%len(decoyDomains)]
}

// startChallenge stores a code step for member h (nil: a decoy) and sends the code.
func (p *Provider) startChallenge(ctx context.Context, h map[string]string, purpose, channel, to, dest string) (loyalty.Challenge, error) {
	if n, wait, err := p.hit(ctx, "send", to, codeSendWindow); err != nil {
		return loyalty.Challenge{}, err
	} else if n > codeSends {
		return loyalty.Challenge{}, tooMany("too_many_codes", "We've sent several codes already. Try again in "+minutes(wait)+".", wait)
	}
	now := p.now()
	id := newID("ch_")
	code := randomDigits(6)
	member, first := "", ""
	if h != nil {
		member, first = h["id"], h["first"]
	}
	key := p.challengeKey(id)
	pipe := p.st.Client.TxPipeline()
	pipe.HSet(ctx, key, "member", member, "purpose", purpose, "channel", channel, "to", to, "dest", dest, "first", first,
		"code", codeDigest(id, code), "exp", unix(now.Add(CodeTTL)), "attempts", 0, "sends", 1, "last", unixMilli(now), "used", "0")
	pipe.Expire(ctx, key, challengeKeyTTL)
	if _, err := pipe.Exec(ctx); err != nil {
		return loyalty.Challenge{}, err
	}
	if member != "" {
		if err := p.sendCode(ctx, channel, to, first, code); err != nil {
			return loyalty.Challenge{}, err
		}
	}
	return loyalty.Challenge{ID: id, Channel: channel, Destination: dest, ExpiresAt: now.Add(CodeTTL), ResendAfter: now.Add(ResendInterval)}, nil
}

// verifyScript checks a code: KEYS[1] challenge; ARGV now, code digest, max attempts.
// Returns {status, member, channel, to}.
var verifyScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing', '', '', ''} end
local h = redis.call('HMGET', KEYS[1], 'member', 'code', 'exp', 'attempts', 'used', 'channel', 'to')
local ch, to = h[6] or '', h[7] or ''
if h[5] == '1' then return {'used', '', ch, to} end
if tonumber(h[4]) >= tonumber(ARGV[3]) then return {'locked', '', ch, to} end
if tonumber(h[3]) <= tonumber(ARGV[1]) then return {'expired', '', ch, to} end
if h[1] == '' or h[2] ~= ARGV[2] then
  redis.call('HINCRBY', KEYS[1], 'attempts', 1)
  return {'wrong', '', ch, to}
end
redis.call('HSET', KEYS[1], 'used', '1')
return {'ok', h[1], ch, to}`)

// VerifyCode completes a code step: the code must be the latest one sent, within 10
// minutes, within 5 attempts, and not used before.
func (p *Provider) VerifyCode(ctx context.Context, challengeID, code string) (loyalty.Member, error) {
	code = normCode(code)
	if !sixDigits.MatchString(code) {
		return loyalty.Member{}, fault.New(fault.Invalid, "invalid", msgCheckFields).Field("code", msgCode)
	}
	if !challengeIDPattern.MatchString(challengeID) {
		return loyalty.Member{}, errChallengeGone
	}
	res, err := verifyScript.Run(ctx, p.st.Client, []string{p.challengeKey(challengeID)}, p.now().Unix(), codeDigest(challengeID, code), CodeAttempts).StringSlice()
	if err != nil {
		return loyalty.Member{}, err
	}
	switch res[0] {
	case "missing":
		return loyalty.Member{}, errChallengeGone
	case "used":
		return loyalty.Member{}, errCodeUsed
	case "locked":
		return loyalty.Member{}, errCodeLocked
	case "expired":
		return loyalty.Member{}, errCodeExpired
	case "wrong":
		return loyalty.Member{}, wrongCode(res[2])
	}
	id, channel, to := res[1], res[2], res[3]
	h, err := p.memberHash(ctx, id)
	if err != nil {
		if fault.Is(err, fault.NotFound) {
			return loyalty.Member{}, errChallengeGone
		}
		return loyalty.Member{}, err
	}
	if channel == loyalty.ChannelEmail && h["email"] == to && !emailConfirmed(h) {
		// The code reached the inbox: the address is confirmed.
		if err := p.st.Client.HSet(ctx, p.mk(id), confirmFields(to)...).Err(); err != nil {
			return loyalty.Member{}, err
		}
	}
	_ = p.clear(ctx, "signin", h["email"])
	return p.Member(ctx, id)
}

// resendScript replaces the code if nobody else did since it was read: KEYS[1]
// challenge; ARGV sends read, code digest, exp, now.
var resendScript = redis.NewScript(`
if redis.call('HGET', KEYS[1], 'sends') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'code', ARGV[2], 'exp', ARGV[3], 'last', ARGV[4], 'sends', tonumber(ARGV[1]) + 1)
return 1`)

// ResendCode sends a new code for the same step (the old one stops working), at most
// 3 times and 30 seconds apart. Wrong attempts still count.
func (p *Provider) ResendCode(ctx context.Context, challengeID string) (loyalty.Challenge, error) {
	if !challengeIDPattern.MatchString(challengeID) {
		return loyalty.Challenge{}, errChallengeGone
	}
	key := p.challengeKey(challengeID)
	h, err := p.st.Client.HGetAll(ctx, key).Result()
	if err != nil {
		return loyalty.Challenge{}, err
	}
	if len(h) == 0 {
		return loyalty.Challenge{}, errChallengeGone
	}
	if h["used"] == "1" {
		return loyalty.Challenge{}, errCodeUsed
	}
	if atoi64(h["attempts"]) >= CodeAttempts {
		return loyalty.Challenge{}, errCodeLocked
	}
	sends := atoi64(h["sends"])
	if sends > CodeResends {
		return loyalty.Challenge{}, tooMany("too_many_codes", "We've sent all the codes we can for this sign-in. Start again.", 0)
	}
	now := p.now()
	next := lastSent(h["last"]).Add(ResendInterval)
	if now.Before(next) {
		wait := int(next.Sub(now).Seconds() + 0.999)
		return loyalty.Challenge{}, tooMany("resend_too_soon", "Wait "+strconv.Itoa(wait)+" seconds before asking for another code.", wait)
	}
	if n, wait, err := p.hit(ctx, "send", h["to"], codeSendWindow); err != nil {
		return loyalty.Challenge{}, err
	} else if n > codeSends {
		return loyalty.Challenge{}, tooMany("too_many_codes", "We've sent several codes already. Try again in "+minutes(wait)+".", wait)
	}
	code := randomDigits(6)
	ok, err := resendScript.Run(ctx, p.st.Client, []string{key}, h["sends"], codeDigest(challengeID, code), unix(now.Add(CodeTTL)), unixMilli(now)).Int()
	if err != nil {
		return loyalty.Challenge{}, err
	}
	if ok != 1 {
		return loyalty.Challenge{}, tooMany("resend_too_soon", "A new code is already on its way.", int(ResendInterval.Seconds()))
	}
	if h["member"] != "" {
		if err := p.sendCode(ctx, h["channel"], h["to"], h["first"], code); err != nil {
			return loyalty.Challenge{}, err
		}
	}
	return loyalty.Challenge{ID: challengeID, Channel: h["channel"], Destination: h["dest"], ExpiresAt: now.Add(CodeTTL), ResendAfter: now.Add(ResendInterval)}, nil
}

// Single sign-on return points: the app's code screen, and the web's sign-in page.
var redirectPaths = map[string]bool{site.AppCodePath: true, site.SignInPath: true}

// normRedirect accepts a same-origin path of a return point, with an optional query,
// and returns it in a canonical form.
func normRedirect(s string) (string, bool) {
	if s == "" || len(s) > 1024 || strings.HasPrefix(s, "//") || strings.ContainsAny(s, "\\\r\n\t ") {
		return "", false
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Fragment != "" || u.Opaque != "" {
		return "", false
	}
	if !redirectPaths[u.Path] || u.RawPath != "" {
		return "", false
	}
	if u.RawQuery == "" {
		return u.Path, true
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return "", false
	}
	q.Del("code")
	q.Del("state")
	if len(q) == 0 {
		return u.Path, true
	}
	return u.Path + "?" + q.Encode(), true
}

var (
	errBadRedirect   = fault.New(fault.Invalid, "invalid_redirect", "That sign-in return address isn't allowed.").Field("redirect_uri", "Use /app/code or /account/signin")
	errAuthCodeGone  = fault.New(fault.Gone, "auth_code_invalid", "This sign-in has expired or was already used. Sign in again.")
	errRedirectMatch = fault.New(fault.Invalid, "redirect_mismatch", "This sign-in wasn't started from this page. Sign in again.")
)

// CreateAuthCode issues a single sign-on code for a member, usable once within 2
// minutes with the same redirect URI.
func (p *Provider) CreateAuthCode(ctx context.Context, memberID, redirectURI string) (string, error) {
	redirect, ok := normRedirect(redirectURI)
	if !ok {
		return "", errBadRedirect
	}
	if _, err := p.memberHash(ctx, memberID); err != nil {
		return "", err
	}
	code := randomToken(32)
	key := p.k("authcode", digest(code))
	pipe := p.st.Client.TxPipeline()
	pipe.HSet(ctx, key, "member", memberID, "redirect", redirect, "exp", unix(p.now().Add(AuthCodeTTL)))
	pipe.Expire(ctx, key, AuthCodeTTL+time.Minute)
	if _, err := pipe.Exec(ctx); err != nil {
		return "", err
	}
	return code, nil
}

// takeScript reads and deletes a hash in one step.
var takeScript = redis.NewScript(`
local h = redis.call('HGETALL', KEYS[1])
redis.call('DEL', KEYS[1])
return h`)

// ExchangeAuthCode redeems a single sign-on code. The code is spent by the first
// exchange, even one with the wrong redirect URI.
func (p *Provider) ExchangeAuthCode(ctx context.Context, code, redirectURI string) (loyalty.Member, error) {
	code = strings.TrimSpace(code)
	if code == "" || len(code) > 200 {
		return loyalty.Member{}, errAuthCodeGone
	}
	raw, err := takeScript.Run(ctx, p.st.Client, []string{p.k("authcode", digest(code))}).StringSlice()
	if err != nil && !errors.Is(err, redis.Nil) {
		return loyalty.Member{}, err
	}
	h := map[string]string{}
	for i := 0; i+1 < len(raw); i += 2 {
		h[raw[i]] = raw[i+1]
	}
	if h["member"] == "" || atoi64(h["exp"]) <= p.now().Unix() {
		return loyalty.Member{}, errAuthCodeGone
	}
	if r, ok := normRedirect(redirectURI); !ok || r != h["redirect"] {
		return loyalty.Member{}, errRedirectMatch
	}
	m, err := p.Member(ctx, h["member"])
	if fault.Is(err, fault.NotFound) {
		return loyalty.Member{}, errAuthCodeGone
	}
	return m, err
}
