package ordering

import (
	"context"
	"time"
)

// Group orders (docs/group-orders.md): a host shares their cart by a link; each person
// who opens it adds their own lines under their name until the group closes, and the
// host places one order for everyone.
//
// The group is the host's cart: Cart.Group describes it and every line says whose it
// is (CartProduct.Participant). Everything a cart is held to (handoff, time, lead
// times, delivery minimum, allergens) holds for the whole group, and the host checks
// out as with any cart. Participants never read the cart itself: they read a
// GroupView, which shows them only their own part.

// Group states.
const (
	GroupOpen   = "open"   // participants may add, change and remove their lines
	GroupClosed = "closed" // past its deadline or closed by the host: only the host changes it
)

// Group limits.
const (
	MaxGroupParticipants = 25  // the host included
	MaxGroupLines        = 100 // every participant's lines together
	MaxGroupNameLength   = 40
	MaxGroupNoteLength   = 200
)

// CartGroup is a cart's group order, as its host sees it.
type CartGroup struct {
	// Code is the group's part of the link /group/{code}: unguessable, it lives as
	// long as the cart.
	Code string `json:"code"`
	// Path is the page a participant opens ("/group/{code}").
	Path     string `json:"path"`
	HostName string `json:"host_name"`
	// HostID is the host's participant id (the host's own lines carry it).
	HostID string `json:"host_id"`
	Note   string `json:"note,omitempty"`
	// LimitCents is the most each participant's lines may come to (0: no limit). The
	// host's own lines are not limited.
	LimitCents int64 `json:"limit_cents,omitempty"`
	// Deadline is when the group closes to participants.
	Deadline time.Time `json:"deadline"`
	// DeadlineLabel is the deadline as a guest reads it at the location ("11:30 AM",
	// "Mon 11:30 AM").
	DeadlineLabel string `json:"deadline_label"`
	// State is GroupOpen or GroupClosed, as of this answer.
	State string `json:"state"`
	// ClosedEarly: the host closed the group before its deadline.
	ClosedEarly  bool          `json:"closed_early,omitempty"`
	Participants []Participant `json:"participants"`
}

// Participant is one person of a group order, as the host sees them: never their
// contact details.
type Participant struct {
	// ID is derived from the group's code and the visitor's id (a keyed hash): the
	// same visitor is the same participant, and the id tells nothing of them.
	ID       string    `json:"id"`
	Name     string    `json:"name"`
	Host     bool      `json:"host,omitempty"`
	Done     bool      `json:"done"`
	JoinedAt time.Time `json:"joined_at"`
	// SubtotalCents and ItemCount are of this person's lines.
	SubtotalCents int64 `json:"subtotal_cents"`
	ItemCount     int   `json:"item_count"`
	// HasEmail: they gave an email, and will be told when the order is placed.
	HasEmail bool `json:"has_email"`
}

// GroupView is a group order as one person who opened its link sees it: the host's
// first name, where and until when, and only their own part.
type GroupView struct {
	Code          string    `json:"code"`
	HostName      string    `json:"host_name"`
	LocationID    string    `json:"location_id"`
	LocationName  string    `json:"location_name"`
	MenuID        string    `json:"menu_id"`
	Note          string    `json:"note,omitempty"`
	LimitCents    int64     `json:"limit_cents,omitempty"`
	Deadline      time.Time `json:"deadline"`
	DeadlineLabel string    `json:"deadline_label"`
	State         string    `json:"state"`
	// Handoff is how the order will be collected ("pickup", "curbside", "delivery")
	// and Time when, as the host set them.
	Handoff string     `json:"handoff"`
	Time    TimeWanted `json:"time"`
	// Host: the one asking is the group's host.
	Host bool `json:"host"`
	// Me is the asker's own part; nil until they join.
	Me *GroupPart `json:"me"`
}

// GroupPart is one participant's own part of a group order.
type GroupPart struct {
	ID            string        `json:"id"`
	Name          string        `json:"name"`
	Done          bool          `json:"done"`
	Products      []CartProduct `json:"products"`
	SubtotalCents int64         `json:"subtotal_cents"`
	ItemCount     int           `json:"item_count"`
	// RemainingCents is what the spending limit still allows (absent without a limit).
	RemainingCents *int64 `json:"remaining_cents,omitempty"`
}

// GroupStart is what a host gives to start a group order.
type GroupStart struct {
	HostName  string `json:"host_name"`
	HostEmail string `json:"host_email"`
	// Deadline; nil for the default (30 minutes before the cart's time).
	Deadline   *time.Time `json:"deadline"`
	LimitCents int64      `json:"limit_cents"`
	Note       string     `json:"note"`
}

// GroupChange is a host's change to an open or closed group: a new deadline (which
// reopens a group closed by its deadline or by the host) or closing it now.
type GroupChange struct {
	Deadline *time.Time `json:"deadline"`
	Close    bool       `json:"close"`
}

// GroupJoin is what a person gives to join: a name, and an email when they want to
// hear that the order was placed.
type GroupJoin struct {
	Name  string `json:"name"`
	Email string `json:"email"`
}

// OrderGroup is what an order keeps of the group it was placed for: the names, in
// the order people joined (each line's Participant names one).
type OrderGroup struct {
	HostName     string             `json:"host_name"`
	Participants []OrderParticipant `json:"participants"`
}

// OrderParticipant is one person of a placed group order.
type OrderParticipant struct {
	ID            string `json:"id"`
	Name          string `json:"name"`
	Host          bool   `json:"host,omitempty"`
	SubtotalCents int64  `json:"subtotal_cents"`
}

// GroupOrders starts and runs group orders. owner is the host (the cart's owner);
// viewer is whoever opened the link (their visitor or member id), host included.
//
// Errors: 404 group_not_found for an unknown code, 410 group_closed for a group that
// is closed to the viewer, ended or already ordered, 403 group_not_joined before a
// viewer has joined, and the cart's own (a line a menu does not take, a full cart).
type GroupOrders interface {
	// StartGroup makes the owner's cart a group order (409 group_open when it is one).
	StartGroup(ctx context.Context, owner string, in GroupStart) (Cart, error)
	// ChangeGroup extends the deadline or closes the group now.
	ChangeGroup(ctx context.Context, owner string, in GroupChange) (Cart, error)
	// EndGroup makes the cart the host's alone again: every other person's lines go.
	EndGroup(ctx context.Context, owner string) (Cart, error)
	// RemoveParticipant takes a person and their lines out of the group.
	RemoveParticipant(ctx context.Context, owner, participantID string) (Cart, error)
	// InviteToGroup mails the group's link to each address (at most 25 a call), and
	// answers how many were sent.
	InviteToGroup(ctx context.Context, owner string, emails []string) (int, error)

	// Group is the group as viewer sees it.
	Group(ctx context.Context, code, viewer string) (GroupView, error)
	// JoinGroup adds viewer to the group under a name (again: changes the name).
	JoinGroup(ctx context.Context, code, viewer string, in GroupJoin) (GroupView, error)
	AddGroupLine(ctx context.Context, code, viewer string, in LineInput) (GroupView, error)
	UpdateGroupLine(ctx context.Context, code, viewer, lineID string, in LineInput) (GroupView, error)
	RemoveGroupLine(ctx context.Context, code, viewer, lineID string) (GroupView, error)
	// SetGroupDone marks viewer's part done ("I'm done") or not done.
	SetGroupDone(ctx context.Context, code, viewer string, done bool) (GroupView, error)
}
