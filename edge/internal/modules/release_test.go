package modules

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha512"
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

func build(version string) map[string][]byte {
	return map[string][]byte{
		"mf-manifest.json":       []byte(`{"name":"mf_menu","metaData":{"remoteEntry":{"name":"remoteEntry.js","path":""}},"exposes":[{"name":"Menu","path":"./Menu","assets":{"js":{"sync":["static/js/1.js"]},"css":{"sync":[]}}}]}`),
		"remoteEntry.js":         []byte("var mf_menu='" + version + "'"),
		"static/js/1.js":         []byte("console.log('" + version + "')"),
		"static/js/1.js.gz":      gz("console.log('" + version + "')"),
		"static/css/menu.css":    []byte("a{color:red}"),
		"static/media/empty.svg": []byte("<svg/>"),
	}
}

func gz(s string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.Bytes()
}

func sri(b []byte) string {
	s := sha512.Sum384(b)
	return "sha384-" + base64.StdEncoding.EncodeToString(s[:])
}

func TestPublishIsImmutableAndHashesEveryFile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		dir := t.TempDir()
		r, _ := Open(dir, st)
		files := build("1.4.0")
		p, err := r.Publish(ctx, "mf-menu", "1.4.0", files, "alice@127.0.0.1")
		if err != nil || !p.Created || len(p.Files) != len(files) {
			t.Fatalf("first publish: %+v %v", p, err)
		}
		m, ok := r.Resolve(ctx, "mf-menu", "v1")
		if !ok || m.Version != "1.4.0" || m.Integrity != sri(files["remoteEntry.js"]) {
			t.Fatalf("the published version with its entry's integrity: %+v", m)
		}
		pre := r.Preloads(m, "Menu")
		if pre.Integrity["/modules/mf-menu/1.4.0/static/js/1.js"] != sri(files["static/js/1.js"]) {
			t.Fatalf("preload integrity: %+v", pre)
		}
		if _, err := os.Stat(filepath.Join(dir, "mf-menu", "1.4.0", IntegrityFile)); err != nil {
			t.Fatal("no integrity file written")
		}

		again, err := r.Publish(ctx, "mf-menu", "1.4.0", build("1.4.0"), "alice@127.0.0.1")
		if err != nil || again.Created {
			t.Fatalf("the same bytes again is a no-op: %+v %v", again, err)
		}
		other := build("1.4.0")
		other["remoteEntry.js"] = []byte("var mf_menu='changed'")
		if _, err := r.Publish(ctx, "mf-menu", "1.4.0", other, "alice@127.0.0.1"); !errors.Is(err, ErrVersionExists) {
			t.Fatalf("other bytes for a published version: %v", err)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "mf-menu", "1.4.0", "remoteEntry.js")); string(b) != "var mf_menu='1.4.0'" {
			t.Fatalf("published file changed: %q", b)
		}
		for _, bad := range []string{"../x.js", "/etc/passwd", "a/../../b", "./a"} {
			f := build("1.5.0")
			f[bad] = []byte("x")
			if _, err := r.Publish(ctx, "mf-menu", "1.5.0", f, "a"); !errors.Is(err, ErrBadUpload) {
				t.Errorf("path %q: %v", bad, err)
			}
		}
		// A build edited after it was compressed: the edge would serve the old bytes.
		stale := build("1.5.0")
		stale["static/js/1.js"] = []byte("console.log('edited')")
		if _, err := r.Publish(ctx, "mf-menu", "1.5.0", stale, "a"); !errors.Is(err, ErrBadUpload) || !strings.Contains(err.Error(), "static/js/1.js.gz") {
			t.Fatalf("a stale compressed copy: %v", err)
		}
		noManifest := build("1.5.0")
		delete(noManifest, "mf-manifest.json")
		if _, err := r.Publish(ctx, "mf-menu", "1.5.0", noManifest, "a"); !errors.Is(err, ErrBadUpload) {
			t.Fatalf("without a manifest: %v", err)
		}
		entries, _ := r.Audit(ctx, 10)
		if len(entries) != 1 || entries[0].Action != "publish" || entries[0].Actor != "alice@127.0.0.1" || entries[0].Version != "1.4.0" {
			t.Fatalf("audit: %+v", entries)
		}
	})
}

func TestIntegrityOfAVersionCopiedOntoTheDisk(t *testing.T) {
	dir := t.TempDir()
	publish(t, dir, "mf-menu", "1.0.0")
	entry := []byte("var mf_menu=1")
	_ = os.WriteFile(filepath.Join(dir, "mf-menu", "1.0.0", "remoteEntry.js"), entry, 0o644)
	r, _ := Open(dir, nil)
	m, _ := r.Resolve(context.Background(), "mf-menu", "v")
	if m.Integrity != sri(entry) {
		t.Fatalf("integrity hashed at scan: %q", m.Integrity)
	}
}

func TestTarRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for p, b := range build("1.0.0") {
		_ = os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755)
		_ = os.WriteFile(filepath.Join(dir, p), b, 0o644)
	}
	tgz, err := TarDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files, err := ReadTar(bytes.NewReader(tgz), 1<<20)
	if err != nil || len(files) != len(build("1.0.0")) || string(files["static/js/1.js"]) != "console.log('1.0.0')" {
		t.Fatalf("files %v %v", len(files), err)
	}
	if _, err := ReadTar(bytes.NewReader(tgz), 10); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("over the limit: %v", err)
	}
	if _, err := ReadTar(strings.NewReader("not a tar at all, not at all, really not"), 1<<20); !errors.Is(err, ErrBadUpload) {
		t.Fatalf("garbage: %v", err)
	}
}

func TestCanaryPromoteRollbackAreAudited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		dir := t.TempDir()
		publish(t, dir, "mf-menu", "1.0.0")
		publish(t, dir, "mf-menu", "1.1.0")
		publish(t, dir, "mf-menu", "1.2.0")
		r, _ := Open(dir, st)
		_ = r.SetState(ctx, "mf-menu", State{Stable: "1.0.0"})

		if _, err := r.Canary(ctx, "mf-menu", "9.9.9", 10, "ops"); !errors.Is(err, ErrUnknownVersion) {
			t.Fatalf("unknown version: %v", err)
		}
		if _, err := r.Canary(ctx, "mf-menu", "1.1.0", 0, "ops"); !errors.Is(err, ErrBadRequest) {
			t.Fatalf("0%%: %v", err)
		}
		if _, err := r.Promote(ctx, "mf-menu", "ops"); !errors.Is(err, ErrNoCanary) {
			t.Fatalf("promote without canary: %v", err)
		}
		st1, err := r.Canary(ctx, "mf-menu", "1.1.0", 10, "alice")
		if err != nil || st1.Stable != "1.0.0" || st1.Canary != "1.1.0" || st1.Weight != 10 {
			t.Fatalf("canary: %+v %v", st1, err)
		}
		if _, err := r.Rollback(ctx, "mf-menu", "menu prices wrong", "bob"); err != nil {
			t.Fatal(err)
		}
		s, _ := r.StatusOf(ctx, "mf-menu")
		if s.Canary != "" || s.Stable != "1.0.0" || s.LastRollback == nil || s.LastRollback.Reason != "menu prices wrong" || s.LastRollback.Actor != "bob" || s.LastRollback.Version != "1.1.0" {
			t.Fatalf("status after rollback: %+v %+v", s, s.LastRollback)
		}
		if _, err := r.Rollback(ctx, "mf-menu", "", "bob"); !errors.Is(err, ErrNoCanary) {
			t.Fatalf("second rollback: %v", err)
		}
		_, _ = r.Canary(ctx, "mf-menu", "1.2.0", 50, "alice")
		if st, err := r.Promote(ctx, "mf-menu", "alice"); err != nil || st.Stable != "1.2.0" || st.Canary != "" {
			t.Fatalf("promote: %+v %v", st, err)
		}
		entries, _ := r.Audit(ctx, 0)
		var got []string
		for _, e := range entries {
			got = append(got, e.Action+" "+e.Version+" "+e.Actor)
		}
		want := "promote 1.2.0 alice|canary 1.2.0 alice|rollback 1.1.0 bob|canary 1.1.0 alice"
		if strings.Join(got, "|") != want {
			t.Fatalf("audit:\n got %s\nwant %s", strings.Join(got, "|"), want)
		}
	})
}

