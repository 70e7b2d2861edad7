// Package feedback takes guests' messages from the contact form to guest relations.
// The built-in inbox keeps them in Redis with a ticket number and puts the email guest
// relations would get, and the guest's copy, in the shared outbox (store/outbox); a
// help-desk adapter (Zendesk, Freshdesk, …) can replace it behind Inbox.
//
// Validate is the one statement of the form's rules; the contact screen's
// mf-content/src/contact/rules.ts states the same rules for the browser, and both have
// tests with the same cases (docs/contact.md).
package feedback

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"math/big"
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/site"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/outbox"
)

// Topic is something a message can be about: the id the form sends and the words it
// shows.
type Topic struct {
	ID    string `json:"id"`
	Label string `json:"label"`
}

// TopicOrder is the topic of a message about an order: only it takes an order number.
const TopicOrder = "order"

// Topics a guest can choose on the contact form, in the order the form lists them.
var Topics = []Topic{
	{ID: TopicOrder, Label: "An order"},
	{ID: "feedback", Label: "Feedback about a visit or the website"},
	{ID: "catering", Label: "Catering"},
	// A barrier on the site or in a restaurant (docs/accessibility.md, "Reporting a barrier").
	{ID: "accessibility", Label: "Accessibility"},
	{ID: "other", Label: "Something else"},
}

// TopicLabel is the words for a topic id ("" when it is not one).
func TopicLabel(id string) string {
	for _, t := range Topics {
		if t.ID == id {
			return t.Label
		}
	}
	return ""
}

// Message is what the contact form sends.
type Message struct {
	Name       string `json:"name"`
	Email      string `json:"email"`
	Phone      string `json:"phone"`
	Topic      string `json:"topic"`
	LocationID string `json:"location_id"`
	OrderID    string `json:"order_id"`
	Text       string `json:"message"`
}

// Ticket is the receipt a guest gets.
type Ticket struct {
	Number    string    `json:"number"`
	Topic     string    `json:"topic"`
	CreatedAt time.Time `json:"created_at"`
}

// Inbox receives contact messages. Send validates m itself (Validate).
type Inbox interface {
	Send(ctx context.Context, m Message, about About) (Ticket, error)
}

// About is what the edge found out about a message, for guest relations: the name of
// the location it is about, and whether its order number is an order of the sender's.
type About struct {
	LocationName string `json:"location_name,omitempty"`
	// Order is OrderTheirs when the order was found among the sender's own (their
	// visitor's or, signed in, their member's), OrderNotTheirs when it was not (placed
	// on another device, or mistyped), "" without an order number.
	Order string `json:"order,omitempty"`
}

// What About.Order says.
const (
	OrderTheirs    = "theirs"
	OrderNotTheirs = "not_found_for_sender"
)

// Limits of the form's fields, in characters.
const (
	MaxName = 100
	MaxText = 2000
)

// orderNumber is the shape of an order number: what the order confirmation shows
// ("o_" and 16 letters, digits, "-" or "_" for the built-in provider), 4 to 40 of those
// characters for any provider. A leading "#" a guest copies with it is dropped.
var orderNumber = regexp.MustCompile(`^[A-Za-z0-9_-]{4,40}$`)

// lineBreaking reports a control character (line breaks, tabs, NUL, DEL, C1) or a
// Unicode line or paragraph separator: none belongs in a field that ends up in a mail
// header.
func lineBreaking(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029'
}

