package builtin

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/store"
)

// Subscriptions are JSON in the member's subs hash, with the payment token kept
// alongside (never shown). Active ones are in the global renewals set, scored by
// their renewal time, for RenewDue.

type storedSubscription struct {
	loyalty.Subscription
	Token     string `json:"token"`
	Periods   int    `json:"periods"`             // periods charged so far
	Reference string `json:"reference,omitempty"` // last charge
}

var errNoSubscription = fault.New(fault.NotFound, "subscription_not_found", "We couldn't find that subscription.")

// Plans lists the subscription plans.
func (p *Provider) Plans(ctx context.Context) ([]loyalty.Plan, error) {
	return slices.Clone(p.prog.Plans), nil
}

func (p *Provider) perksActive(s *loyalty.Subscription, now time.Time) bool {
	switch s.Status {
	case loyalty.SubscriptionActive:
		return true
	case loyalty.SubscriptionCancelled:
		return s.EndsAt != nil && now.Before(*s.EndsAt)
	}
	return false
}

func (p *Provider) subs(ctx context.Context, memberID string) ([]storedSubscription, error) {
	all, err := p.st.Client.HGetAll(ctx, p.mk(memberID, "subs")).Result()
	if err != nil {
		return nil, err
	}
	now := p.now()
	out := make([]storedSubscription, 0, len(all))
	for _, raw := range all {
		var s storedSubscription
		if json.Unmarshal([]byte(raw), &s) == nil {
			s.PerksActive = p.perksActive(&s.Subscription, now)
			out = append(out, s)
		}
	}
	slices.SortFunc(out, func(a, b storedSubscription) int {
		if c := b.StartedAt.Compare(a.StartedAt); c != 0 {
			return c
		}
		return cmpString(a.ID, b.ID)
	})
	return out, nil
}

// Subscriptions lists the member's subscriptions, newest first.
func (p *Provider) Subscriptions(ctx context.Context, memberID string) ([]loyalty.Subscription, error) {
	if _, err := p.memberHash(ctx, memberID); err != nil {
		return nil, err
	}
	all, err := p.subs(ctx, memberID)
	if err != nil {
		return nil, err
	}
	out := make([]loyalty.Subscription, len(all))
	for i, s := range all {
		out[i] = s.Subscription
	}
	return out, nil
}

func (p *Provider) renewalMember(memberID, subID string) string { return memberID + "|" + subID }

// Subscribe starts a plan, paying with a payment token or a saved card id. The first
// month is charged through Config.Billing. Subscribing again to a cancelled plan that
// is still running resumes it without a new charge.
func (p *Provider) Subscribe(ctx context.Context, memberID, planID, paymentToken string) (loyalty.Subscription, error) {
	if _, err := p.memberHash(ctx, memberID); err != nil {
		return loyalty.Subscription{}, err
	}
	plan, ok := p.prog.plan(planID)
	if !ok {
		return loyalty.Subscription{}, fault.New(fault.NotFound, "plan_not_found", "That plan isn't available.")
	}
	paymentToken = strings.TrimSpace(paymentToken)
	label := "Card"
	if strings.HasPrefix(paymentToken, "card_") {
		c, err := p.card(ctx, memberID, paymentToken)
		if _, down := store.Unavailable(err); down {
			return loyalty.Subscription{}, err
		}
		if err != nil {
			return loyalty.Subscription{}, fault.New(fault.Invalid, "invalid", msgCheckFields).Field("payment_token", "Choose one of your saved cards")
		}
		if c.Expired {
			return loyalty.Subscription{}, fault.New(fault.Invalid, "invalid", msgCheckFields).Field("payment_token", "This card has expired")
		}
		paymentToken, label = c.Token, c.Label
	} else if m := tokenProblem(paymentToken); m != "" {
		return loyalty.Subscription{}, fault.New(fault.Invalid, "invalid", msgCheckFields).Field("payment_token", m)
	}
	lock := p.mk(memberID, "sublock", plan.ID)
	got, err := p.st.Client.SetNX(ctx, lock, "1", 30*time.Second).Result()
	if err != nil {
		return loyalty.Subscription{}, err
	}
	if !got {
		return loyalty.Subscription{}, fault.New(fault.Conflict, "busy", "We're already setting up this subscription.")
	}
	defer p.st.Client.Del(context.WithoutCancel(ctx), lock)

	now := p.now()
	existing, err := p.subs(ctx, memberID)
	if err != nil {
		return loyalty.Subscription{}, err
	}
	for _, s := range existing {
		if s.PlanID != plan.ID {
			continue
		}
		switch {
		case s.Status == loyalty.SubscriptionActive || s.Status == loyalty.SubscriptionPastDue:
			return loyalty.Subscription{}, fault.New(fault.Conflict, "already_subscribed", "You're already a member of %s.", plan.Name)
		case s.Status == loyalty.SubscriptionCancelled && s.PerksActive:
			renew := *s.EndsAt
			s.Status, s.RenewsAt, s.EndsAt, s.CancelledAt = loyalty.SubscriptionActive, &renew, nil, nil
			s.Token, s.PaymentLabel = paymentToken, label
			if err := p.saveSub(ctx, memberID, &s); err != nil {
				return loyalty.Subscription{}, err
			}
			return s.Subscription, nil
		}
	}
	start := now.Truncate(time.Second)
	renew := start.AddDate(0, 1, 0)
	s := storedSubscription{
		Subscription: loyalty.Subscription{ID: newID("sub_"), PlanID: plan.ID, Name: plan.Name, PriceCents: plan.PriceCents, Interval: plan.Interval,
			Status: loyalty.SubscriptionActive, PaymentLabel: label, StartedAt: start, PeriodStart: start, RenewsAt: &renew},
		Token: paymentToken, Periods: 1,
	}
	if p.cfg.Billing != nil {
		ref, err := p.cfg.Billing.Charge(ctx, paymentToken, plan.PriceCents, s.ID+":1")
		if err != nil {
			return loyalty.Subscription{}, paymentFailed(err)
		}
		s.Reference = ref
	}
	if err := p.saveSub(ctx, memberID, &s); err != nil {
		return loyalty.Subscription{}, err
	}
	s.PerksActive = true
	return s.Subscription, nil
}

