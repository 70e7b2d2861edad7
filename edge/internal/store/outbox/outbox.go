// Package outbox keeps the mail and texts the built-in providers would send. None of
// them sends anything: sign-in codes (loyalty), contact-form copies (feedback) and
// e-gift cards (ordering) go to one capped Redis list, and to a short list per
// recipient, which the developer outbox page (/dev/outbox) and tests read. A real
// mail or SMS gateway would take the messages instead.
//
// Keys (P is the store prefix):
//
//	P:outbox          list  every message (JSON), newest first, capped at Config.Size
//	P:outbox:h(to)    list  the newest messages to one recipient, capped (TTL 7 days)
package outbox

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strings"
	"time"

	"github.com/henhouse/platform/edge/internal/store"
)

// Channels a message goes out on.
const (
	ChannelEmail = "email"
	ChannelSMS   = "sms"
)

// Message is one email or text.
type Message struct {
	ID string `json:"id"`
	// Kind names what the message is for: confirm, signin_code, reset,
	// password_changed, welcome, email_changed, contact, contact_copy, gift_card, …
	Kind      string    `json:"kind"`
	Channel   string    `json:"channel"`
	To        string    `json:"to"`
	Subject   string    `json:"subject,omitempty"`
	Body      string    `json:"body"`
	Code      string    `json:"code,omitempty"`
	Link      string    `json:"link,omitempty"`
	CreatedAt time.Time `json:"created_at"`
}

// Sender sends a message.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Reader lists what was sent, newest first.
type Reader interface {
	Outbox(ctx context.Context, limit int) ([]Message, error)
	// OutboxFor lists the newest messages to one email address or phone number.
	OutboxFor(ctx context.Context, to string, limit int) ([]Message, error)
}

// Config configures an Outbox.
type Config struct {
	// Size is how many messages the outbox keeps. Optional. Default: 1000.
	Size int
	// PerRecipient is how many messages are kept per recipient. Optional. Default: 50.
	PerRecipient int
	// Now stamps messages. Optional. Default: time.Now.
	Now func() time.Time
}

// Outbox is the Redis-backed Sender and Reader.
type Outbox struct {
	st  *store.Store
	cfg Config
}

// New returns an outbox on st.
func New(st *store.Store, cfg Config) *Outbox {
	if cfg.Size <= 0 {
		cfg.Size = 1000
	}
	if cfg.PerRecipient <= 0 {
		cfg.PerRecipient = 50
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Outbox{st: st, cfg: cfg}
}

// Normalize is the form a recipient is filed under, so that " Ada@Example.com" and
// "ada@example.com" are one inbox, as are "(937) 555-0100" and "+1 937 555 0100": an
// email address trimmed and lower-cased, a US phone number as its 10 digits.
func Normalize(to string) string {
	to = strings.TrimSpace(to)
	if strings.Contains(to, "@") {
		return strings.ToLower(to)
	}
	var b strings.Builder
	for _, r := range to {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case strings.ContainsRune(" -.()+", r):
		default:
			return to
		}
	}
	d := b.String()
	if len(d) == 11 && d[0] == '1' {
		d = d[1:]
	}
	if len(d) != 10 {
		return to
	}
	return d
}

func (o *Outbox) key(to string) string {
	if to == "" {
		return o.st.Key("outbox")
	}
	sum := sha256.Sum256([]byte(Normalize(to)))
	return o.st.Key("outbox", hex.EncodeToString(sum[:16]))
}

// Send files m under every message and under its recipient. It sets ID, CreatedAt
// and the default channel (email).
func (o *Outbox) Send(ctx context.Context, m Message) error {
	id := make([]byte, 12)
	_, _ = rand.Read(id)
	m.ID = "msg_" + base64.RawURLEncoding.EncodeToString(id)
	m.CreatedAt = o.cfg.Now()
	m.To = Normalize(m.To)
	if m.Channel == "" {
		m.Channel = ChannelEmail
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return err
	}
	pipe := o.st.Client.Pipeline()
	pipe.LPush(ctx, o.key(""), raw)
	pipe.LTrim(ctx, o.key(""), 0, int64(o.cfg.Size-1))
	pipe.LPush(ctx, o.key(m.To), raw)
	pipe.LTrim(ctx, o.key(m.To), 0, int64(o.cfg.PerRecipient-1))
	pipe.Expire(ctx, o.key(m.To), 7*24*time.Hour)
	_, err = pipe.Exec(ctx)
	return err
}

func (o *Outbox) read(ctx context.Context, key string, limit int) ([]Message, error) {
	if limit <= 0 || limit > o.cfg.Size {
		limit = 50
	}
	raws, err := o.st.Client.LRange(ctx, key, 0, int64(limit-1)).Result()
	if err != nil {
		return nil, err
	}
	out := make([]Message, 0, len(raws))
	for _, r := range raws {
		var m Message
		if json.Unmarshal([]byte(r), &m) == nil {
			out = append(out, m)
		}
	}
	return out, nil
}

// Outbox lists the newest messages first.
func (o *Outbox) Outbox(ctx context.Context, limit int) ([]Message, error) {
	return o.read(ctx, o.key(""), limit)
}

// OutboxFor lists the newest messages to one email address or phone number.
func (o *Outbox) OutboxFor(ctx context.Context, to string, limit int) ([]Message, error) {
	if strings.TrimSpace(to) == "" {
		return []Message{}, nil
	}
	return o.read(ctx, o.key(to), limit)
}
