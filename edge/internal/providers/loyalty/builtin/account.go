package builtin

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/crypto/bcrypt"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/site"
)

var (
	errEmailTaken = fault.New(fault.Conflict, "email_taken", "An account with this email already exists.").
			Field("email", "An account with this email already exists. Sign in instead.")
	errPhoneTaken = fault.New(fault.Conflict, "phone_taken", "An account with this phone number already exists.").
			Field("phone", "An account with this phone number already exists. Sign in instead.")
)

// casIndex replaces an index value only if it is still the stale one read.
var casIndex = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2]) return 1 end
return 0`)

// delIndex removes an index key only if it still points at the member.
var delIndex = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`)

// claimIndex points key at member id unless another live member holds it. An index
// left behind by a failed sign-up or a changed email (its member is gone, or the
// member's field no longer has the value) is taken over.
func (p *Provider) claimIndex(ctx context.Context, key, id, field, value string) (bool, error) {
	for attempt := 0; attempt < 4; attempt++ {
		ok, err := p.st.Client.SetNX(ctx, key, id, 0).Result()
		if err != nil || ok {
			return ok, err
		}
		cur, err := p.st.Client.Get(ctx, key).Result()
		if errors.Is(err, redis.Nil) {
			continue
		}
		if err != nil {
			return false, err
		}
		if cur == id {
			return true, nil
		}
		held, err := p.st.Client.HGet(ctx, p.mk(cur), field).Result()
		if err != nil && !errors.Is(err, redis.Nil) {
			return false, err
		}
		if held == value {
			return false, nil
		}
		swapped, err := casIndex.Run(ctx, p.st.Client, []string{key}, cur, id).Int()
		if err != nil {
			return false, err
		}
		if swapped == 1 {
			return true, nil
		}
	}
	return false, nil
}

// memberBy resolves an index to a member hash whose field still has value; nil
// when there is none.
func (p *Provider) memberBy(ctx context.Context, indexKey, field, value string) (map[string]string, error) {
	id, err := p.lookup(ctx, indexKey)
	if err != nil || id == "" || p.checkID(id) != nil {
		return nil, err
	}
	h, err := p.st.Client.HGetAll(ctx, p.mk(id)).Result()
	if err != nil {
		return nil, err
	}
	if h["id"] != id || h[field] != value {
		return nil, nil
	}
	return h, nil
}

func (p *Provider) memberByEmail(ctx context.Context, email string) (map[string]string, error) {
	return p.memberBy(ctx, p.emailKey(email), "email", email)
}

func (p *Provider) locationProblem(ctx context.Context, id string) string {
	if !locationIDPattern.MatchString(id) || (p.cfg.LocationExists != nil && !p.cfg.LocationExists(ctx, id)) {
		return msgLocation
	}
	return ""
}

