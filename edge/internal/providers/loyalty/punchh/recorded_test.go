package punchh

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/loyalty/loyaltytest"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

var ctx = context.Background()

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// sign-up → sign-in with the code → balance → redeem → cancel the redemption, each
// call signed and shaped as Punchh documents it.
func TestRecordedMemberFlow(t *testing.T) {
	r := newRecorded(t)
	p := r.provider(t)

	m := must[loyalty.Member](t)(p.SignUp(ctx, loyalty.SignUpInput{FirstName: "Ada", LastName: "Lovelace", Email: "Ada@Example.com", Phone: "2125550123", Password: "Contract1234", MarketingOptIn: true}))
	if m.ID != "111111111" || m.Email != "ada@example.com" {
		t.Fatalf("signed up %+v", m)
	}
	up, _ := r.last("POST", "/api2/mobile/users")
	u := up.Body["user"].(map[string]any)
	if u["email"] != "ada@example.com" || u["password"] != "Contract1234" || u["password_confirmation"] != "Contract1234" || u["terms_and_conditions"] != true || u["marketing_email_subscription"] != true {
		t.Fatalf("sign-up body %v", up.Body)
	}
	if up.Header.Get("punchh-app-device-id") != deviceID("ada@example.com") {
		t.Fatalf("sign-up device id %q", up.Header.Get("punchh-app-device-id"))
	}

	_, err := p.SignIn(ctx, "ada@example.com", "wrong-password1")
	loyaltytest.Fault(t, err, fault.Unauthorized)
	ch := must[loyalty.Challenge](t)(p.SignIn(ctx, "ada@example.com", "Contract1234"))
	if ch.Destination != "a•••@example.com" || ch.Channel != loyalty.ChannelEmail {
		t.Fatalf("challenge %+v", ch)
	}
	if send, ok := r.last("POST", "/api2/mobile/verify_token"); !ok || send.Header.Get("Authorization") != "Bearer TOKEN-ADA" {
		t.Fatalf("code not sent with the signed-in token: %+v", send)
	}
	_, err = p.VerifyCode(ctx, ch.ID, "000000")
	if fe := loyaltytest.Fault(t, err, fault.Invalid); fe.Fields["code"] == "" {
		t.Fatalf("wrong code %v: want a message for the code field", fe)
	}
	got := must[loyalty.Member](t)(p.VerifyCode(ctx, ch.ID, testCode))
	if v, _ := r.last("PUT", "/api2/mobile/verify_token"); v.Body["token"] != testCode || v.Body["verification_mode"] != "ada@example.com" {
		t.Fatalf("verify body %v", v.Body)
	}
	if got.Points != 69324 || got.LifetimePoints != 117720 || got.Email != "ada@example.com" {
		t.Fatalf("member after sign-in %+v", got)
	}
	_, err = p.VerifyCode(ctx, ch.ID, testCode)
	loyaltytest.Fault(t, err, fault.Gone)

	rewards := must[[]loyalty.Reward](t)(p.Rewards(ctx, m.ID))
	if len(rewards) != 2 || rewards[0].ID != "744" || rewards[0].Points != 100 || !rewards[0].Available {
		t.Fatalf("rewards %+v", rewards)
	}
	red := must[loyalty.Redemption](t)(p.RedeemReward(ctx, m.ID, "744"))
	if red.ID != "469363" || red.RewardID != "744" || red.Kind != loyalty.KindReward || red.AmountCents != 500 {
		t.Fatalf("redemption %+v", red)
	}
	sel, _ := r.last("POST", "/api2/mobile/discounts/select")
	items := sel.Body["discount_basket_items_attributes"].([]any)
	if it := items[0].(map[string]any); it["discount_type"] != "redeemable" || it["discount_id"] != float64(744) {
		t.Fatalf("select body %v", sel.Body)
	}
	if after := must[[]loyalty.Reward](t)(p.Rewards(ctx, m.ID)); after[0].RedemptionID != "469363" || after[0].Available {
		t.Fatalf("reward in the basket %+v", after[0])
	}
	back := must[loyalty.Redemption](t)(p.CancelRedemption(ctx, m.ID, red.ID))
	if back.Status != loyalty.RedemptionCancelled {
		t.Fatalf("cancelled %+v", back)
	}
	un, _ := r.last("DELETE", "/api2/mobile/discounts/unselect")
	if ids := un.Body["discount_basket_item_ids"].([]any); len(ids) != 1 || ids[0] != float64(469363) {
		t.Fatalf("unselect body %v", un.Body)
	}
	if list := must[[]loyalty.Redemption](t)(p.Redemptions(ctx, m.ID)); len(list) != 0 {
		t.Fatalf("basket after cancel %+v", list)
	}
}

