package punchh

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// subscriptionPlan is a plan of GET /api2/mobile/subscriptions.
type subscriptionPlan struct {
	PlanID      json.Number `json:"plan_id"`
	Name        string      `json:"name"`
	Description string      `json:"description"`
	Validity    int64       `json:"validity"` // days
	Price       *float64    `json:"purchase_price"`
}

func cents(f *float64) int64 {
	if f == nil {
		return 0
	}
	return int64(*f*100 + 0.5)
}

// Plans lists the purchasable plans.
func (p *Provider) Plans(ctx context.Context) ([]loyalty.Plan, error) {
	var plans []subscriptionPlan
	if err := p.do(ctx, call{method: http.MethodGet, path: "/api2/mobile/subscriptions", body: p.clientBody()}, &plans); err != nil {
		return nil, err
	}
	out := make([]loyalty.Plan, 0, len(plans))
	for _, pl := range plans {
		interval := "month"
		if pl.Validity > 0 && pl.Validity < 28 {
			interval = strconv.FormatInt(pl.Validity, 10) + " days"
		}
		out = append(out, loyalty.Plan{ID: pl.PlanID.String(), Name: pl.Name, Description: pl.Description,
			PriceCents: cents(pl.Price), Interval: interval, PerkName: pl.Description, PerkPeriod: "day"})
	}
	return out, nil
}

// userSubscription is a subscription of GET /api2/mobile/user_subscriptions.
type userSubscription struct {
	ID          json.Number `json:"subscription_id"`
	PlanID      json.Number `json:"plan_id"`
	Name        string      `json:"name"`
	Status      string      `json:"status"`
	Start       string      `json:"start_time"`
	End         string      `json:"end_time"`
	CancelledAt *string     `json:"cancelled_at"`
	Renewal     *string     `json:"upcoming_renewal"`
	Price       *float64    `json:"purchase_price"`
	AutoRenewal bool        `json:"auto_renewal"`
}

func (us userSubscription) subscription() loyalty.Subscription {
	s := loyalty.Subscription{ID: us.ID.String(), PlanID: us.PlanID.String(), Name: us.Name, PriceCents: cents(us.Price),
		Interval: "month", StartedAt: parseTime(us.Start), PeriodStart: parseTime(us.Start), PaymentLabel: "Card on file"}
	end := parseTime(us.End)
	switch {
	case us.CancelledAt != nil && *us.CancelledAt != "":
		t := parseTime(*us.CancelledAt)
		s.Status, s.CancelledAt, s.EndsAt = loyalty.SubscriptionCancelled, &t, &end
	case !us.AutoRenewal:
		// auto renewal turned off is Punchh's cancellation: perks last until the end
		s.Status, s.EndsAt = loyalty.SubscriptionCancelled, &end
	default:
		s.Status = loyalty.SubscriptionActive
		if us.Renewal != nil {
			r := parseTime(*us.Renewal)
			s.RenewsAt = &r
		}
	}
	s.PerksActive = strings.EqualFold(us.Status, "active")
	return s
}

// Subscriptions lists the member's subscriptions.
func (p *Provider) Subscriptions(ctx context.Context, memberID string) ([]loyalty.Subscription, error) {
	s, err := p.session(ctx, memberID)
	if err != nil {
		return nil, err
	}
	var ans struct {
		Subscriptions []userSubscription `json:"subscriptions"`
	}
	if err := p.do(ctx, call{method: http.MethodGet, path: "/api2/mobile/user_subscriptions", body: p.clientBody(), token: s.Token, device: s.Device}, &ans); err != nil {
		return nil, err
	}
	out := make([]loyalty.Subscription, 0, len(ans.Subscriptions))
	for _, us := range ans.Subscriptions {
		out = append(out, us.subscription())
	}
	return out, nil
}

func (p *Provider) subscription(ctx context.Context, memberID, id string) (loyalty.Subscription, error) {
	list, err := p.Subscriptions(ctx, memberID)
	if err != nil {
		return loyalty.Subscription{}, err
	}
	for _, s := range list {
		if s.ID == id {
			return s, nil
		}
	}
	return loyalty.Subscription{}, fault.New(fault.NotFound, "subscription_not_found", "That subscription isn't in your account.")
}

