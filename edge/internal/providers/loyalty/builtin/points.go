package builtin

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/site"
)

var orderIDPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$`)

const (
	maxOrderItems       = 200
	maxOrderRedemptions = 10
)

func badOrder(field, msg string) error {
	return fault.New(fault.Invalid, "invalid_order", "That order can't be credited.").Field(field, msg)
}

func checkOrder(o *loyalty.OrderRecord) error {
	switch {
	case !orderIDPattern.MatchString(o.OrderID):
		return badOrder("order_id", "missing or malformed")
	case o.SubtotalCents < 0 || o.SubtotalCents > 1e9:
		return badOrder("subtotal_cents", "out of range")
	case o.DiscountCents < 0 || o.DiscountCents > 1e9:
		return badOrder("discount_cents", "out of range")
	case o.TotalCents < 0 || o.TotalCents > 1e9:
		return badOrder("total_cents", "out of range")
	case len(o.Items) > maxOrderItems:
		return badOrder("items", "too many items")
	case len(o.RedemptionIDs) > maxOrderRedemptions:
		return badOrder("redemption_ids", "too many redemptions")
	}
	for _, it := range o.Items {
		if it.Quantity < 0 || it.Quantity > 1000 {
			return badOrder("items", "quantity out of range")
		}
	}
	return nil
}

// EarnedPoints is the base points of an order: PointsPerDollar for each whole dollar
// of subtotal after discounts (rounded down).
func (p *Provider) EarnedPoints(subtotalCents, discountCents int64) int64 {
	eligible := subtotalCents - discountCents
	if eligible <= 0 {
		return 0
	}
	return eligible / 100 * p.prog.PointsPerDollar
}

// accrualKeys are watched while an order is held, credited or cancelled; all share
// the member's slot.
func (p *Provider) accrualKeys(id string) []string {
	return []string{p.mk(id), p.mk(id, "orderdata"), p.mk(id, "redemptions"), p.mk(id, "active"),
		p.mk(id, "challenges"), p.mk(id, "tried"), p.mk(id, "badges"), p.mk(id, "claims"), p.mk(id, "pending")}
}

// AccrueOrder credits a completed order: base points, offers, challenge progress and
// bonuses, badges, and marks the order's redemptions used. It runs as an optimistic
// transaction (WATCH/MULTI) on the member's keys and the order record doubles as the
// marker, so a retried call never credits twice; an order id is also claimed for one
// member only. An order held by HoldOrder is credited as it was held; one cancelled
// (CancelOrder) is refused.
func (p *Provider) AccrueOrder(ctx context.Context, memberID string, o loyalty.OrderRecord) (loyalty.Accrual, error) {
	if err := p.prepareOrder(ctx, memberID, &o); err != nil {
		return loyalty.Accrual{}, err
	}
	var result loyalty.Accrual
	err := p.memberTx(ctx, memberID, func(tx *redis.Tx) error {
		var err error
		result, err = p.accrue(ctx, tx, memberID, o)
		return err
	})
	return result, err
}

// prepareOrder checks and normalises an order record and claims its id for the
// member: an order id belongs to the first member it was reported for.
func (p *Provider) prepareOrder(ctx context.Context, memberID string, o *loyalty.OrderRecord) error {
	if err := checkOrder(o); err != nil {
		return err
	}
	if _, err := p.memberHash(ctx, memberID); err != nil {
		return err
	}
	if o.PlacedAt.IsZero() {
		o.PlacedAt = p.now()
	}
	o.PlacedAt = o.PlacedAt.UTC()
	o.RedemptionIDs = slices.Compact(slices.Sorted(slices.Values(o.RedemptionIDs)))
	if o.Items == nil {
		o.Items = []loyalty.OrderItem{}
	}
	orderKey := p.k("order", o.OrderID)
	claimed, err := p.st.Client.SetNX(ctx, orderKey, memberID, 0).Result()
	if err != nil {
		return err
	}
	if !claimed {
		owner, err := p.st.Client.Get(ctx, orderKey).Result()
		if err != nil && !errors.Is(err, redis.Nil) {
			return err
		}
		if owner != memberID {
			return fault.New(fault.Conflict, "order_already_credited", "This order was already credited to another account.")
		}
	}
	return nil
}

// memberTx runs fn as an optimistic transaction on the member's order keys
// (accrualKeys), trying again while another change to them gets in first.
func (p *Provider) memberTx(ctx context.Context, memberID string, fn func(tx *redis.Tx) error) error {
	var err error
	for attempt := 0; attempt < 20; attempt++ {
		err = p.st.Client.Watch(ctx, fn, p.accrualKeys(memberID)...)
		if !errors.Is(err, redis.TxFailedErr) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * time.Millisecond)
	}
	return fault.New(fault.Conflict, "busy", "Your account is busy. Please try again.")
}

// accrual reads the state, works out the credit and writes it in one MULTI.
func (p *Provider) accrue(ctx context.Context, tx *redis.Tx, id string, o loyalty.OrderRecord) (loyalty.Accrual, error) {
	member, err := tx.HGetAll(ctx, p.mk(id)).Result()
	if err != nil {
		return loyalty.Accrual{}, err
	}
	if member["id"] != id {
		return loyalty.Accrual{}, errNoMember
	}
	old, found, err := p.heldOrder(ctx, tx, id, o.OrderID)
	if err != nil {
		return loyalty.Accrual{}, err
	}
	if found {
		switch old.Status {
		case loyalty.OrderCancelled:
			return loyalty.Accrual{}, errOrderCancelled
		case loyalty.OrderPending:
			o = old.OrderRecord // credited as it was placed
		default:
			m := p.toMember(member)
			return loyalty.Accrual{OrderID: o.OrderID, Points: old.Points, Balance: m.Points, Lifetime: m.LifetimePoints, Tier: m.Tier, Duplicate: true}, nil
		}
	}
	challenges, err := tx.HGetAll(ctx, p.mk(id, "challenges")).Result()
	if err != nil {
		return loyalty.Accrual{}, err
	}
	tried, err := tx.HGetAll(ctx, p.mk(id, "tried")).Result()
	if err != nil {
		return loyalty.Accrual{}, err
	}
	badges, err := tx.HGetAll(ctx, p.mk(id, "badges")).Result()
	if err != nil {
		return loyalty.Accrual{}, err
	}
	active, err := tx.HGetAll(ctx, p.mk(id, "active")).Result()
	if err != nil {
		return loyalty.Accrual{}, err
	}
	var reds []any
	if len(o.RedemptionIDs) > 0 {
		reds, err = tx.HMGet(ctx, p.mk(id, "redemptions"), o.RedemptionIDs...).Result()
		if err != nil {
			return loyalty.Accrual{}, err
		}
	}

	now := p.now()
	local := o.PlacedAt.In(p.prog.zone)
	a := loyalty.Accrual{OrderID: o.OrderID}
	type entry struct {
		points int64
		reason string
	}
	var ledger []entry

	// Base points and offers.
	eligible := max(o.SubtotalCents-o.DiscountCents, 0)
	a.BasePoints = p.EarnedPoints(o.SubtotalCents, o.DiscountCents)
	cats := map[string]bool{}
	for _, it := range o.Items {
		if it.Quantity > 0 {
			if c := p.prog.categoryOf(it); c != "" {
				cats[c] = true
			}
		}
	}
	var mult int64 = 1
	multOffer := ""
	var offerBonus int64
	for _, of := range p.prog.Offers {
		if !p.offerActive(of, o.PlacedAt) {
			continue
		}
		switch of.Kind {
		case "multiplier":
			if of.Multiplier > mult && a.BasePoints > 0 {
				mult, multOffer = of.Multiplier, of.ID
			}
		case "bonus":
			if of.Category == "" || cats[of.Category] {
				offerBonus += of.BonusPoints
				a.OffersApplied = append(a.OffersApplied, of.ID)
			}
		}
	}
	if multOffer != "" {
		a.OffersApplied = append([]string{multOffer}, a.OffersApplied...)
	}
	orderPoints := a.BasePoints*mult + offerBonus
	where := o.LocationName
	if where == "" {
		where = site.BrandName
	}
	ledger = append(ledger, entry{orderPoints, "Order at " + where})

	// Challenges.
	setChallenges := map[string]any{}
	done := atoi64(member["challenges_done"])
	var challengeBonus int64
	for _, c := range p.prog.Challenges {
		field := c.ID + "|" + challengePeriod(c, local)
		if challenges[field+"|done"] != "" {
			continue
		}
		var delta int64
		switch c.Metric {
		case "orders":
			delta = 1
		case "spend":
			delta = eligible
		case "category":
			if cats[c.Category] {
				delta = 1
			}
		}
		if delta == 0 {
			continue
		}
		progress := atoi64(challenges[field]) + delta
		setChallenges[field] = min(progress, c.Goal)
		if progress >= c.Goal {
			setChallenges[field+"|done"] = iso(now)
			challengeBonus += c.BonusPoints
			done++
			a.ChallengesCompleted = append(a.ChallengesCompleted, c.ID)
			ledger = append(ledger, entry{c.BonusPoints, "Challenge complete: " + c.Title})
		}
	}

	a.BonusPoints = a.BasePoints*(mult-1) + offerBonus + challengeBonus
	a.Points = a.BasePoints + a.BonusPoints
	a.Balance = atoi64(member["points"]) + a.Points
	a.Lifetime = atoi64(member["lifetime"]) + a.Points
	a.Tier, _, _ = p.prog.tier(a.Lifetime)
	orders := atoi64(member["orders"]) + 1

	// Categories tried and badges.
	for c := range cats {
		tried[c] = strconv.FormatInt(atoi64(tried[c])+1, 10)
	}
	st := badgeState{orders: orders, tried: tried, challenges: done, lifetime: a.Lifetime, hour: local.Hour(), categories: p.prog.Categories}
	setBadges := map[string]any{}
	for _, b := range p.prog.Badges {
		if badges[b.ID] == "" && st.earned(b) {
			setBadges[b.ID] = iso(now)
			a.BadgesEarned = append(a.BadgesEarned, b.ID)
		}
	}

	// Redemptions used on the order.
	setReds, delActive, used, err := useRedemptions(o, reds, active, now)
	if err != nil {
		return loyalty.Accrual{}, err
	}
	a.RedemptionsUsed = used

	rec := loyalty.Order{OrderRecord: o, Status: loyalty.OrderCredited, Points: a.Points, AccruedAt: now.Truncate(time.Second)}
	recJSON, err := json.Marshal(rec)
	if err != nil {
		return loyalty.Accrual{}, err
	}
	_, err = tx.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
		pipe.HSet(ctx, p.mk(id), "points", a.Balance, "lifetime", a.Lifetime, "orders", orders, "challenges_done", done)
		pipe.HSet(ctx, p.mk(id, "orderdata"), o.OrderID, recJSON)
		pipe.SRem(ctx, p.mk(id, "pending"), o.OrderID)
		pipe.ZAdd(ctx, p.mk(id, "orders"), redis.Z{Score: float64(o.PlacedAt.UnixMilli()), Member: o.OrderID})
		if len(setChallenges) > 0 {
			pipe.HSet(ctx, p.mk(id, "challenges"), setChallenges)
		}
		for c := range cats {
			pipe.HIncrBy(ctx, p.mk(id, "tried"), c, 1)
		}
		if len(setBadges) > 0 {
			pipe.HSet(ctx, p.mk(id, "badges"), setBadges)
		}
		if len(setReds) > 0 {
			pipe.HSet(ctx, p.mk(id, "redemptions"), setReds)
		}
		if len(delActive) > 0 {
			pipe.HDel(ctx, p.mk(id, "active"), delActive...)
		}
		bal := atoi64(member["points"])
		for _, e := range ledger {
			if e.points == 0 {
				continue
			}
			bal += e.points
			pipe.LPush(ctx, p.mk(id, "ledger"), ledgerJSON(now, e.points, bal, e.reason, o.OrderID))
		}
		pipe.LTrim(ctx, p.mk(id, "ledger"), 0, ledgerCap-1)
		return nil
	})
	return a, err
}

// challengePeriod names the period an order counts in: the calendar month in the
// programme's time zone, or "all" for one-off challenges.
func challengePeriod(c challengeDef, local time.Time) string {
	if c.Period == "month" {
		return local.Format("2006-01")
	}
	return "all"
}

type badgeState struct {
	orders, challenges, lifetime int64
	tried                        map[string]string
	hour                         int // -1 when not judging an order
	categories                   []string
}

func (s badgeState) earned(b badgeDef) bool {
	switch b.Rule {
	case "orders":
		return s.orders >= b.Count
	case "category":
		return atoi64(s.tried[b.Category]) >= b.Count
	case "all_categories":
		for _, c := range s.categories {
			if atoi64(s.tried[c]) < 1 {
				return false
			}
		}
		return len(s.categories) > 0
	case "challenges":
		return s.challenges >= b.Count
	case "lifetime_points":
		return s.lifetime >= b.Count
	case "after_hour":
		return s.hour >= 0 && int64(s.hour) >= b.Count
	}
	return false
}

// Orders lists a page of the member's orders, newest first. The orders sorted set
// scores each order id by its placed time in milliseconds, and Redis answers equal
// scores by member from high to low: the order of loyalty.CompareOrders. A page after
// a cursor reads from the cursor's score down and skips the orders of that same
// millisecond that come before it.
func (p *Provider) Orders(ctx context.Context, memberID string, after *loyalty.OrderCursor, limit int) ([]loyalty.Order, error) {
	if _, err := p.memberHash(ctx, memberID); err != nil {
		return nil, err
	}
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	key := p.mk(memberID, "orders")
	var ids []string
	if after == nil {
		var err error
		if ids, err = p.st.Client.ZRevRange(ctx, key, 0, int64(limit-1)).Result(); err != nil {
			return nil, err
		}
	} else {
		max := strconv.FormatInt(after.PlacedAtMilli, 10)
		for offset := int64(0); len(ids) < limit; {
			batch, err := p.st.Client.ZRevRangeByScoreWithScores(ctx, key, &redis.ZRangeBy{Max: max, Min: "-inf", Offset: offset, Count: int64(limit)}).Result()
			if err != nil {
				return nil, err
			}
			for _, z := range batch {
				id, _ := z.Member.(string)
				if len(ids) < limit && loyalty.CompareOrders(loyalty.OrderCursor{PlacedAtMilli: int64(z.Score), OrderID: id}, *after) > 0 {
					ids = append(ids, id)
				}
			}
			if len(batch) < limit {
				break
			}
			offset += int64(len(batch))
		}
	}
	out := make([]loyalty.Order, 0, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	raws, err := p.st.Client.HMGet(ctx, p.mk(memberID, "orderdata"), ids...).Result()
	if err != nil {
		return nil, err
	}
	for _, v := range raws {
		raw, _ := v.(string)
		var o loyalty.Order
		if raw != "" && json.Unmarshal([]byte(raw), &o) == nil {
			out = append(out, withStatus(o))
		}
	}
	return out, nil
}

// Activity lists the points ledger, newest first.
func (p *Provider) Activity(ctx context.Context, memberID string, limit int) ([]loyalty.Activity, error) {
	if err := p.checkID(memberID); err != nil {
		return nil, err
	}
	if err := p.sweep(ctx, memberID); err != nil {
		return nil, err
	}
	if _, err := p.memberHash(ctx, memberID); err != nil {
		return nil, err
	}
	if limit <= 0 || limit > ledgerCap {
		limit = 50
	}
	raws, err := p.st.Client.LRange(ctx, p.mk(memberID, "ledger"), 0, int64(limit-1)).Result()
	if err != nil {
		return nil, err
	}
	out := make([]loyalty.Activity, 0, len(raws))
	for _, raw := range raws {
		var a loyalty.Activity
		if json.Unmarshal([]byte(raw), &a) == nil {
			out = append(out, a)
		}
	}
	return out, nil
}

// adjustScript: KEYS member, ledger; ARGV delta, now, reason, cap. Positive
// adjustments count towards lifetime points. Returns balance, -1 (no member) or
// {-2, balance} when the balance would go below zero.
var adjustScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return {-1, 0} end
local d = tonumber(ARGV[1])
local bal = tonumber(redis.call('HGET', KEYS[1], 'points') or '0')
if bal + d < 0 then return {-2, bal} end
bal = redis.call('HINCRBY', KEYS[1], 'points', d)
if d > 0 then redis.call('HINCRBY', KEYS[1], 'lifetime', d) end
redis.call('LPUSH', KEYS[2], cjson.encode({at = ARGV[2], points = d, balance = bal, reason = ARGV[3], ref = ''}))
redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[4]) - 1)
return {1, bal}`)

