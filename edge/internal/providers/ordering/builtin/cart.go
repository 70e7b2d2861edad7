package builtin

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// Limits on what a cart may hold.
const (
	MaxLines               = 50
	MaxQuantity            = 99
	MaxInstructionsLength  = 200
	MaxCustomFields        = 10
	MaxCustomFieldLength   = 200
	MaxCustomFieldKeyChars = 40
)

// A visitor has at most one open cart, stored as JSON under cart:{<owner>}. The
// owner is the key's hash tag, shared with the owner's list of orders
// (visitor-orders:{<owner>}) and submit guards (idem:{<owner>}:…), so placing an
// order can delete the cart and list the order in one transaction on a Redis
// Cluster too.
func (p *Provider) cartKey(owner string) string { return p.st.Key("cart", tag(owner)) }

// tag makes s the hash tag of a key: Redis Cluster keeps keys with the same tag in
// one slot, which multi-key commands, scripts and transactions need.
func tag(s string) string { return "{" + s + "}" }

// casCart replaces a cart only if it is unchanged since it was read:
// KEYS[1] cart, ARGV[1] the JSON read, ARGV[2] the new JSON, ARGV[3] TTL ms.
// It answers 1 when it saved, else the cart as it is now (nil when there is none), so
// that a lost race needs no further read.
var casCart = redis.NewScript(`
local cur = redis.call('GET', KEYS[1])
if cur ~= ARGV[1] then return cur end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1`)

func newID(prefix string) string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return prefix + base64.RawURLEncoding.EncodeToString(b)
}

var errNoCart = fault.New(fault.NotFound, "cart_not_found", "Your cart is empty.")

func (p *Provider) load(ctx context.Context, owner string) (ordering.Cart, []byte, error) {
	if owner == "" {
		return ordering.Cart{}, nil, errNoCart
	}
	raw, err := p.st.Client.Get(ctx, p.cartKey(owner)).Bytes()
	if errors.Is(err, redis.Nil) {
		p.recent.drop(owner)
		return ordering.Cart{}, nil, errNoCart
	}
	if err != nil {
		return ordering.Cart{}, nil, err
	}
	if e, ok := p.recent.entry(owner); ok && e.cart != nil && e.raw == string(raw) {
		return cloneCart(e.cart), raw, nil
	}
	var c ordering.Cart
	if err := json.Unmarshal(raw, &c); err != nil {
		return ordering.Cart{}, nil, err
	}
	p.recent.put(owner, string(raw), &c)
	return c, raw, nil
}

func (p *Provider) save(ctx context.Context, owner string, c *ordering.Cart) error {
	now := p.now()
	c.UpdatedAt = now
	c.ExpiresAt = now.Add(p.cfg.CartTTL)
	c.Version++
	raw, err := json.Marshal(c)
	if err != nil {
		return err
	}
	if err := p.st.Client.Set(ctx, p.cartKey(owner), raw, p.cfg.CartTTL).Err(); err != nil {
		p.recent.drop(owner)
		return err
	}
	p.recent.put(owner, string(raw), c)
	return nil
}

// mutate applies fn to the owner's cart, reprices and saves it. The save is a
// compare-and-set against the JSON the change started from, so concurrent changes to
// one cart never overwrite each other; a lost race is retried on the cart the set
// answered.
//
// A change starts from the cart this edge last read or wrote (recentCarts), so it is
// usually one round trip to Redis. That cart may be out of date; a rule it breaks
// (a line that is not there, a full cart) is checked again on the cart read from Redis
// before it is answered.
func (p *Provider) mutate(ctx context.Context, owner string, fn func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error) (ordering.Cart, error) {
	return p.mutateTries(ctx, owner, cartTries, fn)
}

// cartTries is how many times mutate tries a change of one guest's cart: a cart is
// rarely changed by two requests at once.
const cartTries = 5

// mutateTries is mutate trying up to tries times. Beyond cartTries a lost race waits a
// moment at random first, so that many people changing one group's cart at once
// spread out instead of colliding again.
func (p *Provider) mutateTries(ctx context.Context, owner string, tries int, fn func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error) (ordering.Cart, error) {
	if owner == "" {
		return ordering.Cart{}, errNoCart
	}
	// old is the JSON the change starts from: remembered here (maybe out of date),
	// read from Redis during this call (fresh), or not yet known.
	old, remembered := p.recent.get(owner)
	fresh := false
	for attempt := 0; attempt < tries; attempt++ {
		var c ordering.Cart
		var known bool
		if remembered || fresh {
			c, known = p.recent.decoded(owner, old)
		}
		switch {
		case known:
		case remembered || fresh:
			if err := json.Unmarshal([]byte(old), &c); err != nil {
				if fresh {
					return ordering.Cart{}, err
				}
				remembered = false
				continue
			}
		default:
			var raw []byte
			var err error
			if c, raw, err = p.load(ctx, owner); err != nil {
				return ordering.Cart{}, err
			}
			old, fresh = string(raw), true
		}
		if want, ok := ordering.IfMatch(ctx); ok && c.Version != want {
			if !fresh {
				// Judged on a cart remembered here: read it and judge again.
				remembered = false
				continue
			}
			// The client changes a cart it no longer shows: it gets the cart as it is
			// now instead. A lost compare-and-set below comes back here with the
			// cart that won, so of two changes expecting one version only one is made.
			if l, _, err := p.cartContext(&c); err == nil {
				p.price(&c, l)
			}
			return ordering.Cart{}, &ordering.CartChanged{Cart: c}
		}
		l, mi, err := p.cartContext(&c)
		if err == nil {
			err = fn(&c, l, mi)
		}
		if err != nil {
			if !fresh {
				// Checked on a cart remembered here: read it and check again.
				remembered = false
				continue
			}
			return ordering.Cart{}, err
		}
		p.price(&c, l)
		now := p.now()
		c.UpdatedAt, c.ExpiresAt = now, now.Add(p.cfg.CartTTL)
		c.Version++
		raw, err := json.Marshal(&c)
		if err != nil {
			return ordering.Cart{}, err
		}
		res, err := casCart.Run(ctx, p.st.Client, []string{p.cartKey(owner)}, old, raw, p.cfg.CartTTL.Milliseconds()).Result()
		if errors.Is(err, redis.Nil) {
			p.recent.drop(owner)
			return ordering.Cart{}, errNoCart
		}
		if err != nil {
			p.recent.drop(owner)
			return ordering.Cart{}, err
		}
		if cur, ok := res.(string); ok {
			// Changed meanwhile: try again on the cart as it is now.
			old, fresh = cur, true
			p.recent.put(owner, cur, nil)
			if tries > cartTries {
				time.Sleep(time.Duration(1+mrand.IntN(4*(1+min(attempt, 8)))) * time.Millisecond)
			}
			continue
		}
		p.recent.put(owner, string(raw), &c)
		if c.Group != nil {
			p.keepGroup(ctx, owner, c.Group.Code)
		}
		return c, nil
	}
	return ordering.Cart{}, fault.New(fault.Conflict, "cart_busy", "Your cart changed while we were updating it. Please try again.")
}

