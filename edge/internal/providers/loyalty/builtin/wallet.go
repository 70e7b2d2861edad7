package builtin

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// Saved addresses, cards (payment tokens only) and favourite locations. Each list is
// a hash (or sorted set) of the member; the default address and card are fields of
// the member hash, so exactly one is the default.

var usStates = map[string]bool{}

func init() {
	for _, s := range strings.Fields("AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY") {
		usStates[s] = true
	}
}

var zipPattern = regexp.MustCompile(`^[0-9]{5}(-[0-9]{4})?$`)

func tooLong(s string, n int) bool { return utf8.RuneCountInString(s) > n }

func hasControl(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f })
}

func cleanAddress(in loyalty.AddressInput) (loyalty.SavedAddress, error) {
	a := loyalty.SavedAddress{
		Label: strings.TrimSpace(in.Label), Street: strings.TrimSpace(in.Street), Unit: strings.TrimSpace(in.Unit),
		City: strings.TrimSpace(in.City), State: strings.ToUpper(strings.TrimSpace(in.State)), ZIP: strings.TrimSpace(in.ZIP),
		Instructions: strings.TrimSpace(in.Instructions), Default: in.Default,
	}
	bad := map[string]string{}
	check := func(field, v, empty string, maxLen int) {
		switch {
		case v == "" && empty != "":
			bad[field] = empty
		case tooLong(v, maxLen):
			bad[field] = "Use at most " + itoa(maxLen) + " characters"
		case hasControl(v):
			bad[field] = "Remove special characters"
		}
	}
	check("label", a.Label, "Give this address a name, like Home or Work", 30)
	check("street", a.Street, "Enter the street address", 100)
	check("unit", a.Unit, "", 20)
	check("city", a.City, "Enter the city", 50)
	check("instructions", a.Instructions, "", 200)
	if !usStates[a.State] {
		bad["state"] = "Choose a state"
	}
	if !zipPattern.MatchString(a.ZIP) {
		bad["zip"] = "Enter a 5-digit ZIP code"
	}
	return a, fault.Fields(msgCheckFields, bad)
}

func itoa(n int) string { return strconv.Itoa(n) }

// putScript stores an entry of a capped list hash: KEYS 1 list hash, 2 member;
// ARGV id, JSON, max, default field, make default (1/0), replace only (1/0).
// Returns 1, -1 (list full), -2 (exists, when adding), -3 (missing, when replacing).
var putScript = redis.NewScript(`
local exists = redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1
if ARGV[6] == '1' then
  if not exists then return -3 end
else
  if exists then return -2 end
  if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return -1 end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if ARGV[5] == '1' or redis.call('HLEN', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[2], ARGV[4], ARGV[1])
elseif ARGV[6] == '1' and redis.call('HGET', KEYS[2], ARGV[4]) == ARGV[1] then
  redis.call('HDEL', KEYS[2], ARGV[4])
end
return 1`)

// dropScript removes an entry: KEYS 1 list hash, 2 member; ARGV id, default field.
var dropScript = redis.NewScript(`
if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return 0 end
if redis.call('HGET', KEYS[2], ARGV[2]) == ARGV[1] then redis.call('HDEL', KEYS[2], ARGV[2]) end
return 1`)

func (p *Provider) put(ctx context.Context, memberID, list, id string, v any, maxN int, defField string, makeDefault, replace bool) (int, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return 0, err
	}
	return putScript.Run(ctx, p.st.Client, []string{p.mk(memberID, list), p.mk(memberID)}, id, raw, maxN, defField, flag(makeDefault), flag(replace)).Int()
}

// Addresses lists saved addresses, the default first.
func (p *Provider) Addresses(ctx context.Context, memberID string) ([]loyalty.SavedAddress, error) {
	return walletList(ctx, p, memberID, "addresses", "default_address",
		func(a *loyalty.SavedAddress, id string, isDefault bool) (bool, time.Time, string) {
			a.ID, a.Default = id, isDefault
			return a.Default, a.CreatedAt, a.ID
		})
}

