// Package builtin is the built-in careers provider: open roles at the chain's
// restaurants, kept in Redis and seeded from the embedded data/openings.json.
//
// # Data model
//
// Keys (P is the store prefix):
//
//	P:careers:loc:<location id>   hash    opening id → opening JSON (without the location,
//	                                      which the ordering provider describes)
//	P:careers:seed                string  digest of the seed written, for SeedRefresh
//
// A city's page reads the hashes of the city's restaurants in one pipeline. Each
// location's hash is replaced whole by one script, so a reader never sees half of it.
//
// # Seed
//
// data/openings.json holds the roles (title, description) and the openings: a
// location, a role, full or part time, the schedule and shifts, the pay range and how
// many days ago it was posted. Every opening is valid for valid_days from its posting.
// The seed is written when Redis does not hold this seed (a new Redis, changed data)
// and again every SeedRefresh, with the posting dates counted back from that day, so
// the demonstration data neither goes stale nor closes. A real deployment replaces
// this provider with an adapter for its applicant-tracking system (docs/careers.md).
package builtin

import (
	"context"
	"crypto/sha256"
	_ "embed" // the seed file
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/careers"
	"github.com/henhouse/platform/edge/internal/store"
)

// SeedRefresh is how long a written seed lasts before it is written again with fresh
// posting dates; each edge looks at most every seedCheck whether that time has come.
const (
	SeedRefresh = 7 * 24 * time.Hour
	seedCheck   = time.Hour
)

//go:embed data/openings.json
var seedJSON []byte

// Config configures the provider.
type Config struct {
	// Store keeps the openings. Required.
	Store *store.Store
	// Locations lists the chain's restaurants (the ordering provider's). Required.
	Locations func(ctx context.Context) ([]careers.Location, error)
	// CareersURL is the careers site; an opening's apply link is
	// CareersURL/jobs/<opening id>. Required.
	CareersURL string
	// Now is the clock. Default time.Now.
	Now func() time.Time
}

// Provider implements careers.Provider.
type Provider struct {
	cfg    Config
	seed   seedFile
	digest string

	mu sync.Mutex
	// checked is when this edge last found or wrote the seed.
	checked time.Time
}

var _ careers.Provider = (*Provider)(nil)

type seedFile struct {
	ValidDays int                 `json:"valid_days"`
	Roles     map[string]seedRole `json:"roles"`
	Openings  []seedOpening       `json:"openings"`
}

type seedRole struct {
	Title       string `json:"title"`
	Description string `json:"description"`
}

type seedOpening struct {
	ID             string      `json:"id"`
	LocationID     string      `json:"location_id"`
	Role           string      `json:"role"`
	EmploymentType string      `json:"employment_type"`
	Schedule       string      `json:"schedule"`
	Shifts         []string    `json:"shifts"`
	Pay            careers.Pay `json:"pay"`
	PostedDaysAgo  int         `json:"posted_days_ago"`
}

// stored is an opening as Redis keeps it: the location is joined in on reading.
type stored struct {
	ID             string      `json:"id"`
	LocationID     string      `json:"location_id"`
	Title          string      `json:"title"`
	Description    string      `json:"description"`
	EmploymentType string      `json:"employment_type"`
	Schedule       string      `json:"schedule"`
	Shifts         []string    `json:"shifts"`
	Pay            careers.Pay `json:"pay"`
	PostedAt       time.Time   `json:"posted_at"`
	ValidThrough   time.Time   `json:"valid_through"`
}

var shifts = []string{"morning", "afternoon", "evening", "overnight", "weekend"}

// New checks the embedded seed against the restaurants and writes it to Redis unless
// Redis holds it already.
func New(ctx context.Context, cfg Config) (*Provider, error) {
	if cfg.Store == nil || cfg.Locations == nil {
		return nil, errors.New("careers: a store and the locations are required")
	}
	if _, err := url.ParseRequestURI(cfg.CareersURL); err != nil || !strings.HasPrefix(cfg.CareersURL, "http") {
		return nil, fmt.Errorf("careers: the careers URL %q is not an http(s) URL", cfg.CareersURL)
	}
	cfg.CareersURL = strings.TrimRight(cfg.CareersURL, "/")
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	p := &Provider{cfg: cfg}
	sum := sha256.Sum256(seedJSON)
	p.digest = hex.EncodeToString(sum[:8])
	if err := json.Unmarshal(seedJSON, &p.seed); err != nil {
		return nil, fmt.Errorf("careers seed: %w", err)
	}
	locs, err := cfg.Locations(ctx)
	if err != nil {
		return nil, err
	}
	if err := p.seed.check(locs); err != nil {
		return nil, err
	}
	if err := p.ensureSeeded(ctx, locs); err != nil {
		return nil, err
	}
	return p, nil
}

