package server

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// The subscription page's copy gets its plans in the screen's words, or none at all.
// mf-account/src/prerender.test.tsx checks the same cases against the screen.
func TestPlanCopyEntries(t *testing.T) {
	raw, err := os.ReadFile("testdata/plans-copy.json")
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
		if got := planCopyEntries(c.Plans); !reflect.DeepEqual(got, c.Entries) {
			t.Errorf("%s:\n got %v\nwant %v", c.About, got, c.Entries)
		}
	}
}

// The app's subscription page opens on the plans for a guest, each written from the
// loyalty program's plans; a member's page has the loading state (their subscription
// and the form are the screen's), as has one the app opens with a handover code.
func TestSubscribePageHasThePlans(t *testing.T) {
	s := newTestServer(t)
	withScreenCopies(t, s, "mf-account", `{"brandName":"Henhouse","screens":{"Subscribe":{"when":["signedOut","noQuery"],"layouts":{"app":"<ul>__hh_eachplans__<li><h4>__hh_name__</h4><p>__hh_cost__</p><p>__hh_description__</p><p>__hh_perk__</p></li>__hh_endplans__</ul>"}}}}`)
	g := newGuest(t, s)
	body := g.page("/app/subscribe")
	want := `<div class="hh-prerendered" data-prerendered="mf-account/Subscribe" inert aria-busy="true"><ul>` +
		`<li><h4>Henhouse Drink Club</h4><p>$5.99 a month</p><p>A free regular drink every day.</p><p>Drink Club: Free Regular Drink, every day</p></li>` +
		`<li><h4>Biscuit Club</h4><p>$2.99 a month</p><p>A free buttermilk biscuit every day.</p><p>Biscuit Club: Free Biscuit, every day</p></li>` +
		`<li><h4>Family Meal Club</h4><p>$14.99 a month</p><p>$10 off a family meal every week.</p><p>Family Meal Club: $10 Off a Family Meal, every week</p></li></ul></div>`
	if !strings.Contains(body, want) || strings.Contains(body, "Loading") {
		t.Errorf("subscribe page: no\n%s\nin\n%s", want, body[:min(len(body), 4000)])
	}
	if body := g.page("/app/subscribe?handover=abc"); strings.Contains(body, "data-prerendered") {
		t.Errorf("a copy for a guest the app is signing in:\n%s", body[:min(len(body), 4000)])
	}
	g.ok("POST", "/api/auth/signup", signUpBody, 201, "X-Bot-Check", g.bot("signup"))
	if body := g.page("/app/subscribe"); strings.Contains(body, "data-prerendered") || !strings.Contains(body, "Loading") {
		t.Errorf("a member's subscribe page has the guest's copy:\n%s", body[:min(len(body), 4000)])
	}
}
