package punchh

import (
	"context"
	"encoding/json"
	"net/http"
	"sort"
	"strconv"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// Rewards are Punchh's redeemables (the catalogue bought with points, from the
// programme's meta); a redemption is an item of the member's discount basket
// (Redemptions 2.0): redeeming selects the redeemable into the basket, cancelling
// removes it, and the online order's check-in spends it.

type meta struct {
	Redeemables []struct {
		ID          json.Number `json:"redeemable_id"`
		Name        string      `json:"name"`
		Description string      `json:"description"`
		Points      *float64    `json:"points_required_to_redeem"`
	} `json:"redeemables"`
}

func (p *Provider) meta(ctx context.Context) (meta, error) {
	var m meta
	err := p.do(ctx, call{method: http.MethodGet, path: "/api2/mobile/meta.json", body: p.clientBody()}, &m)
	return m, err
}

// Rewards lists the redeemables; with a member, each says whether it is affordable
// and which basket item holds it.
func (p *Provider) Rewards(ctx context.Context, memberID string) ([]loyalty.Reward, error) {
	m, err := p.meta(ctx)
	if err != nil {
		return nil, err
	}
	var points int64 = -1
	held := map[string]string{}
	if memberID != "" {
		s, err := p.session(ctx, memberID)
		if err != nil {
			return nil, err
		}
		b, err := p.balance(ctx, s)
		if err != nil {
			return nil, err
		}
		points = num(b.AccountBalance.RedeemablePoints)
		bk, err := p.basket(ctx, s)
		if err != nil {
			return nil, err
		}
		for _, it := range bk.Items {
			if it.Type == "redeemable" {
				held[it.DiscountID.String()] = it.ItemID.String()
			}
		}
	}
	out := make([]loyalty.Reward, 0, len(m.Redeemables))
	for _, r := range m.Redeemables {
		cost := num(r.Points)
		if cost < 0 {
			cost = 0
		}
		rw := loyalty.Reward{ID: r.ID.String(), Name: r.Name, Description: r.Description, Points: cost}
		if points >= 0 {
			rw.RedemptionID = held[rw.ID]
			rw.Available = points >= cost && rw.RedemptionID == ""
			if points < cost {
				rw.PointsNeeded = cost - points
			}
		}
		out = append(out, rw)
	}
	return out, nil
}

// basket is Punchh's discount basket.
type basket struct {
	Ref   string `json:"redemption_ref"`
	Items []struct {
		ItemID     json.Number `json:"discount_basket_item_id"`
		Type       string      `json:"discount_type"`
		DiscountID json.Number `json:"discount_id"`
		CreatedAt  string      `json:"created_at"`
		Details    *struct {
			Name       string   `json:"name"`
			Points     *float64 `json:"points"`
			BaseAmount *float64 `json:"base_amount"`
			EndDate    *string  `json:"end_date_tz"`
		} `json:"discount_details"`
	} `json:"discount_basket_items"`
}

func (p *Provider) basket(ctx context.Context, s session) (basket, error) {
	var b basket
	err := p.do(ctx, call{method: http.MethodGet, path: "/api2/mobile/discounts/active", body: p.clientBody(), token: s.Token, device: s.Device}, &b)
	if fault.Is(err, fault.NotFound) {
		return basket{}, nil // no basket yet
	}
	return b, err
}

// redemptions reads the basket as our redemptions, newest first.
func (b basket) redemptions() []loyalty.Redemption {
	out := make([]loyalty.Redemption, 0, len(b.Items))
	for _, it := range b.Items {
		r := loyalty.Redemption{ID: it.ItemID.String(), RewardID: it.DiscountID.String(), Status: loyalty.RedemptionActive, CreatedAt: parseTime(it.CreatedAt)}
		switch it.Type {
		case "redeemable":
			r.Kind = loyalty.KindReward
		case "subscription":
			r.Kind = loyalty.KindPerk
		default:
			r.Kind = loyalty.KindOffer
		}
		if d := it.Details; d != nil {
			r.Name, r.Points = d.Name, num(d.Points)
			if d.BaseAmount != nil {
				r.AmountCents = int64(*d.BaseAmount*100 + 0.5)
			}
			if d.EndDate != nil {
				r.ExpiresAt = parseTime(*d.EndDate)
			}
		}
		out = append(out, r)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].CreatedAt.After(out[j].CreatedAt) })
	return out
}

// select adds a discount to the member's basket and returns the new basket item.
func (p *Provider) selectDiscount(ctx context.Context, memberID, kind, id string) (loyalty.Redemption, error) {
	s, err := p.session(ctx, memberID)
	if err != nil {
		return loyalty.Redemption{}, err
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return loyalty.Redemption{}, fault.New(fault.NotFound, "reward_not_found", "That reward isn't available.")
	}
	before, err := p.basket(ctx, s)
	if err != nil {
		return loyalty.Redemption{}, err
	}
	had := map[string]bool{}
	for _, it := range before.Items {
		had[it.ItemID.String()] = true
	}
	var after basket
	body := map[string]any{"client": p.cfg.ClientID, "discount_basket_items_attributes": []map[string]any{{"discount_type": kind, "discount_id": n}}}
	if err := p.do(ctx, call{method: http.MethodPost, path: "/api2/mobile/discounts/select", body: body, token: s.Token, device: s.Device}, &after); err != nil {
		if fault.Is(err, fault.Invalid) {
			// Punchh answers 400/422 for a discount the member can't take.
			return loyalty.Redemption{}, fault.New(fault.Rule, "reward_unavailable", "That reward isn't available to you right now.")
		}
		return loyalty.Redemption{}, err
	}
	for _, r := range after.redemptions() {
		if !had[r.ID] && r.RewardID == id {
			return r, nil
		}
	}
	for _, r := range after.redemptions() {
		if r.RewardID == id {
			return r, nil
		}
	}
	return loyalty.Redemption{}, fault.New(fault.Rule, "reward_unavailable", "That reward isn't available to you right now.")
}

