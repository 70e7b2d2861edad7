package modules

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

func publish(t *testing.T, dir, name, version string) {
	t.Helper()
	d := filepath.Join(dir, name, version)
	if err := os.MkdirAll(d, 0o755); err != nil {
		t.Fatal(err)
	}
	remote := "mf_" + name[3:]
	m := `{"name":"` + remote + `","metaData":{"remoteEntry":{"name":"remoteEntry.js","path":""}}}`
	if err := os.WriteFile(filepath.Join(d, "mf-manifest.json"), []byte(m), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestResolveNewestWithoutState(t *testing.T) {
	dir := t.TempDir()
	publish(t, dir, "mf-menu", "1.2.0")
	publish(t, dir, "mf-menu", "1.10.0")
	publish(t, dir, "mf-menu", "1.10.0-rc.1")
	os.MkdirAll(filepath.Join(dir, "mf-menu", "2.0.0"), 0o755) // no manifest: not published
	os.MkdirAll(filepath.Join(dir, "not-a-module", "1.0.0"), 0o755)
	r, err := Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	m, ok := r.Resolve(context.Background(), "mf-menu", "v1")
	if !ok || m.Version != "1.10.0" || m.Channel != "stable" {
		t.Fatalf("Resolve = %+v", m)
	}
	if m.Manifest != "/modules/mf-menu/1.10.0/mf-manifest.json" || m.Entry != "/modules/mf-menu/1.10.0/remoteEntry.js" || m.Remote != "mf_menu" {
		t.Fatalf("urls = %+v", m)
	}
	if _, ok := r.Resolve(context.Background(), "mf-nothing", "v1"); ok {
		t.Fatal("unknown module resolved")
	}
	if got := r.Names(); len(got) != 1 || got[0] != "mf-menu" {
		t.Fatalf("Names = %v", got)
	}
}

func TestCanaryIsStickyAndWeighted(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		dir := t.TempDir()
		publish(t, dir, "mf-menu", "1.0.0")
		publish(t, dir, "mf-menu", "1.1.0")
		r, _ := Open(dir, st)
		if err := r.SetState(ctx, "mf-menu", State{Stable: "1.0.0", Canary: "1.1.0", Weight: 25}); err != nil {
			t.Fatal(err)
		}

		canary := 0
		for i := 0; i < 2000; i++ {
			id := "visitor-" + string(rune('a'+i%26)) + string(rune(i))
			m, _ := r.Resolve(ctx, "mf-menu", id)
			again, _ := r.Resolve(ctx, "mf-menu", id)
			if m.Version != again.Version {
				t.Fatal("a visitor must keep its version")
			}
			if m.Channel == "canary" {
				canary++
			}
		}
		if canary < 400 || canary > 600 {
			t.Fatalf("canary share %d/2000, want about 25%%", canary)
		}
		// A canary that is not on disk is ignored; a stable that is not on disk falls back.
		_ = r.SetState(ctx, "mf-menu", State{Stable: "9.9.9", Canary: "8.8.8", Weight: 100})
		if s := r.StateOf(ctx, "mf-menu"); s.Stable != "1.1.0" || s.Canary != "" {
			t.Fatalf("state = %+v", s)
		}
	})
}

func TestCompareVersions(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{
		{"1.0.0", "1.0.0", 0}, {"1.0.0", "1.0.1", -1}, {"1.10.0", "1.9.0", 1},
		{"1.0.0-rc.1", "1.0.0", -1}, {"2.0.0", "1.99.99", 1},
	}
	for _, c := range cases {
		if got := compareVersions(c.a, c.b); got != c.want {
			t.Errorf("compare(%s,%s) = %d", c.a, c.b, got)
		}
	}
}

// While Redis cannot be read, visitors get the release state last read, so a canary
// visitor keeps the canary; an edge that read none yet, the state kept on disk.
func TestStateSurvivesARedisOutage(t *testing.T) {
	st := storetest.Embedded(t)
	ctx := context.Background()
	dir := t.TempDir()
	publish(t, dir, "mf-menu", "1.0.0")
	publish(t, dir, "mf-menu", "1.1.0")
	publish(t, dir, "mf-menu", "1.2.0")
	r, _ := Open(dir, st)
	if err := r.SetState(ctx, "mf-menu", State{Stable: "1.0.0", Canary: "1.1.0", Weight: 100}); err != nil {
		t.Fatal(err)
	}
	if m, _ := r.Resolve(ctx, "mf-menu", "v1"); m.Version != "1.1.0" {
		t.Fatalf("canary: %+v", m)
	}
	st.Mini().Close()
	if err := r.Reload(ctx); err == nil {
		t.Fatal("Reload with Redis away succeeded")
	}
	cold, _ := Open(dir, st)
	if m, ok := r.Resolve(ctx, "mf-menu", "v1"); !ok || m.Version != "1.1.0" || m.Channel != "canary" {
		t.Fatalf("during the outage: %+v", m)
	}
	if m, ok := cold.Resolve(ctx, "mf-menu", "v1"); !ok || m.Version != "1.1.0" || m.Channel != "canary" {
		t.Fatalf("during the outage, nothing read yet: %+v", m)
	}
}

