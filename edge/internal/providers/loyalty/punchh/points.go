package punchh

import (
	"context"
	"encoding/json"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// Orders reach Punchh as online-order check-ins keyed by the order id (external_uid,
// which Punchh uses to refuse duplicates):
//
//   - HoldOrder creates the check-in in the pending state (POST
//     /api/auth/checkins/online_order, state "pending"); with Punchh's Pending
//     Check-ins feature the points wait out the business's pending window.
//   - AccrueOrder sends the final receipt: an update of the pending check-in (PUT,
//     all fields again, as Punchh requires) or, for an order never held, a committed
//     check-in (POST, state "committed").
//   - CancelOrder voids the check-in (DELETE /api/auth/checkins), which reverses its
//     points and gives back the rewards it used.
//
// The edge keeps its own record of each order (status, points) beside the member's
// session, since Punchh's check-in list carries neither our order ids nor their
// state; it is what PendingOrders and Orders list.

const orderTTL = 400 * 24 * time.Hour

// maxOrders bounds the orders kept per member.
const maxOrders = 100

func (p *Provider) orders(ctx context.Context, memberID string) ([]loyalty.Order, error) {
	var list []loyalty.Order
	if _, err := p.getJSON(ctx, "orders:"+memberID, &list); err != nil {
		return nil, err
	}
	return list, nil
}

// saveOrder keeps o under its own key, which decides its status, and in the
// member's list (newest first), which only lists. The list is rewritten whole, so two
// writes for one member at the same instant may leave one order out of the listing;
// its status, and so what Punchh is asked, stays right.
func (p *Provider) saveOrder(ctx context.Context, memberID string, o loyalty.Order) error {
	if err := p.putJSON(ctx, "order:"+memberID+":"+o.OrderID, o, orderTTL); err != nil {
		return err
	}
	list, err := p.orders(ctx, memberID)
	if err != nil {
		return err
	}
	out := []loyalty.Order{o}
	for _, x := range list {
		if x.OrderID != o.OrderID {
			out = append(out, x)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].PlacedAt.After(out[j].PlacedAt) })
	if len(out) > maxOrders {
		out = out[:maxOrders]
	}
	return p.putJSON(ctx, "orders:"+memberID, out, orderTTL)
}

func (p *Provider) findOrder(ctx context.Context, memberID, orderID string) (loyalty.Order, bool, error) {
	var o loyalty.Order
	ok, err := p.getJSON(ctx, "order:"+memberID+":"+orderID, &o)
	return o, ok, err
}

// claimOrder ties an order id to one member; another member's id is a conflict.
func (p *Provider) claimOrder(ctx context.Context, memberID, orderID string) error {
	ok, err := p.cfg.State.Claim(ctx, "orderclaim:"+orderID, []byte(memberID), orderTTL)
	if err != nil {
		return p.storeErr(err)
	}
	if ok {
		return nil
	}
	raw, _, found, err := p.cfg.State.Peek(ctx, "orderclaim:"+orderID)
	if err != nil {
		return p.storeErr(err)
	}
	if found && string(raw) != memberID {
		return fault.New(fault.Conflict, "order_claimed", "That order belongs to another account.")
	}
	return nil
}

func checkOrder(o loyalty.OrderRecord) error {
	bad := map[string]string{}
	if strings.TrimSpace(o.OrderID) == "" {
		bad["order_id"] = "Required"
	}
	if strings.TrimSpace(o.LocationID) == "" {
		bad["location_id"] = "Required"
	}
	if o.SubtotalCents < 0 || o.DiscountCents < 0 || o.TotalCents < 0 {
		bad["subtotal_cents"] = "Amounts can't be negative"
	}
	return fault.Fields("That order can't be recorded.", bad)
}

// checkinBody is the online-order check-in Punchh documents.
func (p *Provider) checkinBody(o loyalty.OrderRecord, state string) map[string]any {
	earn := o.SubtotalCents - o.DiscountCents
	if earn < 0 {
		earn = 0
	}
	items := make([]map[string]any, 0, len(o.Items))
	for i, it := range o.Items {
		items = append(items, map[string]any{
			"item_name": it.Name, "item_qty": it.Quantity,
			// Our order record has no line prices; Punchh earns on receipt_amount.
			"item_amount": 0, "menu_item_type": "M", "menu_item_id": it.ProductID,
			"menu_family": it.Category, "menu_major_group": it.Category, "serial_number": strconv.Itoa(i+1) + ".0",
		})
	}
	b := map[string]any{
		"client": p.cfg.ClientID, "external_uid": o.OrderID, "transaction_no": o.OrderID,
		"store_number": o.LocationID, "receipt_datetime": o.PlacedAt.UTC().Format("2006-01-02T15:04:05Z"),
		"receipt_amount": float64(earn) / 100, "subtotal_amount": float64(earn) / 100,
		"payable": strconv.FormatFloat(float64(o.TotalCents)/100, 'f', 2, 64),
		"channel": "online_order", "menu_items": items,
	}
	if state != "" {
		b["state"] = state
	}
	return b
}

