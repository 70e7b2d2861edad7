package builtin

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/site"
	"github.com/henhouse/platform/edge/internal/store/outbox"
)

// Group orders (docs/group-orders.md): the group is the host's cart (cart:{owner}),
// changed through mutate's compare-and-swap like any change of a cart. The code maps
// to the host (group:<code>); the emails people give live apart from the cart, in
// group-contacts:{owner} (one field per participant id), so that the cart, which the
// host's browser reads, never holds anyone's contact details. The contacts share the
// owner's slot, so placing the order deletes them with the cart.

var _ ordering.GroupOrders = (*Provider)(nil)

// Group rules (docs/group-orders.md, "Rules").
const (
	// groupTries is how many times a participant's change is tried: up to 25 people
	// may add to one cart at once, and each lost race is tried again on the cart as
	// it is now.
	groupTries = 64
	// groupDefaultLead: the deadline by default is this long before the cart's time
	// (or from now for ASAP).
	groupDefaultLead = 30 * time.Minute
	// groupMinAhead: a chosen deadline is at least this far from now.
	groupMinAhead = 5 * time.Minute
	// groupMaxAhead: an ASAP cart's deadline is at most this far from now.
	groupMaxAhead = 12 * time.Hour
	// maxGroupLimitCents bounds a spending limit per person.
	maxGroupLimitCents = 100000
	// maxInvites is how many addresses one invitation takes.
	maxInvites = 25
)

var (
	errGroupClosed    = fault.New(fault.Gone, "group_closed", "This group order is closed.")
	errGroupNotFound  = fault.New(fault.NotFound, "group_not_found", "We couldn't find that group order. Check the link.")
	errNotGroup       = fault.New(fault.NotFound, "group_not_found", "Your cart isn't a group order.")
	errGroupNotJoined = fault.New(fault.Forbidden, "group_not_joined", "Add your name to join this group order first.")
	errGroupLine      = notFound("line_not_found", "That item is no longer in your order.")
)

func (p *Provider) groupKey(code string) string { return p.st.Key("group", code) }

func (p *Provider) groupContactsKey(owner string) string {
	return p.st.Key("group-contacts", tag(owner))
}

// participantID is the participant a visitor is in a group: a keyed hash of the
// visitor's id with the group's code, so the same visitor is the same person, the id
// tells nothing of them, and it differs from group to group.
func participantID(code, viewer string) string {
	m := hmac.New(sha256.New, []byte(code))
	m.Write([]byte(viewer))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))[:16]
}

// groupState is a group's state at now: closed once the host closed it or its
// deadline has come.
func groupState(g *ordering.CartGroup, now time.Time) string {
	if g.ClosedEarly || !now.Before(g.Deadline) {
		return ordering.GroupClosed
	}
	return ordering.GroupOpen
}

// groupDeadline is the deadline rule: by default 30 minutes before the cart's time
// (from now for ASAP), never sooner than 5 minutes from now nor after the cart's time;
// a chosen one at least 5 minutes from now and never after the cart's time (an ASAP
// cart's at most 12 hours from now).
func (p *Provider) groupDeadline(c *ordering.Cart, l *ordering.Location, chosen *time.Time) (time.Time, error) {
	now := p.now()
	var at *time.Time
	if c.Time.Mode != ordering.TimeASAP && c.Time.At != nil {
		at = c.Time.At
	}
	if chosen == nil {
		if at == nil {
			return now.Add(groupDefaultLead), nil
		}
		d := at.Add(-groupDefaultLead)
		if d.Before(now.Add(groupMinAhead)) {
			d = now.Add(groupMinAhead)
		}
		if d.After(*at) {
			d = *at
		}
		return d.UTC(), nil
	}
	d := chosen.UTC().Truncate(time.Second)
	z := p.zone(l)
	if d.Before(now.Add(groupMinAhead)) {
		return time.Time{}, fault.New(fault.Invalid, "invalid", "Choose a deadline at least 5 minutes from now.").Field("deadline", "At least 5 minutes from now")
	}
	if at != nil && d.After(*at) {
		return time.Time{}, fault.New(fault.Invalid, "invalid", "Choose a deadline no later than the order's time, %s.", timeLabel(z, *at, now)).Field("deadline", "After the order's time")
	}
	if at == nil && d.After(now.Add(groupMaxAhead)) {
		return time.Time{}, fault.New(fault.Invalid, "invalid", "Choose a deadline within 12 hours, or set a time for the order first.").Field("deadline", "More than 12 hours away")
	}
	return d, nil
}

