package builtin

import (
	"strings"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// otherCode is a 6-digit code different from code.
func otherCode(code string) string {
	if code == "123456" {
		return "654321"
	}
	return "123456"
}

func TestSignInNeedsTheCodeStep(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t, func(in *loyalty.SignUpInput) { in.Email = "june.bug@example.com" })
		ch := must[loyalty.Challenge](t)(e.p.SignIn(ctx, " JUNE.bug@Example.com", "chicken123"))
		if ch.Channel != "email" || ch.Destination != "j•••@example.com" || !ch.ExpiresAt.Equal(noon.Add(10*time.Minute)) || !strings.HasPrefix(ch.ID, "ch_") {
			t.Fatalf("challenge %+v", ch)
		}
		msg := e.lastMessage(t, m.Email)
		if msg.Kind != "signin_code" || !sixDigits.MatchString(msg.Code) || !strings.Contains(msg.Subject, msg.Code) || !strings.Contains(msg.Body, "expires in 10 minutes") {
			t.Fatalf("code message %+v", msg)
		}
		got := must[loyalty.Member](t)(e.p.VerifyCode(ctx, ch.ID, " "+msg.Code[:3]+" "+msg.Code[3:]))
		if got.ID != m.ID || !got.Confirmed {
			t.Fatalf("verified %+v", got)
		}
		// Single use.
		_, err := e.p.VerifyCode(ctx, ch.ID, msg.Code)
		wantFault(t, err, fault.Gone, "code_used")
		_, err = e.p.ResendCode(ctx, ch.ID)
		wantFault(t, err, fault.Gone, "code_used")
	})
}

func TestSignInWrongCredentials(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		before := e.messageCount(t, m.Email)
		_, err1 := e.p.SignIn(ctx, m.Email, "wrong-pass1")
		fe1 := wantFault(t, err1, fault.Unauthorized, "invalid_credentials")
		_, err2 := e.p.SignIn(ctx, "nobody@example.com", "chicken123")
		fe2 := wantFault(t, err2, fault.Unauthorized, "invalid_credentials")
		if fe1.Message != "That email and password don't match our records." || fe1.Message != fe2.Message {
			t.Fatalf("messages %q / %q", fe1.Message, fe2.Message)
		}
		if e.messageCount(t, m.Email) != before {
			t.Fatal("a wrong password sent a code")
		}
		_, err := e.p.SignIn(ctx, "", "")
		fe := wantFault(t, err, fault.Invalid, "invalid")
		if fe.Fields["email"] != msgEmail || fe.Fields["password"] != "Enter your password" {
			t.Fatal(fe.Fields)
		}
		// Repeated failures pause sign-in for that email, known or not.
		for i := 1; i < signInFailures; i++ {
			_, err := e.p.SignIn(ctx, m.Email, "wrong-pass1")
			wantFault(t, err, fault.Unauthorized, "invalid_credentials")
		}
		_, err = e.p.SignIn(ctx, m.Email, "chicken123")
		fe = wantFault(t, err, fault.TooMany, "too_many_attempts")
		if fe.RetryAfter <= 0 || fe.RetryAfter > int(signInWindow.Seconds()) {
			t.Fatalf("retry after %d", fe.RetryAfter)
		}
	})
}

func TestVerifyCodeWrongAndAttemptLimit(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		ch := must[loyalty.Challenge](t)(e.p.SignIn(ctx, m.Email, "chicken123"))
		code := e.lastMessage(t, m.Email).Code
		_, err := e.p.VerifyCode(ctx, ch.ID, "12a456")
		fe := wantFault(t, err, fault.Invalid, "invalid")
		if fe.Fields["code"] != "Enter the 6-digit code" {
			t.Fatal(fe.Fields)
		}
		for i := 0; i < CodeAttempts; i++ {
			_, err := e.p.VerifyCode(ctx, ch.ID, otherCode(code))
			fe := wantFault(t, err, fault.Invalid, "wrong_code")
			if fe.Fields["code"] != "That code isn't right. Check the latest email and try again." {
				t.Fatal(fe.Fields)
			}
		}
		// Even the right code fails after five wrong ones.
		_, err = e.p.VerifyCode(ctx, ch.ID, code)
		wantFault(t, err, fault.TooMany, "too_many_attempts")
		_, err = e.p.ResendCode(ctx, ch.ID)
		wantFault(t, err, fault.TooMany, "too_many_attempts")
		_, err = e.p.VerifyCode(ctx, "ch_doesnotexist1234", code)
		wantFault(t, err, fault.Gone, "challenge_expired")
		_, err = e.p.VerifyCode(ctx, "bogus", code)
		wantFault(t, err, fault.Gone, "challenge_expired")
	})
}