// checkinAnswer is Punchh's answer to a check-in.
type checkinAnswer struct {
	Points  *float64 `json:"points"`
	Checkin struct {
		PointsEarned  *float64 `json:"points_earned"`
		PendingPoints *float64 `json:"pending_points"`
	} `json:"checkin"`
}

// HoldOrder creates the pending check-in, once per order id.
func (p *Provider) HoldOrder(ctx context.Context, memberID string, o loyalty.OrderRecord) (loyalty.Order, error) {
	if err := checkOrder(o); err != nil {
		return loyalty.Order{}, err
	}
	s, err := p.session(ctx, memberID)
	if err != nil {
		return loyalty.Order{}, err
	}
	if err := p.claimOrder(ctx, memberID, o.OrderID); err != nil {
		return loyalty.Order{}, err
	}
	if prev, ok, err := p.findOrder(ctx, memberID, o.OrderID); err != nil || ok {
		return prev, err // held before: nothing changes
	}
	var ans checkinAnswer
	if err := p.do(ctx, call{method: http.MethodPost, path: "/api/auth/checkins/online_order", body: p.checkinBody(o, "pending"), token: s.Token}, &ans); err != nil {
		return loyalty.Order{}, err
	}
	ord := loyalty.Order{OrderRecord: o, Status: loyalty.OrderPending, PendingPoints: num(ans.Checkin.PendingPoints)}
	if ord.PendingPoints == 0 {
		ord.PendingPoints = num(ans.Checkin.PointsEarned)
	}
	return ord, p.saveOrder(ctx, memberID, ord)
}

// AccrueOrder sends the completed order's receipt, once per order id.
func (p *Provider) AccrueOrder(ctx context.Context, memberID string, o loyalty.OrderRecord) (loyalty.Accrual, error) {
	if err := checkOrder(o); err != nil {
		return loyalty.Accrual{}, err
	}
	s, err := p.session(ctx, memberID)
	if err != nil {
		return loyalty.Accrual{}, err
	}
	if err := p.claimOrder(ctx, memberID, o.OrderID); err != nil {
		return loyalty.Accrual{}, err
	}
	prev, held, err := p.findOrder(ctx, memberID, o.OrderID)
	if err != nil {
		return loyalty.Accrual{}, err
	}
	switch {
	case held && prev.Status == loyalty.OrderCancelled:
		return loyalty.Accrual{}, fault.New(fault.Rule, "order_cancelled", "That order was cancelled; it earns no points.")
	case held && prev.Status == loyalty.OrderCredited:
		return loyalty.Accrual{OrderID: o.OrderID, Points: prev.Points, BasePoints: prev.Points, Duplicate: true, Tier: loyalty.TierMember}, nil
	}
	var ans checkinAnswer
	c := call{method: http.MethodPost, path: "/api/auth/checkins/online_order", body: p.checkinBody(o, "committed"), token: s.Token}
	if held {
		c = call{method: http.MethodPut, path: "/api/auth/checkins/online_order", body: p.checkinBody(o, ""), token: s.Token}
	}
	if err := p.do(ctx, c, &ans); err != nil {
		return loyalty.Accrual{}, err
	}
	earned := num(ans.Checkin.PointsEarned)
	now := p.now().UTC()
	ord := loyalty.Order{OrderRecord: o, Status: loyalty.OrderCredited, Points: earned, AccruedAt: now}
	if err := p.saveOrder(ctx, memberID, ord); err != nil {
		return loyalty.Accrual{}, err
	}
	a := loyalty.Accrual{OrderID: o.OrderID, Points: earned, BasePoints: earned, Balance: num(ans.Points), Tier: loyalty.TierMember, RedemptionsUsed: o.RedemptionIDs}
	if b, err := p.balance(ctx, s); err == nil {
		a.Balance, a.Lifetime = num(b.AccountBalance.RedeemablePoints), num(b.AccountBalance.LifetimePoints)
		if lvl := b.AccountBalance.MembershipLevel; lvl != nil && *lvl != "" {
			a.Tier = *lvl
		}
	}
	return a, nil
}