func (p *Provider) zone(l *ordering.Location) *time.Location {
	if z := p.cat.zones[l.ID]; z != nil {
		return z
	}
	return time.UTC
}

// priceGroup brings a group up to date with its cart (price): each person's subtotal
// and item count, the state and the deadline's label as of now. A cart time set
// before the deadline brings the deadline with it.
func (p *Provider) priceGroup(c *ordering.Cart, l *ordering.Location) {
	if c.Group == nil {
		return
	}
	// A copy: the cart may share its group with one this edge remembers.
	g := *c.Group
	g.Participants = slices.Clone(g.Participants)
	c.Group = &g
	now := p.now()
	if c.Time.Mode != ordering.TimeASAP && c.Time.At != nil && g.Deadline.After(*c.Time.At) {
		g.Deadline = c.Time.At.UTC()
	}
	for i := range g.Participants {
		pt := &g.Participants[i]
		pt.SubtotalCents, pt.ItemCount = partTotals(c, pt.ID)
	}
	g.State = groupState(&g, now)
	g.DeadlineLabel = timeLabel(p.zone(l), g.Deadline, now)
}

// partTotals is the subtotal and item count of one person's lines.
func partTotals(c *ordering.Cart, who string) (int64, int) {
	var sub int64
	n := 0
	for _, line := range c.Products {
		if line.Participant == who {
			sub += line.TotalCents
			n += line.Quantity
		}
	}
	return sub, n
}

// checkGroupLimit refuses a change that takes a person other than the host over the
// group's spending limit.
func checkGroupLimit(c *ordering.Cart, who string) error {
	g := c.Group
	if g.LimitCents <= 0 || who == g.HostID {
		return nil
	}
	sub, _ := partTotals(c, who)
	if sub <= g.LimitCents {
		return nil
	}
	return fault.New(fault.Rule, "group_limit", "That would bring your items to %s, over %s's %s limit per person.", dollars(sub), g.HostName, dollars(g.LimitCents))
}

func findParticipant(g *ordering.CartGroup, id string) int {
	return slices.IndexFunc(g.Participants, func(x ordering.Participant) bool { return x.ID == id })
}

// groupName checks a person's name: 1 to 40 characters once trimmed.
func groupName(s, field string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" || utf8.RuneCountInString(s) > ordering.MaxGroupNameLength || controlChars(s, false) {
		return "", fault.New(fault.Invalid, "invalid", "Enter a name of 1 to %d characters, so the group knows whose items are whose.", ordering.MaxGroupNameLength).
			Field(field, fmt.Sprintf("1 to %d characters", ordering.MaxGroupNameLength))
	}
	return s, nil
}

// groupEmail checks an optional email.
func groupEmail(s, field string) (string, error) {
	s = strings.TrimSpace(s)
	if s != "" && (len(s) > 254 || !emailOK(s)) {
		return "", fault.New(fault.Invalid, "invalid", "Enter an email address like name@example.com, or leave it empty.").Field(field, "Enter an email address like name@example.com")
	}
	return s, nil
}

