package csp

import (
	"encoding/json"
	"log/slog"
	"maps"
	"mime"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/httpx"
)

// Limits of the report endpoint.
const (
	// MaxReportBytes is the largest report body read; a browser's report is well under
	// 2 KB, a batch of the Reporting API a few of those.
	MaxReportBytes = 16 << 10
	// maxPerBody is how many reports of one Reporting API batch are counted.
	maxPerBody = 20
	// ClientLimit is how many report requests one client address may send per
	// window; more are answered 429 and not counted.
	ClientLimit  = 30
	clientWindow = time.Minute
	// maxClients bounds the per-client table; when full, new clients wait for the next
	// window.
	maxClients = 10000
	// logLimit is how many reports are logged per window; the rest are counted only,
	// and the next logged line says how many were left out.
	logLimit = 10
)

// directives are the names a report's effective directive is counted under; any
// other name is counted as "other", so a client cannot grow the table.
var directives = map[string]bool{
	"default-src": true, "script-src": true, "script-src-elem": true, "script-src-attr": true,
	"style-src": true, "style-src-elem": true, "style-src-attr": true, "img-src": true, "font-src": true,
	"connect-src": true, "frame-src": true, "child-src": true, "worker-src": true, "manifest-src": true,
	"media-src": true, "object-src": true, "base-uri": true, "form-action": true, "frame-ancestors": true,
	"fenced-frame-src": true, "prefetch-src": true, "trusted-types": true, "require-trusted-types-for": true,
	"webrtc": true, "sandbox": true,
}

// Reports receives violation reports and counts them by effective directive.
type Reports struct {
	log *slog.Logger
	now func() time.Time

	total atomic.Uint64
	mu    sync.Mutex
	by    map[string]uint64

	limitMu     sync.Mutex
	window      time.Time
	clients     map[string]int
	logged      int
	unlogged    int
	rateLimited uint64
}

// NewReports makes an empty counter; log gets one line per report, at most logLimit a
// minute.
func NewReports(log *slog.Logger) *Reports {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Reports{log: log, now: time.Now, by: map[string]uint64{}, clients: map[string]int{}}
}

// Counts is what ops can read of the reports (GET /readyz, "csp").
type Counts struct {
	// Violations is the number of violations reported since the edge started.
	Violations uint64 `json:"violations"`
	// ByDirective splits Violations by the directive that blocked something
	// ("script-src-elem", "style-src-attr", …; "other" for names not known).
	ByDirective map[string]uint64 `json:"byDirective"`
	// RateLimited is the number of report requests refused because their client had
	// sent too many.
	RateLimited uint64 `json:"rateLimited"`
}

// Counts returns a copy of the counts.
func (r *Reports) Counts() Counts {
	r.mu.Lock()
	by := maps.Clone(r.by)
	r.mu.Unlock()
	r.limitMu.Lock()
	limited := r.rateLimited
	r.limitMu.Unlock()
	return Counts{Violations: r.total.Load(), ByDirective: by, RateLimited: limited}
}

// violation is what is kept of one report.
type violation struct {
	Directive, Blocked, Document, Disposition string
}

// Handler is POST /csp-report. It takes the report-uri format (application/csp-report)
// and the Reporting API's (application/reports+json): 204 when at least one violation
// was counted, 400 in the standard error shape for anything else, 413 past
// MaxReportBytes, 429 past the client's limit. Browsers send it without a CSRF token,
// so it must be mounted outside the CSRF check. clientIP gives the address a request is
// limited by.
func (r *Reports) Handler(clientIP func(fiber.Ctx) string) fiber.Handler {
	return func(c fiber.Ctx) error {
		if !r.allow(clientIP(c)) {
			return httpx.Send(c, httpx.Errorf(fiber.StatusTooManyRequests, "too_many_reports", "Too many reports from this client; try again in a minute."))
		}
		body := c.Body()
		if len(body) > MaxReportBytes {
			return httpx.Send(c, httpx.Errorf(fiber.StatusRequestEntityTooLarge, "report_too_large", "A report may have at most %d bytes.", MaxReportBytes))
		}
		vs, ok := parse(c.Get(fiber.HeaderContentType), body)
		if !ok || len(vs) == 0 {
			return httpx.Send(c, httpx.Errorf(fiber.StatusBadRequest, "invalid_report", "Send a CSP violation report as application/csp-report or application/reports+json."))
		}
		for _, v := range vs {
			r.count(v)
		}
		return c.SendStatus(fiber.StatusNoContent)
	}
}

