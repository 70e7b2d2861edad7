package builtin

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// A redemption is stored as JSON in the member's redemptions hash. While it is active
// the active hash maps its key ("reward:<id>", "offer:<id>", "perk:<subscription>")
// to it, which is what allows one active redemption per reward. Offers and perks that
// may be taken once per period also leave a claim ("birthday|2026").

type storedRedemption struct {
	loyalty.Redemption
	Exp  int64  `json:"exp"`            // ExpiresAt, Unix seconds, for the scripts
	AKey string `json:"akey"`           // key in the active hash
	CKey string `json:"ckey,omitempty"` // key in the claims hash
	Seq  int64  `json:"seq"`            // order of creation within the member
}

func ledgerJSON(at time.Time, points, balance int64, reason, ref string) string {
	b, _ := json.Marshal(loyalty.Activity{At: at.UTC().Truncate(time.Second), Points: points, Balance: balance, Reason: reason, Ref: ref})
	return string(b)
}

// luaRedemptions is shared by the redemption scripts. KEYS: 1 member, 2 active,
// 3 redemptions, 4 ledger, 5 claims. ARGV: 1 now (Unix s), 2 now (RFC 3339),
// 3 ledger cap. sweep() expires active redemptions past their time and gives their
// points back.
const luaRedemptions = `
local now, nowiso, cap = tonumber(ARGV[1]), ARGV[2], tonumber(ARGV[3])
local function ledger(pts, bal, reason, ref)
  redis.call('LPUSH', KEYS[4], cjson.encode({at = nowiso, points = pts, balance = bal, reason = reason, ref = ref}))
  redis.call('LTRIM', KEYS[4], 0, cap - 1)
end
local function sweep()
  local act = redis.call('HGETALL', KEYS[2])
  for i = 1, #act, 2 do
    local raw = redis.call('HGET', KEYS[3], act[i + 1])
    if not raw then
      redis.call('HDEL', KEYS[2], act[i])
    else
      local r = cjson.decode(raw)
      if r.status ~= 'active' then
        redis.call('HDEL', KEYS[2], act[i])
      elseif tonumber(r.exp) <= now then
        r.status = 'expired'
        r.closed_at = nowiso
        redis.call('HSET', KEYS[3], act[i + 1], cjson.encode(r))
        redis.call('HDEL', KEYS[2], act[i])
        local pts = tonumber(r.points) or 0
        if pts > 0 then
          local bal = redis.call('HINCRBY', KEYS[1], 'points', pts)
          ledger(pts, bal, 'Returned: ' .. r.name .. ' expired unused', r.id)
        end
      end
    end
  end
end
`

var sweepScript = redis.NewScript(luaRedemptions + `
sweep()
return 1`)

// issueScript creates a redemption. ARGV: 4 id, 5 JSON, 6 active key, 7 points,
// 8 claim key or "", 9 ledger reason. Returns {1, balance} | {-1, balance} (not
// enough points) | {-2, id} (already active) | {-3, id} (already claimed) | {-4, ""}.
var issueScript = redis.NewScript(luaRedemptions + `
if redis.call('EXISTS', KEYS[1]) == 0 then return {-4, ''} end
sweep()
if ARGV[8] ~= '' then
  local c = redis.call('HGET', KEYS[5], ARGV[8])
  if c then return {-3, c} end
end
local cur = redis.call('HGET', KEYS[2], ARGV[6])
if cur then return {-2, cur} end
local cost = tonumber(ARGV[7])
local bal = tonumber(redis.call('HGET', KEYS[1], 'points') or '0')
if bal < cost then return {-1, tostring(bal)} end
if cost > 0 then
  bal = redis.call('HINCRBY', KEYS[1], 'points', -cost)
  ledger(-cost, bal, ARGV[9], ARGV[4])
end
local r = cjson.decode(ARGV[5])
r.seq = redis.call('HINCRBY', KEYS[1], 'rseq', 1)
redis.call('HSET', KEYS[3], ARGV[4], cjson.encode(r))
redis.call('HSET', KEYS[2], ARGV[6], ARGV[4])
if ARGV[8] ~= '' then redis.call('HSET', KEYS[5], ARGV[8], ARGV[4]) end
return {1, tostring(bal)}`)