// Validate checks a message, normalises it (trimmed, the email lower-cased, the phone
// as its digits, no order number unless the topic is an order) and answers per-field
// messages a guest can act on.
func Validate(m *Message) error {
	m.Name, m.Email, m.Topic = strings.TrimSpace(m.Name), strings.TrimSpace(strings.ToLower(m.Email)), strings.TrimSpace(m.Topic)
	m.Text, m.LocationID = strings.TrimSpace(m.Text), strings.TrimSpace(m.LocationID)
	m.OrderID = strings.TrimPrefix(strings.TrimSpace(m.OrderID), "#")
	fields := map[string]string{}
	switch n := utf8.RuneCountInString(m.Name); {
	case n == 0:
		fields["name"] = "Enter your name."
	case n > MaxName:
		fields["name"] = fmt.Sprintf("Keep your name to %d characters or fewer.", MaxName)
	case strings.IndexFunc(m.Name, lineBreaking) >= 0:
		// The name goes into the subject of guest relations' mail: refused rather than
		// stripped, as a name never holds one and the guest sees what was wrong.
		fields["name"] = "Write your name on one line, without line breaks or tabs."
	}
	// A dot in the domain as well: "ada@localhost" is an address, but not one a guest
	// can be answered at.
	if a, err := mail.ParseAddress(m.Email); err != nil || a.Address != m.Email || !strings.Contains(m.Email[strings.LastIndex(m.Email, "@"):], ".") {
		fields["email"] = "Enter a valid email address, like name@example.com."
	}
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, m.Phone)
	if m.Phone != "" && len(digits) != 10 && !(len(digits) == 11 && digits[0] == '1') {
		fields["phone"] = "Enter a 10-digit phone number, or leave it empty."
	}
	if len(digits) == 11 {
		digits = digits[1:] // the country code of a US number
	}
	m.Phone = digits
	if TopicLabel(m.Topic) == "" {
		fields["topic"] = "Choose what your message is about."
	}
	if m.Topic != TopicOrder {
		m.OrderID = ""
	} else if m.OrderID != "" && !orderNumber.MatchString(m.OrderID) {
		fields["order_id"] = "Enter the order number as it appears on your confirmation, like o_Ab12Cd34Ef56Gh78, or leave it empty."
	}
	switch n := utf8.RuneCountInString(m.Text); {
	case n == 0:
		fields["message"] = "Write your message."
	case n > MaxText:
		fields["message"] = fmt.Sprintf("Keep your message to %d characters or fewer.", MaxText)
	}
	if len(fields) > 0 {
		return fault.Fields("Check the highlighted fields.", fields)
	}
	return nil
}

// Builtin keeps messages in Redis: a list per topic plus one of everything, newest
// first, so a small team can work through them. The lists share the hash tag
// {inbox}, so filing a message in both is one transaction on a Redis Cluster too.
type Builtin struct {
	st  *store.Store
	cfg Config
}

// Config configures the built-in inbox.
type Config struct {
	// Outbox takes the email to guest relations and the guest's copy. Optional.
	// Default: none is sent (the message is still filed).
	Outbox outbox.Sender
	// To is guest relations' address (CONTACT_EMAIL). Optional. Default:
	// DefaultTo(site.BrandSlug).
	To string
	// Now stamps tickets. Optional. Default: time.Now.
	Now func() time.Time
}

// DefaultTo is guest relations' address when none is configured:
// guest-relations@<brand slug>.example.
func DefaultTo(brandSlug string) string { return "guest-relations@" + brandSlug + ".example" }

// list is the key of a list of messages: "all" or a topic.
func (b *Builtin) list(name string) string { return b.st.Key("feedback", "{inbox}", name) }