func TestVerifyCodeExpires(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		ch := must[loyalty.Challenge](t)(e.p.SignIn(ctx, m.Email, "chicken123"))
		code := e.lastMessage(t, m.Email).Code
		e.clk.Add(10*time.Minute + time.Second)
		_, err := e.p.VerifyCode(ctx, ch.ID, code)
		fe := wantFault(t, err, fault.Gone, "code_expired")
		if fe.Message != "That code has expired. Request a new one." {
			t.Fatal(fe.Message)
		}
		// A new code for the same step works.
		ch2 := must[loyalty.Challenge](t)(e.p.ResendCode(ctx, ch.ID))
		if ch2.ID != ch.ID || !ch2.ExpiresAt.Equal(e.clk.Now().Add(CodeTTL)) {
			t.Fatalf("resent %+v", ch2)
		}
		code2 := e.lastMessage(t, m.Email).Code
		if _, err := e.p.VerifyCode(ctx, ch.ID, code2); err != nil {
			t.Fatal(err)
		}
	})
}

func TestResendCode(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		ch := must[loyalty.Challenge](t)(e.p.SignIn(ctx, m.Email, "chicken123"))
		first := e.lastMessage(t, m.Email).Code
		_, err := e.p.ResendCode(ctx, ch.ID)
		fe := wantFault(t, err, fault.TooMany, "resend_too_soon")
		if fe.RetryAfter != 30 {
			t.Fatalf("retry after %d", fe.RetryAfter)
		}
		var last string
		for i := 0; i < CodeResends; i++ {
			e.clk.Add(ResendInterval)
			if _, err := e.p.ResendCode(ctx, ch.ID); err != nil {
				t.Fatalf("resend %d: %v", i, err)
			}
			last = e.lastMessage(t, m.Email).Code
		}
		e.clk.Add(ResendInterval)
		_, err = e.p.ResendCode(ctx, ch.ID)
		wantFault(t, err, fault.TooMany, "too_many_codes")
		if first != last {
			// The first code stopped working when a new one was sent.
			_, err = e.p.VerifyCode(ctx, ch.ID, first)
			wantFault(t, err, fault.Invalid, "wrong_code")
		}
		if _, err := e.p.VerifyCode(ctx, ch.ID, last); err != nil {
			t.Fatal(err)
		}
		_, err = e.p.ResendCode(ctx, "ch_doesnotexist1234")
		wantFault(t, err, fault.Gone, "challenge_expired")
	})
}

// A code sent late in its second and asked for again early in the next still
// has more than 29 seconds to wait: the guest is told 30.
func TestResendWaitCountsFromTheSendItself(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		e.clk.Set(e.clk.Now().Truncate(time.Second).Add(900 * time.Millisecond))
		ch := must[loyalty.Challenge](t)(e.p.SignIn(ctx, m.Email, "chicken123"))
		e.clk.Add(200 * time.Millisecond)
		_, err := e.p.ResendCode(ctx, ch.ID)
		fe := wantFault(t, err, fault.TooMany, "resend_too_soon")
		if fe.RetryAfter != 30 || fe.Message != "Wait 30 seconds before asking for another code." {
			t.Fatalf("%d: %s", fe.RetryAfter, fe.Message)
		}
		e.clk.Add(ResendInterval - 250*time.Millisecond)
		_, err = e.p.ResendCode(ctx, ch.ID)
		if fe := wantFault(t, err, fault.TooMany, "resend_too_soon"); fe.RetryAfter != 1 {
			t.Fatalf("retry after %d", fe.RetryAfter)
		}
		e.clk.Add(50 * time.Millisecond)
		if _, err := e.p.ResendCode(ctx, ch.ID); err != nil {
			t.Fatal(err)
		}
	})
}