// StartGroup makes the owner's cart a group order, the owner its host.
func (p *Provider) StartGroup(ctx context.Context, owner string, in ordering.GroupStart) (ordering.Cart, error) {
	name, err := groupName(in.HostName, "host_name")
	if err != nil {
		return ordering.Cart{}, err
	}
	email, err := groupEmail(in.HostEmail, "host_email")
	if err != nil {
		return ordering.Cart{}, err
	}
	if in.LimitCents < 0 || in.LimitCents > maxGroupLimitCents {
		return ordering.Cart{}, fault.New(fault.Invalid, "invalid", "Choose a spending limit up to %s, or none.", dollars(maxGroupLimitCents)).Field("limit_cents", "0 to "+dollars(maxGroupLimitCents))
	}
	note := strings.TrimSpace(in.Note)
	if utf8.RuneCountInString(note) > ordering.MaxGroupNoteLength || controlChars(note, true) {
		return ordering.Cart{}, fault.New(fault.Invalid, "invalid", "The note can be at most %d characters.", ordering.MaxGroupNoteLength).Field("note", "too long")
	}
	if owner == "" {
		return ordering.Cart{}, errNoCart
	}
	// The code is chosen once, so that every try of the change below gives the cart
	// the code the lookup key names.
	code := newID("")
	hostID := participantID(code, owner)
	if err := p.st.Client.Set(ctx, p.groupKey(code), owner, p.cfg.CartTTL).Err(); err != nil {
		return ordering.Cart{}, err
	}
	c, err := p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		if c.Group != nil {
			return fault.New(fault.Conflict, "group_open", "Your cart is already a group order.")
		}
		deadline, err := p.groupDeadline(c, l, in.Deadline)
		if err != nil {
			return err
		}
		c.Group = &ordering.CartGroup{Code: code, Path: "/group/" + code, HostName: name, HostID: hostID, Note: note,
			LimitCents: in.LimitCents, Deadline: deadline,
			Participants: []ordering.Participant{{ID: hostID, Name: name, Host: true, JoinedAt: p.now(), HasEmail: email != ""}}}
		for i := range c.Products {
			c.Products[i].Participant = hostID // what the host chose before is theirs
		}
		return nil
	})
	if err != nil {
		p.st.Client.Del(context.WithoutCancel(ctx), p.groupKey(code))
		return ordering.Cart{}, err
	}
	if err := p.setContact(ctx, owner, hostID, email); err != nil {
		return ordering.Cart{}, err
	}
	return c, nil
}

// setContact keeps (or, without one, forgets) a participant's email.
func (p *Provider) setContact(ctx context.Context, owner, id, email string) error {
	key := p.groupContactsKey(owner)
	if email == "" {
		return p.st.Client.HDel(ctx, key, id).Err()
	}
	_, err := p.st.Client.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
		pipe.HSet(ctx, key, id, email)
		pipe.PExpire(ctx, key, p.cfg.CartTTL)
		return nil
	})
	return err
}

// hostMutate changes the owner's group order (404 group_not_found when the cart is
// not one), and keeps its code's key living as long as the cart.
func (p *Provider) hostMutate(ctx context.Context, owner string, fn func(c *ordering.Cart, l *ordering.Location, g *ordering.CartGroup) error) (ordering.Cart, error) {
	c, err := p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		if c.Group == nil {
			return errNotGroup
		}
		return fn(c, l, c.Group)
	})
	return c, err
}

// keepGroup keeps a group's code and contacts as long as its cart, after a change of
// the cart (mutate). A failure leaves them their time so far, to be extended by the
// next change: the change itself is made.
func (p *Provider) keepGroup(ctx context.Context, owner, code string) {
	ctx = context.WithoutCancel(ctx)
	_, _ = p.st.Client.Pipelined(ctx, func(pipe redis.Pipeliner) error {
		pipe.PExpire(ctx, p.groupKey(code), p.cfg.CartTTL)
		pipe.PExpire(ctx, p.groupContactsKey(owner), p.cfg.CartTTL)
		return nil
	})
}

// ChangeGroup extends the deadline (which reopens the group) or closes it now.
func (p *Provider) ChangeGroup(ctx context.Context, owner string, in ordering.GroupChange) (ordering.Cart, error) {
	if in.Deadline == nil && !in.Close {
		return ordering.Cart{}, fault.New(fault.Invalid, "invalid", "Choose a new deadline, or close the group order now.").Field("deadline", "Choose a deadline")
	}
	return p.hostMutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, g *ordering.CartGroup) error {
		if in.Deadline != nil {
			d, err := p.groupDeadline(c, l, in.Deadline)
			if err != nil {
				return err
			}
			g.Deadline, g.ClosedEarly = d, false
		}
		if in.Close {
			g.ClosedEarly = true
		}
		return nil
	})
}

