package builtin

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/site"
)

// The built-in provider never sends mail or texts: every message goes to a capped
// Redis list (the outbox) and to a short list per recipient, for a developer page
// and for tests.

func (p *Provider) outboxKey(to string) string {
	if to == "" {
		return p.k("outbox")
	}
	return p.k("outbox", digest(normRecipient(to)))
}

// normRecipient normalises an email address or a phone number.
func normRecipient(to string) string {
	if strings.Contains(to, "@") {
		return normEmail(to)
	}
	if d, ok := normPhone(to); ok {
		return d
	}
	return strings.TrimSpace(to)
}

func (p *Provider) link(path string) string { return strings.TrimRight(p.cfg.SiteURL, "/") + path }

func (p *Provider) send(ctx context.Context, m loyalty.Message) error {
	m.ID = newID("msg_")
	m.CreatedAt = p.now()
	m.To = normRecipient(m.To)
	if m.Channel == "" {
		m.Channel = loyalty.ChannelEmail
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return err
	}
	pipe := p.st.Client.Pipeline()
	pipe.LPush(ctx, p.outboxKey(""), raw)
	pipe.LTrim(ctx, p.outboxKey(""), 0, int64(p.cfg.OutboxSize-1))
	pipe.LPush(ctx, p.outboxKey(m.To), raw)
	pipe.LTrim(ctx, p.outboxKey(m.To), 0, outboxPerAddress-1)
	pipe.Expire(ctx, p.outboxKey(m.To), 7*24*time.Hour)
	_, err = pipe.Exec(ctx)
	return err
}

func (p *Provider) readOutbox(ctx context.Context, key string, limit int) ([]loyalty.Message, error) {
	if limit <= 0 || limit > p.cfg.OutboxSize {
		limit = 50
	}
	raws, err := p.st.Client.LRange(ctx, key, 0, int64(limit-1)).Result()
	if err != nil {
		return nil, err
	}
	out := make([]loyalty.Message, 0, len(raws))
	for _, r := range raws {
		var m loyalty.Message
		if json.Unmarshal([]byte(r), &m) == nil {
			out = append(out, m)
		}
	}
	return out, nil
}

// Outbox lists the newest messages first.
func (p *Provider) Outbox(ctx context.Context, limit int) ([]loyalty.Message, error) {
	return p.readOutbox(ctx, p.outboxKey(""), limit)
}

// OutboxFor lists the newest messages to one email address or phone number.
func (p *Provider) OutboxFor(ctx context.Context, to string, limit int) ([]loyalty.Message, error) {
	if strings.TrimSpace(to) == "" {
		return []loyalty.Message{}, nil
	}
	return p.readOutbox(ctx, p.outboxKey(to), limit)
}

func (p *Provider) greeting(first string) string {
	if first == "" {
		return "Hi,"
	}
	return "Hi " + first + ","
}

func (p *Provider) sendConfirmation(ctx context.Context, id, first, email string) error {
	code := randomToken(18)
	if err := p.st.Client.Set(ctx, p.k("confirm", digest(code)), id+"|"+email, ConfirmTTL).Err(); err != nil {
		return err
	}
	link := p.link("/account/confirmed?code=" + code)
	return p.send(ctx, loyalty.Message{
		Kind: "confirm", To: email, Code: code, Link: link,
		Subject: "Confirm your " + p.prog.Name + " account",
		Body: p.greeting(first) + "\n\nThanks for joining " + p.prog.Name + ". Confirm your email address to start using your rewards:\n\n" +
			link + "\n\nThe link works for 7 days. If you didn't sign up, you can ignore this email.\n\n" + site.Team,
	})
}

func (p *Provider) sendCode(ctx context.Context, channel, to, first, code string) error {
	m := loyalty.Message{Kind: "signin_code", Channel: channel, To: to, Code: code}
	if channel == loyalty.ChannelSMS {
		m.Body = site.BrandName + ": your sign-in code is " + code + ". It expires in 10 minutes. Don't share it with anyone."
		return p.send(ctx, m)
	}
	m.Subject = "Your " + site.BrandName + " sign-in code: " + code
	m.Body = p.greeting(first) + "\n\nUse this code to sign in to your " + p.prog.Name + " account:\n\n    " + code +
		"\n\nIt expires in 10 minutes. If you didn't try to sign in, you can ignore this email; your account is safe.\n\n" + site.Team
	return p.send(ctx, m)
}