func TestPasswordless(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		verify := func(ch loyalty.Challenge, to string) {
			t.Helper()
			msg := e.lastMessage(t, to)
			got, err := e.p.VerifyCode(ctx, ch.ID, msg.Code)
			if err != nil || got.ID != m.ID {
				t.Fatalf("verify via %s: %v %+v", to, err, got)
			}
		}
		// By email.
		ch := must[loyalty.Challenge](t)(e.p.StartPasswordless(ctx, strings.ToUpper(m.Email)))
		if ch.Channel != "email" || ch.Destination != maskEmail(m.Email) {
			t.Fatalf("email challenge %+v", ch)
		}
		verify(ch, m.Email)
		// By phone, as a text message.
		formatted := formatPhone(m.Phone)
		ch = must[loyalty.Challenge](t)(e.p.StartPasswordless(ctx, formatted))
		if ch.Channel != "sms" || ch.Destination != "(•••) •••-"+m.Phone[6:] {
			t.Fatalf("phone challenge %+v", ch)
		}
		sms := e.lastMessage(t, formatted)
		if sms.Channel != "sms" || sms.To != m.Phone || sms.Subject != "" || !strings.Contains(sms.Body, sms.Code) {
			t.Fatalf("text message %+v", sms)
		}
		wrong, err := e.p.VerifyCode(ctx, ch.ID, otherCode(sms.Code))
		fe := wantFault(t, err, fault.Invalid, "wrong_code")
		if !strings.Contains(fe.Fields["code"], "text message") || wrong.ID != "" {
			t.Fatal(fe.Fields)
		}
		verify(ch, m.Phone)
		// By member number, as printed on the card.
		printed := strings.ToLower(m.Number[:2]) + " " + m.Number[2:6] + " " + m.Number[6:10] + " " + m.Number[10:]
		ch = must[loyalty.Challenge](t)(e.p.StartPasswordless(ctx, printed))
		if ch.Channel != "email" || ch.Destination != maskEmail(m.Email) {
			t.Fatalf("number challenge %+v", ch)
		}
		verify(ch, m.Email)

		// Unknown identifiers get a challenge that looks the same, sends nothing and
		// never succeeds.
		for _, id := range []string{"ghost@example.com", "(212) 555-0188", unknownNumber(e, t)} {
			ch, err := e.p.StartPasswordless(ctx, id)
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			if ch.ID == "" || ch.Destination == "" || !ch.ExpiresAt.Equal(e.clk.Now().Add(CodeTTL)) {
				t.Fatalf("%s: decoy %+v", id, ch)
			}
			if n := e.messageCount(t, id); n != 0 {
				t.Fatalf("%s: %d messages", id, n)
			}
			for _, code := range []string{"000000", "123456"} {
				_, err := e.p.VerifyCode(ctx, ch.ID, code)
				wantFault(t, err, fault.Invalid, "wrong_code")
			}
			if _, err := e.p.ResendCode(ctx, ch.ID); !fault.Is(err, fault.TooMany) {
				t.Fatalf("decoy resend: %v", err)
			}
		}
		// The decoy destination of a member number is stable.
		n := unknownNumber(e, t)
		a := must[loyalty.Challenge](t)(e.p.StartPasswordless(ctx, n))
		b := must[loyalty.Challenge](t)(e.p.StartPasswordless(ctx, n))
		if a.Destination != b.Destination || !strings.Contains(a.Destination, "•••@") {
			t.Fatalf("decoy destinations %q %q", a.Destination, b.Destination)
		}

		for id, msg := range map[string]string{
			"":                      "Enter your email, phone number or member number",
			"chicken":               "Enter your email, phone number or member number",
			"jane@":                 "Enter a valid email address",
			"HH1234":                "Check your member number. It's on your member card",
			badCheckDigit(m.Number): "Check your member number. It's on your member card",
		} {
			_, err := e.p.StartPasswordless(ctx, id)
			fe := wantFault(t, err, fault.Invalid, "invalid")
			if fe.Fields["identifier"] != msg {
				t.Errorf("%q: %v", id, fe.Fields)
			}
		}
	})
}

