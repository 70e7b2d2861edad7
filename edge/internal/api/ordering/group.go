package ordering

import (
	"net/mail"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/site"
)

// Group orders (docs/group-orders.md). The host's routes (/cart/group…) change the
// host's cart and answer it like every cart change, If-Match included; the routes of
// a group's link (/groups/{code}…) act on the asker's own part and answer the group
// as they see it. The rules are the provider's (ordering.GroupOrders); here the input
// is checked as the API document states it, so that a provider never sees a request
// the document refuses.

// Input limits the edge holds a request to before the provider sees it.
const (
	// maxGroupLimitCents is the highest spending limit per person a host may set.
	maxGroupLimitCents = 50000
	// maxGroupInvites is how many addresses one invitation call may mail.
	maxGroupInvites = 25
	// maxEmailLength is the longest address a mailbox can have.
	maxEmailLength = 254
)

// groupCodePattern is the shape of every code a group is given. A code of another
// shape was never issued: it is answered as unknown without asking the provider, so
// that nonsense (or a path probe) costs no lookup.
var groupCodePattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,40}$`)

// errGroupNotFound is the answer for a code that names no group.
var errGroupNotFound = fault.New(fault.NotFound, "group_not_found", "We couldn't find this group order. Check the link you were sent.")

// mountGroups registers the group order routes with route (a route of a role) and
// change (a route that changes the cart, taking If-Match).
func (a *api) mountGroups(route func(method, path, role string, hs ...any), change func(method, path, role string, h fiber.Handler)) {
	const get, post, put, del = fiber.MethodGet, fiber.MethodPost, fiber.MethodPut, fiber.MethodDelete
	change(post, "/cart/group", "Groups", a.startGroup)
	change(put, "/cart/group", "Groups", cartChange(a, a.changeGroup))
	change(del, "/cart/group", "Groups", cartChange(a, a.endGroup))
	change(del, "/cart/group/participants/:participantId", "Groups", cartChange(a, a.removeParticipant))
	route(post, "/cart/group/invites", "Groups", guarded(a.cfg.GroupInviteGuard, a.inviteToGroup)...)

	// Every route of a link runs the guards against guessing codes first.
	link := func(method, path string, h fiber.Handler) {
		route(method, path, "Groups", guarded(a.cfg.GroupGuard, h)...)
	}
	link(get, "/groups/:code", a.groupView)
	link(post, "/groups/:code/participants", a.joinGroup)
	link(post, "/groups/:code/lines", a.addGroupLine)
	link(put, "/groups/:code/lines/:lineId", a.updateGroupLine)
	link(del, "/groups/:code/lines/:lineId", a.removeGroupLine)
	link(put, "/groups/:code/done", a.setGroupDone)
}

// groupStartInput is GroupStart as the request sends it.
type groupStartInput struct {
	HostName   string     `json:"host_name"`
	HostEmail  string     `json:"host_email"`
	Deadline   *time.Time `json:"deadline"`
	LimitCents int64      `json:"limit_cents"`
	Note       string     `json:"note"`
}

// check answers the start as the provider takes it (names and notes trimmed), or
// every problem with it at once.
func (in groupStartInput) check() (ordering.GroupStart, error) {
	f := map[string]string{}
	name := strings.TrimSpace(in.HostName)
	if n := utf8.RuneCountInString(name); n < 1 || n > ordering.MaxGroupNameLength {
		f["host_name"] = "Enter your name, as the group will see it"
	}
	email := strings.TrimSpace(in.HostEmail)
	if email != "" && !emailOK(email) {
		f["host_email"] = "Enter an email address such as name@example.com"
	}
	if in.LimitCents < 0 || in.LimitCents > maxGroupLimitCents {
		f["limit_cents"] = "Choose a limit from $0 to $500, or none"
	}
	note := strings.TrimSpace(in.Note)
	if utf8.RuneCountInString(note) > ordering.MaxGroupNoteLength {
		f["note"] = "Keep the note to 200 characters"
	}
	if err := fault.Fields("Check the group order's details.", f); err != nil {
		return ordering.GroupStart{}, err
	}
	return ordering.GroupStart{HostName: name, HostEmail: email, Deadline: in.Deadline, LimitCents: in.LimitCents, Note: note}, nil
}

// POST /cart/group: makes the visitor's cart a group order. 201 with the cart, as a
// cart's start is.
func (a *api) startGroup(c fiber.Ctx) error {
	var in groupStartInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	start, err := in.check()
	if err != nil {
		return err
	}
	o, err := a.owner(c)
	if err != nil {
		return err
	}
	cart, err := a.cfg.Groups.StartGroup(c.Context(), o, start)
	if err != nil {
		return err
	}
	session.SetCartHint(c, true)
	cartHeaders(c, cart)
	return c.Status(fiber.StatusCreated).JSON(cartAnswer{Cart: &cart})
}

// PUT /cart/group: a later deadline, or closing the group now; exactly one of them.
func (a *api) changeGroup(c fiber.Ctx, o string, in ordering.GroupChange) (ordering.Cart, error) {
	switch {
	case in.Deadline == nil && !in.Close:
		return ordering.Cart{}, fault.New(fault.Invalid, "invalid", "Choose a new time, or close the group now.").Field("deadline", "Choose a new time")
	case in.Deadline != nil && in.Close:
		return ordering.Cart{}, fault.New(fault.Invalid, "invalid", "Either choose a new time or close the group now, not both.").
			Field("deadline", "Leave out to close now").Field("close", "Leave out to choose a new time")
	}
	return a.cfg.Groups.ChangeGroup(c.Context(), o, in)
}

// DELETE /cart/group: the cart becomes the host's alone again.
func (a *api) endGroup(c fiber.Ctx, o string, _ struct{}) (ordering.Cart, error) {
	return a.cfg.Groups.EndGroup(c.Context(), o)
}

// DELETE /cart/group/participants/:participantId: a person and their lines leave.
func (a *api) removeParticipant(c fiber.Ctx, o string, _ struct{}) (ordering.Cart, error) {
	return a.cfg.Groups.RemoveParticipant(c.Context(), o, c.Params("participantId"))
}

// POST /cart/group/invites {emails}: mails the group's link; 202, as the mail goes
// out after the answer.
func (a *api) inviteToGroup(c fiber.Ctx) error {
	var in struct {
		Emails []string `json:"emails"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if len(in.Emails) < 1 || len(in.Emails) > maxGroupInvites {
		return fault.New(fault.Invalid, "invalid", "Enter from 1 to %d email addresses.", maxGroupInvites).Field("emails", "From 1 to 25 addresses")
	}
	f := map[string]string{}
	emails := make([]string, len(in.Emails))
	for i, e := range in.Emails {
		emails[i] = strings.TrimSpace(e)
		if !emailOK(emails[i]) {
			f["emails."+strconv.Itoa(i)] = "Enter an email address such as name@example.com"
		}
	}
	if err := fault.Fields("Check the email addresses.", f); err != nil {
		return err
	}
	o, err := a.owner(c)
	if err != nil {
		return err
	}
	sent, err := a.cfg.Groups.InviteToGroup(c.Context(), o, emails)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, site.PrivateNoStore)
	return c.Status(fiber.StatusAccepted).JSON(fiber.Map{"sent": sent})
}

