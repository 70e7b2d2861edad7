package botcheck

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
)

// fakeGoogle answers createAssessment by token: "good", "wrong-action", "low",
// "borderline", "expired", "boom" (500), "garbage" (not JSON), "slow".
type fakeGoogle struct {
	mu   sync.Mutex
	seen []assessmentRequest
	hits int
}

func (f *fakeGoogle) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.hits++
	f.mu.Unlock()
	if r.Method != http.MethodPost || r.URL.Path != "/v1/projects/henhouse-prod/assessments" || r.URL.Query().Get("key") != "api-key-123" {
		http.Error(w, `{"error":{"code":404,"message":"wrong call","status":"NOT_FOUND"}}`, http.StatusNotFound)
		return
	}
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		http.Error(w, "content type", http.StatusBadRequest)
		return
	}
	var req assessmentRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "bad json", http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.seen = append(f.seen, req)
	f.mu.Unlock()
	ev := req.Event
	resp := map[string]any{
		"name": "projects/123/assessments/abc",
		"event": map[string]any{
			"token": ev.Token, "siteKey": ev.SiteKey, "expectedAction": ev.ExpectedAction, "userIpAddress": ev.UserIPAddress,
		},
	}
	props := map[string]any{"valid": true, "invalidReason": "INVALID_REASON_UNSPECIFIED", "hostname": "henhouse.example",
		"action": ev.ExpectedAction, "createTime": "2026-01-01T00:00:00Z"}
	risk := map[string]any{"score": 0.9, "reasons": []string{}}
	switch ev.Token {
	case "good":
	case "wrong-action":
		props["action"] = "homepage"
	case "low":
		risk["score"] = 0.3
		risk["reasons"] = []string{"AUTOMATION"}
	case "borderline":
		risk["score"] = 0.5
	case "expired":
		props["valid"] = false
		props["invalidReason"] = "EXPIRED"
		props["action"] = ""
		risk["score"] = 0
	case "boom":
		http.Error(w, `{"error":{"code":500,"message":"internal error","status":"INTERNAL"}}`, http.StatusInternalServerError)
		return
	case "garbage":
		_, _ = io.WriteString(w, "<html>")
		return
	case "slow":
		select {
		case <-time.After(2 * time.Second):
		case <-r.Context().Done():
		}
		return
	}
	resp["tokenProperties"] = props
	resp["riskAnalysis"] = risk
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(resp)
}

func (f *fakeGoogle) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.hits
}