// Synthetic reports: a canary whose pages fail more than stable's by more than the
// margin, over the minimum views, is rolled back once, by one of two edges.
func TestCanaryRollsBackByItself(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		dir := t.TempDir()
		publish(t, dir, "mf-menu", "1.0.0")
		publish(t, dir, "mf-menu", "1.1.0")
		a, _ := Open(dir, st)
		b, _ := Open(dir, st)
		for _, r := range []*Registry{a, b} {
			r.Policy = CanaryPolicy{Margin: 0.05, MinViews: 100}
		}
		_ = a.SetState(ctx, "mf-menu", State{Stable: "1.0.0"})
		if _, err := a.Canary(ctx, "mf-menu", "1.1.0", 10, "alice"); err != nil {
			t.Fatal(err)
		}
		_ = b.Reload(ctx)

		// Healthy so far: 99 canary views with 9 errors is under the minimum sample,
		// and stable's own errors count against the margin.
		// In beacon-sized batches, as browsers send them: one call of a thousand page
		// loads would run past the embedded store's read timeout on a busy machine.
		all := slices.Concat(
			loads("1.0.0", 1000, 50, 1000),
			loads("1.1.0", 99, 9, 99),
			loads("0.9.0", 5, 5, 5), // neither: not counted
		)
		for batch := range slices.Chunk(all, 50) {
			rolled, err := a.Observe(ctx, batch)
			if err != nil || len(rolled) != 0 {
				t.Fatalf("rolled back too early: %v %v", rolled, err)
			}
		}
		h, _ := a.HealthOf(ctx, "mf-menu")
		if h.Canary.Views != 99 || h.Canary.Errors != 9 || h.Stable.Views != 1000 || h.Stable.Errors != 50 {
			t.Fatalf("health: %+v", h)
		}
		// At the margin (0.05 + 0.05 = 0.10 at 10 errors in 100) it stays.
		if rolled, _ := a.Observe(ctx, loads("1.1.0", 1, 1, 1)); len(rolled) != 0 {
			t.Fatalf("rolled back at the margin: %v", rolled)
		}
		// One more error on both edges at once: one of them rolls it back.
		var wg sync.WaitGroup
		results := make([][]string, 2)
		for i, r := range []*Registry{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i], _ = r.Observe(ctx, []Observation{{Module: "mf-menu", Version: "1.1.0", Errors: 1, PageLoad: "late-" + string(rune('a'+i)), Visitor: "late"}})
			}()
		}
		wg.Wait()
		if n := len(results[0]) + len(results[1]); n != 1 {
			t.Fatalf("rollbacks: %v, want exactly one", results)
		}
		for _, r := range []*Registry{a, b} {
			_ = r.Reload(ctx)
			if m, _ := r.Resolve(ctx, "mf-menu", "anyone"); m.Version != "1.0.0" || r.StateOf(ctx, "mf-menu").Canary != "" {
				t.Fatalf("after the rollback: %+v", r.StateOf(ctx, "mf-menu"))
			}
		}
		s, _ := b.StatusOf(ctx, "mf-menu")
		if s.LastRollback == nil || s.LastRollback.Actor != AutoRollbackActor || !strings.Contains(s.LastRollback.Reason, "errors in 100 views) exceeds stable's 0.050") {
			t.Fatalf("status: %+v", s.LastRollback)
		}
		entries, _ := a.Audit(ctx, 1)
		if entries[0].Action != "rollback" || entries[0].Actor != AutoRollbackActor {
			t.Fatalf("audit: %+v", entries)
		}
		// A new canary of the same version starts from zero.
		_, _ = a.Canary(ctx, "mf-menu", "1.1.0", 10, "alice")
		if h, _ := a.HealthOf(ctx, "mf-menu"); h.Canary != (Counts{}) || h.Stable != (Counts{}) {
			t.Fatalf("counts not reset: %+v", h)
		}
	})
}

func TestOverrides(t *testing.T) {
	dir := t.TempDir()
	publish(t, dir, "mf-menu", "1.0.0")
	publish(t, dir, "mf-menu", "1.1.0")
	publish(t, dir, "mf-content", "1.0.0")
	r, _ := Open(dir, nil)
	got := r.Overrides("mf-menu@1.1.0, mf-content@9.9.9,mf-nope@1.0.0,garbage")
	if len(got) != 1 || got[0].Version != "1.1.0" || got[0].Channel != "override" || got[0].Entry != "/modules/mf-menu/1.1.0/remoteEntry.js" {
		t.Fatalf("overrides: %+v", got)
	}
}

var loadSeq atomic.Int64

// loads are n page loads of version by n different visitors, errs of them with an
// error.
func loads(version string, n, errs, visitors int) []Observation {
	out := make([]Observation, n)
	for i := range out {
		id := strconv.FormatInt(loadSeq.Add(1), 10)
		out[i] = Observation{Module: "mf-menu", Version: version, Views: 1, PageLoad: "load-" + id,
			Visitor: "visitor-" + strconv.Itoa(i%visitors) + "-" + version}
		if i < errs {
			out[i].Errors = 1
		}
	}
	return out
}