// AdjustPoints adds or removes points (goodwill, corrections); the balance never goes
// below zero.
func (p *Provider) AdjustPoints(ctx context.Context, memberID string, delta int64, reason string) (loyalty.Member, error) {
	if err := p.checkID(memberID); err != nil {
		return loyalty.Member{}, err
	}
	reason = strings.TrimSpace(reason)
	bad := map[string]string{}
	if delta == 0 || delta > 1_000_000 || delta < -1_000_000 {
		bad["points"] = "Enter a number of points between -1,000,000 and 1,000,000, not 0"
	}
	if reason == "" || len(reason) > 200 {
		bad["reason"] = "Give a reason of at most 200 characters"
	}
	if err := fault.Fields(msgCheckFields, bad); err != nil {
		return loyalty.Member{}, err
	}
	res, err := adjustScript.Run(ctx, p.st.Client, []string{p.mk(memberID), p.mk(memberID, "ledger")}, delta, iso(p.now()), reason, ledgerCap).Int64Slice()
	if err != nil {
		return loyalty.Member{}, err
	}
	switch res[0] {
	case -1:
		return loyalty.Member{}, errNoMember
	case -2:
		return loyalty.Member{}, fault.New(fault.Rule, "not_enough_points", "The balance is only %d points.", res[1])
	}
	return p.Member(ctx, memberID)
}