// SignUp creates an account, credits the welcome bonus and sends the confirmation
// link. Emails are trimmed and lower-cased; phone numbers kept as 10 digits.
func (p *Provider) SignUp(ctx context.Context, in loyalty.SignUpInput) (loyalty.Member, error) {
	first, last := strings.TrimSpace(in.FirstName), strings.TrimSpace(in.LastName)
	email := normEmail(in.Email)
	bad := map[string]string{}
	if m := nameProblem(first, msgFirstName); m != "" {
		bad["first_name"] = m
	}
	if m := nameProblem(last, msgLastName); m != "" {
		bad["last_name"] = m
	}
	if !validEmail(email) {
		bad["email"] = msgEmail
	}
	phone, ok := normPhone(in.Phone)
	if !ok {
		bad["phone"] = msgPhone
	}
	if m := passwordProblem(in.Password); m != "" {
		bad["password"] = m
	}
	birthday := strings.TrimSpace(in.Birthday)
	if m := birthdayProblem(birthday, p.now(), p.prog.zone); m != "" {
		bad["birthday"] = m
	}
	fav := strings.TrimSpace(in.FavoriteLocationID)
	if fav != "" {
		if m := p.locationProblem(ctx, fav); m != "" {
			bad["favorite_location_id"] = m
		}
	}
	if err := fault.Fields(msgCheckFields, bad); err != nil {
		return loyalty.Member{}, err
	}
	// A cheap early answer for the common case; claimIndex below is what decides.
	if h, err := p.memberByEmail(ctx, email); err != nil {
		return loyalty.Member{}, err
	} else if h != nil {
		return loyalty.Member{}, errEmailTaken
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(in.Password), p.cfg.BcryptCost)
	if err != nil {
		return loyalty.Member{}, err
	}
	id := newID("m_")
	now := p.now()
	optIn := "0"
	if in.MarketingOptIn {
		optIn = "1"
	}
	bonus := p.prog.WelcomeBonus
	fields := map[string]any{
		"id": id, "first": first, "last": last, "email": email, "phone": phone, "birthday": birthday,
		"fav": fav, "pw": string(hash), "confirmed": "0", "points": bonus, "lifetime": bonus, "orders": 0,
		"challenges_done": 0, "email_offers": optIn, "sms_offers": "0", "paperless": "1", "created": iso(now),
	}
	if err := p.st.Client.HSet(ctx, p.mk(id), fields).Err(); err != nil {
		return loyalty.Member{}, err
	}
	rollback := func(keys ...string) {
		bg := context.WithoutCancel(ctx)
		for _, k := range keys {
			_ = delIndex.Run(bg, p.st.Client, []string{k}, id).Err()
		}
		p.st.Client.Del(bg, p.mk(id))
	}
	if ok, err := p.claimIndex(ctx, p.emailKey(email), id, "email", email); err != nil || !ok {
		rollback()
		if err != nil {
			return loyalty.Member{}, err
		}
		return loyalty.Member{}, errEmailTaken
	}
	if ok, err := p.claimIndex(ctx, p.phoneKey(phone), id, "phone", phone); err != nil || !ok {
		rollback(p.emailKey(email))
		if err != nil {
			return loyalty.Member{}, err
		}
		return loyalty.Member{}, errPhoneTaken
	}
	number := ""
	for attempt := 0; attempt < 10 && number == ""; attempt++ {
		n := "HH" + randomDigits(9)
		n += string(luhnDigit(n[2:]))
		ok, err := p.st.Client.SetNX(ctx, p.numberKey(n), id, 0).Result()
		if err != nil {
			rollback(p.emailKey(email), p.phoneKey(phone))
			return loyalty.Member{}, err
		}
		if ok {
			number = n
		}
	}
	if number == "" {
		rollback(p.emailKey(email), p.phoneKey(phone))
		return loyalty.Member{}, errors.New("loyalty: no free member number")
	}
	pipe := p.st.Client.TxPipeline()
	pipe.HSet(ctx, p.mk(id), "number", number)
	if bonus > 0 {
		pipe.LPush(ctx, p.mk(id, "ledger"), ledgerJSON(now, bonus, bonus, "Welcome bonus", ""))
	}
	if fav != "" {
		pipe.ZAdd(ctx, p.mk(id, "favorites"), redis.Z{Score: float64(now.UnixMilli()), Member: fav})
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return loyalty.Member{}, err
	}
	if err := p.sendConfirmation(ctx, id, first, email); err != nil {
		return loyalty.Member{}, err
	}
	return p.Member(ctx, id)
}

var errConfirmExpired = fault.New(fault.Gone, "confirmation_expired", "This confirmation link has expired or isn't valid. Sign in and we'll send you a new one.")

// ConfirmAccount confirms the email address of the link's code. Opening the link
// again while it is valid is harmless.
func (p *Provider) ConfirmAccount(ctx context.Context, code string) (loyalty.Member, error) {
	code = strings.TrimSpace(code)
	if code == "" || len(code) > 100 {
		return loyalty.Member{}, errConfirmExpired
	}
	v, err := p.st.Client.Get(ctx, p.k("confirm", digest(code))).Result()
	if errors.Is(err, redis.Nil) {
		return loyalty.Member{}, errConfirmExpired
	}
	if err != nil {
		return loyalty.Member{}, err
	}
	id, email, _ := strings.Cut(v, "|")
	h, err := p.memberHash(ctx, id)
	if err != nil {
		if fault.Is(err, fault.NotFound) {
			return loyalty.Member{}, errConfirmExpired
		}
		return loyalty.Member{}, err
	}
	if h["email"] != email { // the email changed since the link was sent
		return loyalty.Member{}, errConfirmExpired
	}
	// The address the link was sent to is what is confirmed: should the email change
	// between the check above and this write, the new one stays unconfirmed.
	if err := p.st.Client.HSet(ctx, p.mk(id), confirmFields(email)...).Err(); err != nil {
		return loyalty.Member{}, err
	}
	return p.Member(ctx, id)
}