func (p *Provider) cartContext(c *ordering.Cart) (*ordering.Location, *menuIndex, error) {
	mi, ok := p.cat.menus[c.MenuID]
	if !ok {
		return nil, nil, notFound("menu_not_found", "We couldn't find that menu.")
	}
	i, ok := p.cat.locByID[c.LocationID]
	if !ok {
		return nil, nil, notFound("location_not_found", "We couldn't find that location.")
	}
	return &p.cat.locations[i], mi, nil
}

// Cart returns the owner's cart, repriced.
func (p *Provider) Cart(ctx context.Context, owner string) (ordering.Cart, error) {
	c, _, err := p.load(ctx, owner)
	if err != nil {
		return ordering.Cart{}, err
	}
	if l, _, err := p.cartContext(&c); err == nil {
		p.price(&c, l)
	}
	return c, nil
}

// CreateCart starts a new cart for menuID at locationID, replacing any open cart of the
// owner.
func (p *Provider) CreateCart(ctx context.Context, owner, menuID, locationID string) (ordering.Cart, error) {
	return p.StartCart(ctx, owner, menuID, locationID, true)
}

// errCartOpen refuses to start a cart over one that holds items: what the guest
// chose is not thrown away by a stray request (a second tab, a retried call). The
// guest starts over by saying so (replace).
var errCartOpen = fault.New(fault.Conflict, "cart_open", "You already have a cart with items in it. Keep ordering from it, or start a new one to replace it.")

// StartCart starts a new cart for menuID. An open cart with nothing in it is
// replaced; one holding items only when replace is set (else 409 cart_open).
func (p *Provider) StartCart(ctx context.Context, owner, menuID, locationID string, replace bool) (ordering.Cart, error) {
	if owner == "" {
		return ordering.Cart{}, fault.New(fault.Unauthorized, "no_session", "Your session is missing. Refresh the page and try again.")
	}
	// A cart belongs to the location the guest chose: one is never picked for them, so a
	// menu opened by a link asks the guest first (docs/menu.md, "Choosing a location").
	if locationID == "" {
		return ordering.Cart{}, fault.New(fault.Invalid, "location_required", "Choose the location to order from.").Field("location_id", "Choose a location")
	}
	open, _, err := p.load(ctx, owner)
	switch {
	case err == nil && len(open.Products) > 0 && !replace:
		return ordering.Cart{}, errCartOpen
	case err != nil && !fault.Is(err, fault.NotFound):
		return ordering.Cart{}, err
	}
	if want, ok := ordering.IfMatch(ctx); ok && err == nil && open.Version != want {
		if l, _, err := p.cartContext(&open); err == nil {
			p.price(&open, l)
		}
		return ordering.Cart{}, &ordering.CartChanged{Cart: open}
	}
	loc, err := p.locationFor(ctx, menuID, locationID)
	if err != nil {
		return ordering.Cart{}, err
	}
	now := p.now()
	c := ordering.Cart{ID: newID("c_"), MenuID: menuID, LocationID: loc.ID, Products: []ordering.CartProduct{},
		Handoff: ordering.Handoff{Mode: ordering.HandoffPickup}, Time: ordering.TimeWanted{Mode: ordering.TimeASAP},
		Discounts: []ordering.Discount{}, Fees: []ordering.Fee{}, Tip: ordering.Tip{Percent: p.cat.tips.DefaultPercent}, CreatedAt: now,
		// Above the version of the cart it replaces, so that a tab still showing that
		// one cannot change this one by its version (If-Match).
		Version: open.Version}
	p.price(&c, &p.cat.locations[p.cat.locByID[loc.ID]])
	if err := p.save(ctx, owner, &c); err != nil {
		return ordering.Cart{}, err
	}
	if open.Group != nil {
		// The group ended with the cart it was (its code answers 410 now).
		if err := p.st.Client.Del(ctx, p.groupContactsKey(owner)).Err(); err != nil {
			return ordering.Cart{}, err
		}
	}
	return c, nil
}

// locationFor resolves the location a cart for menuID belongs to.
func (p *Provider) locationFor(ctx context.Context, menuID, locationID string) (ordering.Location, error) {
	if locationID == "" {
		return p.LocationByMenu(ctx, menuID)
	}
	l, err := p.Location(ctx, locationID)
	if err != nil {
		return l, err
	}
	if l.MenuID != menuID {
		return ordering.Location{}, fault.New(fault.Invalid, "menu_mismatch", "%s doesn't sell that menu.", l.Name).Field("location_id", "sells another menu")
	}
	return l, nil
}

// takeCart deletes KEYS[1] and returns {cart, TTL ms}, the TTL being ARGV[1] when
// the key has none; {} when there is no cart.
var takeCart = redis.NewScript(`
local v = redis.call('GET', KEYS[1])
if not v then return {} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 1 then ttl = tonumber(ARGV[1]) end
redis.call('DEL', KEYS[1])
return {v, ttl}`)

