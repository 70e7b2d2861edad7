package builtin

import (
	"context"
	"strings"

	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/site"
)

// The built-in provider never sends mail or texts: every message goes to the shared
// outbox (store/outbox), which a developer page and tests read.

func (p *Provider) link(path string) string { return strings.TrimRight(p.cfg.SiteURL, "/") + path }

func (p *Provider) send(ctx context.Context, m loyalty.Message) error { return p.box.Send(ctx, m) }

// Outbox lists the newest messages first.
func (p *Provider) Outbox(ctx context.Context, limit int) ([]loyalty.Message, error) {
	return p.box.Outbox(ctx, limit)
}

// OutboxFor lists the newest messages to one email address or phone number.
func (p *Provider) OutboxFor(ctx context.Context, to string, limit int) ([]loyalty.Message, error) {
	return p.box.OutboxFor(ctx, to, limit)
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
