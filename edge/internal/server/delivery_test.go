package server

import (
	"bytes"
	"context"
	"crypto/sha512"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/admin"
	"github.com/henhouse/platform/edge/internal/modules"
)

const opsToken = "0123456789abcdef-ops"

func withOps(c *Config) {
	c.Delivery.OpsTokens, _ = admin.ParseTokens("alice:" + opsToken)
}

// adminCall sends a request to the ops API and decodes its JSON answer.
func adminCall(t *testing.T, s *Server, method, path, token, contentType string, body []byte) (int, map[string]any) {
	t.Helper()
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := s.Admin.Test(req, fiber.TestConfig{Timeout: 10 * time.Second, FailOnTimeout: true})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return res.StatusCode, m
}

func sri384(b []byte) string {
	s := sha512.Sum384(b)
	return "sha384-" + base64.StdEncoding.EncodeToString(s[:])
}

// builtVersion writes a module version's build into a directory of its own, as
// `npm -w mf-menu run build` would, and returns it.
func builtVersion(t *testing.T, version, entry string) string {
	t.Helper()
	d := filepath.Join(t.TempDir(), version)
	_ = os.MkdirAll(filepath.Join(d, "static", "js"), 0o755)
	man := `{"name":"mf_menu","metaData":{"remoteEntry":{"name":"remoteEntry.js","path":""}},"exposes":[{"name":"Menu","path":"./Menu","assets":{"js":{"sync":["static/js/menu.js"]},"css":{"sync":[]}}}]}`
	_ = os.WriteFile(filepath.Join(d, "mf-manifest.json"), []byte(man), 0o644)
	_ = os.WriteFile(filepath.Join(d, "remoteEntry.js"), []byte(entry), 0o644)
	_ = os.WriteFile(filepath.Join(d, "static", "js", "menu.js"), []byte("menu()"), 0o644)
	return d
}

func TestOpsAPINeedsItsToken(t *testing.T) {
	if s := newTestServer(t); s.Admin != nil {
		t.Fatal("without OPS_TOKEN there is no ops API")
	}
	s := newTestServerWith(t, withOps)
	for _, tok := range []string{"", "wrong-token-0123456789", opsToken + "x"} {
		if st, m := adminCall(t, s, "GET", "/admin/modules", tok, "", nil); st != 401 || m["error"].(map[string]any)["code"] != "unauthorized" {
			t.Fatalf("token %q: %d %v", tok, st, m)
		}
	}
	st, m := adminCall(t, s, "GET", "/admin/modules", opsToken, "", nil)
	if st != 200 || len(m["modules"].([]any)) != 5 {
		t.Fatalf("status: %d %v", st, m)
	}
	// The site's own port serves no ops API.
	if res, _ := get(t, s, "/admin/modules"); res.StatusCode != 404 {
		t.Fatalf("site port /admin: %d", res.StatusCode)
	}
}

