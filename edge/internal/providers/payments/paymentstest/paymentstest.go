// Package paymentstest is the contract every card processor passes
// (payments.Processor): the built-in processors on Redis and Stripe on stripe-mock run
// the same checks, so an order behaves the same whichever processor a location takes
// cards through.
package paymentstest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/payments"
)

// Options describe the processor under test. A check that cannot hold against a
// processor's test double is skipped by naming why in its Skip… field.
type Options struct {
	// Token answers a fresh token of a card the processor approves, as the card
	// fields hand it to an order (a new one per call).
	Token func(t *testing.T) string
	// UnknownToken is a token of the processor's form that it never issued.
	UnknownToken string
	// UnknownAuthorization is an authorization id of the processor's form that it
	// never made.
	UnknownAuthorization string
	// SkipReplay: why a repeated idempotency key cannot be seen to answer the same
	// authorization (a backend that ignores idempotency keys).
	SkipReplay string
	// SkipState: why what an authorization became (voided, captured) cannot be read
	// back, nor a capture after a void refused (a backend that keeps no state).
	SkipState string
	// SkipUnknown: why UnknownToken and UnknownAuthorization cannot be refused (a
	// backend that answers any id).
	SkipUnknown string
}

var seq atomic.Int64

// key is an idempotency key no other check uses.
func key(t *testing.T) string {
	return fmt.Sprintf("contract-%s-%d", strings.ReplaceAll(t.Name(), "/", "-"), seq.Add(1))
}