// MoveCart hands from's cart to to. The two carts belong to different owners, so
// (on a Redis Cluster) to different slots: the cart is taken from from, then written
// for to, and put back when that write fails, so that it is never lost and never
// held by both.
func (p *Provider) MoveCart(ctx context.Context, from, to string) (ordering.Cart, error) {
	if from == "" || to == "" {
		return ordering.Cart{}, errNoCart
	}
	if from == to {
		return p.Cart(ctx, to)
	}
	p.recent.drop(from)
	p.recent.drop(to)
	taken, err := takeCart.Run(ctx, p.st.Client, []string{p.cartKey(from)}, p.cfg.CartTTL.Milliseconds()).Slice()
	if err != nil {
		return ordering.Cart{}, err
	}
	if len(taken) != 2 {
		return ordering.Cart{}, errNoCart
	}
	raw, _ := taken[0].(string)
	ttl, _ := taken[1].(int64)
	if err := p.st.Client.Set(ctx, p.cartKey(to), raw, time.Duration(ttl)*time.Millisecond).Err(); err != nil {
		p.st.Client.SetNX(context.WithoutCancel(ctx), p.cartKey(from), raw, time.Duration(ttl)*time.Millisecond)
		return ordering.Cart{}, err
	}
	if err := p.moveGroup(ctx, from, to, raw, time.Duration(ttl)*time.Millisecond); err != nil {
		return ordering.Cart{}, err
	}
	return p.Cart(ctx, to)
}

// buildLine checks a line against the product's modifier groups and prices it.
func buildLine(mi *menuIndex, in ordering.LineInput) (ordering.CartProduct, error) {
	pr, ok := mi.products[in.ProductID]
	if !ok {
		return ordering.CartProduct{}, fault.New(fault.NotFound, "product_not_found", "That item isn't on this menu.").Field("product_id", "not on this menu")
	}
	if in.Quantity == 0 {
		in.Quantity = 1
	}
	if in.Quantity < 1 || in.Quantity > MaxQuantity {
		return ordering.CartProduct{}, fault.New(fault.Invalid, "invalid", "Choose a quantity from 1 to %d.", MaxQuantity).Field("quantity", fmt.Sprintf("from 1 to %d", MaxQuantity))
	}
	in.SpecialInstructions = strings.TrimSpace(in.SpecialInstructions)
	if utf8.RuneCountInString(in.SpecialInstructions) > MaxInstructionsLength {
		return ordering.CartProduct{}, fault.New(fault.Invalid, "invalid", "Special instructions can be at most %d characters.", MaxInstructionsLength).Field("special_instructions", "too long")
	}
	// Every option of the product, nested ones too, by "parent/id" ("" parent at the top).
	type pick struct {
		g      *ordering.ModifierGroup
		m      *ordering.Modifier
		parent *ordering.Modifier
	}
	index := map[string]pick{}
	var walk func(groups []ordering.ModifierGroup, parent *ordering.Modifier)
	walk = func(groups []ordering.ModifierGroup, parent *ordering.Modifier) {
		for gi := range groups {
			g := &groups[gi]
			for mi := range g.Modifiers {
				m := &g.Modifiers[mi]
				index[optionKey(parent, m.ID)] = pick{g, m, parent}
				walk(m.ModifierGroups, m)
			}
		}
	}
	walk(pr.ModifierGroups, nil)
	if in.Modifiers == nil {
		// No choices sent: the product's defaults, as the product page pre-selects them
		// (docs/menu.md, "Quick add").
		in.Modifiers = defaultChoices(pr.ModifierGroups, "")
	}
	line := ordering.CartProduct{ProductID: pr.ID, Name: pr.Name, Quantity: in.Quantity, SpecialInstructions: in.SpecialInstructions, Modifiers: []ordering.ChosenModifier{},
		CrossContact: pr.CrossContact, Catering: pr.CategoryID == CateringCategory}
	line.Data.Name = pr.Name
	chosen := map[string]int{}  // "parent/group" → selections
	picked := map[string]bool{} // modifier ids chosen, for their nested options
	seen := map[string]bool{}
	fields := map[string]string{}
	for _, mIn := range in.Modifiers {
		key := mIn.ParentID + "/" + mIn.ID
		pk, ok := index[key]
		if !ok {
			fields["modifiers."+mIn.ID] = "not an option for this item"
			continue
		}
		if seen[key] {
			fields["modifiers."+mIn.ID] = "chosen twice"
			continue
		}
		seen[key] = true
		q := mIn.Quantity
		if q == 0 {
			q = 1
		}
		maxQ := 1
		if pk.g.Kind == ordering.KindCounter {
			maxQ = pk.g.Max
			if pk.m.MaxQuantity > 0 && pk.m.MaxQuantity < maxQ {
				maxQ = pk.m.MaxQuantity
			}
		}
		if q < 1 || q > maxQ {
			fields["modifiers."+mIn.ID] = fmt.Sprintf("%s: choose from 1 to %d", pk.m.Name, maxQ)
			continue
		}
		chosen[mIn.ParentID+"/"+pk.g.ID] += q
		picked[pk.m.ID] = true
		line.Modifiers = append(line.Modifiers, ordering.ChosenModifier{ID: pk.m.ID, GroupID: pk.g.ID, ParentID: mIn.ParentID, Name: pk.m.Name, Quantity: q, PriceCents: pk.m.PriceCents})
	}
	for _, m := range line.Modifiers {
		if m.ParentID != "" && !picked[m.ParentID] {
			fields["modifiers."+m.ID] = fmt.Sprintf("%s goes with an option that is not chosen", m.Name)
		}
	}
	// Every top-level group, and the nested groups of each chosen option, within limits.
	var check func(groups []ordering.ModifierGroup, parent *ordering.Modifier)
	check = func(groups []ordering.ModifierGroup, parent *ordering.Modifier) {
		for _, g := range groups {
			pid, name, field := "", g.Name, "groups."+g.ID
			if parent != nil {
				pid, name, field = parent.ID, g.Name+" for "+parent.Name, "groups."+parent.ID+"."+g.ID
			}
			n := chosen[pid+"/"+g.ID]
			if parent != nil && n == 0 {
				// A nested group left alone takes its defaults: the guest may never
				// have opened it (docs/menu.md, "Nested options").
				for i := range g.Modifiers {
					if d := &g.Modifiers[i]; d.Default {
						line.Modifiers = append(line.Modifiers, ordering.ChosenModifier{ID: d.ID, GroupID: g.ID, ParentID: pid, Name: d.Name, Quantity: 1, PriceCents: d.PriceCents})
						picked[d.ID], seen[pid+"/"+d.ID] = true, true
						n++
					}
				}
				chosen[pid+"/"+g.ID] = n
			}
			switch {
			case n < g.Min && g.Min == g.Max:
				fields[field] = fmt.Sprintf("%s: choose %d", name, g.Min)
			case n < g.Min:
				fields[field] = fmt.Sprintf("%s: choose at least %d", name, g.Min)
			case n > g.Max:
				fields[field] = fmt.Sprintf("%s: choose at most %d", name, g.Max)
			}
			for i := range g.Modifiers {
				if m := &g.Modifiers[i]; picked[m.ID] && seen[pid+"/"+m.ID] {
					check(m.ModifierGroups, m)
				}
			}
		}
	}
	check(pr.ModifierGroups, nil)
	if err := fault.Fields("Some choices for "+pr.Name+" need another look.", fields); err != nil {
		return ordering.CartProduct{}, err
	}
	unit := pr.PriceCents
	cal := pr.Calories
	chosenMarkers := make([][]string, 0, len(line.Modifiers))
	for _, m := range line.Modifiers {
		unit += m.PriceCents * int64(m.Quantity)
		if pk, ok := index[m.ParentID+"/"+m.ID]; ok {
			cal += pk.m.Calories * m.Quantity
			chosenMarkers = append(chosenMarkers, pk.m.Markers)
		}
	}
	line.Markers = ordering.CombineMarkers(pr.Markers, chosenMarkers...)
	line.UnitPriceCents = unit
	line.TotalCents = unit * int64(line.Quantity)
	line.Calories = cal
	return line, nil
}