func paymentFailed(err error) error {
	if _, ok := fault.As(err); ok {
		return err
	}
	if _, down := store.Unavailable(err); down {
		return err // the card was not refused: storage was away
	}
	return fault.New(fault.Rule, "payment_failed", "We couldn't charge your card. Try another card.")
}

// saveSub writes a subscription and keeps the renewals set in step.
func (p *Provider) saveSub(ctx context.Context, memberID string, s *storedSubscription) error {
	s.PerksActive = false // computed on read
	raw, err := json.Marshal(s)
	if err != nil {
		return err
	}
	if err := p.st.Client.HSet(ctx, p.mk(memberID, "subs"), s.ID, raw).Err(); err != nil {
		return err
	}
	rm := p.renewalMember(memberID, s.ID)
	if s.Status == loyalty.SubscriptionActive && s.RenewsAt != nil {
		return p.st.Client.ZAdd(ctx, p.k("renewals"), redis.Z{Score: float64(s.RenewsAt.Unix()), Member: rm}).Err()
	}
	return p.st.Client.ZRem(ctx, p.k("renewals"), rm).Err()
}

// updateSub changes one subscription in an optimistic transaction.
func (p *Provider) updateSub(ctx context.Context, memberID, subID string, fn func(s *storedSubscription) error) (loyalty.Subscription, error) {
	if err := p.checkID(memberID); err != nil {
		return loyalty.Subscription{}, err
	}
	key := p.mk(memberID, "subs")
	var out storedSubscription
	for attempt := 0; attempt < 10; attempt++ {
		err := p.st.Client.Watch(ctx, func(tx *redis.Tx) error {
			raw, err := tx.HGet(ctx, key, subID).Result()
			if errors.Is(err, redis.Nil) {
				return errNoSubscription
			}
			if err != nil {
				return err
			}
			out = storedSubscription{}
			if err := json.Unmarshal([]byte(raw), &out); err != nil {
				return err
			}
			if err := fn(&out); err != nil {
				return err
			}
			out.PerksActive = false
			b, err := json.Marshal(out)
			if err != nil {
				return err
			}
			_, err = tx.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
				pipe.HSet(ctx, key, subID, b)
				return nil
			})
			return err
		}, key)
		if errors.Is(err, redis.TxFailedErr) {
			continue
		}
		if err != nil {
			return loyalty.Subscription{}, err
		}
		rm := p.renewalMember(memberID, subID)
		if out.Status == loyalty.SubscriptionActive && out.RenewsAt != nil {
			err = p.st.Client.ZAdd(ctx, p.k("renewals"), redis.Z{Score: float64(out.RenewsAt.Unix()), Member: rm}).Err()
		} else {
			err = p.st.Client.ZRem(ctx, p.k("renewals"), rm).Err()
		}
		out.PerksActive = p.perksActive(&out.Subscription, p.now())
		return out.Subscription, err
	}
	return loyalty.Subscription{}, fault.New(fault.Conflict, "busy", "Your subscription is being updated. Please try again.")
}

