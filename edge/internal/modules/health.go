package modules

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// Canary health: browsers report page views and client errors per module version
// (POST /api/beacons). While a module has a canary, every edge adds those of its
// stable and canary versions to one Redis hash per module and canary version,
// "<prefix>:modules:health:{<name>:<canary>}", fields "<version>:views" and
// "<version>:errors", so all edges judge on the same counts. Making a version the
// canary starts its counts from zero.
//
// A page load counts at most one view and one error per module, however many
// beacons it sends and whatever they claim: the page load's id is remembered for
// loadTTL (a hash "…:load:<id>" beside the counts), so a visitor cannot weigh more
// than the pages they loaded. Each version's distinct visitors are counted too (a
// HyperLogLog "…:visitors:<version>"), and no canary is judged before MinVisitors
// visitors saw it: one visitor reloading a page cannot decide a rollback.
//
// When the canary has had at least MinViews views from MinVisitors visitors and its
// error rate (errors per view) exceeds stable's by more than Margin, the edge that
// counted last rolls the canary back. The rollback is a compare-and-set on the module's state, so when
// several edges see it at once one wins; the winner logs and audits it with actor
// AutoRollbackActor and the reason, which status shows.

// AutoRollbackActor is the audit log's actor for automatic rollbacks.
const AutoRollbackActor = "auto-rollback"

// CanaryPolicy is when a canary is rolled back by itself.
type CanaryPolicy struct {
	// Margin is how much higher than stable's the canary's error rate may be
	// (CANARY_ERROR_MARGIN). 0.05: five more errors per hundred views.
	Margin float64
	// MinViews is the fewest canary views to judge on (CANARY_MIN_VIEWS).
	MinViews int
	// MinVisitors is the fewest distinct canary visitors to judge on
	// (CANARY_MIN_VISITORS).
	MinVisitors int
}

// DefaultCanaryPolicy is the policy without configuration.
var DefaultCanaryPolicy = CanaryPolicy{Margin: 0.05, MinViews: 200, MinVisitors: 20}

// healthTTL bounds how long counts of a canary are kept.
const healthTTL = 14 * 24 * time.Hour

// loadTTL is how long a page load's id is remembered: a tab left open for longer
// and reporting again counts once more, which no visitor can do at will.
const loadTTL = 24 * time.Hour

// Observation is what one page load reported of one module version. Views and
// Errors above one count as one, and only once per PageLoad; an observation without a
// PageLoad is not counted.
type Observation struct {
	Module, Version string
	Views, Errors   int
	// PageLoad identifies the page load the report came from (signed into the page by
	// the edge that served it); Visitor is the visitor id that loaded it.
	PageLoad, Visitor string
}

// Counts are a version's views, client errors and distinct visitors during a canary.
type Counts struct {
	Views  int64 `json:"views"`
	Errors int64 `json:"errors"`
	// Visitors is an estimate (HyperLogLog) of the distinct visitors counted.
	Visitors int64 `json:"visitors"`
}

// Rate is errors per view (0 without views).
func (c Counts) Rate() float64 {
	if c.Views == 0 {
		return 0
	}
	return float64(c.Errors) / float64(c.Views)
}

// Health is a canary's counts beside stable's.
type Health struct {
	Canary Counts `json:"canary"`
	Stable Counts `json:"stable"`
}

// healthKey is the counts of a canary; its page loads and visitors share its hash
// tag, so one script updates them together (also on a Cluster).
func (r *Registry) healthKey(name, canary string) string {
	return r.store.Key("modules", "health", "{"+name+":"+canary+"}")
}

func (r *Registry) visitorsKey(name, canary, version string) string {
	return r.healthKey(name, canary) + ":visitors:" + version
}

func (r *Registry) resetHealth(ctx context.Context, name, canary string) error {
	st := r.StateOf(ctx, name)
	return r.store.Client.Del(ctx, r.healthKey(name, canary), r.visitorsKey(name, canary, canary),
		r.visitorsKey(name, canary, st.Stable)).Err()
}

// observeScript counts one page load's report of one version: a view and an error at
// most once per page load, and its visitor. KEYS: the counts, the page load's hash,
// the version's visitors. ARGV: version, view (0/1), error (0/1), visitor, the page
// load's TTL and the counts' TTL in seconds.
var observeScript = redis.NewScript(`
local v = ARGV[1]
if ARGV[2] == '1' and redis.call('HSETNX', KEYS[2], v .. ':view', '1') == 1 then
  redis.call('HINCRBY', KEYS[1], v .. ':views', 1)
end
if ARGV[3] == '1' and redis.call('HSETNX', KEYS[2], v .. ':error', '1') == 1 then
  redis.call('HINCRBY', KEYS[1], v .. ':errors', 1)
end
redis.call('EXPIRE', KEYS[2], ARGV[5])
if ARGV[4] ~= '' then
  redis.call('PFADD', KEYS[3], ARGV[4])
  redis.call('EXPIRE', KEYS[3], ARGV[6])
end
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('EXPIRE', KEYS[1], ARGV[6]) end
return 1`)

// healthCmds are the reads of one canary's health in a pipeline.
type healthCmds struct {
	counts                  *redis.MapStringStringCmd
	canaryVisits, stableVis *redis.IntCmd
}

func (r *Registry) readHealth(ctx context.Context, p redis.Pipeliner, name, stable, canary string) healthCmds {
	return healthCmds{
		counts:       p.HGetAll(ctx, r.healthKey(name, canary)),
		canaryVisits: p.PFCount(ctx, r.visitorsKey(name, canary, canary)),
		stableVis:    p.PFCount(ctx, r.visitorsKey(name, canary, stable)),
	}
}