// optionKey names an option of a product: its parent's id (none at the top) and its own.
func optionKey(parent *ordering.Modifier, id string) string {
	if parent == nil {
		return "/" + id
	}
	return parent.ID + "/" + id
}

// defaultChoices are the default modifiers of groups, with the defaults of their nested
// groups under them.
func defaultChoices(groups []ordering.ModifierGroup, parentID string) []ordering.ModifierInput {
	out := []ordering.ModifierInput{}
	for _, g := range groups {
		for _, m := range g.Modifiers {
			if m.Default {
				out = append(out, ordering.ModifierInput{ID: m.ID, Quantity: 1, ParentID: parentID})
				out = append(out, defaultChoices(m.ModifierGroups, m.ID)...)
			}
		}
	}
	return out
}

// checkAvailable refuses a part-day product outside its window at the time the
// order is wanted (now for ASAP).
func (p *Provider) checkAvailable(c *ordering.Cart, l *ordering.Location, mi *menuIndex, productID string) error {
	pr := mi.products[productID]
	if pr == nil || pr.Availability == nil {
		return nil
	}
	when := p.now()
	if c.Time.At != nil && c.Time.Mode != ordering.TimeASAP {
		when = *c.Time.At
	}
	ok, next := p.cat.partDay(l, pr.Availability, when)
	if ok {
		return nil
	}
	if next.IsZero() {
		return fault.New(fault.Rule, "product_unavailable", "%s is served from %s to %s, when %s is closed.",
			pr.Name, clockLabel(pr.Availability.From), clockLabel(pr.Availability.Until), l.Name).
			Field("product_id", "not available at this location")
	}
	return fault.New(fault.Rule, "product_unavailable", "%s is served from %s to %s. You can order it for %s or later.",
		pr.Name, clockLabel(pr.Availability.From), clockLabel(pr.Availability.Until), timeLabel(p.cat.zones[l.ID], next, p.now())).
		Field("product_id", "not available at this time")
}

// clockLabel writes "06:00" as "6:00 AM".
func clockLabel(hhmm string) string {
	m, _ := clock(hhmm)
	return time.Date(2000, 1, 1, m/60, m%60, 0, 0, time.UTC).Format("3:04 PM")
}

func modifierInputs(l ordering.CartProduct) []ordering.ModifierInput {
	out := make([]ordering.ModifierInput, len(l.Modifiers))
	for i, m := range l.Modifiers {
		out[i] = ordering.ModifierInput{ID: m.ID, Quantity: m.Quantity, ParentID: m.ParentID}
	}
	return out
}

// AddProduct adds a line. The same product with the same choices and instructions
// merges into the existing line. On a group order the line is the host's.
func (p *Provider) AddProduct(ctx context.Context, owner string, in ordering.LineInput) (ordering.Cart, error) {
	return p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		who := ""
		if c.Group != nil {
			who = c.Group.HostID
		}
		_, err := p.addLine(c, l, mi, in, who)
		return err
	})
}

// addLine adds a line for the participant who ("" outside group orders) and answers
// its index. The same product with the same choices and instructions merges into
// that person's line: people's lines stay apart, so each one's part stays theirs.
func (p *Provider) addLine(c *ordering.Cart, l *ordering.Location, mi *menuIndex, in ordering.LineInput, who string) (int, error) {
	line, err := buildLine(mi, in)
	if err != nil {
		return -1, err
	}
	if err := p.checkAvailable(c, l, mi, line.ProductID); err != nil {
		return -1, err
	}
	for i := range c.Products {
		ex := &c.Products[i]
		if ex.Reward.ID == "" && ex.Participant == who && ex.ProductID == line.ProductID && ex.SpecialInstructions == line.SpecialInstructions && sameModifiers(ex.Modifiers, line.Modifiers) {
			if ex.Quantity+line.Quantity > MaxQuantity {
				return -1, fault.New(fault.Invalid, "invalid", "You can order at most %d of one item.", MaxQuantity).Field("quantity", "too many")
			}
			ex.Quantity += line.Quantity
			ex.TotalCents = ex.UnitPriceCents * int64(ex.Quantity)
			return i, p.checkLead(c, l)
		}
	}
	if err := linesFull(c); err != nil {
		return -1, err
	}
	line.ID = newID("l_")
	line.Participant = who
	c.Products = append(c.Products, line)
	return len(c.Products) - 1, p.checkLead(c, l)
}

// linesFull refuses one more line: a cart holds MaxLines, a group order
// ordering.MaxGroupLines (everyone's together).
func linesFull(c *ordering.Cart) error {
	if c.Group != nil {
		if len(c.Products) >= ordering.MaxGroupLines {
			return fault.New(fault.Conflict, "group_lines_full", "This group order can hold %d different items, and it's full.", ordering.MaxGroupLines)
		}
		return nil
	}
	if len(c.Products) >= MaxLines {
		return fault.New(fault.Rule, "cart_full", "Your cart can hold %d different items. Check out or remove something first.", MaxLines)
	}
	return nil
}

