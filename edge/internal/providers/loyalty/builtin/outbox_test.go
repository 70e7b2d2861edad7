package builtin

import (
	"strings"
	"testing"

	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

func TestOutbox(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		a := e.signUp(t)
		b := e.signUp(t)
		e.clk.Add(1)
		must[loyalty.Challenge](t)(e.p.SignIn(ctx, a.Email, "chicken123"))

		all := must[[]loyalty.Message](t)(e.p.Outbox(ctx, 10))
		if len(all) != 3 || all[0].Kind != "signin_code" || all[0].To != a.Email || all[1].Kind != "confirm" || all[1].To != b.Email || all[2].To != a.Email {
			t.Fatalf("outbox %+v", all)
		}
		for _, m := range all {
			if m.ID == "" || m.CreatedAt.IsZero() || m.Channel != "email" || m.Subject == "" || m.Code == "" {
				t.Fatalf("incomplete message %+v", m)
			}
			if strings.Contains(m.Body, "chicken123") || strings.Contains(m.Body, "$2a$") {
				t.Fatalf("message leaks a password: %+v", m)
			}
		}
		code := all[0]
		if !strings.HasPrefix(code.Body, "Hi Jane,") || !strings.Contains(code.Body, "    "+code.Code+"\n") || !strings.HasSuffix(code.Body, "— The Henhouse team") {
			t.Fatalf("code email body:\n%s", code.Body)
		}
		if len(must[[]loyalty.Message](t)(e.p.Outbox(ctx, 1))) != 1 {
			t.Fatal("limit")
		}
		mine := must[[]loyalty.Message](t)(e.p.OutboxFor(ctx, " "+strings.ToUpper(b.Email), 10))
		if len(mine) != 1 || mine[0].To != b.Email {
			t.Fatalf("outbox for b %+v", mine)
		}
		if none := must[[]loyalty.Message](t)(e.p.OutboxFor(ctx, "", 10)); len(none) != 0 {
			t.Fatal(none)
		}

		// Resending the confirmation: both links work until they expire.
		if err := e.p.ResendConfirmation(ctx, b.ID); err != nil {
			t.Fatal(err)
		}
		again := e.lastMessage(t, b.Email)
		if again.Kind != "confirm" || again.Code == mine[0].Code {
			t.Fatalf("resent %+v", again)
		}
		must[loyalty.Member](t)(e.p.ConfirmAccount(ctx, again.Code))
	})
}

func TestOutboxIsCapped(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		for i := 0; i < 7; i++ {
			e.signUp(t)
		}
		if all := must[[]loyalty.Message](t)(e.p.Outbox(ctx, 100)); len(all) != 5 {
			t.Fatalf("%d messages kept", len(all))
		}
	}, func(c *Config) { c.OutboxSize = 5 })
}
