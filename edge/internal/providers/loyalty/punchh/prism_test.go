//go:build unix

package punchh

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/loyalty/loyaltytest"
)

// The adapter against Prism mock servers built from Punchh's own API descriptions
// (testdata): Prism checks each request against the description (path, method,
// required headers such as x-pch-digest and punchh-app-device-id, the body's
// schema) and answers with the description's example. A request it finds wrongly
// shaped comes back with an sl-violations header, which fails the test.

// prismDocs are the descriptions served, each with the paths it serves; the first
// one whose prefix matches takes a request.
var prismDocs = []struct {
	file     string
	prefixes []string
}{
	{"punchh-online-ordering-sso-api-openapi.yml", []string{"/api/auth/", "/oauth/"}},
	{"punchh-mobile-redemptions-v2-openapi.yml", []string{"/api2/mobile/discounts/"}},
	{"punchh-mobile-subscription-openapi.yml", []string{"/api2/mobile/subscriptions", "/api2/mobile/user_subscriptions", "/api2/mobile/redemptions/subscription"}},
	{"punchh-mobile-api-openapi.yml", []string{"/"}},
}

// prismBin finds node_modules/.bin/prism from the repository root (where go.mod
// is). Without it the test fails on CI, telling to install the root packages, and is
// skipped elsewhere.
func prismBin(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
	bin := filepath.Join(dir, "node_modules", ".bin", "prism")
	if _, err := os.Stat(bin); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("Prism is missing (%s): run `npm ci` at the repository root (make mock)", bin)
		}
		t.Skipf("Prism is missing (%s): run `npm ci` at the repository root to run this test", bin)
	}
	return bin
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startPrism runs `prism mock doc` on a free loopback port, waits for the port and
// stops the process group when the test ends.
func startPrism(t *testing.T, bin, doc string) *url.URL {
	t.Helper()
	port := freePort(t)
	log, err := os.CreateTemp(t.TempDir(), "prism-*.log")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "mock", filepath.Join("testdata", doc), "--host", "127.0.0.1", "--port", fmt.Sprint(port), "--errors", "false")
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
	})
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	deadline := time.Now().Add(90 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			out, _ := os.ReadFile(log.Name())
			t.Fatalf("Prism on %s did not open %s in 90s:\n%s", doc, addr, out)
		}
		time.Sleep(200 * time.Millisecond)
	}
	return &url.URL{Scheme: "http", Host: addr}
}

// prismPunchh is one origin for the adapter in front of the Prism servers, routing
// each call to the description that has its path and collecting the violations
// Prism reports.
type prismPunchh struct {
	srv        *httptest.Server
	mu         sync.Mutex
	violations []string
}

func startPrismPunchh(t *testing.T) *prismPunchh {
	bin := prismBin(t)
	targets := make([]*url.URL, len(prismDocs))
	var wg sync.WaitGroup
	for i, d := range prismDocs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			targets[i] = startPrism(t, bin, d.file)
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	pp := &prismPunchh{}
	proxy := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			for i, d := range prismDocs {
				for _, pre := range d.prefixes {
					if strings.HasPrefix(r.In.URL.Path, pre) {
						r.SetURL(targets[i])
						return
					}
				}
			}
		},
		ModifyResponse: func(res *http.Response) error {
			bad := requestViolations(res.Header.Get("sl-violations"))
			if strings.Contains(res.Header.Get("Content-Type"), "problem+json") {
				// Prism refused the request and, finding no error example to answer
				// with, says why in the body.
				raw, _ := io.ReadAll(res.Body)
				res.Body = io.NopCloser(bytes.NewReader(raw))
				bad = append(bad, string(raw))
			}
			if len(bad) > 0 {
				pp.mu.Lock()
				pp.violations = append(pp.violations, res.Request.Method+" "+res.Request.URL.Path+": "+strings.Join(bad, "; "))
				pp.mu.Unlock()
			}
			return nil
		},
	}
	pp.srv = httptest.NewServer(proxy)
	t.Cleanup(pp.srv.Close)
	t.Cleanup(func() {
		pp.mu.Lock()
		defer pp.mu.Unlock()
		for _, v := range pp.violations {
			t.Errorf("Prism found a request that does not match Punchh's description: %s", v)
		}
	})
	return pp
}

// requestViolations are the violations of Prism's sl-violations header that concern
// the request. Two kinds are left out, as faults of the descriptions rather than of
// the request: those of the response (several examples do not match their own
// schemas), and a format given as a one-value enum ("YYYY-MM-DD" as the only allowed
// birthday, "YYYY-MM-DDThh:mm:ssZ" as the only receipt time), which no real value
// can meet.
func requestViolations(header string) []string {
	if header == "" {
		return nil
	}
	var all []struct {
		Location []string `json:"location"`
		Code     string   `json:"code"`
		Message  string   `json:"message"`
	}
	if err := json.Unmarshal([]byte(header), &all); err != nil {
		return []string{header}
	}
	var out []string
	for _, v := range all {
		if len(v.Location) == 0 || v.Location[0] != "request" {
			continue
		}
		if v.Code == "enum" && strings.Contains(v.Message, "allowed values: YYYY-MM-DD") {
			continue
		}
		out = append(out, strings.Join(v.Location, ".")+": "+v.Message)
	}
	return out
}