// checkLead refuses a product that needs more notice than the cart's chosen time
// gives (checkTime, as when the time is set and when the order is placed). An ASAP cart
// takes it: its time is not chosen yet, and the cart says what it needs (price).
func (p *Provider) checkLead(c *ordering.Cart, l *ordering.Location) error {
	if c.Time.Mode == ordering.TimeASAP {
		return nil
	}
	_, err := p.cat.checkTime(l, c.Time, p.now(), c.Products)
	if fe, ok := fault.As(err); ok && fe.Code == "lead_time" {
		return err
	}
	return nil
}

func sameModifiers(a, b []ordering.ChosenModifier) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[string]int{}
	for _, x := range a {
		m[x.ParentID+"/"+x.ID] = x.Quantity
	}
	for _, x := range b {
		if q, ok := m[x.ParentID+"/"+x.ID]; !ok || q != x.Quantity {
			return false
		}
	}
	return true
}

// cartReward is the reward of the cart with the redemption id.
func cartReward(c *ordering.Cart, id string) (ordering.AppliedReward, bool) {
	for _, r := range c.Rewards {
		if r.ID == id {
			return r, true
		}
	}
	return ordering.AppliedReward{}, false
}

func findLine(c *ordering.Cart, lineID string) int {
	for i := range c.Products {
		if c.Products[i].ID == lineID {
			return i
		}
	}
	return -1
}

// UpdateProduct replaces a line's quantity, choices and instructions.
func (p *Provider) UpdateProduct(ctx context.Context, owner, lineID string, in ordering.LineInput) (ordering.Cart, error) {
	return p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		i := findLine(c, lineID)
		if i < 0 {
			return notFound("line_not_found", "That item is no longer in your cart.")
		}
		in := in // fn may run again on a newer cart: fill the blanks from that one
		if in.ProductID == "" {
			in.ProductID = c.Products[i].ProductID
		}
		if in.Modifiers == nil {
			in.Modifiers = modifierInputs(c.Products[i])
		}
		if rw := c.Products[i].Reward; rw.ID != "" {
			// A free item stays one of its product; its choices may change.
			if in.ProductID != c.Products[i].ProductID {
				return errRewardLine("product_id", "This item is a reward: it can't become another item.")
			}
			if in.Quantity > 1 {
				return errRewardLine("quantity", "A reward is one item. Add another from the menu to order more.")
			}
			r, ok := cartReward(c, rw.ID)
			if !ok {
				return notFound("line_not_found", "That item is no longer in your cart.")
			}
			line, err := p.rewardLine(c, l, mi, r, in.Modifiers)
			if err != nil {
				return err
			}
			line.ID, line.Participant, line.SpecialInstructions = c.Products[i].ID, c.Products[i].Participant, strings.TrimSpace(in.SpecialInstructions)
			if utf8.RuneCountInString(line.SpecialInstructions) > MaxInstructionsLength {
				return fault.New(fault.Invalid, "invalid", "Special instructions can be at most %d characters.", MaxInstructionsLength).Field("special_instructions", "too long")
			}
			c.Products[i] = line
			return nil
		}
		line, err := buildLine(mi, in)
		if err != nil {
			return err
		}
		if line.ProductID != c.Products[i].ProductID {
			if err := p.checkAvailable(c, l, mi, line.ProductID); err != nil {
				return err
			}
		}
		// The stored line's own id, not lineID: that one may point into the request's
		// memory (a path parameter), which the server reuses for the next request, and
		// the cart outlives the request in the provider's cache.
		line.ID, line.Participant = c.Products[i].ID, c.Products[i].Participant
		c.Products[i] = line
		return nil
	})
}

// RemoveProduct removes a line.
func (p *Provider) RemoveProduct(ctx context.Context, owner, lineID string) (ordering.Cart, error) {
	return p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		i := findLine(c, lineID)
		if i < 0 {
			return notFound("line_not_found", "That item is no longer in your cart.")
		}
		if c.Products[i].Reward.ID != "" {
			// Its points come back only with the reward (DELETE /rewards/redemptions/:id).
			return fault.New(fault.Conflict, "reward_line", "This item is a reward: remove the reward to take it out of your cart.")
		}
		c.Products = append(c.Products[:i], c.Products[i+1:]...)
		return nil
	})
}

// TransferCart moves the cart to another menu, re-pricing every line there and
// reporting the lines that menu cannot take. The shell asks for it at start-up when
// the location allows it (services.transfercart) and the menus differ.
func (p *Provider) TransferCart(ctx context.Context, owner, menuID, locationID string) (ordering.Cart, []ordering.NotTransferred, error) {
	target, err := p.menu(menuID)
	if err != nil {
		return ordering.Cart{}, nil, err
	}
	loc, err := p.locationFor(ctx, menuID, locationID)
	if err != nil {
		return ordering.Cart{}, nil, err
	}
	var dropped []ordering.NotTransferred
	c, err := p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		dropped = []ordering.NotTransferred{}
		if c.Group != nil {
			// Everyone in the group chose from this location's menu.
			return fault.New(fault.Conflict, "group_open", "End the group order before changing location.")
		}
		if c.MenuID == menuID {
			c.LocationID = loc.ID
			return nil
		}
		kept := []ordering.CartProduct{}
		rewards := []ordering.AppliedReward{}
		for _, r := range c.Rewards {
			if !slices.ContainsFunc(c.Products, func(x ordering.CartProduct) bool { return x.Reward.ID == r.ID }) {
				rewards = append(rewards, r)
			}
		}
		for _, line := range c.Products {
			if line.Reward.ID != "" {
				// A free item moves with its reward, free on the new menu too, or not at all.
				r, _ := cartReward(c, line.Reward.ID)
				nl, err := p.rewardLine(c, &p.cat.locations[p.cat.locByID[loc.ID]], target, r, modifierInputs(line))
				if err != nil {
					dropped = append(dropped, ordering.NotTransferred{LineID: line.ID, Name: line.Name, Reason: "Not on this location's menu"})
					continue
				}
				nl.ID, nl.SpecialInstructions = line.ID, line.SpecialInstructions
				kept = append(kept, nl)
				rewards = append(rewards, r)
				continue
			}
			nl, err := buildLine(target, ordering.LineInput{ProductID: line.ProductID, Quantity: line.Quantity, Modifiers: modifierInputs(line), SpecialInstructions: line.SpecialInstructions})
			if err != nil {
				dropped = append(dropped, ordering.NotTransferred{LineID: line.ID, Name: line.Name, Reason: droppedReason(err)})
				continue
			}
			nl.ID = line.ID
			kept = append(kept, nl)
		}
		c.Products = kept
		c.Rewards = rewards
		c.MenuID = menuID
		c.LocationID = loc.ID
		c.Time = ordering.TimeWanted{Mode: ordering.TimeASAP}
		nl := &p.cat.locations[p.cat.locByID[loc.ID]]
		if !handoffOffered(nl, c.Handoff.Mode) {
			c.Handoff = ordering.Handoff{Mode: ordering.HandoffPickup}
		}
		return nil
	})
	if err != nil {
		return ordering.Cart{}, nil, err
	}
	return c, dropped, nil
}