func unknownNumber(e *env, t *testing.T) string {
	for {
		n := "HH" + randomDigits(9)
		n += string(luhnDigit(n[2:]))
		if h, _ := e.p.memberBy(ctx, e.p.numberKey(n), "number", n); h == nil {
			return n
		}
	}
}

func badCheckDigit(n string) string {
	last := n[len(n)-1]
	return n[:len(n)-1] + string('0'+(last-'0'+1)%10)
}

func TestCodeSendsAreThrottled(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		for i := 0; i < codeSends; i++ {
			if _, err := e.p.StartPasswordless(ctx, m.Email); err != nil {
				t.Fatal(err)
			}
		}
		_, err := e.p.StartPasswordless(ctx, m.Email)
		fe := wantFault(t, err, fault.TooMany, "too_many_codes")
		if fe.RetryAfter <= 0 {
			t.Fatal("no retry-after")
		}
		// Unknown addresses are throttled the same way.
		for i := 0; i < codeSends; i++ {
			if _, err := e.p.StartPasswordless(ctx, "ghost@example.com"); err != nil {
				t.Fatal(err)
			}
		}
		_, err = e.p.StartPasswordless(ctx, "ghost@example.com")
		wantFault(t, err, fault.TooMany, "too_many_codes")
	})
}

func TestSingleSignOnCodes(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t)
		for _, bad := range []string{"", "https://evil.example/app/code", "//evil.example/app/code", "/app/code#x", "/account", "/app/code/../admin", "javascript:alert(1)", "/app/code\\x"} {
			_, err := e.p.CreateAuthCode(ctx, m.ID, bad)
			wantFault(t, err, fault.Invalid, "invalid_redirect")
		}
		_, err := e.p.CreateAuthCode(ctx, "m_nobodyhere123456", "/app/code")
		wantFault(t, err, fault.NotFound, "member_not_found")

		code := must[string](t)(e.p.CreateAuthCode(ctx, m.ID, "/app/code"))
		got := must[loyalty.Member](t)(e.p.ExchangeAuthCode(ctx, code, "/app/code"))
		if got.ID != m.ID {
			t.Fatal(got)
		}
		_, err = e.p.ExchangeAuthCode(ctx, code, "/app/code")
		wantFault(t, err, fault.Gone, "auth_code_invalid")

		// A mismatched redirect is refused and spends the code.
		code = must[string](t)(e.p.CreateAuthCode(ctx, m.ID, "/account/signin?next=%2Faccount"))
		_, err = e.p.ExchangeAuthCode(ctx, code, "/app/code")
		wantFault(t, err, fault.Invalid, "redirect_mismatch")
		_, err = e.p.ExchangeAuthCode(ctx, code, "/account/signin?next=%2Faccount")
		wantFault(t, err, fault.Gone, "auth_code_invalid")

		// Query order and the code/state parameters do not matter.
		code = must[string](t)(e.p.CreateAuthCode(ctx, m.ID, "/account/signin?b=2&a=1"))
		if _, err := e.p.ExchangeAuthCode(ctx, code, "/account/signin?a=1&b=2&state=x"); err != nil {
			t.Fatal(err)
		}

		// Two minutes.
		code = must[string](t)(e.p.CreateAuthCode(ctx, m.ID, "/app/code"))
		e.clk.Add(AuthCodeTTL)
		_, err = e.p.ExchangeAuthCode(ctx, code, "/app/code")
		wantFault(t, err, fault.Gone, "auth_code_invalid")
		_, err = e.p.ExchangeAuthCode(ctx, "made-up", "/app/code")
		wantFault(t, err, fault.Gone, "auth_code_invalid")
	})
}