// Challenges lists the challenges with the member's progress this period.
func (p *Provider) Challenges(ctx context.Context, memberID string) ([]loyalty.ChallengeProgress, error) {
	if _, err := p.memberHash(ctx, memberID); err != nil {
		return nil, err
	}
	h, err := p.st.Client.HGetAll(ctx, p.mk(memberID, "challenges")).Result()
	if err != nil {
		return nil, err
	}
	local := p.now().In(p.prog.zone)
	out := make([]loyalty.ChallengeProgress, 0, len(p.prog.Challenges))
	for _, c := range p.prog.Challenges {
		field := c.ID + "|" + challengePeriod(c, local)
		cp := loyalty.ChallengeProgress{ID: c.ID, Title: c.Title, Description: c.Description, Goal: c.Goal, BonusPoints: c.BonusPoints,
			Period: c.Period, Progress: atoi64(h[field]), Unit: "orders"}
		if c.Metric == "spend" {
			cp.Unit = "cents"
		}
		if c.Period == "month" {
			end := time.Date(local.Year(), local.Month()+1, 1, 0, 0, 0, 0, p.prog.zone).UTC()
			cp.EndsAt = &end
		}
		if at := h[field+"|done"]; at != "" {
			t := parseISO(at)
			cp.Completed, cp.CompletedAt, cp.Progress = true, &t, c.Goal
		}
		out = append(out, cp)
	}
	return out, nil
}

