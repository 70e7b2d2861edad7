package server

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"gocloud.dev/blob"

	"github.com/henhouse/platform/edge/internal/modules"
)

// fakeS3 starts an in-memory S3 with an empty bucket and returns its MODULE_STORE URL.
func fakeS3(t *testing.T) string {
	t.Helper()
	t.Setenv("AWS_ACCESS_KEY_ID", "test-key")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test-secret")
	backend := s3mem.New()
	if err := backend.CreateBucket("modules"); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(ts.Close)
	return "s3://modules?region=us-east-1&endpoint=" + ts.URL + "&use_path_style=true&disable_https=true"
}

// Two edges on one Redis and one module store, each with a build directory of its
// own: a version published through one edge's ops API is served by the other, from the
// store, with its precompressed copy and the immutable header, and the other's pages
// take it once it is made stable. A file changed in the store is never served.
func TestTwoEdgesShareTheModuleStore(t *testing.T) {
	store := fakeS3(t)
	redisURL := "redis://" + miniredis.RunT(t).Addr()
	a := newTestServerWith(t, func(c *Config) { withOps(c); c.RedisURL = redisURL; c.ModuleStore = store })
	var log syncBuffer
	b := newLoggingTestServer(t, func(c *Config) { c.RedisURL = redisURL; c.ModuleStore = store }, slog.New(slog.NewTextHandler(&log, nil)))
	if a.cfg.BuildDir == b.cfg.BuildDir || !a.Registry.Shared() {
		t.Fatal("the edges must not share a modules directory")
	}
	if n := len(b.Registry.Names()); n != 0 {
		t.Fatalf("an empty store has no modules, the edge lists %d", n)
	}
	// The store starts empty: the modules' first versions, from A's own build.
	for _, m := range []string{"mf-menu", "mf-content", "mf-locations", "mf-checkout", "mf-account"} {
		tgz, err := modules.TarDir(filepath.Join(a.cfg.BuildDir, "modules", m, "1.0.0"))
		if err != nil {
			t.Fatal(err)
		}
		if st, res := adminCall(t, a, "POST", "/admin/modules/"+m+"/versions/1.0.0", opsToken, "application/gzip", tgz); st != 201 {
			t.Fatalf("publish %s: %d %v", m, st, res)
		}
	}
	entry := strings.Repeat("var mf_menu='1.1.0';\n", 200)
	dir := builtVersion(t, "1.1.0", entry)
	if err := os.WriteFile(filepath.Join(dir, "remoteEntry.js.gz"), gzipped(t, []byte(entry)), 0o644); err != nil {
		t.Fatal(err)
	}
	tgz, _ := modules.TarDir(dir)
	if st, res := adminCall(t, a, "POST", "/admin/modules/mf-menu/versions/1.1.0", opsToken, "application/gzip", tgz); st != 201 {
		t.Fatalf("publish: %d %v", st, res)
	}
	if _, err := os.Stat(filepath.Join(a.cfg.BuildDir, "modules", "mf-menu", "1.1.0")); err == nil {
		t.Fatal("with a module store, publishing writes nothing into the build directory")
	}
	waitForVersion(t, b, "mf-menu", "1.1.0")

	for range 2 { // fetched from the store, then from B's cache
		resp, body := request(t, b, "GET", "/modules/mf-menu/1.1.0/remoteEntry.js", nil)
		if resp.StatusCode != 200 || body != entry || resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Fatalf("remoteEntry.js on B: %d %q %q", resp.StatusCode, resp.Header.Get("Cache-Control"), body[:min(len(body), 40)])
		}
		resp, body = request(t, b, "GET", "/modules/mf-menu/1.1.0/remoteEntry.js", map[string]string{"Accept-Encoding": "gzip"})
		if got, name := gunzip(t, []byte(body)); resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "gzip" || name != "precompressed" || string(got) != entry {
			t.Fatalf("remoteEntry.js (gzip) on B: %d %q %q", resp.StatusCode, resp.Header.Get("Content-Encoding"), name)
		}
		if resp, body := request(t, b, "GET", "/modules/mf-menu/1.1.0/static/js/menu.js", nil); resp.StatusCode != 200 || body != "menu()" {
			t.Fatalf("a chunk on B: %d %q", resp.StatusCode, body)
		}
		if resp, _ := request(t, b, "GET", "/modules/mf-menu/1.1.0/mf-manifest.json", nil); resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "no-cache" {
			t.Fatalf("manifest on B: %d %q", resp.StatusCode, resp.Header.Get("Cache-Control"))
		}
	}
	if resp, _ := request(t, b, "GET", "/modules/mf-menu/1.1.0/static/js/nothere.js", nil); resp.StatusCode != 404 {
		t.Fatalf("a file the version lacks: %d", resp.StatusCode)
	}
	if resp, _ := request(t, b, "GET", "/modules/mf-menu/9.9.9/remoteEntry.js", nil); resp.StatusCode != 404 {
		t.Fatalf("an unknown version: %d", resp.StatusCode)
	}

	// Made stable on A, B's pages take it.
	if st, res := adminCall(t, a, "POST", "/admin/modules/mf-menu/canary", opsToken, "application/json", []byte(`{"version":"1.1.0","percent":10}`)); st != 200 {
		t.Fatalf("canary: %d %v", st, res)
	}
	if st, res := adminCall(t, a, "POST", "/admin/modules/mf-menu/promote", opsToken, "", nil); st != 200 {
		t.Fatalf("promote: %d %v", st, res)
	}
	if took, ok := untilServed(t, b, "1.1.0", 2*time.Second); !ok {
		t.Fatalf("B's pages do not take the stable version %v after it was made stable", took)
	}

	// A file changed in the store after publishing is refused, not served.
	tgz, _ = modules.TarDir(builtVersion(t, "1.2.0", "var mf_menu='1.2.0'"))
	if st, res := adminCall(t, a, "POST", "/admin/modules/mf-menu/versions/1.2.0", opsToken, "application/gzip", tgz); st != 201 {
		t.Fatalf("publish 1.2.0: %d %v", st, res)
	}
	waitForVersion(t, b, "mf-menu", "1.2.0")
	evil := []byte("stealCards()")
	bucket, err := blob.OpenBucket(context.Background(), store)
	if err != nil {
		t.Fatal(err)
	}
	defer bucket.Close()
	if err := bucket.WriteAll(context.Background(), "mf-menu/1.2.0/static/js/menu.js", evil, nil); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		resp, body := request(t, b, "GET", "/modules/mf-menu/1.2.0/static/js/menu.js", nil)
		if resp.StatusCode != 502 || body != "module file failed its integrity check" {
			t.Fatalf("a tampered file: %d %q\n%s", resp.StatusCode, body, log.String())
		}
	}
	if !strings.Contains(log.String(), "does not match its published integrity") {
		t.Fatalf("the refused file is not logged:\n%s", log.String())
	}
	if resp, body := request(t, b, "GET", "/modules/mf-menu/1.2.0/remoteEntry.js", nil); resp.StatusCode != 200 || body != "var mf_menu='1.2.0'" {
		t.Fatalf("the version's other files: %d %q", resp.StatusCode, body)
	}
}

// waitForVersion waits until s lists version of name (the publish is announced over
// Redis and each edge lists the store again).
func waitForVersion(t *testing.T, s *Server, name, version string) {
	t.Helper()
	for start := time.Now(); time.Since(start) < 2*time.Second; time.Sleep(10 * time.Millisecond) {
		if slices.Contains(s.Registry.Versions(name), version) {
			return
		}
	}
	t.Fatalf("%s@%s is not listed by the other edge", name, version)
}
