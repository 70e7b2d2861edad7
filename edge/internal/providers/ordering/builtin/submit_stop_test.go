package builtin

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// Authorized lets the counting fake stand in where no submit stops half-way.
func (c *cards) Authorized(context.Context, string, string) (string, error) { return "", nil }

// keyedCards is a card processor that, like a real one, answers a repeated
// idempotency key with the authorization it already made, voided or not. With stop set, the next
// authorization is made and then the call never comes back until stop is closed,
// as when the edge making it is killed.
type keyedCards struct {
	mu      sync.Mutex
	byKey   map[string]string // idempotency key → reference
	voided  map[string]bool
	made    int
	stop    chan struct{}
	stopped chan struct{} // closed once an authorization is held by a stopped call
}

func newKeyedCards() *keyedCards {
	return &keyedCards{byKey: map[string]string{}, voided: map[string]bool{}}
}

func (k *keyedCards) Authorize(_ context.Context, _, _ string, _ int64, key string) (string, string, error) {
	k.mu.Lock()
	ref, ok := k.byKey[key]
	if !ok {
		k.made++
		ref = "auth_" + key + "_" + string(rune('a'+k.made))
		k.byKey[key] = ref
	}
	stop, stopped := k.stop, k.stopped
	k.stop = nil
	k.mu.Unlock()
	if stop != nil {
		close(stopped)
		<-stop
		return "", "", errors.New("edge stopped")
	}
	return ref, "Visa •••• 4242", nil
}

func (k *keyedCards) Capture(context.Context, string, string) error { return nil }

func (k *keyedCards) Void(_ context.Context, _, ref string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.voided[ref] = true
	return nil
}

func (k *keyedCards) Authorized(_ context.Context, _, key string) (string, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if ref, ok := k.byKey[key]; ok && !k.voided[ref] {
		return ref, nil
	}
	return "", nil
}

// counts answers how many authorizations were made and how many of them are voided.
func (k *keyedCards) counts() (made, voided int) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.made, len(k.voided)
}

// stopNext makes the next authorization the last thing its edge does; the returned
// function lets the stopped call end (as if its process were gone) once the test is done.
func (k *keyedCards) stopNext(t *testing.T) <-chan struct{} {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.stop, k.stopped = make(chan struct{}), make(chan struct{})
	stop := k.stop
	t.Cleanup(func() { close(stop) })
	return k.stopped
}

const testLockTTL = 2 * time.Second

func newKeyedEnv(t *testing.T, st *store.Store) (*env, *keyedCards) {
	t.Helper()
	kc := newKeyedCards()
	clk := &fakeClock{t: noon}
	p, err := New(context.Background(), Config{Store: st, Now: clk.Now, Cards: kc, SubmitLockTTL: testLockTTL})
	if err != nil {
		t.Fatal(err)
	}
	return &env{p: p, clk: clk, st: st}, kc
}

// lapse lets d pass for the provider's clock and for Redis's key expiry.
func lapse(e *env, d time.Duration) {
	e.clk.Add(d)
	if m := e.st.Mini(); m != nil {
		m.FastForward(d)
	} else {
		time.Sleep(d)
	}
}

func cardSubmit(key string) ordering.SubmitInput {
	return ordering.SubmitInput{IdempotencyKey: key, Customer: guest, Payments: []ordering.PaymentInput{{Kind: "card", Processor: "hosted", Token: "tok_ok"}}}
}

// stoppedSubmit starts a submit whose edge stops right after authorizing the card.
func stoppedSubmit(t *testing.T, e *env, kc *keyedCards, key string) {
	t.Helper()
	held := kc.stopNext(t)
	go func() { _, _ = e.p.Submit(context.Background(), "v", cardSubmit(key)) }()
	select {
	case <-held:
	case <-time.After(5 * time.Second):
		t.Fatal("the submit never reached the card")
	}
}

// An edge that stops mid-submit holds the key and the cart only as long as the lock:
// after that a retry with the same key places the order with the authorization the
// stopped submit made, never a second one.
func TestAStoppedSubmitHoldsItsKeyOnlyAsLongAsTheLock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e, kc := newKeyedEnv(t, st)
		placeable(t, e, "v")
		stoppedSubmit(t, e, kc, "stopped-0001")

		ttl := st.Client.PTTL(ctx, e.p.st.Key("idem", tag("v"), "stopped-0001")).Val()
		if ttl <= 0 || ttl > testLockTTL {
			t.Fatalf("a pending key lives %v; want at most the lock's %v", ttl, testLockTTL)
		}
		if _, err := e.p.Submit(ctx, "v", cardSubmit("stopped-0001")); faultCode(t, err) != "order_in_progress" {
			t.Fatalf("same key while the lock holds: %v", err)
		}
		if _, err := e.p.Submit(ctx, "v", cardSubmit("another-0001")); faultCode(t, err) != "order_in_progress" {
			t.Fatalf("new key while the lock holds: %v", err)
		}

		lapse(e, testLockTTL+100*time.Millisecond)
		o, err := e.p.Submit(ctx, "v", cardSubmit("stopped-0001"))
		if err != nil {
			t.Fatalf("retry after the lock: %v", err)
		}
		made, voided := kc.counts()
		if made != 1 || voided != 0 {
			t.Fatalf("authorizations made %d, voided %d; want the stopped submit's one reused", made, voided)
		}
		ref, _ := kc.Authorized(ctx, "hosted", o.ID+"-0-0")
		if len(o.Payments) != 1 || o.Payments[0].Reference != ref || ref == "" {
			t.Fatalf("order pays with %+v, the held authorization is %q", o.Payments, ref)
		}
		again, err := e.p.Submit(ctx, "v", cardSubmit("stopped-0001"))
		if err != nil || again.ID != o.ID {
			t.Fatalf("a later retry: %v %v", again.ID, err)
		}
	})
}