// CancelSubscription stops renewals; perks last until the end of the paid period.
// Cancelling twice is harmless.
func (p *Provider) CancelSubscription(ctx context.Context, memberID, subscriptionID string) (loyalty.Subscription, error) {
	now := p.now().Truncate(time.Second)
	return p.updateSub(ctx, memberID, subscriptionID, func(s *storedSubscription) error {
		if s.Status == loyalty.SubscriptionCancelled {
			return nil
		}
		end := now
		if s.Status == loyalty.SubscriptionActive && s.RenewsAt != nil {
			end = *s.RenewsAt
		}
		s.Status, s.EndsAt, s.CancelledAt, s.RenewsAt = loyalty.SubscriptionCancelled, &end, &now, nil
		return nil
	})
}

// RenewDue renews the subscriptions whose renewal time has come, charging each
// period through Config.Billing; a failed charge makes the subscription past due
// (perks stop). Run it from a periodic job. It returns how many periods renewed.
func (p *Provider) RenewDue(ctx context.Context) (int, error) {
	now := p.now()
	due, err := p.st.Client.ZRangeByScore(ctx, p.k("renewals"), &redis.ZRangeBy{Min: "-inf", Max: strconv.FormatInt(now.Unix(), 10), Count: 500}).Result()
	if err != nil {
		return 0, err
	}
	renewed := 0
	for _, d := range due {
		memberID, subID, ok := strings.Cut(d, "|")
		if !ok {
			p.st.Client.ZRem(ctx, p.k("renewals"), d)
			continue
		}
		_, err := p.updateSub(ctx, memberID, subID, func(s *storedSubscription) error {
			for s.Status == loyalty.SubscriptionActive && s.RenewsAt != nil && !s.RenewsAt.After(now) {
				if p.cfg.Billing != nil {
					ref, err := p.cfg.Billing.Charge(ctx, s.Token, s.PriceCents, s.ID+":"+strconv.Itoa(s.Periods+1))
					if err != nil {
						s.Status = loyalty.SubscriptionPastDue
						return nil
					}
					s.Reference = ref
				}
				start := *s.RenewsAt
				next := start.AddDate(0, 1, 0)
				s.PeriodStart, s.RenewsAt = start, &next
				s.Periods++
				renewed++
			}
			return nil
		})
		if errors.Is(err, errNoSubscription) {
			p.st.Client.ZRem(ctx, p.k("renewals"), d)
			continue
		}
		if err != nil {
			return renewed, err
		}
	}
	return renewed, nil
}

// ClaimPerk takes the plan's perk for the current day or week as a free redemption
// that lasts until the period ends.
func (p *Provider) ClaimPerk(ctx context.Context, memberID, subscriptionID string) (loyalty.Redemption, error) {
	if _, err := p.memberHash(ctx, memberID); err != nil {
		return loyalty.Redemption{}, err
	}
	all, err := p.subs(ctx, memberID)
	if err != nil {
		return loyalty.Redemption{}, err
	}
	i := slices.IndexFunc(all, func(s storedSubscription) bool { return s.ID == subscriptionID })
	if i < 0 {
		return loyalty.Redemption{}, errNoSubscription
	}
	s := all[i]
	if !s.PerksActive {
		return loyalty.Redemption{}, fault.New(fault.Rule, "subscription_inactive", "This subscription isn't active, so its perks can't be used.")
	}
	plan, ok := p.prog.plan(s.PlanID)
	if !ok {
		return loyalty.Redemption{}, fault.New(fault.Rule, "subscription_inactive", "This plan is no longer offered.")
	}
	local := p.now().In(p.prog.zone)
	day := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, p.prog.zone)
	period, end, when := day.Format("2006-01-02"), day.AddDate(0, 0, 1), "today"
	if plan.PerkPeriod == "week" {
		start := day.AddDate(0, 0, -int(day.Weekday())) // weeks start on Sunday
		period, end, when = "week-"+start.Format("2006-01-02"), start.AddDate(0, 0, 7), "this week"
	}
	r := p.newRedemption(loyalty.KindPerk, plan.ID, plan.PerkName, 0, plan.PerkAmountCents, plan.PerkProductID, end)
	r.AKey, r.CKey = "perk:"+s.ID, "perk|"+s.ID+"|"+period
	red, code, _, err := p.issue(ctx, memberID, r, "")
	if err != nil {
		return loyalty.Redemption{}, err
	}
	switch code {
	case 1:
		return red, nil
	case -2, -3:
		return loyalty.Redemption{}, fault.New(fault.Conflict, "perk_already_claimed", "You've already claimed %s's perk %s. Check your rewards.", plan.Name, when)
	case -4:
		return loyalty.Redemption{}, errNoMember
	}
	return loyalty.Redemption{}, errors.New("loyalty: unexpected perk result")
}