// EndGroup makes the cart the host's alone again: everyone else's lines go, with
// their contacts and the code.
func (p *Provider) EndGroup(ctx context.Context, owner string) (ordering.Cart, error) {
	c, err := p.mutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		if c.Group == nil {
			return errNotGroup
		}
		kept := []ordering.CartProduct{}
		for _, line := range c.Products {
			if line.Participant == c.Group.HostID || line.Participant == "" {
				line.Participant = ""
				kept = append(kept, line)
			}
		}
		c.Products, c.Group = kept, nil
		return nil
	})
	if err != nil {
		return ordering.Cart{}, err
	}
	// The code's key stays (it answers 410, the group having ended) until the cart's
	// time runs out; the contacts are of no more use.
	if err := p.st.Client.Del(ctx, p.groupContactsKey(owner)).Err(); err != nil {
		return ordering.Cart{}, err
	}
	return c, nil
}

// RemoveParticipant takes a person and their lines out of the group.
func (p *Provider) RemoveParticipant(ctx context.Context, owner, participantID string) (ordering.Cart, error) {
	c, err := p.hostMutate(ctx, owner, func(c *ordering.Cart, l *ordering.Location, g *ordering.CartGroup) error {
		if participantID == g.HostID {
			return fault.New(fault.Conflict, "group_host", "You're the host: you can't take yourself out of your group order. End the group order instead.")
		}
		i := findParticipant(g, participantID)
		if i < 0 {
			return notFound("participant_not_found", "That person isn't in this group order.")
		}
		g.Participants = slices.Delete(g.Participants, i, i+1)
		c.Products = slices.DeleteFunc(c.Products, func(x ordering.CartProduct) bool { return x.Participant == participantID })
		return nil
	})
	if err != nil {
		return ordering.Cart{}, err
	}
	if err := p.st.Client.HDel(ctx, p.groupContactsKey(owner), participantID).Err(); err != nil {
		return ordering.Cart{}, err
	}
	return c, nil
}

// groupLink is the group's page with the site's origin, for a mail.
func (p *Provider) groupLink(g *ordering.CartGroup) string {
	return strings.TrimRight(p.cfg.SiteURL, "/") + g.Path
}

