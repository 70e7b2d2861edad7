package punchh

import (
	"context"
	"net/http"
	"net/mail"
	"strconv"
	"strings"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// notOffered answers a method whose role Punchh fills but whose step Punchh keeps on
// its own pages (the confirmation and password reset links it emails).
func notOffered(what string) error {
	return fault.New(fault.NotFound, "feature_unavailable", "%s is handled by the loyalty programme's own emails.", what)
}

// SignUp registers the member with Punchh (POST /api2/mobile/users) and keeps the
// access token Punchh answers with.
func (p *Provider) SignUp(ctx context.Context, in loyalty.SignUpInput) (loyalty.Member, error) {
	email := strings.ToLower(strings.TrimSpace(in.Email))
	bad := map[string]string{}
	if strings.TrimSpace(in.FirstName) == "" {
		bad["first_name"] = "Enter your first name"
	}
	if strings.TrimSpace(in.LastName) == "" {
		bad["last_name"] = "Enter your last name"
	}
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email {
		bad["email"] = "Enter a valid email address"
	}
	if len(in.Password) < 8 {
		// Punchh's rule: at least 8 characters.
		bad["password"] = "Use at least 8 characters"
	}
	if err := fault.Fields("Please check the highlighted fields.", bad); err != nil {
		return loyalty.Member{}, err
	}
	u := map[string]any{
		"email": email, "password": in.Password, "password_confirmation": in.Password,
		"first_name": strings.TrimSpace(in.FirstName), "last_name": strings.TrimSpace(in.LastName),
		"terms_and_conditions": true, "marketing_email_subscription": in.MarketingOptIn,
	}
	if ph, ok := phoneNumber(in.Phone); ok {
		u["phone"] = ph
	}
	if b := strings.TrimSpace(in.Birthday); b != "" {
		u["birthday"] = b
	}
	if f := strings.TrimSpace(in.FavoriteLocationID); f != "" {
		u["favourite_location_ids"] = f
	}
	dev := deviceID(email)
	var ua userAnswer
	if err := p.do(ctx, call{method: http.MethodPost, path: "/api2/mobile/users", body: map[string]any{"client": p.cfg.ClientID, "user": u}, device: dev}, &ua); err != nil {
		return loyalty.Member{}, err
	}
	id := ua.User.id()
	if id == "" || ua.AccessToken.Token == "" {
		return loyalty.Member{}, fault.New(fault.Unavailable, "loyalty_unavailable", "The loyalty programme isn't answering right now. Please try again shortly.")
	}
	if err := p.saveSession(ctx, id, session{Token: ua.AccessToken.Token, Email: email, Device: dev}); err != nil {
		return loyalty.Member{}, err
	}
	// A new member's balance is empty: no second call.
	return member(ua.User, balance{}), nil
}

// ConfirmAccount: Punchh confirms an email address through the link it mails itself.
func (p *Provider) ConfirmAccount(context.Context, string) (loyalty.Member, error) {
	return loyalty.Member{}, notOffered("Email confirmation")
}

// ResendConfirmation asks Punchh to mail the confirmation link again.
func (p *Provider) ResendConfirmation(ctx context.Context, memberID string) error {
	s, err := p.session(ctx, memberID)
	if err != nil {
		return err
	}
	return p.do(ctx, call{method: http.MethodPost, path: "/api2/mobile/users/send_verification_email", body: p.clientBody(), token: s.Token, device: s.Device}, nil)
}

// ForgotPassword asks Punchh to mail its password reset link; it answers the same
// whether or not the account exists.
func (p *Provider) ForgotPassword(ctx context.Context, email string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	err := p.do(ctx, call{method: http.MethodPost, path: "/api2/mobile/users/forgot_password",
		body: map[string]any{"client": p.cfg.ClientID, "user": map[string]any{"email": email}}, device: deviceID(email)}, nil)
	if fault.Is(err, fault.NotFound) || fault.Is(err, fault.Rule) || fault.Is(err, fault.Invalid) {
		return nil // an unknown address must look like a known one
	}
	return err
}

// ResetPassword: Punchh's reset link opens Punchh's own page, so there is no code for
// the edge to take.
func (p *Provider) ResetPassword(context.Context, string, string, string) (string, error) {
	return "", notOffered("Password reset")
}

// ChangePassword sends the current and new password to PUT /api2/mobile/users.
func (p *Provider) ChangePassword(ctx context.Context, memberID, current, next string) error {
	if len(next) < 8 {
		return fault.New(fault.Invalid, "invalid", "Please check the highlighted fields.").Field("next", "Use at least 8 characters")
	}
	_, err := p.updateUser(ctx, memberID, map[string]any{"current_password": current, "password": next, "password_confirmation": next})
	return err
}

// phoneNumber is a phone number as Punchh takes it: the digits as a JSON number (the
// Mobile API's user.phone is of type number).
func phoneNumber(s string) (int64, bool) {
	var digits strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digits.WriteRune(r)
		}
	}
	n, err := strconv.ParseInt(digits.String(), 10, 64)
	return n, err == nil && digits.Len() > 0
}