// Badges lists every badge, earned or not. Badges that depend only on totals (such
// as lifetime points after an adjustment) are awarded here too.
func (p *Provider) Badges(ctx context.Context, memberID string) ([]loyalty.Badge, error) {
	h, err := p.memberHash(ctx, memberID)
	if err != nil {
		return nil, err
	}
	earned, err := p.st.Client.HGetAll(ctx, p.mk(memberID, "badges")).Result()
	if err != nil {
		return nil, err
	}
	tried, err := p.st.Client.HGetAll(ctx, p.mk(memberID, "tried")).Result()
	if err != nil {
		return nil, err
	}
	st := badgeState{orders: atoi64(h["orders"]), challenges: atoi64(h["challenges_done"]), lifetime: atoi64(h["lifetime"]),
		tried: tried, hour: -1, categories: p.prog.Categories}
	now := iso(p.now())
	out := make([]loyalty.Badge, 0, len(p.prog.Badges))
	for _, b := range p.prog.Badges {
		at := earned[b.ID]
		if at == "" && st.earned(b) {
			if _, err := p.st.Client.HSetNX(ctx, p.mk(memberID, "badges"), b.ID, now).Result(); err != nil {
				return nil, err
			}
			at = now
		}
		bd := loyalty.Badge{ID: b.ID, Name: b.Name, Description: b.Description, Earned: at != ""}
		if bd.Earned {
			t := parseISO(at)
			bd.EarnedAt = &t
		}
		out = append(out, bd)
	}
	return out, nil
}
