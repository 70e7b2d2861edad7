package pages

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// The subscription page's prerendered screen gets its plans in the screen's words, or none at all.
// mf-account/src/prerender.test.tsx checks the same cases against the screen.
func TestPlanEntries(t *testing.T) {
	raw, err := os.ReadFile("testdata/plans-screen.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		Cases []struct {
			About   string              `json:"about"`
			Plans   []loyalty.Plan      `json:"plans"`
			Entries []map[string]string `json:"entries"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	if len(fixture.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range fixture.Cases {
		if got := planEntries(c.Plans); !reflect.DeepEqual(got, c.Entries) {
			t.Errorf("%s:\n got %v\nwant %v", c.About, got, c.Entries)
		}
	}
}