// CancelOrder voids a pending order's check-in, once per order id.
func (p *Provider) CancelOrder(ctx context.Context, memberID, orderID string) (loyalty.Order, error) {
	s, err := p.session(ctx, memberID)
	if err != nil {
		return loyalty.Order{}, err
	}
	prev, ok, err := p.findOrder(ctx, memberID, orderID)
	if err != nil {
		return loyalty.Order{}, err
	}
	switch {
	case !ok:
		return loyalty.Order{}, fault.New(fault.NotFound, "order_not_found", "That order isn't in your account.")
	case prev.Status == loyalty.OrderCancelled:
		return prev, nil
	case prev.Status == loyalty.OrderCredited:
		return loyalty.Order{}, fault.New(fault.Rule, "order_credited", "That order was completed and its points credited.")
	}
	body := map[string]any{"client": p.cfg.ClientID, "external_uid": orderID}
	if err := p.do(ctx, call{method: http.MethodDelete, path: "/api/auth/checkins", body: body, token: s.Token}, nil); err != nil && !fault.Is(err, fault.NotFound) {
		// NotFound: Punchh has no such check-in, so there is nothing to void.
		return loyalty.Order{}, err
	}
	now := p.now().UTC()
	prev.Status, prev.CancelledAt, prev.PendingPoints = loyalty.OrderCancelled, &now, 0
	return prev, p.saveOrder(ctx, memberID, prev)
}

// PendingOrders lists the orders held and not yet credited or cancelled.
func (p *Provider) PendingOrders(ctx context.Context, memberID string) ([]loyalty.Order, error) {
	if _, err := p.session(ctx, memberID); err != nil {
		return nil, err
	}
	list, err := p.orders(ctx, memberID)
	if err != nil {
		return nil, err
	}
	out := []loyalty.Order{}
	for _, o := range list {
		if o.Status == loyalty.OrderPending {
			out = append(out, o)
		}
	}
	return out, nil
}

// Orders lists a page of the member's orders through this edge, newest first.
func (p *Provider) Orders(ctx context.Context, memberID string, after *loyalty.OrderCursor, limit int) ([]loyalty.Order, error) {
	if _, err := p.session(ctx, memberID); err != nil {
		return nil, err
	}
	list, err := p.orders(ctx, memberID)
	if err != nil {
		return nil, err
	}
	return loyalty.PageOrders(list, after, limit), nil
}

// historyEntry is an entry of GET /api2/mobile/users/account_history.
type historyEntry struct {
	Date        string          `json:"date"`
	Description string          `json:"description"`
	EventTitle  string          `json:"event_title"`
	EventValue  json.RawMessage `json:"event_value"`
	TotalPoints *float64        `json:"total_points"`
}

// Activity is Punchh's account history, newest first.
func (p *Provider) Activity(ctx context.Context, memberID string, limit int) ([]loyalty.Activity, error) {
	s, err := p.session(ctx, memberID)
	if err != nil {
		return nil, err
	}
	var hist []historyEntry
	if err := p.do(ctx, call{method: http.MethodGet, path: "/api2/mobile/users/account_history", body: p.clientBody(), token: s.Token, device: s.Device}, &hist); err != nil {
		return nil, err
	}
	out := make([]loyalty.Activity, 0, len(hist))
	for _, h := range hist {
		a := loyalty.Activity{At: parseTime(h.Date), Balance: num(h.TotalPoints), Reason: strings.TrimSpace(h.EventTitle)}
		if h.Description != "" {
			a.Reason = h.Description
		}
		// event_value is "+10 points", "(Item)" or a number; only a count of points is read.
		var v string
		if json.Unmarshal(h.EventValue, &v) == nil {
			f := strings.Fields(strings.TrimPrefix(v, "+"))
			if len(f) > 0 {
				if n, err := strconv.ParseInt(f[0], 10, 64); err == nil {
					a.Points = n
				}
			}
		} else {
			var n float64
			if json.Unmarshal(h.EventValue, &n) == nil {
				a.Points = int64(n)
			}
		}
		out = append(out, a)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].At.After(out[j].At) })
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// AdjustPoints: Punchh grants goodwill points from its own platform (the dashboard
// API, with an admin key), not through the guest APIs the edge uses.
func (p *Provider) AdjustPoints(context.Context, string, int64, string) (loyalty.Member, error) {
	return loyalty.Member{}, fault.New(fault.NotFound, "feature_unavailable", "Points adjustments are made in the loyalty programme's own platform.")
}