func handoffOffered(l *ordering.Location, mode string) bool {
	switch mode {
	case ordering.HandoffPickup:
		return l.Services.Pickup
	case ordering.HandoffCurbside:
		return l.Services.Curbside
	case ordering.HandoffDelivery:
		return l.Services.Delivery
	}
	return false
}

// clean trims and caps what a guest types with the same messages as the shared
// address rules (ordering.CheckAddress).
var clean = ordering.Clean

// SetHandoff chooses delivery, pickup or curbside with its details.
func (p *Provider) SetHandoff(ctx context.Context, owner string, h ordering.Handoff) (ordering.Cart, error) {
	fields := map[string]string{}
	switch h.Mode {
	case ordering.HandoffPickup:
		h = ordering.Handoff{Mode: h.Mode}
	case ordering.HandoffCurbside:
		if h.Vehicle == nil {
			h.Vehicle = &ordering.Vehicle{}
		}
		v := *h.Vehicle
		v.Make = clean(v.Make, 30, "vehicle.make", "the make of your car", fields, true)
		v.Model = clean(v.Model, 30, "vehicle.model", "the model of your car", fields, true)
		v.Color = clean(v.Color, 20, "vehicle.color", "the color of your car", fields, true)
		h = ordering.Handoff{Mode: h.Mode, Vehicle: &v}
	case ordering.HandoffDelivery:
		if h.Address == nil {
			h.Address = &ordering.Address{}
		}
		a := ordering.CheckAddress(*h.Address, fields)
		notes := clean(h.DeliveryNotes, 200, "delivery_notes", "delivery notes", fields, false)
		h = ordering.Handoff{Mode: h.Mode, Address: &a, DeliveryNotes: notes}
	default:
		return ordering.Cart{}, fault.New(fault.Invalid, "invalid", "Choose delivery, pickup or curbside.").Field("mode", "must be delivery, pickup or curbside")
	}
	if err := fault.Fields("Check the highlighted fields.", fields); err != nil {
		return ordering.Cart{}, err
	}
	if h.Mode == ordering.HandoffDelivery {
		lat, lng, err := ordering.LocateAddress(ctx, p.cfg.Geocoder, *h.Address)
		if err != nil {
			return ordering.Cart{}, err
		}
		h.Lat, h.Lng = lat, lng
	}
	return p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		if !handoffOffered(l, h.Mode) {
			return fault.New(fault.Rule, "handoff_unavailable", "%s doesn't offer %s.", l.Name, modeLabel(h.Mode)).Field("mode", "not offered here")
		}
		if h.Mode == ordering.HandoffDelivery {
			d, ok := delivers(l, h.Lat, h.Lng)
			if !ok {
				return fault.New(fault.Rule, "outside_delivery_area", "That address is %.1f miles away; %s delivers within %.1f miles. Try pickup instead.", d, l.Name, l.Services.DeliveryRadiusMiles).Field("address.street", "Outside the delivery area")
			}
			h.DistanceMiles = roundMiles(d)
		}
		c.Handoff = h
		return nil
	})
}

func modeLabel(mode string) string {
	switch mode {
	case ordering.HandoffDelivery:
		return "delivery"
	case ordering.HandoffCurbside:
		return "curbside pickup"
	}
	return "in-store pickup"
}

// SetTime chooses ASAP, later today or an advance date and time.
func (p *Provider) SetTime(ctx context.Context, owner string, t ordering.TimeWanted) (ordering.Cart, error) {
	return p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		if t.Mode == ordering.TimeASAP {
			t.At = nil
		}
		if _, err := p.cat.checkTime(l, t, p.now(), c.Products); err != nil {
			return err
		}
		if t.At != nil {
			at := t.At.UTC()
			t.At = &at
		}
		c.Time = t
		return nil
	})
}

// ApplyCoupon adds a coupon code (one per cart).
func (p *Provider) ApplyCoupon(ctx context.Context, owner, code string) (ordering.Cart, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	if code == "" || len(code) > 40 {
		return ordering.Cart{}, fault.New(fault.Invalid, "invalid", "Enter a coupon code.").Field("code", "Enter a coupon code")
	}
	cp, ok := p.cat.coupons[code]
	if !ok {
		return ordering.Cart{}, fault.New(fault.Rule, "coupon_invalid", "That coupon code isn't valid.").Field("code", "Not a valid code")
	}
	if cp.Expires != nil && !p.now().Before(*cp.Expires) {
		return ordering.Cart{}, fault.New(fault.Rule, "coupon_expired", "That coupon has expired.").Field("code", "Expired")
	}
	return p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		c.Coupon = code
		return nil
	})
}

// RemoveCoupon drops the coupon.
func (p *Provider) RemoveCoupon(ctx context.Context, owner string) (ordering.Cart, error) {
	return p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		c.Coupon = ""
		return nil
	})
}

// SetTip sets a percentage tip or an amount, as the tip rule takes them (tipRule.check);
// {} clears it.
func (p *Provider) SetTip(ctx context.Context, owner string, t ordering.Tip) (ordering.Cart, error) {
	if fe := p.cat.tips.check(t, "", false); fe != nil {
		return ordering.Cart{}, fe
	}
	return p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		c.Tip = t
		return nil
	})
}

// SetTaxExemption records a tax-exemption certificate id ("" removes it).
func (p *Provider) SetTaxExemption(ctx context.Context, owner, id string) (ordering.Cart, error) {
	id = strings.ToUpper(strings.TrimSpace(id))
	if id != "" && !p.cat.taxExempt.MatchString(id) {
		return ordering.Cart{}, fault.New(fault.Invalid, "invalid", "Enter the ID from your tax-exemption certificate: 6 to 20 letters, digits or dashes.").Field("id", "Not a valid exemption ID")
	}
	return p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		c.TaxExemptID = id
		return nil
	})
}

