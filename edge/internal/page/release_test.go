package page

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/routes"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// The page's release and the registry pick the same version for each visitor
// (modules.InCanary): a visitor whose page loads a module's canary gets the canary from
// the API's modules answer too.
func TestReleasePicksAsTheRegistryResolves(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		dir := t.TempDir()
		for _, v := range []string{"1.0.0", "1.1.0"} {
			d := filepath.Join(dir, "mf-menu", v)
			if err := os.MkdirAll(d, 0o755); err != nil {
				t.Fatal(err)
			}
			m := `{"name":"mf_menu","metaData":{"remoteEntry":{"name":"remoteEntry.js","path":""}}}`
			if err := os.WriteFile(filepath.Join(d, "mf-manifest.json"), []byte(m), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		reg, err := modules.Open(dir, st)
		if err != nil {
			t.Fatal(err)
		}
		for _, weight := range []int{0, 1, 25, 50, 99, 100} {
			if err := reg.SetState(ctx, "mf-menu", modules.State{Stable: "1.0.0", Canary: "1.1.0", Weight: weight}); err != nil {
				t.Fatal(err)
			}
			rel := NewRelease(ctx, reg, []*routes.Compiled{})
			canary := 0
			for i := 0; i < 3000; i++ {
				visitor := "visitor-" + strconv.Itoa(i)
				want, _ := reg.Resolve(ctx, "mf-menu", visitor)
				version, channel := rel.Version(visitor, "mf-menu")
				if version != want.Version || channel != want.Channel {
					t.Fatalf("weight %d, %s: the page has %s (%s), the registry %s (%s)", weight, visitor, version, channel, want.Version, want.Channel)
				}
				if got := rel.Modules(visitor)["mf-menu"]; got.Version != want.Version {
					t.Fatalf("weight %d, %s: the bootstrap has %s, the registry %s", weight, visitor, got.Version, want.Version)
				}
				if channel == "canary" {
					canary++
				}
			}
			// Both paths did pick: some visitors got each version unless the weight says all or none.
			if (weight == 0) != (canary == 0) || (weight == 100) != (canary == 3000) {
				t.Fatalf("weight %d: %d of 3000 visitors in the canary", weight, canary)
			}
		}
	})
}