// walletList reads one of a member's wallet lists (a hash of JSON entries), lets fill
// complete each entry and give its sort key, and orders the list: the default first,
// then oldest first, then by id.
func walletList[T any](ctx context.Context, p *Provider, memberID, list, defField string,
	fill func(v *T, id string, isDefault bool) (def bool, created time.Time, key string)) ([]T, error) {
	h, err := p.memberHash(ctx, memberID)
	if err != nil {
		return nil, err
	}
	all, err := p.st.Client.HGetAll(ctx, p.mk(memberID, list)).Result()
	if err != nil {
		return nil, err
	}
	type keyed struct {
		v       T
		def     bool
		created time.Time
		id      string
	}
	rows := make([]keyed, 0, len(all))
	for id, raw := range all {
		var k keyed
		if json.Unmarshal([]byte(raw), &k.v) == nil {
			k.def, k.created, k.id = fill(&k.v, id, id == h[defField])
			rows = append(rows, k)
		}
	}
	slices.SortFunc(rows, func(a, b keyed) int {
		if a.def != b.def {
			if a.def {
				return -1
			}
			return 1
		}
		if c := a.created.Compare(b.created); c != 0 {
			return c
		}
		return cmpString(a.id, b.id)
	})
	out := make([]T, len(rows))
	for i, r := range rows {
		out[i] = r.v
	}
	return out, nil
}

func sameAddress(a, b loyalty.SavedAddress) bool {
	norm := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	return norm(a.Street) == norm(b.Street) && norm(a.Unit) == norm(b.Unit) && a.ZIP[:5] == b.ZIP[:5]
}

// AddAddress saves a delivery address (at most 10). The first one is the default.
func (p *Provider) AddAddress(ctx context.Context, memberID string, in loyalty.AddressInput) (loyalty.SavedAddress, error) {
	a, err := cleanAddress(in)
	if err != nil {
		return loyalty.SavedAddress{}, err
	}
	list, err := p.Addresses(ctx, memberID)
	if err != nil {
		return loyalty.SavedAddress{}, err
	}
	for _, x := range list {
		if sameAddress(a, x) {
			return loyalty.SavedAddress{}, fault.New(fault.Conflict, "address_exists", "That address is already saved as %q.", x.Label)
		}
	}
	a.ID, a.CreatedAt = newID("addr_"), p.now().Truncate(time.Second)
	return p.storeAddress(ctx, memberID, a, false)
}

// UpdateAddress replaces a saved address.
func (p *Provider) UpdateAddress(ctx context.Context, memberID, addressID string, in loyalty.AddressInput) (loyalty.SavedAddress, error) {
	a, err := cleanAddress(in)
	if err != nil {
		return loyalty.SavedAddress{}, err
	}
	list, err := p.Addresses(ctx, memberID)
	if err != nil {
		return loyalty.SavedAddress{}, err
	}
	i := slices.IndexFunc(list, func(x loyalty.SavedAddress) bool { return x.ID == addressID })
	if i < 0 {
		return loyalty.SavedAddress{}, errNoAddress
	}
	a.ID, a.CreatedAt = addressID, list[i].CreatedAt
	return p.storeAddress(ctx, memberID, a, true)
}

var errNoAddress = fault.New(fault.NotFound, "address_not_found", "We couldn't find that address.")

func (p *Provider) storeAddress(ctx context.Context, memberID string, a loyalty.SavedAddress, replace bool) (loyalty.SavedAddress, error) {
	stored := a
	stored.Default = false
	res, err := p.put(ctx, memberID, "addresses", a.ID, stored, MaxAddresses, "default_address", a.Default, replace)
	if err != nil {
		return loyalty.SavedAddress{}, err
	}
	switch res {
	case -1:
		return loyalty.SavedAddress{}, fault.New(fault.Rule, "too_many_addresses", "You can save up to %d addresses. Remove one first.", MaxAddresses)
	case -3:
		return loyalty.SavedAddress{}, errNoAddress
	}
	list, err := p.Addresses(ctx, memberID)
	if err != nil {
		return loyalty.SavedAddress{}, err
	}
	for _, x := range list {
		if x.ID == a.ID {
			return x, nil
		}
	}
	return loyalty.SavedAddress{}, errNoAddress
}

// RemoveAddress deletes a saved address.
func (p *Provider) RemoveAddress(ctx context.Context, memberID, addressID string) error {
	if err := p.checkID(memberID); err != nil {
		return err
	}
	n, err := dropScript.Run(ctx, p.st.Client, []string{p.mk(memberID, "addresses"), p.mk(memberID)}, addressID, "default_address").Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return errNoAddress
	}
	return nil
}

var (
	cardBrands     = map[string]string{"amex": "Amex", "discover": "Discover", "mastercard": "MasterCard", "visa": "Visa"}
	tokenPattern   = regexp.MustCompile(`^[A-Za-z0-9_.:-]{8,200}$`)
	digitRuns      = regexp.MustCompile(`[0-9]+`)
	processorID    = regexp.MustCompile(`^[a-z0-9-]{1,40}$`)
	msgCardNumber  = "Don't enter a card number here. Add your card through the secure card form"
	msgTokenFormat = "Add your card through the secure card form"
)