// RedeemReward puts a redeemable in the member's basket; an id not in the catalogue
// is NotFound.
func (p *Provider) RedeemReward(ctx context.Context, memberID, rewardID string) (loyalty.Redemption, error) {
	m, err := p.meta(ctx)
	if err != nil {
		return loyalty.Redemption{}, err
	}
	found := false
	for _, r := range m.Redeemables {
		found = found || r.ID.String() == rewardID
	}
	if !found {
		return loyalty.Redemption{}, fault.New(fault.NotFound, "reward_not_found", "That reward isn't available.")
	}
	return p.selectDiscount(ctx, memberID, "redeemable", rewardID)
}

// Redemption finds a basket item.
func (p *Provider) Redemption(ctx context.Context, memberID, redemptionID string) (loyalty.Redemption, error) {
	list, err := p.Redemptions(ctx, memberID)
	if err != nil {
		return loyalty.Redemption{}, err
	}
	for _, r := range list {
		if r.ID == redemptionID {
			return r, nil
		}
	}
	return loyalty.Redemption{}, fault.New(fault.NotFound, "redemption_not_found", "That reward isn't in your account.")
}

// Redemptions lists the basket, newest first. Punchh keeps no history of removed
// items in the basket; spent ones are in the account history (Activity).
func (p *Provider) Redemptions(ctx context.Context, memberID string) ([]loyalty.Redemption, error) {
	s, err := p.session(ctx, memberID)
	if err != nil {
		return nil, err
	}
	b, err := p.basket(ctx, s)
	if err != nil {
		return nil, err
	}
	return b.redemptions(), nil
}

// CancelRedemption removes the item from the basket (DELETE
// /api2/mobile/discounts/unselect); Punchh gives the points back.
func (p *Provider) CancelRedemption(ctx context.Context, memberID, redemptionID string) (loyalty.Redemption, error) {
	r, err := p.Redemption(ctx, memberID, redemptionID)
	if err != nil {
		return loyalty.Redemption{}, err
	}
	s, err := p.session(ctx, memberID)
	if err != nil {
		return loyalty.Redemption{}, err
	}
	n, _ := strconv.ParseInt(redemptionID, 10, 64)
	body := map[string]any{"client": p.cfg.ClientID, "discount_basket_item_ids": []int64{n}}
	if err := p.do(ctx, call{method: http.MethodDelete, path: "/api2/mobile/discounts/unselect", body: body, token: s.Token, device: s.Device}, nil); err != nil {
		return loyalty.Redemption{}, err
	}
	now := p.now().UTC()
	r.Status, r.ClosedAt = loyalty.RedemptionCancelled, &now
	return r, nil
}

// RewardOffers are the rewards Punchh gifted the member (the balance's rewards).
func (p *Provider) RewardOffers(ctx context.Context, memberID string) ([]loyalty.RewardOffer, error) {
	s, err := p.session(ctx, memberID)
	if err != nil {
		return nil, err
	}
	b, err := p.balance(ctx, s)
	if err != nil {
		return nil, err
	}
	bk, err := p.basket(ctx, s)
	if err != nil {
		return nil, err
	}
	held := map[string]string{}
	for _, it := range bk.Items {
		if it.Type == "reward" {
			held[it.DiscountID.String()] = it.ItemID.String()
		}
	}
	out := make([]loyalty.RewardOffer, 0, len(b.Rewards))
	for _, r := range b.Rewards {
		o := loyalty.RewardOffer{ID: r.RewardID.String(), Name: r.Name, Description: r.Description, RedemptionID: held[r.RewardID.String()]}
		o.Redeemed = o.RedemptionID != ""
		if r.Discount != nil {
			o.AmountCents = int64(*r.Discount*100 + 0.5)
		}
		if r.ExpiringAt != nil {
			o.ExpiresAt = parseTime(*r.ExpiringAt)
		}
		out = append(out, o)
	}
	return out, nil
}

// RedeemOffer puts a gifted reward in the basket.
func (p *Provider) RedeemOffer(ctx context.Context, memberID, offerID string) (loyalty.Redemption, error) {
	offers, err := p.RewardOffers(ctx, memberID)
	if err != nil {
		return loyalty.Redemption{}, err
	}
	for _, o := range offers {
		if o.ID == offerID {
			return p.selectDiscount(ctx, memberID, "reward", offerID)
		}
	}
	return loyalty.Redemption{}, fault.New(fault.NotFound, "offer_not_found", "That offer isn't in your account.")
}

// Offers: Punchh's earning campaigns (double points and the like) are set up in its
// platform and applied at check-in; the Mobile API does not list them, so there are
// none to show.
func (p *Provider) Offers(context.Context) ([]loyalty.Offer, error) { return []loyalty.Offer{}, nil }