// An edge that stops after storing the order and before clearing the cart: a retry
// with the same key answers that order and clears the cart; it places nothing again.
func TestARetryFinishesAnOrderStoppedBeforeTheCartWasCleared(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e, kc := newKeyedEnv(t, st)
		placeable(t, e, "v")
		cart, err := st.Client.Get(ctx, e.p.cartKey("v")).Result()
		if err != nil {
			t.Fatal(err)
		}
		o, err := e.p.Submit(ctx, "v", cardSubmit("half-done-01"))
		if err != nil {
			t.Fatal(err)
		}
		// What Redis holds when the edge stopped after storing the order.
		st.Client.Set(ctx, e.p.cartKey("v"), cart, time.Hour)
		st.Client.Del(ctx, e.p.visitorOrdersKey("v"), e.p.st.Key("idem", tag("v"), "half-done-01"))
		e.p.recent.drop("v")

		again, err := e.p.Submit(ctx, "v", cardSubmit("half-done-01"))
		if err != nil || again.ID != o.ID {
			t.Fatalf("retry: %v %v, want %s", again.ID, err, o.ID)
		}
		if made, _ := kc.counts(); made != 1 {
			t.Fatalf("%d authorizations", made)
		}
		if _, err := e.p.Cart(ctx, "v"); faultCode(t, err) != "cart_not_found" {
			t.Fatal("the cart is still there")
		}
		if ids := st.Client.LRange(ctx, e.p.visitorOrdersKey("v"), 0, -1).Val(); len(ids) != 1 || ids[0] != o.ID {
			t.Fatalf("the visitor's orders: %v", ids)
		}
	})
}

// An authorization whose submit stopped and was never retried is voided by the sweep
// once the lock's lifetime has passed; a retry with its key is then refused plainly,
// and a new key orders with a new authorization. Placed orders keep theirs.
func TestTheSweepVoidsAuthorizationsNoOrderTook(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e, kc := newKeyedEnv(t, st)
		placeable(t, e, "other")
		placed, err := e.p.Submit(ctx, "other", ordering.SubmitInput{IdempotencyKey: "placed-0001", Customer: guest, Payments: []ordering.PaymentInput{{Kind: "card", Processor: "hosted", Token: "tok_ok"}}})
		if err != nil {
			t.Fatal(err)
		}
		placeable(t, e, "v")
		stoppedSubmit(t, e, kc, "orphan-0001")

		if n, err := e.p.SweepCheckouts(ctx); err != nil || n != 0 {
			t.Fatalf("a sweep within the lock's lifetime voided %d: %v", n, err)
		}
		lapse(e, testLockTTL+100*time.Millisecond)
		if n, err := e.p.SweepCheckouts(ctx); err != nil || n != 1 {
			t.Fatalf("sweep voided %d: %v", n, err)
		}
		if n, err := e.p.SweepCheckouts(ctx); err != nil || n != 0 {
			t.Fatalf("a second sweep voided %d: %v", n, err)
		}
		if ref, _ := kc.Authorized(ctx, "hosted", placed.ID+"-0-0"); ref != placed.Payments[0].Reference {
			t.Fatal("the sweep voided a placed order's authorization")
		}
		if _, err := e.p.Submit(ctx, "v", cardSubmit("orphan-0001")); faultCode(t, err) != "checkout_expired" {
			t.Fatalf("retry after the sweep: %v", err)
		}
		if made, _ := kc.counts(); made != 2 {
			t.Fatalf("%d authorizations after the refused retry", made)
		}
		o, err := e.p.Submit(ctx, "v", cardSubmit("fresh-key-01"))
		if err != nil {
			t.Fatalf("new key: %v", err)
		}
		if made, voided := kc.counts(); made != 3 || voided != 1 || o.Payments[0].Reference == "" {
			t.Fatalf("made %d, voided %d", made, voided)
		}
	})
}

// An order the sweep gave up is no order: reading it is not found, not a failure.
func TestAGivenUpOrderIsNotFound(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e, kc := newKeyedEnv(t, st)
		placeable(t, e, "v")
		stoppedSubmit(t, e, kc, "given-up-01")
		lapse(e, testLockTTL+100*time.Millisecond)
		if _, err := e.p.SweepCheckouts(ctx); err != nil {
			t.Fatal(err)
		}
		id := checkoutOrderID("v", "given-up-01")
		if _, err := e.p.Order(ctx, id, ordering.Viewer{Owner: "v"}); faultCode(t, err) != "order_not_found" {
			t.Fatalf("reading a given-up order: %v", err)
		}
	})
}