// groupCode is the request's code, or group_not_found for one of a shape never
// issued.
func groupCode(c fiber.Ctx) (string, error) {
	code := c.Params("code")
	if !groupCodePattern.MatchString(code) {
		return "", errGroupNotFound
	}
	return code, nil
}

// groupAnswer writes {group} with the status: one person's view, which no cache keeps.
func groupAnswer(c fiber.Ctx, status int, v ordering.GroupView, err error) error {
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, site.PrivateNoStore)
	return c.Status(status).JSON(groupViewAnswer{Group: &v})
}

// groupViewAnswer is {"group": …}.
type groupViewAnswer struct {
	Group *ordering.GroupView `json:"group"`
}

// linkCall is the code and the asker of a request on a group's link, checked before
// the request's body: an unknown code is answered as such whatever the body holds.
func (a *api) linkCall(c fiber.Ctx) (code, viewer string, err error) {
	if code, err = groupCode(c); err != nil {
		return "", "", err
	}
	if viewer, err = a.owner(c); err != nil {
		return "", "", err
	}
	return code, viewer, nil
}

// GET /groups/:code: the group as the asker sees it.
func (a *api) groupView(c fiber.Ctx) error {
	code, viewer, err := a.linkCall(c)
	if err != nil {
		return err
	}
	v, err := a.cfg.Groups.Group(c.Context(), code, viewer)
	return groupAnswer(c, fiber.StatusOK, v, err)
}