// InviteToGroup mails the group's link to each address.
func (p *Provider) InviteToGroup(ctx context.Context, owner string, emails []string) (int, error) {
	if len(emails) == 0 || len(emails) > maxInvites {
		return 0, fault.New(fault.Invalid, "invalid", "Enter 1 to %d email addresses.", maxInvites).Field("emails", fmt.Sprintf("1 to %d addresses", maxInvites))
	}
	bad := map[string]string{}
	var to []string
	for i, e := range emails {
		e, err := groupEmail(e, "")
		if err != nil || e == "" {
			bad[fmt.Sprintf("emails.%d", i)] = "Enter an email address like name@example.com"
			continue
		}
		if !slices.ContainsFunc(to, func(x string) bool { return strings.EqualFold(x, e) }) {
			to = append(to, e)
		}
	}
	if err := fault.Fields("Check the highlighted email addresses.", bad); err != nil {
		return 0, err
	}
	c, err := p.Cart(ctx, owner)
	if err != nil {
		return 0, err
	}
	g := c.Group
	if g == nil {
		return 0, errNotGroup
	}
	l, _, err := p.cartContext(&c)
	if err != nil {
		return 0, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Hi,\n\n%s is ordering from %s and invited you to add your own items to the order.\n\n", g.HostName, l.Name)
	fmt.Fprintf(&b, "Add yours by %s: %s\n", g.DeadlineLabel, p.groupLink(g))
	if g.LimitCents > 0 {
		fmt.Fprintf(&b, "Spending limit per person: %s\n", dollars(g.LimitCents))
	}
	if g.Note != "" {
		fmt.Fprintf(&b, "\nA note from %s: %s\n", g.HostName, g.Note)
	}
	fmt.Fprintf(&b, "\n%s\n", site.Team)
	sent := 0
	for _, addr := range to {
		m := outbox.Message{Kind: "group_invite", To: addr, Link: p.groupLink(g),
			Subject: fmt.Sprintf("%s invited you to a group order", g.HostName), Body: b.String()}
		if err := p.box.Send(ctx, m); err != nil {
			return sent, err
		}
		sent++
	}
	return sent, nil
}

// groupOwner is the host of the group with the code.
func (p *Provider) groupOwner(ctx context.Context, code string) (string, error) {
	if code == "" || len(code) > 64 {
		return "", errGroupNotFound
	}
	owner, err := p.st.Client.Get(ctx, p.groupKey(code)).Result()
	if errors.Is(err, redis.Nil) {
		return "", errGroupNotFound
	}
	return owner, err
}

// groupCart is the cart of the group with the code, priced: 410 when the cart has
// gone, been replaced or ordered, or its group ended.
func (p *Provider) groupCart(ctx context.Context, code string) (string, ordering.Cart, error) {
	owner, err := p.groupOwner(ctx, code)
	if err != nil {
		return "", ordering.Cart{}, err
	}
	c, err := p.Cart(ctx, owner)
	if fault.Is(err, fault.NotFound) {
		return "", ordering.Cart{}, errGroupClosed
	}
	if err != nil {
		return "", ordering.Cart{}, err
	}
	if c.Group == nil || c.Group.Code != code {
		return "", ordering.Cart{}, errGroupClosed
	}
	return owner, c, nil
}

// groupView is the group as viewer sees it: only their own part.
func (p *Provider) groupView(c *ordering.Cart, owner, viewer string) ordering.GroupView {
	g := c.Group
	l, _, _ := p.cartContext(c)
	v := ordering.GroupView{Code: g.Code, HostName: g.HostName, LocationID: c.LocationID, MenuID: c.MenuID, Note: g.Note,
		LimitCents: g.LimitCents, Deadline: g.Deadline, DeadlineLabel: g.DeadlineLabel, State: g.State,
		Handoff: c.Handoff.Mode, Time: c.Time, Host: viewer == owner}
	if l != nil {
		v.LocationName = l.Name
	}
	id := participantID(g.Code, viewer)
	if viewer == owner {
		id = g.HostID
	}
	if i := findParticipant(g, id); i >= 0 {
		pt := g.Participants[i]
		me := &ordering.GroupPart{ID: pt.ID, Name: pt.Name, Done: pt.Done, Products: []ordering.CartProduct{}, SubtotalCents: pt.SubtotalCents, ItemCount: pt.ItemCount}
		for _, line := range c.Products {
			if line.Participant == id {
				me.Products = append(me.Products, line)
			}
		}
		if g.LimitCents > 0 && !pt.Host {
			left := max(g.LimitCents-pt.SubtotalCents, 0)
			me.RemainingCents = &left
		}
		v.Me = me
	}
	return v
}

// Group is the group as viewer sees it. A closed group still shows those in it their
// part; to anyone else it is closed.
func (p *Provider) Group(ctx context.Context, code, viewer string) (ordering.GroupView, error) {
	owner, c, err := p.groupCart(ctx, code)
	if err != nil {
		return ordering.GroupView{}, err
	}
	v := p.groupView(&c, owner, viewer)
	if v.State == ordering.GroupClosed && v.Me == nil {
		return ordering.GroupView{}, errGroupClosed
	}
	return v, nil
}

// groupChange is a change viewer makes to their part of the group with the code:
// joined is whether they must have joined first. The host may change a closed group;
// anyone else is refused it.
func (p *Provider) groupChange(ctx context.Context, code, viewer string, joined bool, fn func(c *ordering.Cart, l *ordering.Location, mi *menuIndex, g *ordering.CartGroup, who string) error) (ordering.GroupView, error) {
	v, _, err := p.groupChangeOf(ctx, code, viewer, joined, fn)
	return v, err
}

// groupChangeOf is groupChange answering the group's owner too.
func (p *Provider) groupChangeOf(ctx context.Context, code, viewer string, joined bool, fn func(c *ordering.Cart, l *ordering.Location, mi *menuIndex, g *ordering.CartGroup, who string) error) (ordering.GroupView, string, error) {
	if viewer == "" {
		return ordering.GroupView{}, "", fault.New(fault.Unauthorized, "no_session", "Your session is missing. Refresh the page and try again.")
	}
	owner, err := p.groupOwner(ctx, code)
	if err != nil {
		return ordering.GroupView{}, "", err
	}
	c, err := p.mutateTries(ctx, owner, groupTries, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex) error {
		g := c.Group
		if g == nil || g.Code != code {
			return errGroupClosed
		}
		who := participantID(code, viewer)
		if viewer == owner {
			who = g.HostID
		} else if groupState(g, p.now()) == ordering.GroupClosed {
			return errGroupClosed
		}
		if joined && findParticipant(g, who) < 0 {
			return errGroupNotJoined
		}
		return fn(c, l, mi, g, who)
	})
	if faultCodeIs(err, "cart_not_found") {
		return ordering.GroupView{}, "", errGroupClosed
	}
	if err != nil {
		return ordering.GroupView{}, "", err
	}
	return p.groupView(&c, owner, viewer), owner, nil
}