func (pp *prismPunchh) provider(t *testing.T) *Provider {
	p, err := New(Config{ServerURL: pp.srv.URL, ClientID: testClient, ClientSecret: testSecret, SiteURL: "https://henhouse.test",
		State: NewMemoryCodes(nil), Timeout: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPrism(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: this test starts four Prism servers (about 10 s); the recorded-answer tests cover the same flows")
	}
	pp := startPrismPunchh(t)

	t.Run("member flow", func(t *testing.T) {
		p := pp.provider(t)
		m := must[loyalty.Member](t)(p.SignUp(ctx, loyalty.SignUpInput{FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com", Phone: "2125550123", Password: "Contract1234"}))
		if m.ID == "" {
			t.Fatalf("signed up %+v", m)
		}
		ch := must[loyalty.Challenge](t)(p.SignIn(ctx, "ada@example.com", "Contract1234"))
		got := must[loyalty.Member](t)(p.VerifyCode(ctx, ch.ID, "123456"))
		if got.Points != 69324 {
			t.Fatalf("member from the description's balance example %+v", got)
		}
		rewards := must[[]loyalty.Reward](t)(p.Rewards(ctx, got.ID))
		if len(rewards) == 0 {
			t.Fatal("no redeemables in the description's meta example")
		}
		must[[]loyalty.Redemption](t)(p.Redemptions(ctx, got.ID))
		must[[]loyalty.RewardOffer](t)(p.RewardOffers(ctx, got.ID))
		must[[]loyalty.ChallengeProgress](t)(p.Challenges(ctx, got.ID))
		must[[]loyalty.Activity](t)(p.Activity(ctx, got.ID, 10))
		must[[]loyalty.Plan](t)(p.Plans(ctx))
		subs := must[[]loyalty.Subscription](t)(p.Subscriptions(ctx, got.ID))
		if len(subs) > 0 {
			must[loyalty.Redemption](t)(p.ClaimPerk(ctx, got.ID, subs[0].ID))
		}
		name, offers := "Grace", false
		must[loyalty.Member](t)(p.UpdateProfile(ctx, got.ID, loyalty.ProfileUpdate{FirstName: &name}))
		must[loyalty.Member](t)(p.UpdateSettings(ctx, got.ID, loyalty.SettingsUpdate{EmailOffers: &offers}))
		if err := p.ChangePassword(ctx, got.ID, "Contract1234", "Contract5678"); err != nil {
			t.Fatal(err)
		}
		if err := p.ResendConfirmation(ctx, got.ID); err != nil {
			t.Fatal(err)
		}
		if err := p.ForgotPassword(ctx, "ada@example.com"); err != nil {
			t.Fatal(err)
		}
		sso := must[loyalty.Member](t)(p.ExchangeAuthCode(ctx, "CODE_FROM_PUNCHH", "/app/code"))
		if sso.ID == "" {
			t.Fatalf("sso member %+v", sso)
		}
	})

	t.Run("order check-in", func(t *testing.T) {
		// The update of a held check-in (PUT) is left to the recorded-answer test: its
		// description allows only the literal "YYYY-MM-DDThh:mm:ssZ" as the receipt
		// time, which Prism enforces, so no real order can pass it.
		p := pp.provider(t)
		m := must[loyalty.Member](t)(p.SignUp(ctx, loyalty.SignUpInput{FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com", Password: "Contract1234"}))
		o := loyalty.OrderRecord{OrderID: "ord-1", LocationID: "58", PlacedAt: time.Date(2026, 11, 25, 17, 0, 0, 0, time.UTC), SubtotalCents: 1250, TotalCents: 1400,
			Items: []loyalty.OrderItem{{ProductID: "3419", Name: "2 Piece Combo", Quantity: 1, Category: "chicken"}}}
		a := must[loyalty.Accrual](t)(p.AccrueOrder(ctx, m.ID, o))
		if a.Points != 11 {
			t.Fatalf("accrual from the description's check-in example %+v", a)
		}
		o.OrderID = "ord-2"
		must[loyalty.Order](t)(p.HoldOrder(ctx, m.ID, o))
		must[loyalty.Order](t)(p.CancelOrder(ctx, m.ID, "ord-2"))
	})

	t.Run("errors", func(t *testing.T) {
		// Prism answers a request it refuses with the description's error example:
		// a sign-in without the device header is refused as Punchh would.
		p := pp.provider(t)
		_, err := p.Member(ctx, "no-session")
		loyaltytest.Fault(t, err, fault.Unauthorized)
	})

	// The contract, where static examples can answer it: Prism remembers nothing, so
	// the checks that read back a change are skipped (loyaltytest.Options.Static).
	t.Run("contract", func(t *testing.T) {
		loyaltytest.Run(t, func(t *testing.T) any { return pp.provider(t) }, loyaltytest.Options{Static: true, LocationID: "58"})
	})
}
