package csp

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
)

func reportApp(r *Reports) *fiber.App {
	app := fiber.New(fiber.Config{BodyLimit: 64 << 10})
	app.Post(ReportPath, r.Handler(func(c fiber.Ctx) string { return c.Get("X-Test-Client") }))
	return app
}

func post(t *testing.T, app *fiber.App, contentType, body, client string) (int, string) {
	t.Helper()
	req := httptest.NewRequest("POST", ReportPath, strings.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if client != "" {
		req.Header.Set("X-Test-Client", client)
	}
	resp, err := app.Test(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

const (
	uriReport = `{"csp-report":{"document-uri":"https://henhouse.example/menu?handover=secret","referrer":"","violated-directive":"script-src-elem","effective-directive":"script-src-elem","original-policy":"…","disposition":"enforce","blocked-uri":"inline","status-code":200,"script-sample":""}}`
	// A batch as Chromium 156 sends it, with a second report and one of another type.
	apiReports = `[{"age":0,"body":{"blockedURL":"https://evil.example/x.js?k=v","columnNumber":9,"disposition":"enforce","documentURL":"https://henhouse.example/","effectiveDirective":"script-src-elem","lineNumber":1,"originalPolicy":"script-src 'nonce-abc'; report-uri /csp-report; report-to csp-endpoint","referrer":"","sample":"","sourceFile":"https://henhouse.example/","statusCode":200},"type":"csp-violation","url":"https://henhouse.example/","user_agent":"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36"},` +
		`{"type":"csp-violation","body":{"documentURL":"https://henhouse.example/","blockedURL":"inline","effectiveDirective":"style-src-attr","disposition":"report"}},` +
		`{"type":"deprecation","body":{"id":"x"}}]`
)

func TestReportsCountedByDirective(t *testing.T) {
	var logs bytes.Buffer
	r := NewReports(slog.New(slog.NewTextHandler(&logs, nil)))
	app := reportApp(r)
	if st, body := post(t, app, "application/csp-report", uriReport, "1.1.1.1"); st != 204 {
		t.Fatalf("report-uri report: %d %s", st, body)
	}
	if st, body := post(t, app, "application/reports+json", apiReports, "1.1.1.1"); st != 204 {
		t.Fatalf("Reporting API batch: %d %s", st, body)
	}
	// A CSP2 browser names only the violated directive, with its sources.
	old := `{"csp-report":{"violated-directive":"img-src 'self' data:","blocked-uri":"https://x.example/a.png"}}`
	if st, _ := post(t, app, "application/csp-report; charset=utf-8", old, "1.1.1.1"); st != 204 {
		t.Fatalf("CSP2 report: %d", st)
	}
	made := `{"csp-report":{"effective-directive":"made-up-directive-` + strings.Repeat("x", 50) + `"}}`
	if st, _ := post(t, app, "application/json", made, "1.1.1.1"); st != 204 {
		t.Fatalf("unknown directive: %d", st)
	}
	c := r.Counts()
	want := map[string]uint64{"script-src-elem": 2, "style-src-attr": 1, "img-src": 1, "other": 1}
	if c.Violations != 5 || len(c.ByDirective) != len(want) {
		t.Fatalf("counts: %+v", c)
	}
	for k, v := range want {
		if c.ByDirective[k] != v {
			t.Fatalf("counts: %+v", c)
		}
	}
	// The log names the violation but keeps no query string (it may hold a code).
	if !strings.Contains(logs.String(), "directive=script-src-elem") || strings.Contains(logs.String(), "secret") || strings.Contains(logs.String(), "k=v") {
		t.Fatalf("log:\n%s", logs.String())
	}
}

func TestReportsRefuseJunk(t *testing.T) {
	r := NewReports(nil)
	app := reportApp(r)
	for _, tc := range []struct{ contentType, body string }{
		{"application/csp-report", ""},
		{"application/csp-report", "not json"},
		{"application/csp-report", `{"something":"else"}`},
		{"application/csp-report", `{"csp-report":{}}`},
		{"application/csp-report", `[1,2,3]`},
		{"application/reports+json", `{"type":"csp-violation"}`},
		{"application/reports+json", `[]`},
		{"application/reports+json", `[{"type":"deprecation","body":{}}]`},
		{"text/plain", uriReport},
		{"", uriReport},
		{"application/csp-report", `{"csp-report":` + strings.Repeat(" ", MaxReportBytes) + `{}}`},
	} {
		st, body := post(t, app, tc.contentType, tc.body, "2.2.2.2")
		var e struct {
			Error struct{ Code, Message string } `json:"error"`
		}
		if (st != 400 && st != 413) || json.Unmarshal([]byte(body), &e) != nil || e.Error.Code == "" || e.Error.Message == "" {
			t.Errorf("%s %.40q: %d %s", tc.contentType, tc.body, st, body)
		}
	}
	if c := r.Counts(); c.Violations != 0 || len(c.ByDirective) != 0 {
		t.Fatalf("junk was counted: %+v", c)
	}
}

func TestReportsRateLimitedPerClient(t *testing.T) {
	r := NewReports(nil)
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	r.now = func() time.Time { return now }
	app := reportApp(r)
	for i := range ClientLimit {
		if st, _ := post(t, app, "application/csp-report", uriReport, "3.3.3.3"); st != 204 {
			t.Fatalf("report %d: %d", i, st)
		}
	}
	if st, body := post(t, app, "application/csp-report", uriReport, "3.3.3.3"); st != 429 || !strings.Contains(body, `"code":"too_many_reports"`) {
		t.Fatalf("over the limit: %d %s", st, body)
	}
	if st, _ := post(t, app, "application/csp-report", uriReport, "4.4.4.4"); st != 204 {
		t.Fatalf("another client: %d", st)
	}
	now = now.Add(time.Minute)
	if st, _ := post(t, app, "application/csp-report", uriReport, "3.3.3.3"); st != 204 {
		t.Fatalf("next window: %d", st)
	}
	if c := r.Counts(); c.Violations != ClientLimit+2 || c.RateLimited != 1 {
		t.Fatalf("counts: %+v", c)
	}
}

func TestReportLogIsBounded(t *testing.T) {
	var logs bytes.Buffer
	r := NewReports(slog.New(slog.NewTextHandler(&logs, nil)))
	for range 3 * logLimit {
		r.count(newViolation("script-src-elem", "inline", "https://henhouse.example/", ""))
	}
	if n := strings.Count(logs.String(), "\n"); n != logLimit {
		t.Fatalf("%d lines logged for %d reports", n, 3*logLimit)
	}
}