func faultCodeIs(err error, code string) bool {
	fe, ok := fault.As(err)
	return ok && fe.Code == code
}

// JoinGroup adds viewer to the group under a name; joining again changes the name and
// email.
func (p *Provider) JoinGroup(ctx context.Context, code, viewer string, in ordering.GroupJoin) (ordering.GroupView, error) {
	name, err := groupName(in.Name, "name")
	if err != nil {
		return ordering.GroupView{}, err
	}
	email, err := groupEmail(in.Email, "email")
	if err != nil {
		return ordering.GroupView{}, err
	}
	var who string
	v, owner, err := p.groupChangeOf(ctx, code, viewer, false, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex, g *ordering.CartGroup, id string) error {
		who = id
		if i := findParticipant(g, id); i >= 0 {
			g.Participants[i].Name, g.Participants[i].HasEmail = name, email != ""
			if g.Participants[i].Host {
				g.HostName = name
			}
			return nil
		}
		if len(g.Participants) >= ordering.MaxGroupParticipants {
			return fault.New(fault.Conflict, "group_full", "This group order is full.")
		}
		g.Participants = append(g.Participants, ordering.Participant{ID: id, Name: name, JoinedAt: p.now(), HasEmail: email != ""})
		return nil
	})
	if err != nil {
		return ordering.GroupView{}, err
	}
	if err := p.setContact(ctx, owner, who, email); err != nil {
		return ordering.GroupView{}, err
	}
	return v, nil
}

// AddGroupLine adds a line to viewer's part.
func (p *Provider) AddGroupLine(ctx context.Context, code, viewer string, in ordering.LineInput) (ordering.GroupView, error) {
	return p.groupChange(ctx, code, viewer, true, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex, g *ordering.CartGroup, who string) error {
		if _, err := p.addLine(c, l, mi, in, who); err != nil {
			return err
		}
		return checkGroupLimit(c, who)
	})
}

// ownLine is the index of viewer's line lineID: another person's line is not theirs
// to see or change.
func ownLine(c *ordering.Cart, lineID, who string) (int, error) {
	i := findLine(c, lineID)
	if i < 0 || c.Products[i].Participant != who {
		return -1, errGroupLine
	}
	return i, nil
}

// UpdateGroupLine changes one of viewer's lines.
func (p *Provider) UpdateGroupLine(ctx context.Context, code, viewer, lineID string, in ordering.LineInput) (ordering.GroupView, error) {
	return p.groupChange(ctx, code, viewer, true, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex, g *ordering.CartGroup, who string) error {
		i, err := ownLine(c, lineID, who)
		if err != nil {
			return err
		}
		if c.Products[i].Reward.ID != "" {
			return errRewardLine("product_id", "This item is a reward: change it from your cart.")
		}
		in := in // fn may run again on a newer cart: fill the blanks from that one
		if in.ProductID == "" {
			in.ProductID = c.Products[i].ProductID
		}
		if in.Modifiers == nil {
			in.Modifiers = modifierInputs(c.Products[i])
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
		line.ID, line.Participant = c.Products[i].ID, who
		c.Products[i] = line
		return checkGroupLimit(c, who)
	})
}