// Redis restarting empty (or flushed) does not make a version nobody released the
// stable one: an edge that held the state writes it back, and an edge starting
// afterwards reads it from the disk the versions are on.
func TestReleaseStateSurvivesRedisLosingIt(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		dir := t.TempDir()
		publish(t, dir, "mf-menu", "1.0.0")
		publish(t, dir, "mf-menu", "1.1.0")
		r, _ := Open(dir, st)
		if err := r.SetState(ctx, "mf-menu", State{Stable: "1.1.0"}); err != nil {
			t.Fatal(err)
		}
		publish(t, dir, "mf-menu", "1.2.0") // published, never released
		_ = r.Rescan()

		// A new edge after Redis lost everything.
		forget(t, st)
		cold, _ := Open(dir, st)
		if m, _ := cold.Resolve(ctx, "mf-menu", "v1"); m.Version != "1.1.0" {
			t.Fatalf("a new edge after the loss serves %s", m.Version)
		}
		// The edge that held the state, once it reads again.
		forget(t, st)
		if err := r.Reload(ctx); err != nil {
			t.Fatal(err)
		}
		if m, _ := r.Resolve(ctx, "mf-menu", "v1"); m.Version != "1.1.0" {
			t.Fatalf("after the loss the edge serves %s", m.Version)
		}
		if s, err := r.StatusOf(ctx, "mf-menu"); err != nil || s.Stable != "1.1.0" {
			t.Fatalf("the state in Redis was not written back: %+v %v", s, err)
		}
	})
}

// A change made through one edge's registry reaches another edge's registry on the same
// Redis by the change message, without waiting for the periodic re-read.
func TestStateChangeReachesOtherEdges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		dir := t.TempDir()
		publish(t, dir, "mf-menu", "1.0.0")
		publish(t, dir, "mf-menu", "1.1.0")
		a, _ := Open(dir, st)
		b, _ := Open(dir, st)
		a.Start(ctx)
		b.Start(ctx)
		if s := b.StateOf(ctx, "mf-menu"); s.Stable != "1.1.0" || s.Canary != "" {
			t.Fatalf("before: %+v", s)
		}
		waitFor := func(gen uint64, want State) {
			t.Helper()
			deadline := time.Now().Add(2 * time.Second)
			for b.StateOf(ctx, "mf-menu") != want {
				if time.Now().After(deadline) {
					t.Fatalf("the other edge still has %+v, want %+v", b.StateOf(ctx, "mf-menu"), want)
				}
				time.Sleep(5 * time.Millisecond)
			}
			if b.Generation() == gen {
				t.Fatal("the generation did not move with the state")
			}
		}
		// The subscription may still be starting: a change then is caught by the re-read
		// on subscribe, and one after it by the message.
		canary := State{Stable: "1.0.0", Canary: "1.1.0", Weight: 100}
		gen := b.Generation()
		if err := a.SetState(ctx, "mf-menu", canary); err != nil {
			t.Fatal(err)
		}
		waitFor(gen, canary)
		time.Sleep(50 * time.Millisecond) // both subscribed by now
		rollback := State{Stable: "1.0.0"}
		gen = b.Generation()
		if err := a.SetState(ctx, "mf-menu", rollback); err != nil {
			t.Fatal(err)
		}
		waitFor(gen, rollback)
		if m, _ := b.Resolve(ctx, "mf-menu", "v1"); m.Version != "1.0.0" || m.Channel != "stable" {
			t.Fatalf("after the rollback: %+v", m)
		}
	})
}