// cancelScript cancels an active redemption and gives its points back. ARGV: 4 id.
// Returns {1, balance} | {-1, ""} (none) | {-2, status}.
var cancelScript = redis.NewScript(luaRedemptions + `
if not redis.call('HGET', KEYS[3], ARGV[4]) then return {-1, ''} end
sweep()
local r = cjson.decode(redis.call('HGET', KEYS[3], ARGV[4]))
if r.status ~= 'active' then return {-2, r.status} end
r.status = 'cancelled'
r.closed_at = nowiso
redis.call('HSET', KEYS[3], ARGV[4], cjson.encode(r))
if redis.call('HGET', KEYS[2], r.akey) == ARGV[4] then redis.call('HDEL', KEYS[2], r.akey) end
if r.ckey and r.ckey ~= '' and redis.call('HGET', KEYS[5], r.ckey) == ARGV[4] then redis.call('HDEL', KEYS[5], r.ckey) end
local bal = tonumber(redis.call('HGET', KEYS[1], 'points') or '0')
local pts = tonumber(r.points) or 0
if pts > 0 then
  bal = redis.call('HINCRBY', KEYS[1], 'points', pts)
  ledger(pts, bal, 'Returned: ' .. r.name .. ' cancelled', r.id)
end
return {1, tostring(bal)}`)

func (p *Provider) redemptionKeys(id string) []string {
	return []string{p.mk(id), p.mk(id, "active"), p.mk(id, "redemptions"), p.mk(id, "ledger"), p.mk(id, "claims")}
}

func (p *Provider) scriptArgs(extra ...any) []any {
	now := p.now()
	return append([]any{now.Unix(), iso(now), ledgerCap}, extra...)
}

// sweep gives back the points of the member's expired, unused redemptions.
func (p *Provider) sweep(ctx context.Context, id string) error {
	return sweepScript.Run(ctx, p.st.Client, p.redemptionKeys(id), p.scriptArgs()...).Err()
}

func scriptResult(v any) (int64, string) {
	res, _ := v.([]any)
	if len(res) < 2 {
		return 0, ""
	}
	code, _ := res[0].(int64)
	s, _ := res[1].(string)
	return code, s
}

// issue stores a new redemption, taking its points.
func (p *Provider) issue(ctx context.Context, memberID string, r storedRedemption, reason string) (loyalty.Redemption, int64, string, error) {
	raw, err := json.Marshal(r)
	if err != nil {
		return loyalty.Redemption{}, 0, "", err
	}
	v, err := issueScript.Run(ctx, p.st.Client, p.redemptionKeys(memberID), p.scriptArgs(r.ID, string(raw), r.AKey, r.Points, r.CKey, reason)...).Result()
	if err != nil {
		return loyalty.Redemption{}, 0, "", err
	}
	code, s := scriptResult(v)
	return r.Redemption, code, s, nil
}

func (p *Provider) newRedemption(kind, rewardID, name string, points, amount int64, product string, expires time.Time) storedRedemption {
	now := p.now()
	return storedRedemption{
		Redemption: loyalty.Redemption{ID: newID("rd_"), Kind: kind, RewardID: rewardID, Name: name, Points: points, AmountCents: amount,
			ProductID: product, Status: loyalty.RedemptionActive, CreatedAt: now.Truncate(time.Second), ExpiresAt: expires.UTC().Truncate(time.Second)},
		Exp: expires.Unix(),
	}
}

// Rewards lists the catalogue with what the member can take now.
func (p *Provider) Rewards(ctx context.Context, memberID string) ([]loyalty.Reward, error) {
	out := slices.Clone(p.prog.Rewards)
	if memberID == "" {
		return out, nil
	}
	m, err := p.Member(ctx, memberID)
	if err != nil {
		return nil, err
	}
	active, err := p.st.Client.HGetAll(ctx, p.mk(memberID, "active")).Result()
	if err != nil {
		return nil, err
	}
	for i := range out {
		r := &out[i]
		r.RedemptionID = active["reward:"+r.ID]
		if r.Points > m.Points {
			r.PointsNeeded = r.Points - m.Points
		}
		r.Available = r.PointsNeeded == 0 && r.RedemptionID == ""
	}
	return out, nil
}