// A team publishes mf-menu 1.1.0 to the running edge; ops canaries it to everyone,
// rolls it back with a reason; the pages follow each step and the audit log has them.
func TestPublishCanaryRollbackThroughTheOpsAPI(t *testing.T) {
	s := newTestServerWith(t, withOps)
	g := newGuest(t, s)
	boot := bootstrapOf(t, g.page("/menu/m-standard"))
	if m := boot.Modules["mf-menu"]; m.Version != "1.0.0" || m.Integrity != sri384([]byte(`var x=1`)) {
		t.Fatalf("stable before: %+v", m)
	}

	tgz, _ := modules.TarDir(builtVersion(t, "1.1.0", "var mf_menu='1.1.0'"))
	if st, m := adminCall(t, s, "POST", "/admin/modules/mf-menu/versions/1.1.0", opsToken, "application/gzip", tgz); st != 201 || m["created"] != true {
		t.Fatalf("publish: %d %v", st, m)
	}
	if st, m := adminCall(t, s, "POST", "/admin/modules/mf-menu/versions/1.1.0", opsToken, "application/gzip", tgz); st != 200 || m["created"] != false {
		t.Fatalf("publish again: %d %v", st, m)
	}
	other, _ := modules.TarDir(builtVersion(t, "1.1.0", "var mf_menu='other'"))
	if st, m := adminCall(t, s, "POST", "/admin/modules/mf-menu/versions/1.1.0", opsToken, "application/gzip", other); st != 409 || m["error"].(map[string]any)["code"] != "version_exists" {
		t.Fatalf("publish other bytes: %d %v", st, m)
	}
	if st, _ := adminCall(t, s, "POST", "/admin/modules/mf-menu/versions/1.2.0", opsToken, "application/gzip", []byte("junk")); st != 400 {
		t.Fatalf("junk upload: %d", st)
	}
	// Published, not yet served: stable stays until ops says otherwise.
	if m := bootstrapOf(t, g.page("/menu/m-standard")).Modules["mf-menu"]; m.Version != "1.0.0" {
		t.Fatalf("a published version went live by itself: %+v", m)
	}

	st, m := adminCall(t, s, "POST", "/admin/modules/mf-menu/canary", opsToken, "application/json", []byte(`{"version":"1.1.0","percent":100}`))
	if st != 200 || m["canary"] != "1.1.0" || m["percent"] != float64(100) || m["stable"] != "1.0.0" {
		t.Fatalf("canary: %d %v", st, m)
	}
	body := g.page("/menu/m-standard")
	mod := bootstrapOf(t, body).Modules["mf-menu"]
	if mod.Version != "1.1.0" || mod.Channel != "canary" || mod.Integrity != sri384([]byte("var mf_menu='1.1.0'")) {
		t.Fatalf("canary page: %+v", mod)
	}
	for _, link := range []string{
		`<link rel="preload" href="/modules/mf-menu/1.1.0/remoteEntry.js" as="script" integrity="` + sri384([]byte("var mf_menu='1.1.0'")) + `" crossorigin="anonymous"`,
		// Chunks load through webpack's own loader, without integrity: so is their preload.
		`<link rel="preload" href="/modules/mf-menu/1.1.0/static/js/menu.js" as="script" nonce="`,
	} {
		if !strings.Contains(body, link) {
			t.Fatalf("page lacks %s", link)
		}
	}
	if res, b := get(t, s, "/modules/mf-menu/1.1.0/remoteEntry.js"); res.StatusCode != 200 || b != "var mf_menu='1.1.0'" {
		t.Fatalf("published file served: %d %q", res.StatusCode, b)
	}

	st, m = adminCall(t, s, "POST", "/admin/modules/mf-menu/rollback", opsToken, "application/json", []byte(`{"reason":"prices wrong"}`))
	if st != 200 || m["canary"] != nil || m["lastRollback"].(map[string]any)["reason"] != "prices wrong" {
		t.Fatalf("rollback: %d %v", st, m)
	}
	if m := bootstrapOf(t, g.page("/menu/m-standard")).Modules["mf-menu"]; m.Version != "1.0.0" || m.Channel != "stable" {
		t.Fatalf("after rollback: %+v", m)
	}
	if st, m := adminCall(t, s, "POST", "/admin/modules/mf-menu/promote", opsToken, "", nil); st != 409 {
		t.Fatalf("promote without a canary: %d %v", st, m)
	}
	st, m = adminCall(t, s, "GET", "/admin/audit?limit=10", opsToken, "", nil)
	var acts []string
	for _, e := range m["entries"].([]any) {
		e := e.(map[string]any)
		if !strings.HasPrefix(e["actor"].(string), "alice@") {
			t.Errorf("actor %v", e["actor"])
		}
		acts = append(acts, e["action"].(string))
	}
	if st != 200 || strings.Join(acts, ",") != "rollback,canary,publish" {
		t.Fatalf("audit: %d %v", st, acts)
	}
}

const qaToken = "0123456789abcdef-qa"

func withQA(c *Config) {
	withOps(c)
	c.Delivery.QATokens, _ = admin.ParseTokens("qa:" + qaToken)
}

