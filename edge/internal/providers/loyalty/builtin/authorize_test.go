package builtin

import (
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

func TestCheckAuthorizeRequest(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		ok := loyalty.AuthorizeRequest{ClientID: " henhouse-app ", RedirectURI: "/app/code?code=old&x=1", State: "st&ate"}
		got, problem := e.p.CheckAuthorizeRequest(ok, "https", "henhouse.test")
		if problem != "" || got != (loyalty.AuthorizeRequest{ClientID: "henhouse-app", RedirectURI: "/app/code?x=1", State: "st&ate"}) {
			t.Fatalf("accepted request: %+v %q", got, problem)
		}
		same := loyalty.AuthorizeRequest{ClientID: "henhouse-web", RedirectURI: "https://HENHOUSE.test/account/signin"}
		if got, problem := e.p.CheckAuthorizeRequest(same, "https", "henhouse.test"); problem != "" || got.RedirectURI != "/account/signin" {
			t.Fatalf("same origin: %+v %q", got, problem)
		}
		for _, bad := range []struct {
			r    loyalty.AuthorizeRequest
			want string
		}{
			{loyalty.AuthorizeRequest{ClientID: "stranger", RedirectURI: "/app/code"}, "The app that sent you here isn't recognised."},
			{loyalty.AuthorizeRequest{ClientID: "henhouse-app", RedirectURI: "/app/code", State: string(make([]byte, 513))}, "The sign-in request is too long."},
			{loyalty.AuthorizeRequest{ClientID: "henhouse-app", RedirectURI: "http://henhouse.test/app/code"}, "The sign-in request asks to return to an address that isn't allowed."},
			{loyalty.AuthorizeRequest{ClientID: "henhouse-app", RedirectURI: "https://evil.example/app/code"}, "The sign-in request asks to return to an address that isn't allowed."},
			{loyalty.AuthorizeRequest{ClientID: "henhouse-app", RedirectURI: "//evil.example/app/code"}, "The sign-in request asks to return to an address that isn't allowed."},
			{loyalty.AuthorizeRequest{ClientID: "henhouse-app", RedirectURI: "/account"}, "The sign-in request asks to return to an address that isn't allowed."},
		} {
			if _, problem := e.p.CheckAuthorizeRequest(bad.r, "https", "henhouse.test"); problem != bad.want {
				t.Errorf("%+v: %q, want %q", bad.r, problem, bad.want)
			}
		}
	})
}

func TestAuthorizeFormTokenIsSpentOnceForItsRequest(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := loyalty.AuthorizeRequest{ClientID: "henhouse-app", RedirectURI: "/app/code", State: "s"}
		token := must[string](t)(e.p.NewAuthorizeForm(ctx, r, time.Minute))
		other := r
		other.State = "t"
		if ok := must[bool](t)(e.p.TakeAuthorizeForm(ctx, token, other)); ok {
			t.Fatal("token accepted for another request")
		}
		// The failed attempt spent it.
		if ok := must[bool](t)(e.p.TakeAuthorizeForm(ctx, token, r)); ok {
			t.Fatal("token reused")
		}
		token = must[string](t)(e.p.NewAuthorizeForm(ctx, r, time.Minute))
		if ok := must[bool](t)(e.p.TakeAuthorizeForm(ctx, token, r)); !ok {
			t.Fatal("fresh token refused")
		}
		if ok := must[bool](t)(e.p.TakeAuthorizeForm(ctx, "", r)); ok {
			t.Fatal("empty token accepted")
		}
	})
}

func TestAuthorizePasswordAndCode(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		m := e.signUp(t, func(in *loyalty.SignUpInput) { in.Email = "june.bug@example.com" })
		if id := must[string](t)(e.p.AuthorizePassword(ctx, " JUNE.bug@example.com ", "chicken123")); id != m.ID {
			t.Fatalf("member %q", id)
		}
		_, err := e.p.AuthorizePassword(ctx, m.Email, "wrong-pass1")
		wantFault(t, err, fault.Unauthorized, "invalid_credentials")
		ch := must[loyalty.Challenge](t)(e.p.StartAuthorizeCode(ctx, m.ID))
		if ch.Destination != "j•••@example.com" || e.p.ChallengeDestination(ctx, ch.ID) != "j•••@example.com" || e.p.ChallengeDestination(ctx, "ch_unknown") != "" {
			t.Fatalf("challenge %+v", ch)
		}
		got := must[loyalty.Member](t)(e.p.VerifyCode(ctx, ch.ID, e.lastMessage(t, m.Email).Code))
		if got.ID != m.ID {
			t.Fatalf("verified %+v", got)
		}
	})
}