// ResendConfirmation sends a new confirmation link.
func (p *Provider) ResendConfirmation(ctx context.Context, memberID string) error {
	h, err := p.memberHash(ctx, memberID)
	if err != nil {
		return err
	}
	if emailConfirmed(h) {
		return fault.New(fault.Rule, "already_confirmed", "Your account is already confirmed.")
	}
	if n, wait, err := p.hit(ctx, "send", h["email"], codeSendWindow); err != nil {
		return err
	} else if n > codeSends {
		return tooMany("too_many_codes", "We've sent several emails already. Try again in "+minutes(wait)+".", wait)
	}
	return p.sendConfirmation(ctx, memberID, h["first"], h["email"])
}

// UpdateProfile changes names, email, phone, birthday or favourite location. A new
// email must be confirmed again; a birthday, once set, cannot be changed.
func (p *Provider) UpdateProfile(ctx context.Context, id string, u loyalty.ProfileUpdate) (loyalty.Member, error) {
	h, err := p.memberHash(ctx, id)
	if err != nil {
		return loyalty.Member{}, err
	}
	set := map[string]any{}
	bad := map[string]string{}
	if u.FirstName != nil {
		v := strings.TrimSpace(*u.FirstName)
		if m := nameProblem(v, msgFirstName); m != "" {
			bad["first_name"] = m
		}
		set["first"] = v
	}
	if u.LastName != nil {
		v := strings.TrimSpace(*u.LastName)
		if m := nameProblem(v, msgLastName); m != "" {
			bad["last_name"] = m
		}
		set["last"] = v
	}
	newEmail := ""
	if u.Email != nil {
		v := normEmail(*u.Email)
		if !validEmail(v) {
			bad["email"] = msgEmail
		} else if v != h["email"] {
			newEmail = v
		}
	}
	newPhone := ""
	if u.Phone != nil {
		if v, ok := normPhone(*u.Phone); !ok {
			bad["phone"] = msgPhone
		} else if v != h["phone"] {
			newPhone = v
		}
	}
	if u.Birthday != nil {
		v := strings.TrimSpace(*u.Birthday)
		switch {
		case v == h["birthday"]:
		case h["birthday"] != "":
			bad["birthday"] = "Your birthday can't be changed online. Contact us if it's wrong"
		case v == "":
		default:
			if m := birthdayProblem(v, p.now(), p.prog.zone); m != "" {
				bad["birthday"] = m
			}
			set["birthday"] = v
		}
	}
	if u.FavoriteLocationID != nil {
		v := strings.TrimSpace(*u.FavoriteLocationID)
		if v != "" {
			if m := p.locationProblem(ctx, v); m != "" {
				bad["favorite_location_id"] = m
			}
		}
		set["fav"] = v
	}
	if err := fault.Fields(msgCheckFields, bad); err != nil {
		return loyalty.Member{}, err
	}
	if newEmail != "" {
		ok, err := p.claimIndex(ctx, p.emailKey(newEmail), id, "email", newEmail)
		if err != nil {
			return loyalty.Member{}, err
		}
		if !ok {
			return loyalty.Member{}, fault.New(fault.Conflict, "email_taken", "An account with this email already exists.").Field("email", "Another account uses this email")
		}
		set["email"], set["confirmed"] = newEmail, "0"
	}
	if newPhone != "" {
		ok, err := p.claimIndex(ctx, p.phoneKey(newPhone), id, "phone", newPhone)
		if err != nil {
			return loyalty.Member{}, err
		}
		if !ok {
			if newEmail != "" {
				_ = delIndex.Run(ctx, p.st.Client, []string{p.emailKey(newEmail)}, id).Err()
			}
			return loyalty.Member{}, fault.New(fault.Conflict, "phone_taken", "An account with this phone number already exists.").Field("phone", "Another account uses this phone number")
		}
		set["phone"] = newPhone
	}
	if len(set) > 0 {
		if err := p.st.Client.HSet(ctx, p.mk(id), set).Err(); err != nil {
			return loyalty.Member{}, err
		}
	}
	if newEmail != "" {
		_ = delIndex.Run(ctx, p.st.Client, []string{p.emailKey(h["email"])}, id).Err()
		first := h["first"]
		if err := p.send(ctx, loyalty.Message{Kind: "email_changed", To: h["email"], Subject: "Your " + p.prog.Name + " email was changed",
			Body: p.greeting(first) + "\n\nThe email address on your " + p.prog.Name + " account was changed to " + maskEmail(newEmail) +
				". If you didn't do this, reset your password and contact us.\n\n" + site.Team}); err != nil {
			return loyalty.Member{}, err
		}
		if err := p.sendConfirmation(ctx, id, first, newEmail); err != nil {
			return loyalty.Member{}, err
		}
	}
	if newPhone != "" {
		_ = delIndex.Run(ctx, p.st.Client, []string{p.phoneKey(h["phone"])}, id).Err()
	}
	if fav, ok := set["fav"].(string); ok && fav != "" {
		if err := p.st.Client.ZAddNX(ctx, p.mk(id, "favorites"), redis.Z{Score: float64(p.now().UnixMilli()), Member: fav}).Err(); err != nil {
			return loyalty.Member{}, err
		}
	}
	return p.Member(ctx, id)
}