// A page load counts one view and one error per module, however many beacons it
// sends, and a canary seen by fewer visitors than the policy asks is not judged.
func TestCanaryCountsPageLoadsAndVisitors(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		dir := t.TempDir()
		publish(t, dir, "mf-menu", "1.0.0")
		publish(t, dir, "mf-menu", "1.1.0")
		r, _ := Open(dir, st)
		r.Policy = CanaryPolicy{Margin: 0.05, MinViews: 5, MinVisitors: 3}
		_ = r.SetState(ctx, "mf-menu", State{Stable: "1.0.0"})
		if _, err := r.Canary(ctx, "mf-menu", "1.1.0", 10, "alice"); err != nil {
			t.Fatal(err)
		}
		// One page load sends eight beacons of 25 views and 25 errors each.
		for range 8 {
			if rolled, err := r.Observe(ctx, []Observation{{Module: "mf-menu", Version: "1.1.0", Views: 25, Errors: 25, PageLoad: "p1", Visitor: "v1"}}); err != nil || len(rolled) != 0 {
				t.Fatalf("rolled back by one page load: %v %v", rolled, err)
			}
		}
		if h, _ := r.HealthOf(ctx, "mf-menu"); h.Canary != (Counts{Views: 1, Errors: 1, Visitors: 1}) {
			t.Fatalf("one page load counted as %+v", h.Canary)
		}
		// One visitor loading the page again and again: enough views, too few visitors.
		var again []Observation
		for i := range 20 {
			again = append(again, Observation{Module: "mf-menu", Version: "1.1.0", Views: 1, Errors: 1, PageLoad: "again-" + strconv.Itoa(i), Visitor: "v1"})
		}
		again = append(again, Observation{Module: "mf-menu", Version: "1.1.0", Views: 1, Errors: 1, Visitor: "v2"}) // no page load: not counted
		if rolled, _ := r.Observe(ctx, again); len(rolled) != 0 {
			t.Fatalf("rolled back on one visitor's reports: %v", rolled)
		}
		if h, _ := r.HealthOf(ctx, "mf-menu"); h.Canary != (Counts{Views: 21, Errors: 21, Visitors: 1}) {
			t.Fatalf("counts: %+v", h.Canary)
		}
		// Two more visitors with errors: now judged, and rolled back.
		rolled, err := r.Observe(ctx, []Observation{
			{Module: "mf-menu", Version: "1.1.0", Views: 1, Errors: 1, PageLoad: "w2", Visitor: "v2"},
			{Module: "mf-menu", Version: "1.1.0", Views: 1, Errors: 1, PageLoad: "w3", Visitor: "v3"},
		})
		if err != nil || len(rolled) != 1 {
			t.Fatalf("not rolled back with enough visitors: %v %v", rolled, err)
		}
	})
}

func TestDevOverride(t *testing.T) {
	dir := t.TempDir()
	publish(t, dir, "mf-menu", "1.0.0")
	r, _ := Open(dir, nil)
	m, err := r.DevOverride("mf-menu", "http://127.0.0.1:3002")
	if err != nil || m.Entry != "http://127.0.0.1:3002/remoteEntry.js" || m.Manifest != "http://127.0.0.1:3002/mf-manifest.json" ||
		m.Channel != DevChannel || m.Version != DevVersion || m.Integrity != "" || m.Remote != "mf_menu" {
		t.Fatalf("dev override: %+v %v", m, err)
	}
	if m, err := r.DevOverride("mf-menu", "https://devbox.example:8443/menu/"); err != nil || m.Entry != "https://devbox.example:8443/menu/remoteEntry.js" {
		t.Fatalf("with a path: %+v %v", m, err)
	}
	for _, bad := range []string{"ftp://127.0.0.1/", "http://", "http://u:p@127.0.0.1:3002/", "http://127.0.0.1:3002/?x=1",
		"http://127.0.0.1:3002/#x", "javascript:alert(1)", "http://a b/", "http://127.0.0.1:3002/;script-src", "1.0.0"} {
		if _, err := r.DevOverride("mf-menu", bad); !errors.Is(err, ErrBadRequest) {
			t.Errorf("%q: %v", bad, err)
		}
	}
	if _, err := r.DevOverride("mf-nope", "http://127.0.0.1:3002/"); !errors.Is(err, ErrUnknownModule) {
		t.Fatalf("unknown module: %v", err)
	}
	// The override list leaves a dev server URL to DevOverride: it is not a version.
	if got := r.Overrides("mf-menu@http://127.0.0.1:3002/"); len(got) != 0 {
		t.Fatalf("Overrides took a URL: %+v", got)
	}
	if !IsDevTarget("http://x/") || IsDevTarget("1.0.0") {
		t.Fatal("IsDevTarget")
	}
}
