package server

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/henhouse/platform/edge/internal/modules"
)

// publishVersion writes a remote's version to the build directory as its build does.
func publishVersion(t *testing.T, s *Server, name, version string) {
	t.Helper()
	d := filepath.Join(s.cfg.BuildDir, "modules", name, version)
	if err := os.MkdirAll(d, 0o755); err != nil {
		t.Fatal(err)
	}
	man := `{"name":"mf_menu","metaData":{"remoteEntry":{"name":"remoteEntry.js","path":""}}}`
	for file, body := range map[string]string{"mf-manifest.json": man, "remoteEntry.js": `var v="` + version + `"`} {
		if err := os.WriteFile(filepath.Join(d, file), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Registry.Rescan(); err != nil {
		t.Fatal(err)
	}
}

func modulesNow(t *testing.T, s *Server, cookie string) (*http.Response, map[string]modules.Module) {
	t.Helper()
	resp, body := request(t, s, "GET", "/api/modules", map[string]string{"Cookie": cookie, "Accept": "application/json"})
	if resp.StatusCode != 200 {
		t.Fatalf("GET /api/modules: %d %s", resp.StatusCode, body)
	}
	var out struct {
		Modules map[string]modules.Module `json:"modules"`
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	return resp, out.Modules
}

// A page loaded before a release asks which version the site names now: after a
// promote, the new one; after a rollback that removed it, the old one again. Each
// entry it names is served.
func TestModulesAPINamesTheCurrentRelease(t *testing.T) {
	s := newTestServer(t)
	ctx := context.Background()

	resp, mods := modulesNow(t, s, "")
	if cc := resp.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("Cache-Control %q, want no-cache", cc)
	}
	if len(mods) != 5 || mods["mf-menu"].Version != "1.0.0" || mods["mf-menu"].Remote != "mf_menu" {
		t.Fatalf("before the release: %+v", mods)
	}

	publishVersion(t, s, "mf-menu", "1.1.0")
	if err := s.Registry.SetState(ctx, "mf-menu", modules.State{Stable: "1.1.0"}); err != nil {
		t.Fatal(err)
	}
	_, mods = modulesNow(t, s, "")
	m := mods["mf-menu"]
	if m.Version != "1.1.0" || m.Channel != "stable" || m.Entry != "/modules/mf-menu/1.1.0/remoteEntry.js" || m.Manifest != "/modules/mf-menu/1.1.0/mf-manifest.json" {
		t.Fatalf("after the promote: %+v", m)
	}
	if r, body := request(t, s, "GET", m.Entry, nil); r.StatusCode != 200 || body != `var v="1.1.0"` {
		t.Fatalf("GET %s: %d %q", m.Entry, r.StatusCode, body)
	}

	// Rolled back and removed: the old page's 1.1.0 files are gone, the answer names 1.0.0.
	if err := s.Registry.SetState(ctx, "mf-menu", modules.State{Stable: "1.0.0"}); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(s.cfg.BuildDir, "modules", "mf-menu", "1.1.0")); err != nil {
		t.Fatal(err)
	}
	if err := s.Registry.Rescan(); err != nil {
		t.Fatal(err)
	}
	_, mods = modulesNow(t, s, "")
	if m := mods["mf-menu"]; m.Version != "1.0.0" || m.Entry != "/modules/mf-menu/1.0.0/remoteEntry.js" {
		t.Fatalf("after the rollback: %+v", m)
	}
}

// The answer picks the same variant as the visitor's pages: a canary visitor is told
// the canary.
func TestModulesAPIMatchesTheVisitorsBootstrap(t *testing.T) {
	s := newTestServer(t)
	publishVersion(t, s, "mf-menu", "1.1.0")
	if err := s.Registry.SetState(context.Background(), "mf-menu", modules.State{Stable: "1.0.0", Canary: "1.1.0", Weight: 50}); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i := 0; i < 24; i++ {
		resp, body := request(t, s, "GET", "/", nil)
		var cookie string
		for _, c := range resp.Cookies() {
			if c.Name == "hh_sid" {
				cookie = c.Name + "=" + c.Value
			}
		}
		if cookie == "" {
			t.Fatal("the page set no visitor cookie")
		}
		boot := bootstrapOf(t, body)
		_, mods := modulesNow(t, s, cookie)
		want, got := boot.Modules["mf-menu"], mods["mf-menu"]
		if got.Version != want.Version || got.Channel != want.Channel || got.Entry != want.Entry {
			t.Fatalf("visitor %s: /api/modules names %+v, the page %+v", cookie, got, want)
		}
		seen[got.Channel] = true
	}
	if !seen["stable"] || !seen["canary"] {
		t.Fatalf("24 visitors at weight 50 saw only %v", seen)
	}
}