func flag(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// UpdateSettings changes the communication preferences u names, and only those: a
// preference left out of u keeps its value.
func (p *Provider) UpdateSettings(ctx context.Context, id string, u loyalty.SettingsUpdate) (loyalty.Member, error) {
	if _, err := p.memberHash(ctx, id); err != nil {
		return loyalty.Member{}, err
	}
	var fields []any
	for _, f := range []struct {
		name string
		v    *bool
	}{{"email_offers", u.EmailOffers}, {"sms_offers", u.SMSOffers}, {"paperless", u.PaperlessReceipts}} {
		if f.v != nil {
			fields = append(fields, f.name, flag(*f.v))
		}
	}
	if len(fields) > 0 {
		if err := p.st.Client.HSet(ctx, p.mk(id), fields...).Err(); err != nil {
			return loyalty.Member{}, err
		}
	}
	return p.Member(ctx, id)
}

// ChangePassword replaces the password of a signed-in member.
func (p *Provider) ChangePassword(ctx context.Context, memberID, current, next string) error {
	h, err := p.memberHash(ctx, memberID)
	if err != nil {
		return err
	}
	if bcrypt.CompareHashAndPassword([]byte(h["pw"]), []byte(current)) != nil {
		return fault.New(fault.Invalid, "invalid", msgCheckFields).Field("current", "That isn't your current password")
	}
	if m := passwordProblem(next); m != "" {
		return fault.New(fault.Invalid, "invalid", msgCheckFields).Field("password", m)
	}
	if next == current {
		return fault.New(fault.Invalid, "invalid", msgCheckFields).Field("password", "Choose a password different from your current one")
	}
	return p.setPassword(ctx, memberID, h, next, false)
}

func (p *Provider) setPassword(ctx context.Context, id string, h map[string]string, pw string, confirm bool) error {
	hash, err := bcrypt.GenerateFromPassword([]byte(pw), p.cfg.BcryptCost)
	if err != nil {
		return err
	}
	fields := []any{"pw", string(hash)}
	if confirm {
		fields = append(fields, confirmFields(h["email"])...) // the reset code proved the email
	}
	if err := p.st.Client.HSet(ctx, p.mk(id), fields...).Err(); err != nil {
		return err
	}
	_ = p.clear(ctx, "signin", h["email"])
	return p.send(ctx, loyalty.Message{Kind: "password_changed", To: h["email"], Subject: "Your " + p.prog.Name + " password was changed",
		Body: p.greeting(h["first"]) + "\n\nThe password for your " + p.prog.Name + " account was just changed. If you didn't do this, reset your password right away and contact us.\n\n" + site.Team})
}

var errResetCode = fault.New(fault.Invalid, "invalid_code", "That code isn't right or has expired.").
	Field("code", "That code isn't right or has expired. Check the latest email or request a new code.")

// ForgotPassword sends a reset code when an account has the email. It answers nil
// for every well-formed email, so it cannot tell anyone which emails are members.
func (p *Provider) ForgotPassword(ctx context.Context, email string) error {
	email = normEmail(email)
	if !validEmail(email) {
		return fault.New(fault.Invalid, "invalid", msgCheckFields).Field("email", msgEmail)
	}
	h, err := p.memberByEmail(ctx, email)
	if err != nil || h == nil {
		return err
	}
	if n, _, err := p.hit(ctx, "send", email, codeSendWindow); err != nil || n > codeSends {
		return err // throttled: stay quiet, like for an unknown email
	}
	code := randomDigits(6)
	key := p.mk(h["id"], "reset")
	pipe := p.st.Client.TxPipeline()
	pipe.Del(ctx, key)
	pipe.HSet(ctx, key, "code", digest(h["id"]+":"+code), "exp", unix(p.now().Add(ResetTTL)), "attempts", 0)
	pipe.Expire(ctx, key, ResetTTL+time.Hour)
	if _, err := pipe.Exec(ctx); err != nil {
		return err
	}
	link := p.link("/account/forgot?email=" + url.QueryEscape(email) + "&code=" + code)
	return p.send(ctx, loyalty.Message{Kind: "reset", To: email, Code: code, Link: link,
		Subject: "Reset your " + p.prog.Name + " password",
		Body: p.greeting(h["first"]) + "\n\nUse this code to reset your password:\n\n    " + code + "\n\nor open " + link +
			"\n\nThe code expires in 30 minutes. If you didn't ask to reset your password, you can ignore this email.\n\n" + site.Team})
}

// useReset checks a reset code: KEYS[1] reset hash; ARGV now, code digest, max
// attempts. 1 = good (and the code is gone), 0 = wrong, expired or none.
var useReset = redis.NewScript(`
local h = redis.call('HMGET', KEYS[1], 'code', 'exp', 'attempts')
if not h[1] then return 0 end
if tonumber(h[2]) <= tonumber(ARGV[1]) or tonumber(h[3]) >= tonumber(ARGV[3]) then
  redis.call('DEL', KEYS[1]) return 0
end
if h[1] ~= ARGV[2] then redis.call('HINCRBY', KEYS[1], 'attempts', 1) return 0 end
redis.call('DEL', KEYS[1])
return 1`)

// ResetPassword sets a new password with the emailed reset code. Wrong, expired and
// unknown codes get the same answer.
func (p *Provider) ResetPassword(ctx context.Context, email, code, newPassword string) (string, error) {
	email, code = normEmail(email), normCode(code)
	bad := map[string]string{}
	if !validEmail(email) {
		bad["email"] = msgEmail
	}
	if !sixDigits.MatchString(code) {
		bad["code"] = msgCode
	}
	if m := passwordProblem(newPassword); m != "" {
		bad["password"] = m
	}
	if err := fault.Fields(msgCheckFields, bad); err != nil {
		return "", err
	}
	h, err := p.memberByEmail(ctx, email)
	if err != nil {
		return "", err
	}
	if h == nil {
		return "", errResetCode
	}
	ok, err := useReset.Run(ctx, p.st.Client, []string{p.mk(h["id"], "reset")}, p.now().Unix(), digest(h["id"]+":"+code), strconv.Itoa(CodeAttempts)).Int()
	if err != nil {
		return "", err
	}
	if ok != 1 {
		return "", errResetCode
	}
	if err := p.setPassword(ctx, h["id"], h, newPassword, true); err != nil {
		return "", err
	}
	return h["id"], nil
}