// looksLikeCardNumber reports whether s carries a payment card number: 12 to 19
// digits (spaces and dashes ignored) passing the Luhn check, or nothing but digits.
func looksLikeCardNumber(s string) bool {
	compact := strings.NewReplacer(" ", "", "-", "", ".", "").Replace(s)
	if compact != "" && strings.Trim(compact, "0123456789") == "" && len(compact) >= 8 {
		return true
	}
	for _, run := range digitRuns.FindAllString(compact, -1) {
		if len(run) < 12 {
			continue
		}
		for n := 12; n <= 19 && n <= len(run); n++ {
			for i := 0; i+n <= len(run); i++ {
				if luhnValid(run[i:i+n]) && run[i] != '0' {
					return true
				}
			}
		}
	}
	return false
}

// spacedDigits finds runs of digits that may hold spaces or dashes.
var spacedDigits = regexp.MustCompile(`[0-9][0-9 \-]*[0-9]`)

// looksLikeCardNumberInToken is looksLikeCardNumber for machine-made tokens: random
// tokens contain digits, so a digit run glued to letters ("…ab1234567890123c…") is
// part of the token, and only a run standing on its own ("tok_4111…", "x:6011…:y")
// or a value of nothing but digits counts as a card number.
func looksLikeCardNumberInToken(s string) bool {
	compact := strings.NewReplacer(" ", "", "-", "", ".", "").Replace(s)
	if compact != "" && strings.Trim(compact, "0123456789") == "" && len(compact) >= 8 {
		return true
	}
	isLetter := func(b byte) bool { return (b|0x20) >= 'a' && (b|0x20) <= 'z' }
	for _, ix := range spacedDigits.FindAllStringIndex(s, -1) {
		if (ix[0] > 0 && isLetter(s[ix[0]-1])) || (ix[1] < len(s) && isLetter(s[ix[1]])) {
			continue
		}
		run := strings.NewReplacer(" ", "", "-", "").Replace(s[ix[0]:ix[1]])
		if len(run) >= 12 && len(run) <= 19 && luhnValid(run) {
			return true
		}
	}
	return false
}

// tokenProblem is the field message for a payment token that is not one.
func tokenProblem(token string) string {
	switch {
	case looksLikeCardNumberInToken(token):
		return msgCardNumber
	case !tokenPattern.MatchString(token) || !strings.ContainsFunc(token, unicode.IsLetter):
		return msgTokenFormat
	}
	return ""
}

func cardLabel(brand, last4 string) string {
	return cardBrands[brand] + " •••• " + last4
}

func (p *Provider) cardExpired(month, year int) bool {
	now := p.now().In(p.prog.zone)
	return year < now.Year() || (year == now.Year() && month < int(now.Month()))
}

// AddCard saves a payment token with its display details (at most 10 cards). Card
// numbers are refused wherever they appear.
func (p *Provider) AddCard(ctx context.Context, memberID string, in loyalty.CardInput) (loyalty.SavedCard, error) {
	token := strings.TrimSpace(in.Token)
	c := loyalty.SavedCard{Token: token, Processor: strings.TrimSpace(in.Processor), Brand: strings.ToLower(strings.TrimSpace(in.Brand)),
		Last4: strings.TrimSpace(in.Last4), ExpMonth: in.ExpMonth, ExpYear: in.ExpYear, Nickname: strings.TrimSpace(in.Nickname), Default: in.Default}
	if c.ExpYear >= 0 && c.ExpYear < 100 {
		c.ExpYear += 2000
	}
	bad := map[string]string{}
	if token == "" {
		bad["token"] = msgTokenFormat
	} else if m := tokenProblem(token); m != "" {
		bad["token"] = m
	}
	if looksLikeCardNumber(c.Nickname) {
		bad["nickname"] = "Don't put your card number in the nickname"
	} else if tooLong(c.Nickname, 30) || hasControl(c.Nickname) {
		bad["nickname"] = "Use at most 30 characters"
	}
	if c.Processor != "" && !processorID.MatchString(c.Processor) {
		bad["processor"] = "Unknown card processor"
	}
	if cardBrands[c.Brand] == "" {
		bad["brand"] = "We accept Amex, Discover, MasterCard and Visa"
	}
	if len(c.Last4) != 4 || strings.Trim(c.Last4, "0123456789") != "" {
		bad["last4"] = "Enter the last 4 digits of the card"
	}
	year := p.now().In(p.prog.zone).Year()
	switch {
	case c.ExpMonth < 1 || c.ExpMonth > 12:
		bad["exp_month"] = "Enter the expiry month as a number from 1 to 12"
	case c.ExpYear < year || c.ExpYear > year+20:
		bad["exp_year"] = "Enter the expiry year, like 29 or 2029"
	case p.cardExpired(c.ExpMonth, c.ExpYear):
		bad["exp_year"] = "This card has expired"
	}
	if err := fault.Fields(msgCheckFields, bad); err != nil {
		return loyalty.SavedCard{}, err
	}
	if _, err := p.memberHash(ctx, memberID); err != nil {
		return loyalty.SavedCard{}, err
	}
	c.ID = "card_" + digest(c.Processor + "|" + token)[:20]
	c.CreatedAt = p.now().Truncate(time.Second)
	stored := c
	stored.Default = false
	res, err := p.put(ctx, memberID, "cards", c.ID, stored, MaxCards, "default_card", c.Default, false)
	if err != nil {
		return loyalty.SavedCard{}, err
	}
	switch res {
	case -1:
		return loyalty.SavedCard{}, fault.New(fault.Rule, "too_many_cards", "You can save up to %d cards. Remove one first.", MaxCards)
	case -2:
		return loyalty.SavedCard{}, fault.New(fault.Conflict, "card_exists", "This card is already saved.")
	}
	return p.card(ctx, memberID, c.ID)
}