// allow counts a request of client against its limit for the current window.
func (r *Reports) allow(client string) bool {
	r.limitMu.Lock()
	defer r.limitMu.Unlock()
	if now := r.now(); now.Sub(r.window) >= clientWindow {
		r.window, r.logged = now, 0
		clear(r.clients)
	}
	n, known := r.clients[client]
	if (!known && len(r.clients) >= maxClients) || n >= ClientLimit {
		r.rateLimited++
		return false
	}
	r.clients[client] = n + 1
	return true
}

func (r *Reports) count(v violation) {
	r.total.Add(1)
	r.mu.Lock()
	r.by[v.Directive]++
	r.mu.Unlock()

	r.limitMu.Lock()
	logIt := r.logged < logLimit
	skipped := 0
	if logIt {
		r.logged++
		skipped, r.unlogged = r.unlogged, 0
	} else {
		r.unlogged++
	}
	r.limitMu.Unlock()
	if logIt {
		r.log.Warn("content security policy violation", "directive", v.Directive, "blocked", v.Blocked,
			"document", v.Document, "disposition", v.Disposition, "not_logged_before", skipped)
	}
}

// parse reads a body of either format; ok is false for anything that is neither.
func parse(contentType string, body []byte) (vs []violation, ok bool) {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return nil, false
	}
	switch mt {
	case "application/csp-report", "application/json":
		var in struct {
			Report *struct {
				Effective   string `json:"effective-directive"`
				Violated    string `json:"violated-directive"`
				Blocked     string `json:"blocked-uri"`
				Document    string `json:"document-uri"`
				Disposition string `json:"disposition"`
			} `json:"csp-report"`
		}
		if json.Unmarshal(body, &in) != nil || in.Report == nil {
			return nil, false
		}
		d := in.Report.Effective
		if d == "" { // CSP2 browsers: the violated directive is "script-src 'self' …"
			d, _, _ = strings.Cut(strings.TrimSpace(in.Report.Violated), " ")
		}
		if d == "" {
			return nil, false
		}
		return []violation{newViolation(d, in.Report.Blocked, in.Report.Document, in.Report.Disposition)}, true
	case "application/reports+json":
		var in []struct {
			Type string `json:"type"`
			Body *struct {
				Effective   string `json:"effectiveDirective"`
				Blocked     string `json:"blockedURL"`
				Document    string `json:"documentURL"`
				Disposition string `json:"disposition"`
			} `json:"body"`
		}
		if json.Unmarshal(body, &in) != nil {
			return nil, false
		}
		for _, rep := range in {
			if rep.Type != "csp-violation" || rep.Body == nil || rep.Body.Effective == "" {
				continue
			}
			vs = append(vs, newViolation(rep.Body.Effective, rep.Body.Blocked, rep.Body.Document, rep.Body.Disposition))
			if len(vs) == maxPerBody {
				break
			}
		}
		return vs, true
	}
	return nil, false
}

func newViolation(directive, blocked, document, disposition string) violation {
	d := strings.ToLower(strings.TrimSpace(directive))
	if !directives[d] {
		d = "other"
	}
	if disposition != "report" {
		disposition = "enforce"
	}
	return violation{Directive: d, Blocked: loggable(blocked), Document: loggable(document), Disposition: disposition}
}

// loggable shortens a reported URL for the log: no query or fragment (they may hold
// codes or tokens), no user info, at most 200 characters. Keywords such as "inline"
// or "eval" stay as they are.
func loggable(s string) string {
	if u, err := url.Parse(s); err == nil && u.Scheme != "" {
		u.RawQuery, u.Fragment, u.User, u.Opaque = "", "", nil, ""
		s = u.String()
	}
	if len(s) > 200 {
		s = s[:200]
	}
	return strings.ToValidUTF8(s, "")
}
