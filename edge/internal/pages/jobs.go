package pages

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/careers"
	"github.com/henhouse/platform/edge/internal/routes"
)

// jobs: a city jobs page names a city with restaurants (one that does not is the 404
// page); it gets its title, description, a JobPosting for each opening
// (docs/careers.md) and the slots of its prerendered screen (jobsSlots).
func jobs(provider careers.Provider, log *slog.Logger, brand string) filler {
	if provider == nil {
		return nil
	}
	return func(ctx context.Context, m routes.Match, path string, meta *pageMeta) error {
		city, err := provider.City(ctx, m.Params["city"])
		if fault.Is(err, fault.NotFound) {
			return errNotFound
		}
		if err != nil {
			log.Error("careers lookup failed", "path", path, "err", err)
			return err
		}
		where := city.Name + ", " + city.State
		meta.title = "Jobs in " + where
		if n := len(city.Openings); n == 0 {
			meta.description = fmt.Sprintf("No open roles at %s in %s right now. See every job at %s on our careers site.", brand, where, brand)
		} else {
			meta.description = fmt.Sprintf("%s is hiring in %s: %s. See pay and schedules and apply online.", brand, where, roleList(city.Openings))
		}
		meta.slots = jobsSlots(city)
		for _, o := range city.Openings {
			ld, err := json.Marshal(jobPosting(o, brand, city.CareersURL))
			if err != nil {
				log.Error("job posting", "id", o.ID, "err", err)
				continue
			}
			meta.structured = append(meta.structured, ld)
		}
		return nil
	}
}

// jobsSlots are the values of the jobs screen's prerendered screen (mf-content's
// src/prerender.tsx): the page's title, the count of open roles, and the first opening
// of the first restaurant that has one, in the words the screen writes them
// (testdata/jobs-screen.json holds the cases both are tested against). A city without
// an opening, or whose first opening is paid in another currency than dollars (which
// the screen writes as the browser's Intl does), gets no prerendered screen.
func jobsSlots(city careers.City) map[string]string {
	for _, l := range city.Locations {
		for _, o := range city.Openings {
			if o.Location.ID != l.ID {
				continue
			}
			pay, ok := payRange(o.Pay)
			kind := employmentWords[o.EmploymentType]
			if !ok || kind == "" {
				return nil
			}
			a := l.Address
			return map[string]string{
				"city": city.Name, "state": city.State, "roles": roleCount(len(city.Openings)),
				"place": l.ID, "placename": l.Name, "street": a.Street, "town": a.City, "region": a.State, "zip": a.ZIP,
				"job": o.ID, "title": o.Title, "pay": pay, "type": kind, "schedule": o.Schedule,
				"shifts": shiftList(o.Shifts), "description": o.Description, "apply": o.ApplyURL,
			}
		}
	}
	return nil
}

// employmentWords are the employment types as the jobs screen writes them.
var employmentWords = map[string]string{careers.FullTime: "Full time", careers.PartTime: "Part time"}

// roleCount: "1 open role", "5 open roles".
func roleCount(n int) string {
	if n == 1 {
		return "1 open role"
	}
	return fmt.Sprintf("%d open roles", n)
}

// shiftList: morning, evening → "Morning, evening".
func shiftList(shifts []string) string {
	s := strings.Join(shifts, ", ")
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// payRange: "$16.50–$19.50 an hour", "$52,000–$62,000 a year", cents only when either
// end has some; false for a currency other than dollars.
func payRange(p careers.Pay) (string, bool) {
	if p.Currency != "USD" {
		return "", false
	}
	whole := p.MinCents%100 == 0 && p.MaxCents%100 == 0
	format := func(cents int64) string {
		s := usd(cents)
		if whole {
			s = strings.TrimSuffix(s, ".00")
		}
		return s
	}
	r := format(p.MinCents)
	if p.MaxCents != p.MinCents {
		r += "–" + format(p.MaxCents)
	}
	if p.Unit == careers.PerYear {
		return r + " a year", true
	}
	return r + " an hour", true
}

// usd writes cents as en-US dollars: 123456 → "$1,234.56", -500 → "-$5.00".
func usd(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	d := strconv.FormatInt(cents/100, 10)
	for i := len(d) - 3; i > 0; i -= 3 {
		d = d[:i] + "," + d[i:]
	}
	return fmt.Sprintf("%s$%s.%02d", sign, d, cents%100)
}

// roleList names the distinct titles, in the order of the openings, with a count
// when a title is open at more than one restaurant: "Cook (2), Team Member".
func roleList(openings []careers.Opening) string {
	count := map[string]int{}
	var titles []string
	for _, o := range openings {
		if count[o.Title] == 0 {
			titles = append(titles, o.Title)
		}
		count[o.Title]++
	}
	for i, t := range titles {
		if count[t] > 1 {
			titles[i] = fmt.Sprintf("%s (%d)", t, count[t])
		}
	}
	return strings.Join(titles, ", ")
}

// jobPosting is an opening as schema.org's JobPosting, the structured data search
// engines read job listings from (https://schema.org/JobPosting). directApply is false:
// the application is on the careers site, not on this page.
func jobPosting(o careers.Opening, brand, careersURL string) map[string]any {
	unit := "HOUR"
	if o.Pay.Unit == careers.PerYear {
		unit = "YEAR"
	}
	return map[string]any{
		"@context":       "https://schema.org/",
		"@type":          "JobPosting",
		"title":          o.Title,
		"description":    "<p>" + htmlText(o.Description) + "</p><p>Schedule: " + htmlText(o.Schedule) + ".</p>",
		"identifier":     map[string]any{"@type": "PropertyValue", "name": brand, "value": o.ID},
		"datePosted":     o.PostedAt.UTC().Format(time.DateOnly),
		"validThrough":   o.ValidThrough.UTC().Format(time.RFC3339),
		"employmentType": strings.ToUpper(o.EmploymentType),
		"hiringOrganization": map[string]any{
			"@type": "Organization", "name": brand, "sameAs": careersURL,
		},
		"jobLocation": map[string]any{
			"@type": "Place",
			"name":  o.Location.Name,
			"address": map[string]any{
				"@type":           "PostalAddress",
				"streetAddress":   o.Location.Address.Street,
				"addressLocality": o.Location.Address.City,
				"addressRegion":   o.Location.Address.State,
				"postalCode":      o.Location.Address.ZIP,
				"addressCountry":  "US",
			},
		},
		"baseSalary": map[string]any{
			"@type":    "MonetaryAmount",
			"currency": o.Pay.Currency,
			"value": map[string]any{
				"@type":    "QuantitativeValue",
				"minValue": float64(o.Pay.MinCents) / 100,
				"maxValue": float64(o.Pay.MaxCents) / 100,
				"unitText": unit,
			},
		},
		"url":         o.ApplyURL,
		"directApply": false,
	}
}

// htmlText escapes text for the HTML a JobPosting's description may hold.
func htmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
