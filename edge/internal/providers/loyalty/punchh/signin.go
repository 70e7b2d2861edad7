package punchh

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// A sign-in is a password and a one-time code: the password is checked by Punchh's
// sign-in (POST /api2/mobile/users/login), then Punchh mails a code
// (POST /api2/mobile/verify_token) that the member types (PUT
// /api2/mobile/verify_token). Until then the access token waits in the challenge,
// not in the member's session.

const (
	challengeTTL = 10 * time.Minute
	resendWait   = 30 * time.Second
	authCodeTTL  = 2 * time.Minute
)

// pending is a sign-in code step in progress.
type pending struct {
	MemberID string    `json:"member_id"`
	Token    string    `json:"token"`
	Email    string    `json:"email"`
	Device   string    `json:"device"`
	Expires  time.Time `json:"expires"`
	Resend   time.Time `json:"resend"`
}

var (
	errBadCredentials = fault.New(fault.Unauthorized, "invalid_credentials", "That email and password don't match our records.")
	errBadChallenge   = fault.New(fault.Gone, "challenge_expired", "That sign-in code has expired. Please sign in again.")
	errBadCode        = fault.New(fault.Invalid, "invalid_code", "That code isn't right.").Field("code", "Check the code and try again")
	errBadAuthCode    = fault.New(fault.Invalid, "invalid_grant", "That sign-in link has expired. Please sign in again.")
)

// SignIn checks the password with Punchh and sends the sign-in code.
func (p *Provider) SignIn(ctx context.Context, email, password string) (loyalty.Challenge, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	if email == "" || password == "" {
		return loyalty.Challenge{}, errBadCredentials
	}
	dev := deviceID(email)
	var ua userAnswer
	err := p.do(ctx, call{method: http.MethodPost, path: "/api2/mobile/users/login",
		body: map[string]any{"client": p.cfg.ClientID, "user": map[string]any{"email": email, "password": password}}, device: dev}, &ua)
	if fault.Is(err, fault.Rule) || fault.Is(err, fault.Invalid) || fault.Is(err, fault.Unauthorized) {
		// Punchh answers 422 invalid_email_password; no hint which half was wrong.
		return loyalty.Challenge{}, errBadCredentials
	}
	if err != nil {
		return loyalty.Challenge{}, err
	}
	if ua.User.id() == "" || ua.AccessToken.Token == "" {
		return loyalty.Challenge{}, fault.New(fault.Unavailable, "loyalty_unavailable", "The loyalty programme isn't answering right now. Please try again shortly.")
	}
	pd := pending{MemberID: ua.User.id(), Token: ua.AccessToken.Token, Email: email, Device: dev}
	return p.sendCode(ctx, randomCode(), pd)
}

// sendCode asks Punchh for a code to the member's email and keeps the step.
func (p *Provider) sendCode(ctx context.Context, id string, pd pending) (loyalty.Challenge, error) {
	if err := p.do(ctx, call{method: http.MethodPost, path: "/api2/mobile/verify_token", body: p.clientBody(), token: pd.Token, device: pd.Device}, nil); err != nil {
		return loyalty.Challenge{}, err
	}
	now := p.now().UTC()
	pd.Expires, pd.Resend = now.Add(challengeTTL), now.Add(resendWait)
	if err := p.putJSON(ctx, "challenge:"+id, pd, challengeTTL); err != nil {
		return loyalty.Challenge{}, err
	}
	return loyalty.Challenge{ID: id, Channel: loyalty.ChannelEmail, Destination: maskEmail(pd.Email), ExpiresAt: pd.Expires, ResendAfter: pd.Resend}, nil
}

// maskEmail shows the first letter and the domain: "j•••@example.com".
func maskEmail(e string) string {
	local, domain, ok := strings.Cut(e, "@")
	if !ok || local == "" {
		return "•••"
	}
	return local[:1] + "•••@" + domain
}

// StartPasswordless: Punchh's passwordless sign-in (Advanced Authentication) is not
// among its published API descriptions, so the edge offers the password sign-in only.
func (p *Provider) StartPasswordless(context.Context, string) (loyalty.Challenge, error) {
	return loyalty.Challenge{}, fault.New(fault.NotFound, "feature_unavailable", "Sign-in without a password isn't offered by this loyalty programme.")
}

