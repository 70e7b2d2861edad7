package punchh

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// user is Punchh's user object (Mobile API "User-object").
type user struct {
	UserID            json.Number `json:"user_id"`
	ID                json.Number `json:"id"` // the Online Ordering API's name for it
	UserCode          string      `json:"user_code"`
	Email             string      `json:"email"`
	FirstName         string      `json:"first_name"`
	LastName          string      `json:"last_name"`
	Phone             any         `json:"phone"`
	Birthday          *string     `json:"birthday"`
	EmailVerified     bool        `json:"email_verified"`
	MarketingEmail    *bool       `json:"marketing_email_subscription"`
	SMSSubscription   *bool       `json:"sms_subscription"`
	FavoriteLocations string      `json:"favourite_location_ids"`
	CreatedAt         string      `json:"created_at"`
}

func (u user) id() string {
	if s := u.UserID.String(); s != "" {
		return s
	}
	return u.ID.String()
}

// accessToken is the Mobile API's access_token object.
type accessToken struct {
	Token string `json:"token"`
}

// userAnswer is the answer of sign-up, sign-in, profile and profile update.
type userAnswer struct {
	AccessToken accessToken `json:"access_token"`
	User        user        `json:"user"`
}

// balance is the part of GET /api2/mobile/users/balance the adapter reads.
type balance struct {
	AccountBalance struct {
		RedeemablePoints   *float64 `json:"redeemable_points"`
		LifetimePoints     *float64 `json:"lifetime_points"`
		PendingPoints      *float64 `json:"pending_points"`
		MembershipLevel    *string  `json:"current_membership_level_name"`
		TotalLoyaltyVisits *float64 `json:"total_loyalty_visits"`
	} `json:"account_balance"`
	Rewards []struct {
		RewardID    json.Number `json:"reward_id"`
		Name        string      `json:"name"`
		Description string      `json:"description"`
		ExpiringAt  *string     `json:"expiring_at"`
		Discount    *float64    `json:"discount_amount"`
	} `json:"rewards"`
	PunchCards []struct {
		ChallengeID json.Number `json:"challenge_id"`
		Progress    []struct {
			Completed int64 `json:"completed_steps"`
			Total     int64 `json:"total_steps"`
		} `json:"progress"`
		PastCompletions int64 `json:"past_completions"`
	} `json:"punch_cards"`
}

func num(f *float64) int64 {
	if f == nil {
		return 0
	}
	return int64(*f)
}

// member builds our Member from Punchh's user and balance.
func member(u user, b balance) loyalty.Member {
	m := loyalty.Member{
		ID: u.id(), Number: u.UserCode, FirstName: u.FirstName, LastName: u.LastName,
		Email: u.Email, Phone: phoneOf(u.Phone), Confirmed: u.EmailVerified,
		Points: num(b.AccountBalance.RedeemablePoints), LifetimePoints: num(b.AccountBalance.LifetimePoints),
		Tier:       loyalty.TierMember,
		OrderCount: num(b.AccountBalance.TotalLoyaltyVisits),
	}
	if lvl := b.AccountBalance.MembershipLevel; lvl != nil && *lvl != "" {
		m.Tier = *lvl
	}
	if u.Birthday != nil {
		m.Birthday = *u.Birthday
	}
	if u.MarketingEmail != nil {
		m.Settings.EmailOffers = *u.MarketingEmail
	}
	if u.SMSSubscription != nil {
		m.Settings.SMSOffers = *u.SMSSubscription
	}
	if first, _, _ := strings.Cut(u.FavoriteLocations, ","); first != "" {
		m.FavoriteLocationID = strings.TrimSpace(first)
	}
	m.CreatedAt = parseTime(u.CreatedAt)
	return m
}

// phoneOf reads a phone number Punchh gives as a string or a number.
func phoneOf(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatInt(int64(x), 10)
	}
	return ""
}