// RemoveGroupLine removes one of viewer's lines.
func (p *Provider) RemoveGroupLine(ctx context.Context, code, viewer, lineID string) (ordering.GroupView, error) {
	return p.groupChange(ctx, code, viewer, true, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex, g *ordering.CartGroup, who string) error {
		i, err := ownLine(c, lineID, who)
		if err != nil {
			return err
		}
		if c.Products[i].Reward.ID != "" {
			return fault.New(fault.Conflict, "reward_line", "This item is a reward: remove the reward to take it out of your cart.")
		}
		c.Products = slices.Delete(c.Products, i, i+1)
		return nil
	})
}

// SetGroupDone marks viewer's part done or not done.
func (p *Provider) SetGroupDone(ctx context.Context, code, viewer string, done bool) (ordering.GroupView, error) {
	return p.groupChange(ctx, code, viewer, true, func(c *ordering.Cart, l *ordering.Location, mi *menuIndex, g *ordering.CartGroup, who string) error {
		g.Participants[findParticipant(g, who)].Done = done
		return nil
	})
}

// orderGroup is what an order keeps of its cart's group: the names, in the order
// people joined, with each one's subtotal.
func orderGroup(g *ordering.CartGroup) *ordering.OrderGroup {
	if g == nil {
		return nil
	}
	og := &ordering.OrderGroup{HostName: g.HostName, Participants: make([]ordering.OrderParticipant, len(g.Participants))}
	for i, pt := range g.Participants {
		og.Participants[i] = ordering.OrderParticipant{ID: pt.ID, Name: pt.Name, Host: pt.Host, SubtotalCents: pt.SubtotalCents}
	}
	return og
}

// groupEmails are the emails of a group's people other than the host, by participant
// id, read for the mails that tell them the order was placed.
func (p *Provider) groupEmails(ctx context.Context, owner string, g *ordering.CartGroup) (map[string]string, error) {
	if g == nil {
		return nil, nil
	}
	all, err := p.st.Client.HGetAll(ctx, p.groupContactsKey(owner)).Result()
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, pt := range g.Participants {
		if e := all[pt.ID]; e != "" && !pt.Host {
			out[pt.ID] = e
		}
	}
	return out, nil
}

// groupPartMail tells one person of a group order that their items are in the order
// the host placed, listing them.
func (p *Provider) groupPartMail(o ordering.Order, who, to string) outbox.Message {
	host, name := "", ""
	if o.Group != nil {
		host = o.Group.HostName
		for _, pt := range o.Group.Participants {
			if pt.ID == who {
				name = pt.Name
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n%s placed the group order from %s with your items in it.\n", greeting(name), host, o.Location.Name)
	fmt.Fprintf(&b, "Ready: %s\n\nYour items\n", p.mailWhen(o, o.ReadyAt))
	var sub int64
	for _, l := range o.Products {
		if l.Participant == who {
			mailLine(&b, l)
			sub += l.TotalCents
		}
	}
	fmt.Fprintf(&b, "\nYour items come to %s before tax.\n\n%s\n", dollars(sub), site.Team)
	return outbox.Message{Kind: "group_order_placed", To: to,
		Subject: fmt.Sprintf("Your items are in %s's order", host), Body: b.String()}
}

// moveGroup follows a group order's cart to its new owner (MoveCart): its code names
// the new owner, and the contacts move to the new owner's slot.
func (p *Provider) moveGroup(ctx context.Context, from, to, raw string, ttl time.Duration) error {
	var c struct {
		Group *ordering.CartGroup `json:"group"`
	}
	if json.Unmarshal([]byte(raw), &c) != nil || c.Group == nil {
		return nil
	}
	ctx = context.WithoutCancel(ctx)
	contacts, err := p.st.Client.HGetAll(ctx, p.groupContactsKey(from)).Result()
	if err != nil {
		return err
	}
	if len(contacts) > 0 {
		_, err = p.st.Client.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
			pipe.Del(ctx, p.groupContactsKey(to))
			pipe.HSet(ctx, p.groupContactsKey(to), contacts)
			pipe.PExpire(ctx, p.groupContactsKey(to), ttl)
			return nil
		})
		if err != nil {
			return err
		}
	}
	if err := p.st.Client.Set(ctx, p.groupKey(c.Group.Code), to, ttl).Err(); err != nil {
		return err
	}
	return p.st.Client.Del(ctx, p.groupContactsKey(from)).Err()
}