var errNoCard = fault.New(fault.NotFound, "card_not_found", "We couldn't find that card.")

func (p *Provider) card(ctx context.Context, memberID, cardID string) (loyalty.SavedCard, error) {
	cards, err := p.Cards(ctx, memberID)
	if err != nil {
		return loyalty.SavedCard{}, err
	}
	for _, c := range cards {
		if c.ID == cardID {
			return c, nil
		}
	}
	return loyalty.SavedCard{}, errNoCard
}

// Cards lists saved cards, the default first.
func (p *Provider) Cards(ctx context.Context, memberID string) ([]loyalty.SavedCard, error) {
	return walletList(ctx, p, memberID, "cards", "default_card",
		func(c *loyalty.SavedCard, id string, isDefault bool) (bool, time.Time, string) {
			c.ID, c.Default = id, isDefault
			c.Label = cardLabel(c.Brand, c.Last4)
			c.Expired = p.cardExpired(c.ExpMonth, c.ExpYear)
			return c.Default, c.CreatedAt, c.ID
		})
}

// RemoveCard deletes a saved card.
func (p *Provider) RemoveCard(ctx context.Context, memberID, cardID string) error {
	if err := p.checkID(memberID); err != nil {
		return err
	}
	n, err := dropScript.Run(ctx, p.st.Client, []string{p.mk(memberID, "cards"), p.mk(memberID)}, cardID, "default_card").Int()
	if err != nil {
		return err
	}
	if n == 0 {
		return errNoCard
	}
	return nil
}

// favScript adds a favourite: KEYS favourites; ARGV location, score, max. Returns 1,
// or -1 when the list is full.
var favScript = redis.NewScript(`
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 1 end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return -1 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
return 1`)

// FavoriteLocations lists favourite location ids in the order they were added.
func (p *Provider) FavoriteLocations(ctx context.Context, memberID string) ([]string, error) {
	if _, err := p.memberHash(ctx, memberID); err != nil {
		return nil, err
	}
	ids, err := p.st.Client.ZRange(ctx, p.mk(memberID, "favorites"), 0, -1).Result()
	if ids == nil {
		ids = []string{}
	}
	return ids, err
}

// AddFavoriteLocation adds a location to the favourites (at most 10).
func (p *Provider) AddFavoriteLocation(ctx context.Context, memberID, locationID string) ([]string, error) {
	locationID = strings.TrimSpace(locationID)
	if m := p.locationProblem(ctx, locationID); m != "" {
		return nil, fault.New(fault.Invalid, "invalid", msgCheckFields).Field("location_id", m)
	}
	if _, err := p.memberHash(ctx, memberID); err != nil {
		return nil, err
	}
	n, err := favScript.Run(ctx, p.st.Client, []string{p.mk(memberID, "favorites")}, locationID, p.now().UnixMilli(), MaxFavorites).Int()
	if err != nil {
		return nil, err
	}
	if n == -1 {
		return nil, fault.New(fault.Rule, "too_many_favorites", "You can save up to %d favorite locations. Remove one first.", MaxFavorites)
	}
	return p.FavoriteLocations(ctx, memberID)
}

// RemoveFavoriteLocation removes a favourite; removing one that isn't there is fine.
func (p *Provider) RemoveFavoriteLocation(ctx context.Context, memberID, locationID string) ([]string, error) {
	if _, err := p.memberHash(ctx, memberID); err != nil {
		return nil, err
	}
	if err := p.st.Client.ZRem(ctx, p.mk(memberID, "favorites"), locationID).Err(); err != nil {
		return nil, err
	}
	return p.FavoriteLocations(ctx, memberID)
}
