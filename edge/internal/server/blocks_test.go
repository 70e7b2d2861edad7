package server

import "testing"

// A content page other than home shows top sellers in the 'pages' layout, the compact
// cards made for it (docs/api.md, "Content blocks").
func TestRewardsPageHasTopSellersInThePagesLayout(t *testing.T) {
	s := newTestServer(t)
	g := newGuest(t, s)
	for _, b := range g.ok("GET", "/api/content/pages/rewards", "", 200)["blocks"].([]any) {
		if m := b.(map[string]any); m["component"] == "top_sellers" {
			if m["layout"] != "pages" || len(m["products"].([]any)) == 0 {
				t.Fatalf("top sellers on /rewards: %v", m)
			}
			return
		}
	}
	t.Fatal("no top sellers on /rewards")
}