// POST /groups/:code/participants {name, email?}: joins under a name (again: changes
// the name and email).
func (a *api) joinGroup(c fiber.Ctx) error {
	code, viewer, err := a.linkCall(c)
	if err != nil {
		return err
	}
	var in ordering.GroupJoin
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	f := map[string]string{}
	in.Name, in.Email = strings.TrimSpace(in.Name), strings.TrimSpace(in.Email)
	if n := utf8.RuneCountInString(in.Name); n < 1 || n > ordering.MaxGroupNameLength {
		f["name"] = "Enter your name"
	}
	if in.Email != "" && !emailOK(in.Email) {
		f["email"] = "Enter an email address such as name@example.com"
	}
	if err := fault.Fields("Check your name and email.", f); err != nil {
		return err
	}
	v, err := a.cfg.Groups.JoinGroup(c.Context(), code, viewer, in)
	return groupAnswer(c, fiber.StatusCreated, v, err)
}

// POST /groups/:code/lines: a product into the asker's own part.
func (a *api) addGroupLine(c fiber.Ctx) error {
	code, viewer, err := a.linkCall(c)
	if err != nil {
		return err
	}
	var in ordering.LineInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if err := explicitQuantity(c.Body()); err != nil {
		return err
	}
	if strings.TrimSpace(in.ProductID) == "" {
		return fault.New(fault.Invalid, "invalid", "Choose a product.").Field("product_id", "required")
	}
	v, err := a.cfg.Groups.AddGroupLine(c.Context(), code, viewer, in)
	return groupAnswer(c, fiber.StatusCreated, v, err)
}

// PUT /groups/:code/lines/:lineId: changes one of the asker's own lines.
func (a *api) updateGroupLine(c fiber.Ctx) error {
	code, viewer, err := a.linkCall(c)
	if err != nil {
		return err
	}
	var in ordering.LineInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if err := explicitQuantity(c.Body()); err != nil {
		return err
	}
	v, err := a.cfg.Groups.UpdateGroupLine(c.Context(), code, viewer, c.Params("lineId"), in)
	return groupAnswer(c, fiber.StatusOK, v, err)
}

// DELETE /groups/:code/lines/:lineId: removes one of the asker's own lines.
func (a *api) removeGroupLine(c fiber.Ctx) error {
	code, viewer, err := a.linkCall(c)
	if err != nil {
		return err
	}
	v, err := a.cfg.Groups.RemoveGroupLine(c.Context(), code, viewer, c.Params("lineId"))
	return groupAnswer(c, fiber.StatusOK, v, err)
}

// PUT /groups/:code/done {done}: "I'm done", or not any more.
func (a *api) setGroupDone(c fiber.Ctx) error {
	code, viewer, err := a.linkCall(c)
	if err != nil {
		return err
	}
	var in struct {
		Done *bool `json:"done"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if in.Done == nil {
		return fault.New(fault.Invalid, "invalid", "Say whether you're done.").Field("done", "true or false")
	}
	v, err := a.cfg.Groups.SetGroupDone(c.Context(), code, viewer, *in.Done)
	return groupAnswer(c, fiber.StatusOK, v, err)
}

// emailOK is the rule of an email address a guest types: one address, nothing around
// it, no longer than a mailbox may be, and a dot in its domain.
func emailOK(s string) bool {
	if len(s) > maxEmailLength {
		return false
	}
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s[strings.LastIndex(s, "@"):], ".")
}
