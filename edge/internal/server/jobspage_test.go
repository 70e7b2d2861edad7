package server

import (
	"encoding/json"
	"html"
	"regexp"
	"strings"
	"testing"
)

var ldRe = regexp.MustCompile(`<script type="application/ld\+json" nonce="([^"]*)">(.*?)</script>`)

// A city jobs page exists only for a city with restaurants: with openings it has a
// title, a description and a JobPosting for each opening; with none it says so; a city
// without a restaurant (or another brand's path) is the 404 page.
func TestCityJobsPages(t *testing.T) {
	s := newTestServer(t)
	for _, tc := range []struct {
		path, title, description string
		status, postings         int
	}{
		{"/henhouse-dayton-jobs", "Jobs in Dayton, OH | Henhouse", "Henhouse is hiring in Dayton, OH: Team Member, Shift Leader, Cook, Delivery Driver.", 200, 4},
		{"/henhouse-columbus-jobs", "Jobs in Columbus, OH | Henhouse", "Henhouse is hiring in Columbus, OH: Team Member (2), Delivery Driver, Restaurant Manager, Cook.", 200, 5},
		{"/henhouse-fort-wayne-jobs", "Jobs in Fort Wayne, IN | Henhouse", "No open roles at Henhouse in Fort Wayne, IN right now.", 200, 0},
		{"/henhouse-toledo-jobs", "Jobs in Toledo, OH | Henhouse", "No open roles at Henhouse in Toledo, OH right now.", 200, 0},
		{"/henhouse-atlantis-jobs", "Page not found | Henhouse", "", 404, 0},
		{"/henhouse-fort--wayne-jobs", "Page not found | Henhouse", "", 404, 0},
		{"/roost-dayton-jobs", "Page not found | Henhouse", "", 404, 0},
	} {
		resp, body := get(t, s, tc.path)
		if resp.StatusCode != tc.status {
			t.Errorf("%s: status %d, want %d", tc.path, resp.StatusCode, tc.status)
			continue
		}
		if !strings.Contains(body, "<title>"+html.EscapeString(tc.title)+"</title>") {
			t.Errorf("%s: title: %.400s", tc.path, body)
		}
		b := bootstrapOf(t, body)
		if tc.status == 404 {
			if b.Route.ID != "not-found" || b.Heading != "Page 404" {
				t.Errorf("%s: not the 404 page: %+v %q", tc.path, b.Route, b.Heading)
			}
			continue
		}
		// The hidden heading keeps its path rule; the title is the search result's.
		if want := "Page " + strings.TrimPrefix(tc.path, "/"); b.Route.ID != "jobs" || b.Heading != want {
			t.Errorf("%s: route %s heading %q", tc.path, b.Route.ID, b.Heading)
		}
		if !strings.Contains(body, `<meta name="description" content="`+html.EscapeString(tc.description)) {
			t.Errorf("%s: description: %.600s", tc.path, body)
		}
		lds := ldRe.FindAllStringSubmatch(body, -1)
		if len(lds) != tc.postings {
			t.Fatalf("%s: %d postings, want %d", tc.path, len(lds), tc.postings)
		}
		policy := resp.Header.Get("Content-Security-Policy")
		for _, m := range lds {
			if m[1] == "" || !strings.Contains(policy, "'nonce-"+m[1]+"'") {
				t.Errorf("%s: structured data without the page's nonce %q", tc.path, m[1])
			}
			var jp map[string]any
			if err := json.Unmarshal([]byte(m[2]), &jp); err != nil {
				t.Fatalf("%s: structured data is not JSON: %v %s", tc.path, err, m[2])
			}
			if jp["@type"] != "JobPosting" || jp["directApply"] != false || jp["title"] == "" || jp["datePosted"] == "" || jp["validThrough"] == "" {
				t.Errorf("%s: %v", tc.path, jp)
			}
			if org := jp["hiringOrganization"].(map[string]any); org["name"] != "Henhouse" {
				t.Errorf("%s: organization %v", tc.path, org)
			}
			addr := jp["jobLocation"].(map[string]any)["address"].(map[string]any)
			if addr["@type"] != "PostalAddress" || addr["addressRegion"] != "OH" || addr["postal_code"] == "" {
				t.Errorf("%s: address %v", tc.path, addr)
			}
			salary := jp["baseSalary"].(map[string]any)
			value := salary["value"].(map[string]any)
			if salary["@type"] != "MonetaryAmount" || salary["currency"] != "USD" || value["@type"] != "QuantitativeValue" ||
				(value["unitText"] != "HOUR" && value["unitText"] != "YEAR") || value["minValue"].(float64) > value["maxValue"].(float64) {
				t.Errorf("%s: salary %v", tc.path, salary)
			}
			if et := jp["employmentType"]; et != "FULL_TIME" && et != "PART_TIME" {
				t.Errorf("%s: employment type %v", tc.path, et)
			}
		}
	}
	// The Dayton shift leader, in full.
	_, body := get(t, s, "/henhouse-dayton-jobs")
	if !strings.Contains(body, `"title":"Shift Leader"`) || !strings.Contains(body, `"maxValue":19.5,"minValue":16.5,"unitText":"HOUR"`) {
		t.Errorf("shift leader posting: %s", body)
	}
	if !strings.Contains(body, `"url":"https://careers.henhouse.example/jobs/oh-dayton-shift-leader"`) {
		t.Errorf("apply link: %s", body)
	}
}