func (s *seedFile) check(locs []careers.Location) error {
	if s.ValidDays <= 0 {
		return errors.New("careers seed: valid_days must be positive")
	}
	known := map[string]bool{}
	for _, l := range locs {
		known[l.ID] = true
	}
	seen := map[string]bool{}
	for _, o := range s.Openings {
		r, ok := s.Roles[o.Role]
		switch {
		case o.ID == "" || seen[o.ID]:
			return fmt.Errorf("careers seed: opening id %q is empty or repeated", o.ID)
		case !known[o.LocationID]:
			return fmt.Errorf("careers seed: opening %q: no location %q", o.ID, o.LocationID)
		case !ok || r.Title == "" || r.Description == "":
			return fmt.Errorf("careers seed: opening %q: role %q has no title or description", o.ID, o.Role)
		case o.EmploymentType != careers.FullTime && o.EmploymentType != careers.PartTime:
			return fmt.Errorf("careers seed: opening %q: employment type %q", o.ID, o.EmploymentType)
		case o.Pay.Unit != careers.PerHour && o.Pay.Unit != careers.PerYear:
			return fmt.Errorf("careers seed: opening %q: pay unit %q", o.ID, o.Pay.Unit)
		case o.Pay.MinCents <= 0 || o.Pay.MaxCents < o.Pay.MinCents:
			return fmt.Errorf("careers seed: opening %q: pay range %d–%d", o.ID, o.Pay.MinCents, o.Pay.MaxCents)
		case o.Schedule == "" || len(o.Shifts) == 0:
			return fmt.Errorf("careers seed: opening %q: no schedule or shifts", o.ID)
		case o.PostedDaysAgo < 0 || o.PostedDaysAgo >= s.ValidDays:
			return fmt.Errorf("careers seed: opening %q: posted_days_ago must be 0 to valid_days-1", o.ID)
		}
		for _, sh := range o.Shifts {
			if !slices.Contains(shifts, sh) {
				return fmt.Errorf("careers seed: opening %q: shift %q", o.ID, sh)
			}
		}
		seen[o.ID] = true
	}
	return nil
}

func (p *Provider) locKey(id string) string { return p.cfg.Store.Key("careers", "loc", id) }
func (p *Provider) seedKey() string         { return p.cfg.Store.Key("careers", "seed") }

// replaceHash replaces a hash with the given field/value pairs in one step:
// KEYS[1] the hash; ARGV field, value, field, value, … (none: the hash is deleted).
var replaceHash = redis.NewScript(`
redis.call('DEL', KEYS[1])
for i = 1, #ARGV, 2 do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i+1])
end
return 1`)

// ensureSeeded writes the seed unless Redis holds this seed, written less than
// SeedRefresh ago. Several edges starting together may each write it; they write the
// same openings.
func (p *Provider) ensureSeeded(ctx context.Context, locs []careers.Location) error {
	st := p.cfg.Store
	have, err := st.Client.Get(ctx, p.seedKey()).Result()
	if err != nil && !errors.Is(err, redis.Nil) {
		return err
	}
	now := p.cfg.Now()
	if have == p.digest {
		p.markChecked(now)
		return nil
	}
	day := now.UTC().Truncate(24 * time.Hour)
	byLoc := map[string][]any{}
	for _, o := range p.seed.Openings {
		r := p.seed.Roles[o.Role]
		posted := day.AddDate(0, 0, -o.PostedDaysAgo)
		pay := o.Pay
		if pay.Currency == "" {
			pay.Currency = "USD"
		}
		b, err := json.Marshal(stored{ID: o.ID, LocationID: o.LocationID, Title: r.Title, Description: r.Description,
			EmploymentType: o.EmploymentType, Schedule: o.Schedule, Shifts: o.Shifts, Pay: pay,
			PostedAt: posted, ValidThrough: posted.AddDate(0, 0, p.seed.ValidDays)})
		if err != nil {
			return err
		}
		byLoc[o.LocationID] = append(byLoc[o.LocationID], o.ID, string(b))
	}
	pipe := st.Client.Pipeline()
	for _, l := range locs {
		// Eval, not Run: inside a pipeline a missing script cannot be retried.
		replaceHash.Eval(ctx, pipe, []string{p.locKey(l.ID)}, byLoc[l.ID]...)
	}
	pipe.Set(ctx, p.seedKey(), p.digest, SeedRefresh)
	if _, err := pipe.Exec(ctx); err != nil {
		return fmt.Errorf("careers: write the seed: %w", err)
	}
	p.markChecked(now)
	return nil
}