// VerifyCode checks the code with Punchh and, when right, keeps the access token as
// the member's session.
func (p *Provider) VerifyCode(ctx context.Context, challengeID, code string) (loyalty.Member, error) {
	var pd pending
	ok, err := p.getJSON(ctx, "challenge:"+challengeID, &pd)
	if err != nil {
		return loyalty.Member{}, err
	}
	if !ok || challengeID == "" {
		return loyalty.Member{}, errBadChallenge
	}
	code = strings.TrimSpace(code)
	if code == "" {
		return loyalty.Member{}, errBadCode
	}
	err = p.do(ctx, call{method: http.MethodPut, path: "/api2/mobile/verify_token",
		body: map[string]any{"client": p.cfg.ClientID, "token": code, "verification_mode": pd.Email}, token: pd.Token, device: pd.Device}, nil)
	if fault.Is(err, fault.Rule) || fault.Is(err, fault.Invalid) || fault.Is(err, fault.NotFound) {
		return loyalty.Member{}, errBadCode
	}
	if err != nil {
		return loyalty.Member{}, err
	}
	if _, ok, err := p.cfg.State.Take(ctx, "challenge:"+challengeID); err != nil || !ok {
		// Spent by a concurrent VerifyCode: one of them signs in.
		return loyalty.Member{}, firstErr(p.storeErr(err), errBadChallenge)
	}
	s := session{Token: pd.Token, Email: pd.Email, Device: pd.Device}
	if err := p.saveSession(ctx, pd.MemberID, s); err != nil {
		return loyalty.Member{}, err
	}
	return p.memberWith(ctx, s)
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// ResendCode asks Punchh for another code, not before ResendAfter.
func (p *Provider) ResendCode(ctx context.Context, challengeID string) (loyalty.Challenge, error) {
	var pd pending
	ok, err := p.getJSON(ctx, "challenge:"+challengeID, &pd)
	if err != nil {
		return loyalty.Challenge{}, err
	}
	if !ok {
		return loyalty.Challenge{}, errBadChallenge
	}
	if wait := pd.Resend.Sub(p.now()); wait > 0 {
		return loyalty.Challenge{}, &fault.Error{Kind: fault.TooMany, Code: "resend_too_soon", Message: "Please wait a moment before asking for another code.", RetryAfter: int(wait.Seconds()) + 1}
	}
	return p.sendCode(ctx, challengeID, pd)
}

// authCode is a single sign-on code the edge issued.
type authCode struct {
	MemberID    string `json:"member_id"`
	RedirectURI string `json:"redirect_uri"`
}

// CreateAuthCode issues a single-use code for a signed-in member (the native app's
// handover); the member's Punchh token stays where it is.
func (p *Provider) CreateAuthCode(ctx context.Context, memberID, redirectURI string) (string, error) {
	if _, err := p.session(ctx, memberID); err != nil {
		return "", err
	}
	code := randomCode()
	if err := p.putJSON(ctx, "authcode:"+code, authCode{MemberID: memberID, RedirectURI: redirectURI}, authCodeTTL); err != nil {
		return "", err
	}
	return code, nil
}

// ExchangeAuthCode redeems a code the edge issued or, failing that, a code Punchh's
// hosted sign-in page sent back to redirectURI (/app/code, as the built-in flow
// does): POST /oauth/token exchanges it for the member's access token.
func (p *Provider) ExchangeAuthCode(ctx context.Context, code, redirectURI string) (loyalty.Member, error) {
	code = strings.TrimSpace(code)
	if code == "" {
		return loyalty.Member{}, errBadAuthCode
	}
	raw, ok, err := p.cfg.State.Take(ctx, "authcode:"+code)
	if err != nil {
		return loyalty.Member{}, p.storeErr(err)
	}
	if ok {
		var ac authCode
		if jsonErr := json.Unmarshal(raw, &ac); jsonErr != nil || ac.RedirectURI != redirectURI {
			return loyalty.Member{}, errBadAuthCode
		}
		return p.Member(ctx, ac.MemberID)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	err = p.do(ctx, call{method: http.MethodPost, path: "/oauth/token", body: map[string]any{
		"client_id": p.cfg.ClientID, "client_secret": p.cfg.ClientSecret, "grant_type": "authorization_code",
		"code": code, "redirect_uri": p.absolute(redirectURI),
	}}, &tok)
	if fault.Is(err, fault.Unauthorized) || fault.Is(err, fault.Invalid) {
		return loyalty.Member{}, errBadAuthCode
	}
	if err != nil {
		return loyalty.Member{}, err
	}
	if tok.AccessToken == "" {
		return loyalty.Member{}, errBadAuthCode
	}
	// The member's address, from which their device id comes, is not known before
	// the profile is read: this one call carries an id made from the token.
	var ua userAnswer
	if err := p.do(ctx, call{method: http.MethodGet, path: "/api2/mobile/users/profile", body: p.clientBody(), token: tok.AccessToken, device: deviceID("token:" + tok.AccessToken)}, &ua); err != nil {
		return loyalty.Member{}, err
	}
	s := session{Token: tok.AccessToken, Email: strings.ToLower(ua.User.Email), Device: deviceID(ua.User.Email)}
	if err := p.saveSession(ctx, ua.User.id(), s); err != nil {
		return loyalty.Member{}, err
	}
	b, err := p.balance(ctx, s)
	if err != nil {
		return loyalty.Member{}, err
	}
	return member(ua.User, b), nil
}

// absolute makes a same-origin return address absolute with SiteURL.
func (p *Provider) absolute(uri string) string {
	if p.cfg.SiteURL == "" {
		return uri
	}
	if u, err := url.Parse(uri); err == nil && !u.IsAbs() {
		return strings.TrimRight(p.cfg.SiteURL, "/") + "/" + strings.TrimLeft(uri, "/")
	}
	return uri
}