func newEnterprise(t *testing.T) (*Enterprise, *fakeGoogle) {
	t.Helper()
	fg := &fakeGoogle{}
	srv := httptest.NewServer(fg)
	t.Cleanup(srv.Close)
	e, err := NewEnterprise(EnterpriseConfig{
		ProjectID: "henhouse-prod", APIKey: "api-key-123", SiteKey: "site-key-abc",
		BaseURL: srv.URL + "/", Timeout: 300 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	return e, fg
}

func TestEnterpriseVerify(t *testing.T) {
	e, fg := newEnterprise(t)
	ctx := context.Background()
	cases := []struct {
		token  string
		valid  bool
		reason string
	}{
		{"good", true, ""},
		{"borderline", true, ""}, // the threshold is inclusive
		{"wrong-action", false, "wrong_action"},
		{"low", false, "low_score"},
		{"expired", false, "expired"},
	}
	for _, tc := range cases {
		res, err := e.Verify(ctx, tc.token, ActionSignIn, "203.0.113.7")
		if err != nil {
			t.Fatalf("%s: %v", tc.token, err)
		}
		if res.Valid != tc.valid || res.Reason != tc.reason {
			t.Errorf("%s: %+v", tc.token, res)
		}
	}
	// The request carried what the API expects.
	fg.mu.Lock()
	got := fg.seen[0].Event
	fg.mu.Unlock()
	if got.Token != "good" || got.SiteKey != "site-key-abc" || got.ExpectedAction != ActionSignIn || got.UserIPAddress != "203.0.113.7" {
		t.Fatalf("request event %+v", got)
	}

	// Provider trouble is an error, and never shows the API key.
	for _, tok := range []string{"boom", "garbage", "slow"} {
		_, err := e.Verify(ctx, tok, ActionSignIn, "")
		if err == nil {
			t.Errorf("%s: no error", tok)
			continue
		}
		if strings.Contains(err.Error(), "api-key-123") {
			t.Errorf("%s: error leaks the API key: %v", tok, err)
		}
	}
	// An empty token is refused without calling Google.
	before := fg.count()
	if res, err := e.Verify(ctx, "", ActionSignIn, ""); err != nil || res.Valid || res.Reason != "missing" {
		t.Fatalf("empty token: %+v %v", res, err)
	}
	if fg.count() != before {
		t.Fatal("an empty token was sent to the provider")
	}
}

func TestEnterpriseThreshold(t *testing.T) {
	fg := &fakeGoogle{}
	srv := httptest.NewServer(fg)
	defer srv.Close()
	e, err := NewEnterprise(EnterpriseConfig{ProjectID: "henhouse-prod", APIKey: "api-key-123", SiteKey: "k", BaseURL: srv.URL, Threshold: 0.95})
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := e.Verify(context.Background(), "good", ActionCheckout, ""); res.Valid || res.Reason != "low_score" {
		t.Fatalf("score 0.9 against 0.95: %+v", res)
	}
	if _, err := NewEnterprise(EnterpriseConfig{ProjectID: "p"}); err == nil {
		t.Fatal("incomplete config accepted")
	}
}

func TestRequireWithEnterprise(t *testing.T) {
	e, _ := newEnterprise(t)
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(nil)})
	app.Post("/api/checkout", Require(e, ActionCheckout), func(c fiber.Ctx) error { return c.SendString("placed") })
	for tok, want := range map[string]int{
		"good": 200, "": 403, "wrong-action": 403, "low": 403, "expired": 403, "boom": 503, "slow": 503,
	} {
		req := httptest.NewRequest(http.MethodPost, "/api/checkout", nil)
		if tok != "" {
			req.Header.Set(HeaderName, tok)
		}
		resp, err := app.Test(req, fiber.TestConfig{Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != want {
			t.Errorf("%q: status %d, want %d", tok, resp.StatusCode, want)
			continue
		}
		if want == 200 {
			continue
		}
		var body struct {
			Error struct{ Code, Message string } `json:"error"`
		}
		_ = json.NewDecoder(resp.Body).Decode(&body)
		wantCode, wantMsg := "bot_check_failed", "We couldn't confirm you're a person. Please try again."
		if want == 503 {
			wantCode, wantMsg = ErrUnavailable.Code, ErrUnavailable.Message
		}
		if body.Error.Code != wantCode || body.Error.Message != wantMsg {
			t.Errorf("%q: body %+v", tok, body.Error)
		}
	}
}

type faultVerifier struct{}

func (faultVerifier) Verify(context.Context, string, string, string) (Result, error) {
	return Result{}, fault.New(fault.TooMany, "rate_limited", "slow down")
}

type errVerifier struct{}

func (errVerifier) Verify(context.Context, string, string, string) (Result, error) {
	return Result{}, errors.New("down")
}

func TestCheckMapsErrors(t *testing.T) {
	ctx := context.Background()
	if err := Check(ctx, faultVerifier{}, "t", "a", ""); !fault.Is(err, fault.TooMany) {
		t.Fatalf("a verifier's fault must pass through: %v", err)
	}
	if err := Check(ctx, errVerifier{}, "t", "a", ""); err != ErrUnavailable {
		t.Fatalf("infrastructure error: %v", err)
	}
	if err := Check(ctx, errVerifier{}, "", "a", ""); err != ErrFailed {
		t.Fatalf("missing token: %v", err)
	}
}