// An order is held as a pending check-in, credited by updating it, and a cancelled
// one is voided; each is keyed by the order id.
func TestRecordedOrderCheckin(t *testing.T) {
	r := newRecorded(t)
	p := r.provider(t)
	m := must[loyalty.Member](t)(p.SignUp(ctx, loyalty.SignUpInput{FirstName: "Ada", LastName: "L", Email: "ada@example.com", Password: "Contract1234"}))
	placed := time.Date(2026, 11, 25, 17, 0, 0, 0, time.UTC)
	o := loyalty.OrderRecord{OrderID: "ord-1", LocationID: "58", PlacedAt: placed, SubtotalCents: 1250, DiscountCents: 250, TotalCents: 1180,
		Items: []loyalty.OrderItem{{ProductID: "3419", Name: "2 Piece Combo", Quantity: 2, Category: "chicken"}}}

	held := must[loyalty.Order](t)(p.HoldOrder(ctx, m.ID, o))
	if held.Status != loyalty.OrderPending || held.PendingPoints != 11 {
		t.Fatalf("held %+v", held)
	}
	post, _ := r.last("POST", "/api/auth/checkins/online_order")
	b := post.Body
	if b["state"] != "pending" || b["external_uid"] != "ord-1" || b["transaction_no"] != "ord-1" || b["store_number"] != "58" ||
		b["receipt_amount"] != 10.0 || b["subtotal_amount"] != 10.0 || b["payable"] != "11.80" || b["receipt_datetime"] != "2026-11-25T17:00:00Z" || b["channel"] != "online_order" {
		t.Fatalf("check-in body %v", b)
	}
	if item := b["menu_items"].([]any)[0].(map[string]any); item["item_name"] != "2 Piece Combo" || item["item_qty"] != 2.0 || item["menu_item_type"] != "M" {
		t.Fatalf("menu item %v", item)
	}
	if post.Header.Get("Authorization") != "Bearer ACCESS_TOKEN_GOES_HERE" {
		t.Fatalf("check-in authorization %q", post.Header.Get("Authorization"))
	}
	if len(Sign(testSecret, "/api/auth/checkins/online_order", nil)) != 40 || len(post.Header.Get(DigestHeader)) != 40 {
		t.Fatalf("online ordering calls are signed with HMAC-SHA1: %q", post.Header.Get(DigestHeader))
	}

	a := must[loyalty.Accrual](t)(p.AccrueOrder(ctx, m.ID, o))
	if a.Points != 11 || a.Duplicate || a.Balance != 69324 {
		t.Fatalf("accrual %+v", a)
	}
	if put, ok := r.last("PUT", "/api/auth/checkins/online_order"); !ok || put.Body["external_uid"] != "ord-1" || put.Body["state"] != nil {
		t.Fatalf("the held check-in was not updated: %+v", put)
	}
	if again := must[loyalty.Accrual](t)(p.AccrueOrder(ctx, m.ID, o)); !again.Duplicate || again.Points != 11 {
		t.Fatalf("second accrual %+v", again)
	}
	_, err := p.CancelOrder(ctx, m.ID, "ord-1")
	loyaltytest.Fault(t, err, fault.Rule)

	o2 := o
	o2.OrderID = "ord-2"
	must[loyalty.Order](t)(p.HoldOrder(ctx, m.ID, o2))
	c := must[loyalty.Order](t)(p.CancelOrder(ctx, m.ID, "ord-2"))
	if c.Status != loyalty.OrderCancelled || c.CancelledAt == nil {
		t.Fatalf("cancelled %+v", c)
	}
	if del, ok := r.last("DELETE", "/api/auth/checkins"); !ok || del.Body["external_uid"] != "ord-2" {
		t.Fatalf("void %+v", del)
	}
	_, err = p.AccrueOrder(ctx, m.ID, o2)
	loyaltytest.Fault(t, err, fault.Rule)

	// An order never held is checked in committed at once.
	o3 := o
	o3.OrderID = "ord-3"
	must[loyalty.Accrual](t)(p.AccrueOrder(ctx, m.ID, o3))
	if post, _ := r.last("POST", "/api/auth/checkins/online_order"); post.Body["state"] != "committed" || post.Body["external_uid"] != "ord-3" {
		t.Fatalf("direct accrual body %v", post.Body)
	}
	pending := must[[]loyalty.Order](t)(p.PendingOrders(ctx, m.ID))
	if len(pending) != 0 {
		t.Fatalf("pending %+v", pending)
	}
}