func (p *Provider) markChecked(t time.Time) {
	p.mu.Lock()
	p.checked = t
	p.mu.Unlock()
}

// refresh writes the seed again when Redis no longer holds it (its SeedRefresh has
// run out, or Redis was emptied), looking at most every seedCheck.
func (p *Provider) refresh(ctx context.Context, locs []careers.Location) error {
	p.mu.Lock()
	due := p.cfg.Now().Sub(p.checked) >= seedCheck
	p.mu.Unlock()
	if !due {
		return nil
	}
	return p.ensureSeeded(ctx, locs)
}

// cityOf picks the restaurants of the city whose slug is given. The path names a city
// without its state: when two states have a city of that name, the state with more
// restaurants there wins (then the first state code), so one path names one city.
func cityOf(locs []careers.Location, slug string) []careers.Location {
	slug = strings.ToLower(slug)
	byState := map[string][]careers.Location{}
	for _, l := range locs {
		if s := careers.CitySlug(l.Address.City); s != "" && s == slug {
			byState[l.Address.State] = append(byState[l.Address.State], l)
		}
	}
	var best string
	for st, ls := range byState {
		if best == "" || len(ls) > len(byState[best]) || (len(ls) == len(byState[best]) && st < best) {
			best = st
		}
	}
	out := byState[best]
	slices.SortFunc(out, func(a, b careers.Location) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// City implements careers.Provider.
func (p *Provider) City(ctx context.Context, slug string) (careers.City, error) {
	all, err := p.cfg.Locations(ctx)
	if err != nil {
		return careers.City{}, err
	}
	locs := cityOf(all, slug)
	if len(locs) == 0 {
		return careers.City{}, fault.New(fault.NotFound, "city_not_found", "We have no restaurant in that city.")
	}
	if err := p.refresh(ctx, all); err != nil {
		return careers.City{}, err
	}
	pipe := p.cfg.Store.Client.Pipeline()
	cmds := make([]*redis.MapStringStringCmd, len(locs))
	for i, l := range locs {
		cmds[i] = pipe.HGetAll(ctx, p.locKey(l.ID))
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return careers.City{}, fmt.Errorf("careers: read openings: %w", err)
	}
	now := p.cfg.Now()
	c := careers.City{Slug: careers.CitySlug(locs[0].Address.City), Name: locs[0].Address.City, State: locs[0].Address.State,
		Locations: make([]careers.Location, len(locs)), Openings: []careers.Opening{}, CareersURL: p.cfg.CareersURL}
	for i, loc := range locs {
		c.Locations[i] = loc
		var here []careers.Opening
		for _, raw := range cmds[i].Val() {
			var s stored
			if err := json.Unmarshal([]byte(raw), &s); err != nil {
				return careers.City{}, fmt.Errorf("careers: opening at %s: %w", loc.ID, err)
			}
			if !now.Before(s.ValidThrough) {
				continue // closed
			}
			here = append(here, careers.Opening{ID: s.ID, Title: s.Title, Description: s.Description, Location: loc,
				EmploymentType: s.EmploymentType, Schedule: s.Schedule, Shifts: s.Shifts, Pay: s.Pay,
				PostedAt: s.PostedAt, ValidThrough: s.ValidThrough, ApplyURL: p.cfg.CareersURL + "/jobs/" + url.PathEscape(s.ID)})
		}
		slices.SortFunc(here, func(a, b careers.Opening) int {
			if d := b.PostedAt.Compare(a.PostedAt); d != 0 {
				return d
			}
			return strings.Compare(a.Title, b.Title)
		})
		c.Openings = append(c.Openings, here...)
	}
	return c, nil
}