// RedeemReward takes a catalogue reward for its points. The points check and the
// deduction are one Lua script, so two redemptions racing for the last points cannot
// both succeed.
func (p *Provider) RedeemReward(ctx context.Context, memberID, rewardID string) (loyalty.Redemption, error) {
	if err := p.checkID(memberID); err != nil {
		return loyalty.Redemption{}, err
	}
	rw, ok := p.prog.reward(rewardID)
	if !ok {
		return loyalty.Redemption{}, fault.New(fault.NotFound, "reward_not_found", "That reward isn't available.")
	}
	r := p.newRedemption(loyalty.KindReward, rw.ID, rw.Name, rw.Points, rw.AmountCents, rw.ProductID, p.now().AddDate(0, 0, p.prog.RedemptionDays))
	r.AKey = "reward:" + rw.ID
	r.FreeItem = rw.ProductID != "" // a catalogue reward naming a product is that product, free
	red, code, s, err := p.issue(ctx, memberID, r, "Redeemed: "+rw.Name)
	if err != nil {
		return loyalty.Redemption{}, err
	}
	switch code {
	case 1:
		return red, nil
	case -1:
		bal, _ := strconv.ParseInt(s, 10, 64)
		return loyalty.Redemption{}, fault.New(fault.Rule, "not_enough_points", "You need %d more points for this reward.", rw.Points-bal)
	case -2:
		return loyalty.Redemption{}, fault.New(fault.Conflict, "reward_already_redeemed", "You already have this reward ready to use. Use it on your next order, or cancel it first.")
	case -4:
		return loyalty.Redemption{}, errNoMember
	}
	return loyalty.Redemption{}, errors.New("loyalty: unexpected redeem result")
}

var errNoRedemption = fault.New(fault.NotFound, "redemption_not_found", "We couldn't find that reward.")

// Redemption returns one of the member's redemptions.
func (p *Provider) Redemption(ctx context.Context, memberID, redemptionID string) (loyalty.Redemption, error) {
	if err := p.checkID(memberID); err != nil {
		return loyalty.Redemption{}, err
	}
	if err := p.sweep(ctx, memberID); err != nil {
		return loyalty.Redemption{}, err
	}
	raw, err := p.st.Client.HGet(ctx, p.mk(memberID, "redemptions"), redemptionID).Result()
	if errors.Is(err, redis.Nil) {
		return loyalty.Redemption{}, errNoRedemption
	}
	if err != nil {
		return loyalty.Redemption{}, err
	}
	var r storedRedemption
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		return loyalty.Redemption{}, err
	}
	return r.Redemption, nil
}

// Redemptions lists the member's redemptions, newest first.
func (p *Provider) Redemptions(ctx context.Context, memberID string) ([]loyalty.Redemption, error) {
	if _, err := p.memberHash(ctx, memberID); err != nil {
		return nil, err
	}
	if err := p.sweep(ctx, memberID); err != nil {
		return nil, err
	}
	all, err := p.st.Client.HGetAll(ctx, p.mk(memberID, "redemptions")).Result()
	if err != nil {
		return nil, err
	}
	list := make([]storedRedemption, 0, len(all))
	for _, raw := range all {
		var r storedRedemption
		if json.Unmarshal([]byte(raw), &r) == nil {
			list = append(list, r)
		}
	}
	slices.SortFunc(list, func(a, b storedRedemption) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		if a.Seq != b.Seq {
			return int(b.Seq - a.Seq)
		}
		return cmpString(b.ID, a.ID)
	})
	out := make([]loyalty.Redemption, len(list))
	for i, r := range list {
		out[i] = r.Redemption
	}
	return out, nil
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// CancelRedemption cancels an unused redemption and gives its points back; an offer
// or perk can then be taken again.
func (p *Provider) CancelRedemption(ctx context.Context, memberID, redemptionID string) (loyalty.Redemption, error) {
	if err := p.checkID(memberID); err != nil {
		return loyalty.Redemption{}, err
	}
	v, err := cancelScript.Run(ctx, p.st.Client, p.redemptionKeys(memberID), p.scriptArgs(redemptionID)...).Result()
	if err != nil {
		return loyalty.Redemption{}, err
	}
	code, s := scriptResult(v)
	switch code {
	case -1:
		return loyalty.Redemption{}, errNoRedemption
	case -2:
		msg := map[string]string{
			loyalty.RedemptionUsed:      "This reward was already used on an order.",
			loyalty.RedemptionCancelled: "This reward was already cancelled.",
			loyalty.RedemptionExpired:   "This reward expired and its points were returned.",
		}[s]
		if msg == "" {
			msg = "This reward can't be cancelled."
		}
		return loyalty.Redemption{}, fault.New(fault.Rule, "redemption_closed", "%s", msg)
	}
	return p.Redemption(ctx, memberID, redemptionID)
}