// SetUtensils asks for (or declines) utensils and napkins.
func (p *Provider) SetUtensils(ctx context.Context, owner string, utensils bool) (ordering.Cart, error) {
	return p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		c.Utensils = utensils
		return nil
	})
}

// SetCustomFields stores the location's custom checkout fields (free text).
func (p *Provider) SetCustomFields(ctx context.Context, owner string, fields map[string]string) (ordering.Cart, error) {
	if len(fields) > MaxCustomFields {
		return ordering.Cart{}, fault.New(fault.Invalid, "invalid", "At most %d custom fields.", MaxCustomFields)
	}
	bad := map[string]string{}
	clean := map[string]string{}
	for k, v := range fields {
		if k == "" || utf8.RuneCountInString(k) > MaxCustomFieldKeyChars {
			bad[k] = "bad field name"
			continue
		}
		v = strings.TrimSpace(v)
		if utf8.RuneCountInString(v) > MaxCustomFieldLength {
			bad[k] = "at most " + strconv.Itoa(MaxCustomFieldLength) + " characters"
			continue
		}
		if v != "" {
			clean[k] = v
		}
	}
	if err := fault.Fields("Check the highlighted fields.", bad); err != nil {
		return ordering.Cart{}, err
	}
	return p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		// Only the fields the location asks for, each within its own length. fn may
		// run more than once (mutate): it keeps nothing from an earlier run.
		asked := map[string]ordering.CustomField{}
		for _, f := range l.CustomFields {
			asked[f.Name] = f
		}
		bad := map[string]string{}
		for k, v := range clean {
			f, ok := asked[k]
			if !ok {
				bad[k] = l.Name + " doesn't ask for this"
			} else if utf8.RuneCountInString(v) > f.MaxLength {
				bad[k] = "at most " + strconv.Itoa(f.MaxLength) + " characters"
			}
		}
		if err := fault.Fields("Check the highlighted fields.", bad); err != nil {
			return err
		}
		c.CustomFields = clean
		return nil
	})
}

// ApplyReward adds a redeemed loyalty reward. A free-item reward (one naming its
// product) adds that product as a line of its own at $0, with the product's default
// choices, marked as the reward; any other reward is an amount off the subtotal.
func (p *Provider) ApplyReward(ctx context.Context, owner string, r ordering.AppliedReward) (ordering.Cart, error) {
	if r.ID == "" || r.AmountCents <= 0 {
		return ordering.Cart{}, fault.New(fault.Invalid, "invalid", "That reward can't be used.")
	}
	return p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		for _, x := range c.Rewards {
			if x.ID == r.ID {
				return nil
			}
		}
		if len(c.Rewards) >= 3 {
			return fault.New(fault.Rule, "too_many_rewards", "You can use up to 3 rewards on one order.")
		}
		if r.ProductID != "" {
			line, err := p.rewardLine(c, l, mi, r, nil)
			if err != nil {
				return err
			}
			if err := linesFull(c); err != nil {
				return err
			}
			line.ID = newID("l_")
			if c.Group != nil {
				line.Participant = c.Group.HostID // a reward is the host's
			}
			c.Products = append(c.Products, line)
		}
		c.Rewards = append(c.Rewards, r)
		return nil
	})
}

// rewardLine is the line of a free-item reward: its product, once, with the given
// choices (nil: the product's defaults). The reward pays for the product with its
// default choices, so the line is $0 unless other choices cost more than those.
func (p *Provider) rewardLine(c *ordering.Cart, l *ordering.Location, mi *menuIndex, r ordering.AppliedReward, choices []ordering.ModifierInput) (ordering.CartProduct, error) {
	base, err := buildLine(mi, ordering.LineInput{ProductID: r.ProductID, Quantity: 1})
	if err != nil {
		if fe, ok := fault.As(err); ok && fe.Code == "product_not_found" {
			return ordering.CartProduct{}, fault.New(fault.Rule, "reward_item_unavailable", "%s isn't on %s's menu. Try it at another location.", r.Name, l.Name)
		}
		return ordering.CartProduct{}, err
	}
	if err := p.checkAvailable(c, l, mi, r.ProductID); err != nil {
		return ordering.CartProduct{}, err
	}
	line := base
	if choices != nil {
		if line, err = buildLine(mi, ordering.LineInput{ProductID: r.ProductID, Quantity: 1, Modifiers: choices}); err != nil {
			return ordering.CartProduct{}, err
		}
	}
	line.UnitPriceCents = max(line.UnitPriceCents-base.UnitPriceCents, 0)
	line.TotalCents = line.UnitPriceCents
	line.Reward = ordering.LineReward{ID: r.ID, Label: r.Name + " — Reward"}
	return line, nil
}

// errRewardLine refuses changing a free-item line into something else.
func errRewardLine(field, msg string) error {
	return fault.New(fault.Rule, "reward_line_fixed", "%s", msg).Field(field, "fixed by the reward")
}