// Subscribe buys a plan; paymentToken is the Punchh payment card uuid.
func (p *Provider) Subscribe(ctx context.Context, memberID, planID, paymentToken string) (loyalty.Subscription, error) {
	s, err := p.session(ctx, memberID)
	if err != nil {
		return loyalty.Subscription{}, err
	}
	n, err := strconv.ParseInt(planID, 10, 64)
	if err != nil {
		return loyalty.Subscription{}, fault.New(fault.NotFound, "plan_not_found", "That plan isn't offered.")
	}
	var ans struct {
		ID json.Number `json:"subscription_id"`
	}
	body := map[string]any{"client": p.cfg.ClientID, "plan_id": n, "auto_renewal": true, "payment_card_uuid": paymentToken}
	if err := p.do(ctx, call{method: http.MethodPost, path: "/api2/mobile/subscriptions", body: body, token: s.Token, device: s.Device}, &ans); err != nil {
		return loyalty.Subscription{}, err
	}
	return p.subscription(ctx, memberID, ans.ID.String())
}

// CancelSubscription turns off the renewal (PUT /api2/mobile/subscriptions/cancel);
// the perks last until the period's end.
func (p *Provider) CancelSubscription(ctx context.Context, memberID, subscriptionID string) (loyalty.Subscription, error) {
	sub, err := p.subscription(ctx, memberID, subscriptionID)
	if err != nil {
		return loyalty.Subscription{}, err
	}
	s, err := p.session(ctx, memberID)
	if err != nil {
		return loyalty.Subscription{}, err
	}
	// The first of the business's cancellation reasons; the site asks for none.
	body := map[string]any{"client": p.cfg.ClientID, "subscription_id": subscriptionID, "cancellation_reason_id": 1, "cancellation_feedback": ""}
	if err := p.do(ctx, call{method: http.MethodPut, path: "/api2/mobile/subscriptions/cancel", body: body, token: s.Token, device: s.Device}, nil); err != nil {
		return loyalty.Subscription{}, err
	}
	now := p.now().UTC()
	sub.Status, sub.CancelledAt, sub.RenewsAt = loyalty.SubscriptionCancelled, &now, nil
	if sub.EndsAt == nil {
		sub.EndsAt = &now
	}
	return sub, nil
}

// ClaimPerk asks Punchh for the subscription's redemption
// (POST /api2/mobile/redemptions/subscription).
func (p *Provider) ClaimPerk(ctx context.Context, memberID, subscriptionID string) (loyalty.Redemption, error) {
	s, err := p.session(ctx, memberID)
	if err != nil {
		return loyalty.Redemption{}, err
	}
	var ans struct {
		RedemptionID json.Number `json:"redemption_id"`
		PlanID       json.Number `json:"subscription_plan_id"`
		PlanName     string      `json:"subscription_plan_name"`
		CreatedAt    string      `json:"created_at"`
		ExpiringAt   string      `json:"expiring_at"`
	}
	body := map[string]any{"client": p.cfg.ClientID, "subscription_id": subscriptionID}
	if err := p.do(ctx, call{method: http.MethodPost, path: "/api2/mobile/redemptions/subscription", body: body, token: s.Token, device: s.Device}, &ans); err != nil {
		if fault.Is(err, fault.Rule) {
			return loyalty.Redemption{}, fault.New(fault.NotFound, "subscription_not_found", "That subscription isn't in your account.")
		}
		return loyalty.Redemption{}, err
	}
	return loyalty.Redemption{ID: ans.RedemptionID.String(), Kind: loyalty.KindPerk, RewardID: ans.PlanID.String(), Name: ans.PlanName,
		Status: loyalty.RedemptionActive, CreatedAt: parseTime(ans.CreatedAt), ExpiresAt: parseTime(ans.ExpiringAt)}, nil
}