// Offers lists the programme-wide offers, marking the ones that apply today.
func (p *Provider) Offers(ctx context.Context) ([]loyalty.Offer, error) {
	now := p.now()
	out := slices.Clone(p.prog.Offers)
	for i := range out {
		out[i].ActiveNow = p.offerActive(out[i], now)
	}
	return out, nil
}

// offerActive: within the offer's dates and on its weekday (programme time zone).
func (p *Provider) offerActive(o loyalty.Offer, at time.Time) bool {
	if o.StartsAt != nil && at.Before(*o.StartsAt) {
		return false
	}
	if o.EndsAt != nil && !at.Before(*o.EndsAt) {
		return false
	}
	return o.Weekday == "" || weekday(o.Weekday) == int(at.In(p.prog.zone).Weekday())
}

// memberOffers are the reward offers of a member now, with their claim keys.
func (p *Provider) memberOffers(ctx context.Context, h map[string]string) ([]loyalty.RewardOffer, map[string]string, error) {
	now := p.now()
	local := now.In(p.prog.zone)
	claims, err := p.st.Client.HGetAll(ctx, p.mk(h["id"], "claims")).Result()
	if err != nil {
		return nil, nil, err
	}
	out := []loyalty.RewardOffer{}
	keys := map[string]string{}
	for _, o := range p.prog.MemberOffers {
		var exp time.Time
		var claim string
		switch o.Kind {
		case "birthday":
			b, err := time.Parse("2006-01-02", h["birthday"])
			if err != nil || b.Month() != local.Month() {
				continue
			}
			exp = time.Date(local.Year(), local.Month()+1, 1, 0, 0, 0, 0, p.prog.zone)
			claim = "birthday|" + strconv.Itoa(local.Year())
		case "welcome":
			if !emailConfirmed(h) {
				continue
			}
			exp = parseISO(h["created"]).AddDate(0, 0, o.Days)
			claim = "welcome"
			if !now.Before(exp) && claims[claim] == "" {
				continue
			}
		}
		ro := loyalty.RewardOffer{ID: o.ID, Name: o.Name, Description: o.Description, AmountCents: o.AmountCents, ProductID: o.ProductID, ExpiresAt: exp.UTC()}
		if rid := claims[claim]; rid != "" {
			ro.Redeemed, ro.RedemptionID = true, rid
		}
		out = append(out, ro)
		keys[o.ID] = claim
	}
	return out, keys, nil
}

// RewardOffers lists the member's reward offers: a birthday treat during the birthday
// month, a welcome treat for 30 days after joining once the account is confirmed.
func (p *Provider) RewardOffers(ctx context.Context, memberID string) ([]loyalty.RewardOffer, error) {
	h, err := p.memberHash(ctx, memberID)
	if err != nil {
		return nil, err
	}
	out, _, err := p.memberOffers(ctx, h)
	return out, err
}

// RedeemOffer takes a reward offer as a free redemption, once per offer period.
func (p *Provider) RedeemOffer(ctx context.Context, memberID, offerID string) (loyalty.Redemption, error) {
	h, err := p.memberHash(ctx, memberID)
	if err != nil {
		return loyalty.Redemption{}, err
	}
	offers, claims, err := p.memberOffers(ctx, h)
	if err != nil {
		return loyalty.Redemption{}, err
	}
	i := slices.IndexFunc(offers, func(o loyalty.RewardOffer) bool { return o.ID == offerID })
	if i < 0 {
		return loyalty.Redemption{}, fault.New(fault.NotFound, "offer_not_available", "That offer isn't available right now.")
	}
	o := offers[i]
	errUsed := fault.New(fault.Conflict, "offer_already_redeemed", "You've already used this offer.")
	if o.Redeemed {
		return loyalty.Redemption{}, errUsed
	}
	r := p.newRedemption(loyalty.KindOffer, o.ID, o.Name, 0, o.AmountCents, o.ProductID, o.ExpiresAt)
	r.AKey, r.CKey = "offer:"+o.ID, claims[o.ID]
	r.FreeItem = o.ProductID != "" // a birthday dessert, a welcome biscuit
	red, code, _, err := p.issue(ctx, memberID, r, "")
	if err != nil {
		return loyalty.Redemption{}, err
	}
	switch code {
	case 1:
		return red, nil
	case -2, -3:
		return loyalty.Redemption{}, errUsed
	case -4:
		return loyalty.Redemption{}, errNoMember
	}
	return loyalty.Redemption{}, errors.New("loyalty: unexpected redeem result")
}
