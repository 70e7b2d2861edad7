package routes

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/routes.json")

// The compiled table is written to testdata/routes.json, which the shell's jest tests
// load: both sides match the same paths with the same regular expressions.
func TestFixtureIsCurrent(t *testing.T) {
	got, err := json.MarshalIndent(MustCompile(Table("henhouse")).Routes(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if *update {
		if err := os.WriteFile("testdata/routes.json", got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("testdata/routes.json")
	if err != nil || !bytes.Equal(got, want) {
		t.Fatal("testdata/routes.json is stale: go test ./edge/internal/routes -run Fixture -update")
	}
}
