package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/careers"
)

// jobs reports whether a city jobs page names a city with restaurants (one that
// does not is the 404 page), and gives the page its title, description and a JobPosting
// for each opening (docs/careers.md).
func (h *pageHandler) jobs(ctx context.Context, path, slug string, meta *pageMeta) (found, failed bool) {
	if h.careers == nil {
		return true, false
	}
	city, err := h.careers.City(ctx, slug)
	if fault.Is(err, fault.NotFound) {
		return false, false
	}
	if err != nil {
		h.log.Error("careers lookup failed", "path", path, "err", err)
		return false, true
	}
	brand := h.config.BrandName
	where := city.Name + ", " + city.State
	meta.title = "Jobs in " + where
	if n := len(city.Openings); n == 0 {
		meta.description = fmt.Sprintf("No open roles at %s in %s right now. See every job at %s on our careers site.", brand, where, brand)
	} else {
		meta.description = fmt.Sprintf("%s is hiring in %s: %s. See pay and schedules and apply online.", brand, where, roleList(city.Openings))
	}
	for _, o := range city.Openings {
		ld, err := json.Marshal(jobPosting(o, brand, city.CareersURL))
		if err != nil {
			h.log.Error("job posting", "id", o.ID, "err", err)
			continue
		}
		meta.structured = append(meta.structured, ld)
	}
	return true, false
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