func TestPreloadsFromTheManifest(t *testing.T) {
	dir := t.TempDir()
	d := filepath.Join(dir, "mf-menu", "1.0.0")
	_ = os.MkdirAll(d, 0o755)
	m := `{"name":"mf_menu","metaData":{"remoteEntry":{"name":"remoteEntry.js","path":""}},
	"exposes":[{"name":"Menu","path":"./Menu","assets":{"js":{"sync":["static/js/12.ab.js","../evil.js"],"async":["x.js"]},"css":{"sync":["static/css/12.css"],"async":[]}}}]}`
	_ = os.WriteFile(filepath.Join(d, "mf-manifest.json"), []byte(m), 0o644)
	r, _ := Open(dir, nil)
	mod, _ := r.Resolve(context.Background(), "mf-menu", "v1")
	got := r.Preloads(mod, "Menu")
	if len(got.JS) != 1 || got.JS[0] != "/modules/mf-menu/1.0.0/static/js/12.ab.js" || len(got.CSS) != 1 || got.CSS[0] != "/modules/mf-menu/1.0.0/static/css/12.css" {
		t.Fatalf("Preloads = %+v", got)
	}
	if got := r.Preloads(mod, "Nothing"); len(got.JS)+len(got.CSS) != 0 {
		t.Fatalf("unknown screen: %+v", got)
	}
}

func TestPreloadsAddTheScreensSharedModuleFiles(t *testing.T) {
	dir := t.TempDir()
	d := filepath.Join(dir, "mf-menu", "1.0.0")
	_ = os.MkdirAll(d, 0o755)
	m := `{"name":"mf_menu","metaData":{"remoteEntry":{"name":"remoteEntry.js","path":""}},
	"exposes":[{"name":"Menu","path":"./Menu","assets":{"js":{"sync":["12.js","own.js"]},"css":{"sync":["12.css"]}}}]}`
	_ = os.WriteFile(filepath.Join(d, "mf-manifest.json"), []byte(m), 0o644)
	extra := `{"screens":{"Menu":{"js":["kit-small.js","own.js","/etc/passwd"],"css":["9271.css"]},"Gone":{"js":["x.js"]}}}`
	_ = os.WriteFile(filepath.Join(d, ScreenPreloadsFile), []byte(extra), 0o644)
	r, _ := Open(dir, nil)
	mod, _ := r.Resolve(context.Background(), "mf-menu", "v1")
	got := r.Preloads(mod, "Menu")
	base := "/modules/mf-menu/1.0.0/"
	wantJS := []string{base + "12.js", base + "own.js", base + "kit-small.js"}
	wantCSS := []string{base + "12.css", base + "9271.css"}
	if !slices.Equal(got.JS, wantJS) || !slices.Equal(got.CSS, wantCSS) {
		t.Fatalf("Preloads = %+v, want JS %v and CSS %v", got, wantJS, wantCSS)
	}

	// A file the edge cannot read costs the preloads only: the version stays published.
	_ = os.WriteFile(filepath.Join(d, ScreenPreloadsFile), []byte(`{"screens":`), 0o644)
	r, _ = Open(dir, nil)
	mod, _ = r.Resolve(context.Background(), "mf-menu", "v1")
	if got := r.Preloads(mod, "Menu"); !slices.Equal(got.JS, []string{base + "12.js", base + "own.js"}) {
		t.Fatalf("with an unreadable %s: %+v", ScreenPreloadsFile, got)
	}
}

// forget deletes every key of st, as a Redis restarted without its data would have
// none (only the store's own keys: the real Redis is shared).
func forget(t *testing.T, st *store.Store) {
	t.Helper()
	ctx := context.Background()
	iter := st.Client.Scan(ctx, 0, st.Prefix+":*", 500).Iterator()
	for iter.Next(ctx) {
		if err := st.Client.Del(ctx, iter.Val()).Err(); err != nil {
			t.Fatal(err)
		}
	}
	if err := iter.Err(); err != nil {
		t.Fatal(err)
	}
}

// A visitor is in a module's canary when its bucket is below the weight: never at 0,
// always at 100, and for a share of the visitors close to the weight in between.
func TestInCanary(t *testing.T) {
	for i := 0; i < 1000; i++ {
		v := "visitor-" + strconv.Itoa(i)
		if InCanary(v, "mf-menu", 0) {
			t.Fatalf("%s in a canary of weight 0", v)
		}
		if !InCanary(v, "mf-menu", 100) {
			t.Fatalf("%s not in a canary of weight 100", v)
		}
		if got, want := InCanary(v, "mf-menu", 30), Bucket(v, "mf-menu") < 30; got != want {
			t.Fatalf("InCanary(%s, 30) = %v, bucket %d", v, got, Bucket(v, "mf-menu"))
		}
	}
	in := 0
	for i := 0; i < 4000; i++ {
		if InCanary("visitor-"+strconv.Itoa(i), "mf-menu", 30) {
			in++
		}
	}
	if in < 1000 || in > 1400 {
		t.Fatalf("%d of 4000 visitors in a 30%% canary", in)
	}
}
