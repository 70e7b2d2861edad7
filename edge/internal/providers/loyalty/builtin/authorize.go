package builtin

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// The rules of the hosted single sign-on page (the edge's api/authorize serves it):
// which clients and return addresses are allowed, a single-use form token bound to the
// request so another site cannot post the form (no login CSRF), and the sign-in steps.

const (
	maxStateLength  = 512
	maxClientLength = 64
	maxFormToken    = 64
)

var _ loyalty.HostedSignIn = (*Provider)(nil)

// ProgramName is the programme's name ("Henhouse Rewards").
func (p *Provider) ProgramName() string { return p.prog.Name }

// AuthorizeCodeStep is true: the hosted page signs in as SignIn does, with the password
// and then a code emailed to the member, so a leaked password alone opens no account.
func (p *Provider) AuthorizeCodeStep() bool { return true }

// CheckAuthorizeRequest accepts a known client, a state of bounded length and a
// return address that is one of the sign-in return points on this site.
func (p *Provider) CheckAuthorizeRequest(in loyalty.AuthorizeRequest, scheme, host string) (loyalty.AuthorizeRequest, string) {
	r := loyalty.AuthorizeRequest{ClientID: strings.TrimSpace(in.ClientID), State: in.State}
	if r.ClientID == "" || len(r.ClientID) > maxClientLength || !slices.Contains(p.cfg.ClientIDs, r.ClientID) {
		return r, "The app that sent you here isn't recognised."
	}
	if len(r.State) > maxStateLength {
		return r, "The sign-in request is too long."
	}
	raw := strings.TrimSpace(in.RedirectURI)
	if u, err := url.Parse(raw); err == nil && (u.Scheme != "" || u.Host != "") {
		// An absolute address is accepted only on this site's own origin.
		if u.Scheme != scheme || !strings.EqualFold(u.Host, host) || u.User != nil {
			return r, "The sign-in request asks to return to an address that isn't allowed."
		}
		raw = u.EscapedPath()
		if u.RawQuery != "" {
			raw += "?" + u.RawQuery
		}
	}
	redirect, ok := normRedirect(raw)
	if !ok {
		return r, "The sign-in request asks to return to an address that isn't allowed."
	}
	r.RedirectURI = redirect
	return r, ""
}

func (p *Provider) formKey(token string) string { return p.k("authform", token) }

func bindDigest(r loyalty.AuthorizeRequest) string {
	return digest(r.ClientID + "\x00" + r.RedirectURI + "\x00" + r.State)
}

// NewAuthorizeForm stores a form token bound to the request.
func (p *Provider) NewAuthorizeForm(ctx context.Context, r loyalty.AuthorizeRequest, ttl time.Duration) (string, error) {
	token := randomToken(18)
	if err := p.st.Client.Set(ctx, p.formKey(token), bindDigest(r), ttl).Err(); err != nil {
		return "", err
	}
	return token, nil
}

var takeString = redis.NewScript(`
local v = redis.call('GET', KEYS[1])
if v then redis.call('DEL', KEYS[1]) end
return v or ''`)

// TakeAuthorizeForm spends the token; it must have been made for this request.
func (p *Provider) TakeAuthorizeForm(ctx context.Context, token string, r loyalty.AuthorizeRequest) (bool, error) {
	if token == "" || len(token) > maxFormToken {
		return false, nil
	}
	v, err := takeString.Run(ctx, p.st.Client, []string{p.formKey(token)}).Text()
	if err != nil {
		return false, err
	}
	return v != "" && v == bindDigest(r), nil
}

// AuthorizePassword checks the password like SignIn; the code step follows.
func (p *Provider) AuthorizePassword(ctx context.Context, email, password string) (string, error) {
	h, err := p.checkPassword(ctx, normEmail(email), password)
	if err != nil {
		return "", err
	}
	return h["id"], nil
}

// StartAuthorizeCode sends the member a sign-in code by email.
func (p *Provider) StartAuthorizeCode(ctx context.Context, memberID string) (loyalty.Challenge, error) {
	h, err := p.memberHash(ctx, memberID)
	if err != nil {
		return loyalty.Challenge{}, err
	}
	return p.startChallenge(ctx, h, purposeSignIn, loyalty.ChannelEmail, h["email"], maskEmail(h["email"]))
}

// ChallengeDestination is the masked address of a challenge ("" when unknown).
func (p *Provider) ChallengeDestination(ctx context.Context, challengeID string) string {
	dest, _ := p.st.Client.HGet(ctx, p.challengeKey(challengeID), "dest").Result()
	return dest
}