// Run checks p against the contract.
func Run(t *testing.T, p payments.Processor, o Options) {
	ctx := context.Background()
	authorize := func(t *testing.T, amount int64, k string) (payments.Authorization, string) {
		t.Helper()
		tok := o.Token(t)
		card, err := p.Lookup(ctx, tok)
		if err != nil {
			t.Fatalf("Lookup(%s): %v", tok, err)
		}
		a, err := p.Authorize(ctx, tok, amount, k)
		if err != nil {
			t.Fatalf("Authorize: %v", err)
		}
		return a, payments.Label(card.Brand, card.Last4)
	}

	t.Run("AuthorizeAnswersAReferenceAndALabel", func(t *testing.T) {
		a, label := authorize(t, 2599, key(t))
		if a.ID == "" || a.Processor != p.ID() || a.AmountCents != 2599 || a.Status != payments.StatusAuthorized {
			t.Errorf("authorization %+v: want an id, processor %s, 2599 cents, authorized", a, p.ID())
		}
		brand, last4, ok := strings.Cut(label, " •••• ")
		if !ok || brand == "" || brand == "Card" || len(last4) != 4 {
			t.Errorf("label %q: want a brand and the last 4 digits, as in %q", label, "Visa •••• 4242")
		}
	})

	t.Run("ARepeatedKeyHoldsOnce", func(t *testing.T) {
		if o.SkipReplay != "" {
			t.Skip(o.SkipReplay)
		}
		tok, k := o.Token(t), key(t)
		first, err := p.Authorize(ctx, tok, 1850, k)
		if err != nil {
			t.Fatal(err)
		}
		again, err := p.Authorize(ctx, tok, 1850, k)
		if err != nil {
			t.Fatalf("the retry: %v", err)
		}
		if again.ID != first.ID {
			t.Errorf("the retry held again: %s, first %s", again.ID, first.ID)
		}
		found, ok, err := p.Find(ctx, k)
		if err != nil || !ok || found.ID != first.ID {
			t.Errorf("Find(key) = %+v %v %v, want %s", found, ok, err, first.ID)
		}
		// The same key for another amount is the order changing under a retry.
		_, err = p.Authorize(ctx, tok, 1900, k)
		if f, ok := fault.As(err); !ok || f.Kind != fault.Conflict {
			t.Errorf("the key with another amount: %v, want a Conflict", err)
		}
	})

	t.Run("VoidAfterAuthorize", func(t *testing.T) {
		k := key(t)
		a, _ := authorize(t, 1200, k)
		if err := p.Void(ctx, a.ID); err != nil {
			t.Fatalf("Void: %v", err)
		}
		if err := p.Void(ctx, a.ID); err != nil {
			t.Errorf("voiding twice: %v", err)
		}
		if o.SkipState != "" {
			t.Logf("the rest is not checked: %s", o.SkipState)
			return
		}
		if found, ok, err := p.Find(ctx, k); err != nil || (ok && found.Status != payments.StatusVoided) {
			t.Errorf("Find after Void = %+v %v %v, want voided or none", found, ok, err)
		}
		err := p.Capture(ctx, a.ID)
		if f, ok := fault.As(err); !ok || f.Kind != fault.Conflict || f.Message == "" {
			t.Errorf("capture after void: %v, want a Conflict with a message", err)
		}
	})

	t.Run("CaptureAfterAuthorize", func(t *testing.T) {
		k := key(t)
		a, _ := authorize(t, 3100, k)
		if err := p.Capture(ctx, a.ID); err != nil {
			t.Fatalf("Capture: %v", err)
		}
		if err := p.Capture(ctx, a.ID); err != nil {
			t.Errorf("capturing twice: %v", err)
		}
		if o.SkipState != "" {
			t.Logf("the rest is not checked: %s", o.SkipState)
			return
		}
		if found, ok, err := p.Find(ctx, k); err != nil || !ok || found.Status != payments.StatusCaptured {
			t.Errorf("Find after Capture = %+v %v %v, want captured", found, ok, err)
		}
		err := p.Void(ctx, a.ID)
		if f, ok := fault.As(err); !ok || f.Kind != fault.Conflict || f.Message == "" {
			t.Errorf("void after capture: %v, want a Conflict with a message", err)
		}
	})

	t.Run("ABadTokenIsAFaultAGuestCanRead", func(t *testing.T) {
		bad := []string{"not-a-token", "", "pm_", "tok_' OR 1=1"}
		if o.SkipUnknown == "" {
			bad = append(bad, o.UnknownToken)
		}
		for _, tok := range bad {
			_, err := p.Authorize(ctx, tok, 1000, key(t))
			guestReadable(t, "Authorize("+tok+")", err)
			_, err = p.Lookup(ctx, tok)
			guestReadable(t, "Lookup("+tok+")", err)
		}
		if o.SkipUnknown != "" {
			t.Logf("ids of the processor's form it never issued are not checked: %s", o.SkipUnknown)
		}
	})

	t.Run("AnUnknownAuthorizationIsAFault", func(t *testing.T) {
		refs := []string{"not-an-authorization"}
		if o.SkipUnknown == "" {
			refs = append(refs, o.UnknownAuthorization)
		}
		for _, ref := range refs {
			guestReadable(t, "Capture("+ref+")", p.Capture(ctx, ref))
			guestReadable(t, "Void("+ref+")", p.Void(ctx, ref))
		}
		if _, ok, err := p.Find(ctx, key(t)); ok || err != nil {
			t.Errorf("Find of an unused key = %v %v, want none", ok, err)
		}
		if o.SkipUnknown != "" {
			t.Logf("ids of the processor's form it never issued are not checked: %s", o.SkipUnknown)
		}
	})
}

// guestReadable fails unless err is a fault a guest can act on: a refusal (not
// Unavailable, which says to try again) with a sentence for a message, never a bare
// error.
func guestReadable(t *testing.T, what string, err error) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error", what)
		return
	}
	f, ok := fault.As(err)
	if !ok {
		t.Errorf("%s: a bare error %v, want a fault", what, err)
		return
	}
	if f.Kind == fault.Unavailable || errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("%s: %v, want a refusal, not Unavailable", what, err)
	}
	if len(f.Message) < 10 || !strings.HasSuffix(f.Message, ".") || strings.Contains(f.Message, "_") {
		t.Errorf("%s: message %q is not a sentence for a guest", what, f.Message)
	}
}