// The careers API answers a city's restaurants and openings, an empty list for a city
// without openings, and 404 in the error shape for a city without a restaurant.
func TestCityJobsAPI(t *testing.T) {
	s := newTestServerWith(t, func(c *Config) { c.CareersURL = "https://jobs.example.com/henhouse" })
	g := newGuest(t, s)
	c := g.ok("GET", "/api/careers/cities/dayton/jobs", "", 200)["city"].(map[string]any)
	if c["name"] != "Dayton" || c["state"] != "OH" || c["careers_url"] != "https://jobs.example.com/henhouse" {
		t.Fatalf("dayton: %v", c)
	}
	openings := c["openings"].([]any)
	if len(openings) != 4 || len(c["locations"].([]any)) != 1 {
		t.Fatalf("dayton: %v", c)
	}
	first := openings[0].(map[string]any)
	if first["apply_url"] != "https://jobs.example.com/henhouse/jobs/oh-dayton-team-member" || first["location"].(map[string]any)["name"] != "Henhouse Dayton" {
		t.Fatalf("first opening: %v", first)
	}
	toledo := g.ok("GET", "/api/careers/cities/toledo/jobs", "", 200)["city"].(map[string]any)
	if len(toledo["openings"].([]any)) != 0 || len(toledo["locations"].([]any)) != 1 {
		t.Fatalf("toledo: %v", toledo)
	}
	st, m, raw := g.send("GET", "/api/careers/cities/atlantis/jobs", "")
	if st != 404 || m["error"].(map[string]any)["code"] != "city_not_found" {
		t.Fatalf("atlantis: %d %s", st, raw)
	}
}

// A city jobs page opens on the top of its screen, its first opening in the prerendered screen the
// remote's build drew; a city without openings has the loading state.
func TestJobsPageHasItsScreensTop(t *testing.T) {
	s := newTestServer(t)
	withPrerenderedScreens(t, s, "mf-content", `{"brandName":"Henhouse","screens":{"Jobs":{"partial":true,"layouts":{"default":"<h2>Jobs in __hh_city__, __hh_state__</h2><p>__hh_roles__</p><h3>__hh_placename__</h3><h4>__hh_title__</h4><dd>__hh_pay__</dd><a href=\"__hh_apply__\">Apply</a>"}}}}`)
	_, body := get(t, s, "/henhouse-dayton-jobs")
	want := `<div class="hh-prerendered" data-prerendered="mf-content/Jobs" data-screen-loading="" inert aria-busy="true"><h2>Jobs in Dayton, OH</h2><p>4 open roles</p><h3>Henhouse Dayton</h3><h4>Team Member</h4><dd>$13–$16 an hour</dd><a href="https://careers.henhouse.example/jobs/oh-dayton-team-member">Apply</a>`
	if !strings.Contains(body, want) || strings.Contains(body, "Loading") {
		t.Errorf("jobs page: no %s in\n%s", want, body[:min(len(body), 4000)])
	}
	_, body = get(t, s, "/henhouse-toledo-jobs")
	if strings.Contains(body, "data-prerendered") || !strings.Contains(body, "Loading") {
		t.Errorf("a prerendered screen on the page of a city without openings:\n%s", body[:min(len(body), 4000)])
	}
}