// Punchh's error answers become faults: 401/403 Unauthorized, 404 NotFound, 422 with
// field errors Invalid with the fields, 5xx and timeouts Unavailable.
func TestRecordedErrorsAreFaults(t *testing.T) {
	r := newRecorded(t)
	p := r.provider(t)
	m := must[loyalty.Member](t)(p.SignUp(ctx, loyalty.SignUpInput{FirstName: "Ada", LastName: "L", Email: "ada@example.com", Password: "Contract1234"}))
	cases := []struct {
		status int
		kind   fault.Kind
	}{
		{http.StatusUnauthorized, fault.Unauthorized}, {http.StatusForbidden, fault.Unauthorized}, {http.StatusNotFound, fault.NotFound},
		{http.StatusUnprocessableEntity, fault.Invalid}, {http.StatusInternalServerError, fault.Unavailable},
		{http.StatusBadGateway, fault.Unavailable}, {http.StatusPreconditionFailed, fault.Unavailable},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.status), func(t *testing.T) {
			r.mu.Lock()
			r.status["PUT /api2/mobile/users"] = c.status
			r.mu.Unlock()
			name := "Grace"
			_, err := p.UpdateProfile(ctx, m.ID, loyalty.ProfileUpdate{FirstName: &name})
			fe := loyaltytest.Fault(t, err, c.kind)
			if c.status == http.StatusUnprocessableEntity && fe.Fields["email"] != "Email has already been taken" {
				t.Fatalf("422 fields %v", fe.Fields)
			}
		})
	}
	r.mu.Lock()
	delete(r.status, "PUT /api2/mobile/users")
	r.mu.Unlock()

	t.Run("timeout", func(t *testing.T) {
		q, err := New(Config{ServerURL: r.srv.URL, ClientID: testClient, ClientSecret: testSecret, State: NewMemoryCodes(nil), Timeout: 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		r.mu.Lock()
		r.delay = 300 * time.Millisecond
		r.mu.Unlock()
		defer func() { r.mu.Lock(); r.delay = 0; r.mu.Unlock() }()
		_, err = q.Rewards(ctx, "")
		loyaltytest.Fault(t, err, fault.Unavailable)
	})
	t.Run("refused connection", func(t *testing.T) {
		q, _ := New(Config{ServerURL: "http://127.0.0.1:1", ClientID: testClient, ClientSecret: testSecret, State: NewMemoryCodes(nil)})
		_, err := q.Rewards(ctx, "")
		loyaltytest.Fault(t, err, fault.Unavailable)
	})
	t.Run("no session", func(t *testing.T) {
		_, err := p.Member(ctx, "999")
		loyaltytest.Fault(t, err, fault.Unauthorized)
	})
}

// Single sign-on: a code Punchh's hosted page sent back to /app/code is exchanged
// with POST /oauth/token; a code the edge issued is spent once and only for its
// return address.
func TestRecordedSingleSignOn(t *testing.T) {
	r := newRecorded(t)
	p := r.provider(t)
	m := must[loyalty.Member](t)(p.ExchangeAuthCode(ctx, "punchh-code", "/app/code"))
	if m.Email != "sso@example.com" || m.ID != "111111111" {
		t.Fatalf("sso member %+v", m)
	}
	tok, _ := r.last("POST", "/oauth/token")
	if tok.Body["redirect_uri"] != "https://henhouse.test/app/code" || tok.Body["grant_type"] != "authorization_code" || tok.Body["client_id"] != testClient {
		t.Fatalf("token exchange body %v", tok.Body)
	}
	if prof, _ := r.last("GET", "/api2/mobile/users/profile"); prof.Header.Get("Authorization") != "Bearer SSO-TOKEN" {
		t.Fatalf("profile read with %q", prof.Header.Get("Authorization"))
	}
	_, err := p.ExchangeAuthCode(ctx, "stale-code", "/app/code")
	loyaltytest.Fault(t, err, fault.Invalid)

	code := must[string](t)(p.CreateAuthCode(ctx, m.ID, "/app/code"))
	_, err = p.ExchangeAuthCode(ctx, code, "/account/signin")
	loyaltytest.Fault(t, err, fault.Invalid)
	code = must[string](t)(p.CreateAuthCode(ctx, m.ID, "/app/code"))
	if got := must[loyalty.Member](t)(p.ExchangeAuthCode(ctx, code, "/app/code")); got.ID != m.ID {
		t.Fatalf("exchanged %+v", got)
	}
	_, err = p.ExchangeAuthCode(ctx, code, "/app/code")
	loyaltytest.Fault(t, err, fault.Invalid) // spent: Punchh refuses it too
}

// The edge keeps the adapter's state in Redis (store.Codes): sessions, sign-in steps
// and orders work there as in memory, with every key in one Cluster slot per call.
func TestRecordedOnRedis(t *testing.T) {
	r := newRecorded(t)
	st := storetest.Embedded(t)
	p := r.providerOn(t, st.Codes("punchh"))
	m := must[loyalty.Member](t)(p.SignUp(ctx, loyalty.SignUpInput{FirstName: "Ada", LastName: "L", Email: "ada@example.com", Password: "Contract1234"}))
	ch := must[loyalty.Challenge](t)(p.SignIn(ctx, "ada@example.com", "Contract1234"))
	must[loyalty.Member](t)(p.VerifyCode(ctx, ch.ID, testCode))
	o := loyalty.OrderRecord{OrderID: "ord-r", LocationID: "58", PlacedAt: time.Now().UTC(), SubtotalCents: 1000, TotalCents: 1100}
	must[loyalty.Order](t)(p.HoldOrder(ctx, m.ID, o))
	// Another edge on the same Redis sees the member's session and the held order.
	q := r.providerOn(t, st.Codes("punchh"))
	if a := must[loyalty.Accrual](t)(q.AccrueOrder(ctx, m.ID, o)); a.Points != 11 || a.Duplicate {
		t.Fatalf("accrual on the second edge %+v", a)
	}
	if put, ok := r.last("PUT", "/api/auth/checkins/online_order"); !ok || put.Body["external_uid"] != "ord-r" {
		t.Fatal("the second edge did not update the held check-in")
	}
	if list := must[[]loyalty.Order](t)(q.Orders(ctx, m.ID, nil, 10)); len(list) != 1 || list[0].Status != loyalty.OrderCredited {
		t.Fatalf("orders %+v", list)
	}
}

// The adapter keeps the loyalty contract on the recorded answers.
func TestRecordedContract(t *testing.T) {
	loyaltytest.Run(t, func(t *testing.T) any {
		return newRecorded(t).provider(t)
	}, loyaltytest.Options{LocationID: "58"})
}

func TestNewRequiresConfiguration(t *testing.T) {
	if _, err := New(Config{}); err == nil || err.Error() != "punchh: Config.ServerURL, Config.ClientID, Config.ClientSecret, Config.State is required" {
		t.Fatalf("empty config: %v", err)
	}
	if _, err := New(Config{ServerURL: "brand.punchh.com", ClientID: "c", ClientSecret: "s", State: NewMemoryCodes(nil)}); err == nil {
		t.Fatal("a server name without a scheme was accepted")
	}
}