// NewBuiltin returns the built-in inbox.
func NewBuiltin(st *store.Store, cfg Config) *Builtin {
	if cfg.To == "" {
		cfg.To = DefaultTo(site.BrandSlug)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Builtin{st: st, cfg: cfg}
}

type stored struct {
	Ticket  Ticket  `json:"ticket"`
	Message Message `json:"message"`
	About   About   `json:"about"`
}

// Send validates and files a message, then mails guest relations and the guest. The
// message is filed first: a guest whose copy could not be sent is told the request
// failed, and a retry files it again, which guest relations can see and merge.
func (b *Builtin) Send(ctx context.Context, m Message, about About) (Ticket, error) {
	if err := Validate(&m); err != nil {
		return Ticket{}, err
	}
	now := b.cfg.Now().UTC()
	n, _ := rand.Int(rand.Reader, big.NewInt(1_000_000))
	t := Ticket{Number: fmt.Sprintf("HH-%s-%06d", now.Format("060102"), n.Int64()), Topic: m.Topic, CreatedAt: now}
	raw, err := json.Marshal(stored{t, m, about})
	if err != nil {
		return Ticket{}, err
	}
	pipe := b.st.Client.TxPipeline()
	pipe.LPush(ctx, b.list("all"), raw)
	pipe.LTrim(ctx, b.list("all"), 0, 9999)
	pipe.LPush(ctx, b.list(m.Topic), raw)
	pipe.LTrim(ctx, b.list(m.Topic), 0, 9999)
	if _, err := pipe.Exec(ctx); err != nil {
		return Ticket{}, err
	}
	if b.cfg.Outbox != nil {
		for _, mail := range Mails(t, m, about, b.cfg.To) {
			if err := b.cfg.Outbox.Send(ctx, mail); err != nil {
				return Ticket{}, err
			}
		}
	}
	return t, nil
}

// Mails are the emails a filed message makes: one to guest relations (kind "contact",
// replying to it reaches the guest) with everything the guest sent, and the guest's
// acknowledgement (kind "contact_copy") with the ticket number to quote. The
// acknowledgement holds none of the guest's own words, not even the name: the form
// takes any address, so repeating them would mail anyone's text to anyone.
func Mails(t Ticket, m Message, about About, to string) []outbox.Message {
	topic := TopicLabel(m.Topic)
	var b strings.Builder
	line := func(label, value string) {
		if value != "" {
			b.WriteString(label + ": " + value + "\n")
		}
	}
	line("Ticket", t.Number)
	line("Topic", topic)
	line("From", m.Name+" <"+m.Email+">")
	line("Phone", m.Phone)
	switch {
	case about.LocationName != "":
		line("Location", about.LocationName+" ("+m.LocationID+")")
	default:
		line("Location", m.LocationID)
	}
	switch about.Order {
	case OrderTheirs:
		line("Order", m.OrderID+" (one of the sender's orders)")
	case OrderNotTheirs:
		line("Order", m.OrderID+" (not found among the sender's orders: placed on another device, or mistyped)")
	default:
		line("Order", m.OrderID)
	}
	staff := outbox.Message{Kind: "contact", To: to,
		Subject: "[" + t.Number + "] " + topic + " from " + m.Name,
		Body:    b.String() + "\n" + m.Text + "\n"}
	copyBody := "Hello,\n\nWe got your message (" + topic + ") — ticket " + t.Number +
		". Guest relations will answer at this address; quote the ticket number if you write again.\n\n" +
		"If you did not write to us, you can ignore this email.\n\n" + site.Team
	guest := outbox.Message{Kind: "contact_copy", To: m.Email,
		Subject: "We got your message — ticket " + t.Number, Body: copyBody}
	return []outbox.Message{staff, guest}
}

// MailboxKey is the mailbox an address reaches, for counting messages per sender: lower
// case, without a +tag, and for Gmail without the dots Gmail ignores (googlemail.com is
// gmail.com). Several spellings of one inbox then share its limit; the address filed
// and answered is the one the guest wrote.
func MailboxKey(email string) string {
	email = strings.ToLower(strings.TrimSpace(email))
	at := strings.LastIndexByte(email, '@')
	if at < 0 {
		return email
	}
	local, domain := email[:at], email[at+1:]
	if tag := strings.IndexByte(local, '+'); tag > 0 {
		local = local[:tag]
	}
	if domain == "gmail.com" || domain == "googlemail.com" {
		local, domain = strings.ReplaceAll(local, ".", ""), "gmail.com"
	}
	return local + "@" + domain
}

// Recent lists the newest messages, for guest relations.
func (b *Builtin) Recent(ctx context.Context, limit int) ([]json.RawMessage, error) {
	raw, err := b.st.Client.LRange(ctx, b.list("all"), 0, int64(limit)-1).Result()
	if err != nil {
		return nil, err
	}
	out := make([]json.RawMessage, len(raw))
	for i, r := range raw {
		out[i] = json.RawMessage(r)
	}
	return out, nil
}