// In prod, a QA override takes the QA token; the ops token, which publishes, is not
// one to hand to testers and does not work on the site.
func TestQAOverride(t *testing.T) {
	prod := newTestServerWith(t, withQA)
	publishOn(t, prod, "1.1.0")
	dev := newTestServerWith(t, func(c *Config) { withQA(c); c.Environment = "dev" })
	publishOn(t, dev, "1.1.0")
	cases := []struct {
		s    *Server
		hdr  []string
		want string
	}{
		{prod, []string{"Cookie", "hh_modules=mf-menu@1.1.0"}, "1.0.0"},
		{prod, []string{"X-Module-Override", "mf-menu@1.1.0"}, "1.0.0"},
		{prod, []string{"X-Module-Override", "mf-menu@1.1.0", "Authorization", "Bearer " + opsToken}, "1.0.0"},
		{prod, []string{"X-Module-Override", "mf-menu@1.1.0", "Authorization", "Bearer " + qaToken}, "1.1.0"},
		{prod, []string{"Cookie", "hh_modules=mf-menu@1.1.0", "Authorization", "Bearer " + qaToken}, "1.1.0"},
		{prod, []string{"X-Module-Override", "mf-menu@1.1.0", "Authorization", "Bearer not-the-qa-token-at-all"}, "1.0.0"},
		{dev, []string{"Cookie", "hh_modules=mf-menu@1.1.0,mf-content@1.0.0"}, "1.1.0"},
		{dev, []string{"X-Module-Override", "mf-menu@9.9.9"}, "1.0.0"},
	}
	for i, tc := range cases {
		req := httptest.NewRequest("GET", "/menu/m-standard", nil)
		for j := 0; j+1 < len(tc.hdr); j += 2 {
			req.Header.Set(tc.hdr[j], tc.hdr[j+1])
		}
		res, err := tc.s.App.Test(req, fiber.TestConfig{Timeout: 10 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		m := bootstrapOf(t, string(b)).Modules["mf-menu"]
		if m.Version != tc.want {
			t.Errorf("case %d: version %s, want %s", i, m.Version, tc.want)
		}
		if tc.want == "1.1.0" && m.Channel != "override" {
			t.Errorf("case %d: channel %s", i, m.Channel)
		}
	}
}

func publishOn(t *testing.T, s *Server, version string) {
	t.Helper()
	files, _ := modules.ReadTar(tarOf(t, builtVersion(t, version, "var v='"+version+"'")), 1<<20)
	if _, err := s.Registry.Publish(context.Background(), "mf-menu", version, files, "test"); err != nil {
		t.Fatal(err)
	}
}

func tarOf(t *testing.T, dir string) io.Reader {
	b, err := modules.TarDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.NewReader(b)
}

const beaconBody = `{"route":"menu","modules":{"mf-menu":"1.0.0","mf-content":"1.0.0"},"events":[{"kind":"view"},{"kind":"vital","name":"LCP","value":1234.5},{"kind":"vital","name":"INP","value":80},{"kind":"vital","name":"CLS","value":0.01},{"kind":"error","type":"remote_load","module":"mf-menu","version":"1.0.0"},{"kind":"error","type":"render","module":"mf-menu","version":"1.0.0"},{"kind":"error","type":"unhandled"}]}`

// beacon posts a report as sendBeacon does: no CSRF header, the visitor's cookies.
func (g *guest) beacon(body, contentType string, hdr ...string) (int, map[string]any) {
	g.t.Helper()
	csrf := g.csrf
	g.csrf = ""
	defer func() { g.csrf = csrf }()
	st, m, _ := g.send("POST", "/api/beacons", body, append([]string{"Content-Type", contentType}, hdr...)...)
	return st, m
}

func TestBeacons(t *testing.T) {
	s := newTestServerWith(t, func(c *Config) { c.BodyLimit = 65536 }) // the default: the beacon's own limit answers
	g := newGuest(t, s)
	for _, ct := range []string{"application/json", "text/plain;charset=UTF-8"} {
		if st, m := g.beacon(beaconBody, ct, "Sec-Fetch-Site", "same-origin", "Origin", "http://example.com"); st != 204 {
			t.Fatalf("%s: %d %v", ct, st, m)
		}
	}
	code := func(m map[string]any) any { e, _ := m["error"].(map[string]any); return e["code"] }
	cases := []struct {
		body, ct string
		hdr      []string
		status   int
		code     string
	}{
		{beaconBody, "application/json", []string{"Sec-Fetch-Site", "cross-site"}, 403, "cross_site"},
		{beaconBody, "application/json", []string{"Origin", "https://evil.example"}, 403, "cross_site"},
		{beaconBody, "application/x-www-form-urlencoded", nil, 415, "unsupported_media_type"},
		{`{"route":"menu","modules":{},"events":[{"kind":"vital","name":"XYZ","value":1}]}`, "application/json", nil, 400, "invalid"},
		{`{"route":"menu","modules":{},"events":[{"kind":"error","type":"oops"}]}`, "application/json", nil, 400, "invalid"},
		{`{"route":"menu","modules":{},"events":[{"kind":"vital","name":"LCP"}]}`, "application/json", nil, 400, "invalid"},
		{`{"route":"menu","modules":{},"events":[],"url":"https://x/?email=a"}`, "application/json", nil, 400, "invalid"},
		{`{"route":"menu","modules":{},"events":[` + strings.Repeat(`{"kind":"view"},`, 50) + `{"kind":"view"}]}`, "application/json", nil, 413, "payload_too_large"},
		{`{"route":"` + strings.Repeat("x", 9000) + `","modules":{},"events":[]}`, "text/plain", nil, 413, "payload_too_large"},
	}
	for i, tc := range cases {
		if st, m := g.beacon(tc.body, tc.ct, tc.hdr...); st != tc.status || code(m) != tc.code {
			t.Errorf("case %d: %d %v, want %d %s", i, st, m, tc.status, tc.code)
		}
	}
	// Without the visitor cookie.
	req := httptest.NewRequest("POST", "/api/beacons", strings.NewReader(beaconBody))
	req.Header.Set("Content-Type", "text/plain")
	res, _ := s.App.Test(req)
	if res.StatusCode != 401 {
		t.Fatalf("no visitor: %d", res.StatusCode)
	}
	// Rate limited per client.
	limited := false
	for i := 0; i < 130 && !limited; i++ {
		st, _ := g.beacon(`{"route":"menu","modules":{},"events":[]}`, "application/json")
		limited = st == 429
	}
	if !limited {
		t.Fatal("beacons are not rate limited")
	}
}

// The metrics of pages, requests and beacons, read as Prometheus scrapes them.
func TestMetricsEndpoint(t *testing.T) {
	s := newTestServerWith(t, func(c *Config) { c.Delivery.MetricsTokens, _ = admin.ParseTokens("scraper:metrics-0123456789abcdef") })
	g := newGuest(t, s)
	g.page("/menu/m-standard")
	if st, _ := g.beacon(beaconBody, "application/json"); st != 204 {
		t.Fatal("beacon refused")
	}
	if res, _ := get(t, s, "/metrics"); res.StatusCode != 401 {
		t.Fatalf("metrics without a token from afar: %d", res.StatusCode)
	}
	req := httptest.NewRequest("GET", "/metrics", nil)
	req.Header.Set("Authorization", "Bearer metrics-0123456789abcdef")
	res, err := s.App.Test(req)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("metrics: %v %v", res, err)
	}
	b, _ := io.ReadAll(res.Body)
	text := string(b)
	if os.Getenv("PRINT_METRICS") != "" {
		t.Log(text)
	}
	for _, want := range []string{
		`http_server_request_duration_seconds_bucket{http_request_method="GET",http_response_status_code="200",http_route="menu"`,
		`http_server_request_duration_seconds_count{http_request_method="POST",http_response_status_code="204",http_route="/api/beacons"`,
		`henhouse_page_views_total{channel="stable",module="mf-menu",otel_scope_name="github.com/henhouse/platform/edge",otel_scope_schema_url="",otel_scope_version="",route="menu",version="1.0.0"} 1`,
		`henhouse_browser_views_total{module="mf-content",otel_scope_name="github.com/henhouse/platform/edge",otel_scope_schema_url="",otel_scope_version="",route="menu",version="1.0.0"} 1`,
		`henhouse_browser_errors_total{module="mf-menu",otel_scope_name="github.com/henhouse/platform/edge",otel_scope_schema_url="",otel_scope_version="",route="menu",type="render",version="1.0.0"} 1`,
		`henhouse_browser_errors_total{module="",otel_scope_name="github.com/henhouse/platform/edge",otel_scope_schema_url="",otel_scope_version="",route="menu",type="unhandled",version=""} 1`,
		`henhouse_browser_vital_lcp_milliseconds_count{module="mf-menu",otel_scope_name="github.com/henhouse/platform/edge",otel_scope_schema_url="",otel_scope_version="",route="menu",version="1.0.0"} 1`,
		`henhouse_browser_vital_cls_sum{`,
		`db_client_connections_use_time_milliseconds_count{`,
		`go_goroutine_count{`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

// servedPage loads the menu page as g and returns its bootstrap's module versions and
// page-load token, as the shell's beacons send them.
func servedPage(t *testing.T, g *guest) (map[string]string, string) {
	t.Helper()
	b := bootstrapOf(t, g.page("/menu/m-standard"))
	mods := map[string]string{}
	for n, m := range b.Modules {
		mods[n] = m.Version
	}
	return mods, b.Beacon
}

// beaconOf is a beacon of a page load: its views and render errors of mf-menu.
func beaconOf(mods map[string]string, load string, views, errors int) string {
	var ev []string
	for range views {
		ev = append(ev, `{"kind":"view"}`)
	}
	for range errors {
		ev = append(ev, `{"kind":"error","type":"render","module":"mf-menu"}`)
	}
	m, _ := json.Marshal(mods)
	return `{"route":"menu","modules":` + string(m) + `,"load":"` + load + `","events":[` + strings.Join(ev, ",") + `]}`
}

// Synthetic beacons: visitors on the canary report render errors on most page views,
// visitors on stable hardly any; once the canary has its minimum views the edge rolls
// it back by itself, audits why, and the pages go back to stable.
func TestCanaryRolledBackByBeacons(t *testing.T) {
	s := newTestServerWith(t, func(c *Config) {
		withOps(c)
		c.Delivery.CanaryMinViews, c.Delivery.CanaryMargin, c.Delivery.CanaryMinVisitors = 20, 0.05, 5
	})
	publishOn(t, s, "1.1.0")
	if st, m := adminCall(t, s, "POST", "/admin/modules/mf-menu/canary", opsToken, "application/json", []byte(`{"version":"1.1.0","percent":50}`)); st != 200 {
		t.Fatalf("canary: %d %v", st, m)
	}
	// report is one page load of a new visitor who was served version.
	report := func(version string, failed bool) {
		for {
			g := newGuest(t, s)
			mods, load := servedPage(t, g)
			if mods["mf-menu"] != version {
				continue
			}
			errs := 0
			if failed {
				errs = 1
			}
			if st, m := g.beacon(beaconOf(mods, load, 1, errs), "text/plain"); st != 204 {
				t.Fatalf("beacon: %d %v", st, m)
			}
			return
		}
	}
	for i := 0; i < 19; i++ {
		report("1.0.0", i%10 == 0)
		report("1.1.0", i%2 == 0)
	}
	st, m := adminCall(t, s, "GET", "/admin/modules/mf-menu", opsToken, "", nil)
	if st != 200 || m["canary"] != "1.1.0" || m["lastRollback"] != nil {
		t.Fatalf("rolled back under the minimum views: %v", m)
	}
	h := m["health"].(map[string]any)
	if h["canary"].(map[string]any)["views"] != float64(19) || h["canary"].(map[string]any)["errors"] != float64(10) || h["stable"].(map[string]any)["errors"] != float64(2) {
		t.Fatalf("health: %v", h)
	}
	report("1.1.0", true) // the 20th canary view: 11 errors in 20 views against 2 in 19

	_, m = adminCall(t, s, "GET", "/admin/modules/mf-menu", opsToken, "", nil)
	lr, _ := m["lastRollback"].(map[string]any)
	if m["canary"] != nil || lr == nil || lr["actor"] != "auto-rollback" || lr["version"] != "1.1.0" ||
		!strings.Contains(lr["reason"].(string), "canary error rate 0.550 (11 errors in 20 views) exceeds stable's 0.105 (2 in 19) by more than 0.050") {
		t.Fatalf("status after the failing canary: %v", m)
	}
	_, a := adminCall(t, s, "GET", "/admin/audit?limit=1", opsToken, "", nil)
	if e := a["entries"].([]any)[0].(map[string]any); e["actor"] != "auto-rollback" || e["action"] != "rollback" {
		t.Fatalf("audit: %v", e)
	}
	for i := 0; i < 20; i++ {
		if v := bootstrapOf(t, newGuest(t, s).page("/menu/m-standard")).Modules["mf-menu"].Version; v != "1.0.0" {
			t.Fatalf("a visitor still gets %s", v)
		}
	}
}

// One visitor cannot decide a canary: a page load counts one view and one error
// however many beacons it sends, a beacon counts only for the versions its page was
// served, and reloading the page again and again is still one visitor.
func TestOneVisitorCannotRollBackACanary(t *testing.T) {
	s := newTestServerWith(t, func(c *Config) {
		withOps(c)
		c.Delivery.CanaryMinViews, c.Delivery.CanaryMargin, c.Delivery.CanaryMinVisitors = 20, 0.05, 5
	})
	publishOn(t, s, "1.1.0")
	if st, m := adminCall(t, s, "POST", "/admin/modules/mf-menu/canary", opsToken, "application/json", []byte(`{"version":"1.1.0","percent":50}`)); st != 200 {
		t.Fatalf("canary: %d %v", st, m)
	}
	health := func() map[string]any {
		_, m := adminCall(t, s, "GET", "/admin/modules/mf-menu", opsToken, "", nil)
		if m["canary"] != "1.1.0" {
			t.Fatalf("canary rolled back: %v", m)
		}
		return m["health"].(map[string]any)["canary"].(map[string]any)
	}
	var onCanary, onStable *guest
	for onCanary == nil || onStable == nil {
		g := newGuest(t, s)
		if mods, _ := servedPage(t, g); mods["mf-menu"] == "1.1.0" {
			onCanary = g
		} else {
			onStable = g
		}
	}
	mods, load := servedPage(t, onCanary)
	for range 8 {
		if st, m := onCanary.beacon(beaconOf(mods, load, 25, 25), "text/plain"); st != 204 {
			t.Fatalf("beacon: %d %v", st, m)
		}
	}
	if h := health(); h["views"] != float64(1) || h["errors"] != float64(1) || h["visitors"] != float64(1) {
		t.Fatalf("eight beacons of one page load: %v", h)
	}
	// A visitor served stable claims the canary; a beacon without a token claims it too.
	smods, sload := servedPage(t, onStable)
	smods["mf-menu"] = "1.1.0"
	onStable.beacon(beaconOf(smods, sload, 1, 1), "text/plain")
	onStable.beacon(beaconOf(smods, "", 1, 1), "text/plain")
	if h := health(); h["views"] != float64(1) {
		t.Fatalf("reports of versions not served were counted: %v", h)
	}
	// The canary visitor reloads the page 30 times, each with an error.
	for range 30 {
		mods, load := servedPage(t, onCanary)
		onCanary.beacon(beaconOf(mods, load, 1, 1), "text/plain")
	}
	if h := health(); h["views"] != float64(31) || h["visitors"] != float64(1) {
		t.Fatalf("one visitor's reloads: %v", h)
	}
}

// The shell's manifest under BUILD_DIR is what a published remote's singletons are
// compared with: a remote built against another React major is refused with a 400
// naming both versions, and nothing of it is written.
func TestPublishRefusesAnotherReactMajor(t *testing.T) {
	s := newTestServerWith(t, withOps)
	shell := `{"name":"shell","metaData":{"remoteEntry":{"name":"","path":""}},"shared":[{"name":"react","version":"19.2.0","singleton":true}]}`
	if err := os.WriteFile(filepath.Join(s.cfg.BuildDir, "shell", "assets", "mf-manifest.json"), []byte(shell), 0o644); err != nil {
		t.Fatal(err)
	}
	d := builtVersion(t, "1.1.0", "var mf_menu='1.1.0'")
	man := `{"name":"mf_menu","metaData":{"remoteEntry":{"name":"remoteEntry.js","path":""}},"shared":[{"name":"react","version":"20.0.0","singleton":true}]}`
	_ = os.WriteFile(filepath.Join(d, "mf-manifest.json"), []byte(man), 0o644)
	tgz, _ := modules.TarDir(d)
	st, m := adminCall(t, s, "POST", "/admin/modules/mf-menu/versions/1.1.0", opsToken, "application/gzip", tgz)
	e, _ := m["error"].(map[string]any)
	if msg, _ := e["message"].(string); st != 400 || e["code"] != "invalid" || !strings.Contains(msg, "react 20.0.0") || !strings.Contains(msg, "react 19.2.0") {
		t.Fatalf("publish: %d %v", st, m)
	}
	if _, err := os.Stat(filepath.Join(s.cfg.BuildDir, "modules", "mf-menu", "1.1.0")); !os.IsNotExist(err) {
		t.Fatalf("the refused version was written: %v", err)
	}
}

// QA_TOKEN is read like OPS_TOKEN, and may not reuse an ops token.
func TestQATokenFromEnv(t *testing.T) {
	t.Setenv("OPS_TOKEN", "alice:"+opsToken)
	t.Setenv("QA_TOKEN", "qa:"+qaToken)
	c, err := ConfigFromEnv()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Delivery.QATokens.Match("Bearer " + qaToken); !ok {
		t.Fatal("the QA token is not taken")
	}
	if _, ok := c.Delivery.QATokens.Match("Bearer " + opsToken); ok {
		t.Fatal("the ops token works as a QA token")
	}
	for _, bad := range []string{opsToken, "qa:" + qaToken + ",tester:" + opsToken, "short"} {
		t.Setenv("QA_TOKEN", bad)
		if _, err := ConfigFromEnv(); err == nil || !strings.Contains(err.Error(), "QA_TOKEN") {
			t.Errorf("QA_TOKEN %q: %v", bad, err)
		}
	}
}