// price recomputes discounts, fees, tax, tip and totals (integer cents).
func (p *Provider) price(c *ordering.Cart, l *ordering.Location) {
	var sub int64
	items := 0
	for _, line := range c.Products {
		sub += line.TotalCents
		items += line.Quantity
	}
	c.ItemCount = items
	c.Warnings = nil
	c.Fees = []ordering.Fee{}
	if c.Handoff.Mode == ordering.HandoffDelivery && l.Services.DeliveryFeeCents > 0 {
		c.Fees = append(c.Fees, ordering.Fee{Code: "delivery", Label: "Delivery fee", AmountCents: l.Services.DeliveryFeeCents})
	}
	c.Discounts = []ordering.Discount{}
	remaining := sub
	if c.Coupon != "" {
		cp, ok := p.cat.coupons[c.Coupon]
		var amt int64
		switch {
		case !ok:
			c.Warnings = append(c.Warnings, couponGone())
		case cp.MinSubtotalCents > 0 && sub < cp.MinSubtotalCents:
			c.Warnings = append(c.Warnings, couponNeedsSubtotal(cp))
		case cp.Kind == "amount":
			amt = cp.AmountCents
		case cp.Kind == "percent":
			amt = (sub*cp.Percent + 50) / 100
			if cp.MaxCents > 0 && amt > cp.MaxCents {
				amt = cp.MaxCents
			}
		case cp.Kind == "delivery_fee":
			if len(c.Fees) == 0 {
				c.Warnings = append(c.Warnings, couponDeliveryOnly(cp))
			}
			for i := range c.Fees {
				c.Fees[i].AmountCents = 0
			}
		}
		amt = min(amt, remaining)
		remaining -= amt
		if ok {
			c.Discounts = append(c.Discounts, ordering.Discount{Kind: "coupon", Code: cp.Code, Label: cp.Description, AmountCents: amt})
		}
	}
	asLine := map[string]bool{}
	for _, line := range c.Products {
		asLine[line.Reward.ID] = line.Reward.ID != ""
	}
	for _, r := range c.Rewards {
		if asLine[r.ID] {
			continue // a free item: its line is already $0
		}
		amt := min(r.AmountCents, remaining)
		remaining -= amt
		c.Discounts = append(c.Discounts, ordering.Discount{Kind: "reward", Code: r.ID, Label: r.Name, AmountCents: amt})
	}
	var disc, fees int64
	for _, d := range c.Discounts {
		disc += d.AmountCents
	}
	for _, f := range c.Fees {
		fees += f.AmountCents
	}
	var tax int64
	if c.TaxExemptID == "" {
		tax = ((sub-disc+fees)*l.TaxRateBps + 5000) / 10000
	}
	tip := tipCents(c.Tip, sub)
	if fe := p.leadWarning(c, l); fe != nil {
		c.Warnings = append(c.Warnings, issueOf(fe))
	}
	c.Totals = ordering.Totals{SubtotalCents: sub, DiscountCents: disc, FeesCents: fees, TaxCents: tax, TipCents: tip, TotalCents: sub - disc + fees + tax + tip}
	c.Blocking = nil
	if fe := belowDeliveryMinimum(c, l); fe != nil {
		c.Blocking = append(c.Blocking, issueOf(fe))
	}
	c.TipOptions = p.cat.tips.options(c)
	p.priceGroup(c, l)
}

// leadWarning is the refusal a cart's time meets for the notice its products need
// (checkTime's lead_time), said while the cart is open; nil when the time gives enough.
func (p *Provider) leadWarning(c *ordering.Cart, l *ordering.Location) *fault.Error {
	needs := false
	for _, line := range c.Products {
		needs = needs || p.cat.leadTime(line) > 0
	}
	if !needs {
		return nil
	}
	_, err := p.cat.checkTime(l, c.Time, p.now(), c.Products)
	if fe, ok := fault.As(err); ok && fe.Code == "lead_time" {
		return fe
	}
	return nil
}

func (p *Provider) slotCounts(ctx context.Context, locID string, slots []time.Time) ([]int64, error) {
	out := make([]int64, len(slots))
	if len(slots) == 0 {
		return out, nil
	}
	keys := make([]string, len(slots))
	for i, t := range slots {
		keys[i] = p.slotKey(locID, t)
	}
	vals, err := p.st.Client.MGet(ctx, keys...).Result()
	if err != nil {
		return nil, err
	}
	for i, v := range vals {
		if s, ok := v.(string); ok {
			out[i], _ = strconv.ParseInt(s, 10, 64)
		}
	}
	return out, nil
}

// slotKey counts the orders taken for a location's pickup slot. A location's slots
// share its id as hash tag, so Times reads them with one MGET on a Redis Cluster too.
func (p *Provider) slotKey(locID string, t time.Time) string {
	return p.st.Key("slot", tag(locID), strconv.FormatInt(t.Unix(), 10))
}

// Reorder starts a cart at the order's location (or locationID) through StartCart,
// so an open cart holding items is kept unless replace is set, then puts in the
// order's lines as that location's menu prices them now. A line the menu no longer
// has, or whose choices or serving hours it cannot take, is reported instead; a
// reward's free item is reported too, the reward having been used by the order.
// Two reorders at once leave the lines once: the lines replace the started cart's,
// which is this call's cart or one another start left empty.
func (p *Provider) Reorder(ctx context.Context, owner string, o ordering.Order, locationID string, replace bool) (ordering.Cart, []ordering.NotTransferred, error) {
	if locationID == "" {
		locationID = o.LocationID
	}
	loc, err := p.Location(ctx, locationID)
	if err != nil {
		return ordering.Cart{}, nil, err
	}
	started, err := p.StartCart(ctx, owner, loc.MenuID, loc.ID, replace)
	if err != nil {
		return ordering.Cart{}, nil, err
	}
	var dropped []ordering.NotTransferred
	c, err := p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		if c.ID != started.ID && len(c.Products) > 0 {
			return errCartOpen // another request filled a cart meanwhile
		}
		dropped = []ordering.NotTransferred{}
		lines := []ordering.CartProduct{}
		for _, line := range o.Products {
			if line.Reward.ID != "" {
				dropped = append(dropped, ordering.NotTransferred{LineID: line.ID, Name: line.Name, Reason: "Rewards aren't ordered again"})
				continue
			}
			nl, err := buildLine(mi, ordering.LineInput{ProductID: line.ProductID, Quantity: line.Quantity, Modifiers: modifierInputs(line), SpecialInstructions: line.SpecialInstructions})
			if err == nil {
				err = p.checkAvailable(c, l, mi, nl.ProductID)
			}
			if err != nil {
				dropped = append(dropped, ordering.NotTransferred{LineID: line.ID, Name: line.Name, Reason: droppedReason(err)})
				continue
			}
			if len(lines) == MaxLines {
				dropped = append(dropped, ordering.NotTransferred{LineID: line.ID, Name: line.Name, Reason: "Your cart is full"})
				continue
			}
			nl.ID = newID("l_")
			lines = append(lines, nl)
		}
		c.Products = lines
		return nil
	})
	if err != nil {
		return ordering.Cart{}, nil, err
	}
	return c, dropped, nil
}

// droppedReason is the guest's words for a line that could not be carried into another
// cart (a change of location, a guest cart joining a member's, an order again), from
// the error that rebuilding the line on the new menu gave.
func droppedReason(err error) string {
	fe, ok := fault.As(err)
	switch {
	case !ok || fe.Code == "product_not_found":
		return "Not on this location's menu"
	case fe.Code == "product_unavailable":
		return "Not served at this time"
	default:
		return "Some choices aren't available here"
	}
}
