// Package feedback takes guests' messages from the contact form to guest relations.
// The built-in inbox keeps them in Redis with a ticket number; a help-desk adapter
// (Zendesk, Freshdesk, …) can replace it behind Inbox.
package feedback

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"math/big"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/store"
)

// Topics a guest can choose on the contact form.
var Topics = []string{"order", "restaurant", "rewards", "catering", "website", "other"}

// Message is what the contact form sends.
type Message struct {
	Name       string `json:"name"`
	Email      string `json:"email"`
	Phone      string `json:"phone"`
	Topic      string `json:"topic"`
	LocationID string `json:"locationId"`
	OrderID    string `json:"orderId"`
	Text       string `json:"message"`
}

// Ticket is the receipt a guest gets.
type Ticket struct {
	Number    string    `json:"number"`
	Topic     string    `json:"topic"`
	CreatedAt time.Time `json:"created_at"`
}

// Inbox receives contact messages.
type Inbox interface {
	Send(ctx context.Context, m Message) (Ticket, error)
}

// MaxText is the longest message accepted, in characters.
const MaxText = 2000

// Validate checks a message and answers per-field messages a guest can act on.
func Validate(m *Message) error {
	m.Name, m.Email, m.Topic = strings.TrimSpace(m.Name), strings.TrimSpace(strings.ToLower(m.Email)), strings.TrimSpace(m.Topic)
	m.Text = strings.TrimSpace(m.Text)
	fields := map[string]string{}
	if m.Name == "" || utf8.RuneCountInString(m.Name) > 100 {
		fields["name"] = "Enter your name."
	}
	if a, err := mail.ParseAddress(m.Email); err != nil || a.Address != m.Email {
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
	m.Phone = digits
	known := false
	for _, t := range Topics {
		known = known || t == m.Topic
	}
	if !known {
		fields["topic"] = "Choose what your message is about."
	}
	switch n := utf8.RuneCountInString(m.Text); {
	case n == 0:
		fields["message"] = "Write your message."
	case n > MaxText:
		fields["message"] = fmt.Sprintf("Keep your message under %d characters.", MaxText)
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
	now func() time.Time
}

// list is the key of a list of messages: "all" or a topic.
func (b *Builtin) list(name string) string { return b.st.Key("feedback", "{inbox}", name) }

// NewBuiltin returns the built-in inbox.
func NewBuiltin(st *store.Store) *Builtin { return &Builtin{st: st, now: time.Now} }

type stored struct {
	Ticket  Ticket  `json:"ticket"`
	Message Message `json:"message"`
}

// Send validates and files a message.
func (b *Builtin) Send(ctx context.Context, m Message) (Ticket, error) {
	if err := Validate(&m); err != nil {
		return Ticket{}, err
	}
	n, _ := rand.Int(rand.Reader, big.NewInt(1_000_000))
	t := Ticket{Number: fmt.Sprintf("HH-%s-%06d", b.now().UTC().Format("060102"), n.Int64()), Topic: m.Topic, CreatedAt: b.now().UTC()}
	raw, err := json.Marshal(stored{t, m})
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
	return t, nil
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