func (h healthCmds) health(stable, canary string) Health {
	out := healthFrom(h.counts.Val(), stable, canary)
	out.Canary.Visitors, out.Stable.Visitors = h.canaryVisits.Val(), h.stableVis.Val()
	return out
}

// Observe counts what pages reported for modules that have a canary (others are not
// counted) and rolls back a canary that fails the policy. It returns the modules it
// rolled back.
func (r *Registry) Observe(ctx context.Context, obs []Observation) ([]string, error) {
	if r.store == nil {
		return nil, nil
	}
	type touched struct{ name, stable, canary string }
	var mods []touched
	seen := map[string]bool{}
	cmds := map[string]healthCmds{}
	flag := func(n int) string {
		if n > 0 {
			return "1"
		}
		return "0"
	}
	_, err := r.store.Client.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, o := range obs {
			st := r.StateOf(ctx, o.Module)
			if st.Canary == "" || o.PageLoad == "" || (o.Version != st.Canary && o.Version != st.Stable) || (o.Views <= 0 && o.Errors <= 0) {
				continue
			}
			key := r.healthKey(o.Module, st.Canary)
			observeScript.Eval(ctx, p, []string{key, key + ":load:" + o.PageLoad, r.visitorsKey(o.Module, st.Canary, o.Version)},
				o.Version, flag(o.Views), flag(o.Errors), o.Visitor, int(loadTTL.Seconds()), int(healthTTL.Seconds()))
			if !seen[o.Module] {
				seen[o.Module] = true
				mods = append(mods, touched{o.Module, st.Stable, st.Canary})
			}
		}
		for _, m := range mods {
			cmds[m.name] = r.readHealth(ctx, p, m.name, m.stable, m.canary)
		}
		return nil
	})
	if err != nil || len(mods) == 0 {
		return nil, err
	}
	var rolled []string
	for _, m := range mods {
		h := cmds[m.name].health(m.stable, m.canary)
		reason, bad := r.Policy.fails(h)
		if !bad {
			continue
		}
		ok, err := r.autoRollback(ctx, m.name, m.canary, reason)
		if err != nil {
			return rolled, err
		}
		if ok {
			rolled = append(rolled, m.name)
		}
	}
	return rolled, nil
}

func healthFrom(vals map[string]string, stable, canary string) Health {
	n := func(f string) int64 { v, _ := strconv.ParseInt(vals[f], 10, 64); return v }
	return Health{
		Canary: Counts{Views: n(canary + ":views"), Errors: n(canary + ":errors")},
		Stable: Counts{Views: n(stable + ":views"), Errors: n(stable + ":errors")},
	}
}

// fails says whether a canary with health h is to be rolled back, and why.
func (p CanaryPolicy) fails(h Health) (string, bool) {
	if h.Canary.Views < int64(p.MinViews) || h.Canary.Visitors < int64(p.MinVisitors) || h.Canary.Rate() <= h.Stable.Rate()+p.Margin {
		return "", false
	}
	return fmt.Sprintf("canary error rate %.3f (%d errors in %d views) exceeds stable's %.3f (%d in %d) by more than %.3f",
		h.Canary.Rate(), h.Canary.Errors, h.Canary.Views, h.Stable.Rate(), h.Stable.Errors, h.Stable.Views, p.Margin), true
}

// autoRollback rolls back canary when it is still the module's canary; false when
// another edge did first (or an operator changed the state).
func (r *Registry) autoRollback(ctx context.Context, name, canary, reason string) (bool, error) {
	read, eff, err := r.current(ctx, name)
	if err != nil || eff.Canary != canary {
		return false, err
	}
	ok, err := r.rollback(ctx, name, read, eff, reason, AutoRollbackActor)
	if ok {
		r.log().Warn("canary rolled back automatically", "module", name, "version", canary, "reason", reason)
	}
	return ok, err
}

// HealthOf reads the counts of the module's current canary (zero without one).
func (r *Registry) HealthOf(ctx context.Context, name string) (Health, error) {
	st := r.StateOf(ctx, name)
	if r.store == nil || st.Canary == "" {
		return Health{}, nil
	}
	return r.health(ctx, name, st.Stable, st.Canary)
}

func (r *Registry) health(ctx context.Context, name, stable, canary string) (Health, error) {
	var h healthCmds
	_, err := r.store.Client.Pipelined(ctx, func(p redis.Pipeliner) error {
		h = r.readHealth(ctx, p, name, stable, canary)
		return nil
	})
	if err != nil {
		return Health{}, err
	}
	return h.health(stable, canary), nil
}

// Status is what an operator sees of one module.
type Status struct {
	Module   string   `json:"module"`
	Versions []string `json:"versions"`
	Stable   string   `json:"stable"`
	Canary   string   `json:"canary,omitempty"`
	Percent  int      `json:"percent"`
	// Health is the canary's counts beside stable's, while there is a canary.
	Health *Health `json:"health,omitempty"`
	// LastRollback is the last canary rolled back (by hand or automatically) and why.
	LastRollback *Rollback `json:"lastRollback,omitempty"`
}

// StatusOf reads the module's state from Redis (not the copy in memory).
func (r *Registry) StatusOf(ctx context.Context, name string) (Status, error) {
	read, eff, err := r.current(ctx, name)
	if err != nil {
		return Status{}, err
	}
	s := Status{Module: name, Versions: r.Versions(name), Stable: eff.Stable, Canary: eff.Canary, Percent: eff.Weight}
	if eff.Canary != "" {
		h, err := r.health(ctx, name, eff.Stable, eff.Canary)
		if err != nil {
			return Status{}, err
		}
		s.Health = &h
	}
	if read.LastRollback.Version != "" {
		lr := read.LastRollback
		s.LastRollback = &lr
	}
	return s, nil
}