// An attempt that failed after holding the card voids the hold; the guest fixes what
// was refused and sends the same key again: the card is held afresh, and the order
// never pays with the voided hold.
func TestARetryAfterARefusalHoldsTheCardAfresh(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e, kc := newKeyedEnv(t, st)
		placeable(t, e, "v")
		spent := e.p.houseSpendKey("ha-state-u")
		st.Client.Set(ctx, spent, 500000, 0) // the account's limit is used up
		coach := ordering.Customer{FirstName: "Pat", LastName: "Coach", Email: "pat@stateu.example", Phone: "6145550101"}
		in := ordering.SubmitInput{IdempotencyKey: "refused-0001", Customer: coach, HouseAccountIDs: []string{"ha-state-u"}, Payments: []ordering.PaymentInput{
			{Kind: "card", Processor: "hosted", Token: "tok_ok", AmountCents: 100},
			{Kind: "house", AccountID: "ha-state-u"},
		}}
		if _, err := e.p.Submit(ctx, "v", in); faultCode(t, err) != "house_account_limit" {
			t.Fatalf("over the limit: %v", err)
		}
		if made, voided := kc.counts(); made != 1 || voided != 1 {
			t.Fatalf("made %d, voided %d after the refusal", made, voided)
		}
		st.Client.Del(ctx, spent)
		o, err := e.p.Submit(ctx, "v", in)
		if err != nil {
			t.Fatalf("retry: %v", err)
		}
		kc.mu.Lock()
		voidedRef := kc.voided[o.Payments[0].Reference]
		kc.mu.Unlock()
		if made, _ := kc.counts(); made != 2 || voidedRef {
			t.Fatalf("the order pays with %q (voided %v), %d authorizations", o.Payments[0].Reference, voidedRef, made)
		}
	})
}

// The guest gave up on a submit whose edge stopped after storing the order and sends
// the cart again with a new key: the answer is that order, not a second one.
func TestANewKeyFindsTheOrderAStoppedSubmitStored(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e, kc := newKeyedEnv(t, st)
		placeable(t, e, "v")
		cart, err := st.Client.Get(ctx, e.p.cartKey("v")).Result()
		if err != nil {
			t.Fatal(err)
		}
		o, err := e.p.Submit(ctx, "v", cardSubmit("gave-up-0001"))
		if err != nil {
			t.Fatal(err)
		}
		// What Redis holds when the edge stopped after storing the order, once the
		// lock has lapsed.
		st.Client.Set(ctx, e.p.cartKey("v"), cart, time.Hour)
		st.Client.Set(ctx, e.p.lastCheckoutKey("v"), o.ID, time.Hour)
		st.Client.Del(ctx, e.p.visitorOrdersKey("v"), e.p.st.Key("idem", tag("v"), "gave-up-0001"))
		e.p.recent.drop("v")

		again, err := e.p.Submit(ctx, "v", cardSubmit("new-key-0001"))
		if err != nil || again.ID != o.ID {
			t.Fatalf("a new key: %v %v, want %s", again.ID, err, o.ID)
		}
		if made, _ := kc.counts(); made != 1 {
			t.Fatalf("%d authorizations", made)
		}
		if _, err := e.p.Cart(ctx, "v"); faultCode(t, err) != "cart_not_found" {
			t.Fatal("the cart is still there")
		}
		// The visitor's next cart is an order of its own.
		placeable(t, e, "v")
		next, err := e.p.Submit(ctx, "v", cardSubmit("next-cart-01"))
		if err != nil || next.ID == o.ID {
			t.Fatalf("next cart: %v %v", next.ID, err)
		}
	})
}

// A submit that stopped after listing its card hold and before the card was held
// leaves nothing to void: the sweep drops the entry and a retry places the order.
func TestTheSweepLeavesACheckoutThatHeldNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e, kc := newKeyedEnv(t, st)
		placeable(t, e, "v")
		id := checkoutOrderID("v", "held-none-01")
		if _, err := e.p.expectCard(ctx, id, "hosted", id+"-0-0"); err != nil {
			t.Fatal(err)
		}
		lapse(e, testLockTTL+100*time.Millisecond)
		if n, err := e.p.SweepCheckouts(ctx); err != nil || n != 0 {
			t.Fatalf("sweep voided %d: %v", n, err)
		}
		if left := st.Client.ZCard(ctx, e.p.expectedKey()).Val(); left != 0 {
			t.Fatalf("%d entries left", left)
		}
		o, err := e.p.Submit(ctx, "v", cardSubmit("held-none-01"))
		if err != nil || o.ID != id {
			t.Fatalf("retry: %v %v", o.ID, err)
		}
		if made, voided := kc.counts(); made != 1 || voided != 0 {
			t.Fatalf("made %d, voided %d", made, voided)
		}
	})
}