// parseTime reads Punchh's times (RFC 3339 with an offset or Z); zero when absent.
func parseTime(s string) time.Time {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.UTC()
	}
	return time.Time{}
}

// Member reads the member's profile and balance.
func (p *Provider) Member(ctx context.Context, id string) (loyalty.Member, error) {
	s, err := p.session(ctx, id)
	if err != nil {
		return loyalty.Member{}, err
	}
	return p.memberWith(ctx, s)
}

func (p *Provider) memberWith(ctx context.Context, s session) (loyalty.Member, error) {
	var ua userAnswer
	if err := p.do(ctx, call{method: http.MethodGet, path: "/api2/mobile/users/profile", body: p.clientBody(), token: s.Token, device: s.Device}, &ua); err != nil {
		return loyalty.Member{}, err
	}
	b, err := p.balance(ctx, s)
	if err != nil {
		return loyalty.Member{}, err
	}
	return member(ua.User, b), nil
}

func (p *Provider) balance(ctx context.Context, s session) (balance, error) {
	var b balance
	err := p.do(ctx, call{method: http.MethodGet, path: "/api2/mobile/users/balance", body: p.clientBody(), token: s.Token, device: s.Device}, &b)
	return b, err
}

// updateUser sends PUT /api2/mobile/users with the fields given and returns the
// member as Punchh has it afterwards.
func (p *Provider) updateUser(ctx context.Context, id string, fields map[string]any) (loyalty.Member, error) {
	s, err := p.session(ctx, id)
	if err != nil {
		return loyalty.Member{}, err
	}
	if len(fields) > 0 {
		var ua userAnswer
		body := map[string]any{"client": p.cfg.ClientID, "user": fields}
		if err := p.do(ctx, call{method: http.MethodPut, path: "/api2/mobile/users", body: body, token: s.Token, device: s.Device}, &ua); err != nil {
			return loyalty.Member{}, err
		}
		if ua.AccessToken.Token != "" && ua.AccessToken.Token != s.Token {
			// Punchh may rotate the token on a change of email or password.
			s.Token = ua.AccessToken.Token
			if err := p.saveSession(ctx, id, s); err != nil {
				return loyalty.Member{}, err
			}
		}
	}
	return p.memberWith(ctx, s)
}

// UpdateProfile changes the member's details on Punchh.
func (p *Provider) UpdateProfile(ctx context.Context, id string, u loyalty.ProfileUpdate) (loyalty.Member, error) {
	f := map[string]any{}
	set := func(k string, v *string) {
		if v != nil {
			f[k] = strings.TrimSpace(*v)
		}
	}
	set("first_name", u.FirstName)
	set("last_name", u.LastName)
	set("email", u.Email)
	if u.Phone != nil {
		n, ok := phoneNumber(*u.Phone)
		if !ok {
			return loyalty.Member{}, fault.New(fault.Invalid, "invalid", "Please check the highlighted fields.").Field("phone", "Enter a 10-digit phone number")
		}
		f["phone"] = n
	}
	set("birthday", u.Birthday)
	set("favourite_location_ids", u.FavoriteLocationID)
	return p.updateUser(ctx, id, f)
}

// UpdateSettings changes the preferences u names: email offers are Punchh's
// marketing_email_subscription, text offers its sms_subscription. Punchh has no
// paperless-receipt preference; a change of it is refused.
func (p *Provider) UpdateSettings(ctx context.Context, id string, u loyalty.SettingsUpdate) (loyalty.Member, error) {
	if u.PaperlessReceipts != nil {
		return loyalty.Member{}, fault.New(fault.Invalid, "invalid", "Paperless receipts aren't offered by this loyalty programme.").Field("paperless_receipts", "Not offered")
	}
	f := map[string]any{}
	if u.EmailOffers != nil {
		f["marketing_email_subscription"] = *u.EmailOffers
	}
	if u.SMSOffers != nil {
		f["sms_subscription"] = *u.SMSOffers
	}
	return p.updateUser(ctx, id, f)
}
