package modules

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// Release operations: canary, promote and rollback change a module's state with a
// compare-and-set on its hash, so two operators (or two edges rolling back a failing
// canary) cannot overwrite each other: the second sees the state the first left and
// is refused (ErrStateChanged) or finds nothing to do. Each change is announced like
// SetState and written to the audit log.

var (
	// ErrUnknownModule: no version of the module is on disk.
	ErrUnknownModule = errors.New("modules: no such module")
	// ErrUnknownVersion: that version of the module is not on disk.
	ErrUnknownVersion = errors.New("modules: no such version")
	// ErrNoCanary: the module has no canary to promote or roll back.
	ErrNoCanary = errors.New("modules: the module has no canary")
	// ErrStateChanged: the state changed while the operation was being made.
	ErrStateChanged = errors.New("modules: the release state changed meanwhile; read it again")
	// ErrBadRequest: a percent outside 1–100, a canary equal to the stable version.
	ErrBadRequest = errors.New("modules: bad release request")
	// ErrNoStore: release operations need Redis.
	ErrNoStore = errors.New("modules: no store to record the release state in")
)

// casScript sets fields of a module's hash when its stable and canary are still the
// ones the caller read. KEYS[1] the hash; ARGV[1] stable, ARGV[2] canary as read; then
// field, value pairs. Returns 1 when set, 0 when the state had changed.
var casScript = redis.NewScript(`
local cur = redis.call('HMGET', KEYS[1], 'stable', 'canary')
if (cur[1] or '') ~= ARGV[1] or (cur[2] or '') ~= ARGV[2] then return 0 end
for i = 3, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i+1]) end
return 1`)

// stateFromHash reads a module's hash.
func stateFromHash(vals map[string]string) State {
	w, _ := strconv.Atoi(vals["weight"])
	return State{Stable: vals["stable"], Canary: vals["canary"], Weight: w, LastRollback: Rollback{
		Version: vals["rollback_version"], Reason: vals["rollback_reason"], Actor: vals["rollback_actor"], At: vals["rollback_at"],
	}}
}

// stored reads a module's hash as it is now (not the copy in memory).
func (r *Registry) stored(ctx context.Context, name string) (State, error) {
	vals, err := r.store.Client.HGetAll(ctx, r.store.Key("modules", name)).Result()
	if err != nil {
		return State{}, err
	}
	return stateFromHash(vals), nil
}

// cas writes fields when the stored stable and canary are still read's, then re-reads
// the module and announces the change.
func (r *Registry) cas(ctx context.Context, name string, read State, fields ...string) (bool, error) {
	args := make([]any, 0, 2+len(fields))
	args = append(args, read.Stable, read.Canary)
	for _, f := range fields {
		args = append(args, f)
	}
	n, err := casScript.Run(ctx, r.store.Client, []string{r.store.Key("modules", name)}, args...).Int()
	if err != nil || n == 0 {
		return false, err
	}
	if err := r.Reload(ctx, name); err != nil {
		return true, err
	}
	return true, r.store.Client.Publish(ctx, r.changedChannel(), name).Err()
}

// current is the state an operation starts from: the stored one, with the stable
// version in force (the newest on disk) when none is stored.
func (r *Registry) current(ctx context.Context, name string) (State, State, error) {
	if r.store == nil {
		return State{}, State{}, ErrNoStore
	}
	if len(r.Versions(name)) == 0 {
		return State{}, State{}, fmt.Errorf("%w: %s", ErrUnknownModule, name)
	}
	read, err := r.stored(ctx, name)
	if err != nil {
		return State{}, State{}, err
	}
	return read, r.effective(name, read), nil
}

// effective is the state in force for a stored state: a stable version that is not on
// disk gives way to the newest one that is, a canary not on disk or without weight is
// none, and a weight is at most 100.
func (r *Registry) effective(name string, st State) State {
	if !r.has(name, st.Stable) {
		vs := r.Versions(name)
		st.Stable = ""
		if len(vs) > 0 {
			st.Stable = vs[len(vs)-1]
		}
	}
	if !r.has(name, st.Canary) || st.Weight <= 0 {
		st.Canary, st.Weight = "", 0
	}
	if st.Weight > 100 {
		st.Weight = 100
	}
	return st
}

// Canary sends percent (1–100) of visitors to version, the rest to the stable
// version. The canary's health counts start again from zero.
func (r *Registry) Canary(ctx context.Context, name, version string, percent int, actor string) (State, error) {
	read, eff, err := r.current(ctx, name)
	if err != nil {
		return State{}, err
	}
	if !r.has(name, version) {
		return State{}, fmt.Errorf("%w: %s@%s", ErrUnknownVersion, name, version)
	}
	if percent < 1 || percent > 100 {
		return State{}, fmt.Errorf("%w: percent must be 1 to 100, got %d", ErrBadRequest, percent)
	}
	if version == eff.Stable {
		return State{}, fmt.Errorf("%w: %s is already the stable version", ErrBadRequest, version)
	}
	if err := r.resetHealth(ctx, name, version); err != nil {
		return State{}, err
	}
	ok, err := r.cas(ctx, name, read, "stable", eff.Stable, "canary", version, "weight", strconv.Itoa(percent))
	if err != nil {
		return State{}, err
	}
	if !ok {
		return State{}, ErrStateChanged
	}
	r.audit(ctx, AuditEntry{Actor: actor, Action: "canary", Module: name, Version: version,
		Detail: fmt.Sprintf("%d%% of visitors; stable %s", percent, eff.Stable)})
	return r.StateOf(ctx, name), nil
}

// Promote makes the canary the stable version for every visitor.
func (r *Registry) Promote(ctx context.Context, name, actor string) (State, error) {
	read, eff, err := r.current(ctx, name)
	if err != nil {
		return State{}, err
	}
	if eff.Canary == "" {
		return State{}, fmt.Errorf("%w: %s", ErrNoCanary, name)
	}
	ok, err := r.cas(ctx, name, read, "stable", eff.Canary, "canary", "", "weight", "0")
	if err != nil {
		return State{}, err
	}
	if !ok {
		return State{}, ErrStateChanged
	}
	r.audit(ctx, AuditEntry{Actor: actor, Action: "promote", Module: name, Version: eff.Canary,
		Detail: "was stable: " + eff.Stable})
	return r.StateOf(ctx, name), nil
}

// Rollback sends every visitor back to the stable version and records why.
func (r *Registry) Rollback(ctx context.Context, name, reason, actor string) (State, error) {
	read, eff, err := r.current(ctx, name)
	if err != nil {
		return State{}, err
	}
	if eff.Canary == "" {
		return State{}, fmt.Errorf("%w: %s", ErrNoCanary, name)
	}
	ok, err := r.rollback(ctx, name, read, eff, reason, actor)
	if err != nil {
		return State{}, err
	}
	if !ok {
		return State{}, ErrStateChanged
	}
	return r.StateOf(ctx, name), nil
}

func (r *Registry) rollback(ctx context.Context, name string, read, eff State, reason, actor string) (bool, error) {
	if reason == "" {
		reason = "rolled back by hand"
	}
	ok, err := r.cas(ctx, name, read, "stable", eff.Stable, "canary", "", "weight", "0",
		"rollback_version", eff.Canary, "rollback_reason", reason, "rollback_actor", actor,
		"rollback_at", time.Now().UTC().Format(time.RFC3339))
	if ok {
		r.audit(ctx, AuditEntry{Actor: actor, Action: "rollback", Module: name, Version: eff.Canary, Detail: reason})
	}
	return ok, err
}

// AuditEntry is one release action in the audit log.
type AuditEntry struct {
	At     string `json:"at"` // RFC 3339, UTC
	Actor  string `json:"actor"`
	Action string `json:"action"` // publish, canary, promote, rollback
	Module string `json:"module"`
	// Version the action was about.
	Version string `json:"version,omitempty"`
	Detail  string `json:"detail,omitempty"`
}

// AuditKeep is how many audit entries are kept (the newest).
const AuditKeep = 1000

func (r *Registry) auditKey() string { return r.store.Key("modules", "audit") }

// audit appends e to the log; a failure to write it is logged, the action stands.
func (r *Registry) audit(ctx context.Context, e AuditEntry) {
	if e.At == "" {
		e.At = time.Now().UTC().Format(time.RFC3339Nano)
	}
	b, _ := json.Marshal(e)
	_, err := r.store.Client.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.LPush(ctx, r.auditKey(), b)
		p.LTrim(ctx, r.auditKey(), 0, AuditKeep-1)
		return nil
	})
	if err != nil {
		r.log().Error("audit entry not written", "entry", string(b), "err", err)
		return
	}
	r.log().Info("module release", "actor", e.Actor, "action", e.Action, "module", e.Module, "version", e.Version, "detail", e.Detail)
}

// Audit lists the newest limit entries of the audit log, newest first.
func (r *Registry) Audit(ctx context.Context, limit int) ([]AuditEntry, error) {
	if r.store == nil {
		return nil, ErrNoStore
	}
	if limit <= 0 || limit > AuditKeep {
		limit = AuditKeep
	}
	raw, err := r.store.Client.LRange(ctx, r.auditKey(), 0, int64(limit-1)).Result()
	if err != nil {
		return nil, err
	}
	out := make([]AuditEntry, 0, len(raw))
	for _, s := range raw {
		var e AuditEntry
		if json.Unmarshal([]byte(s), &e) == nil {
			out = append(out, e)
		}
	}
	return out, nil
}

// OverrideCookie and OverrideHeader name module versions one request asks for
// ("mf-menu@1.4.0,mf-content@1.0.0"), for trying a version before it is a canary.
const (
	OverrideCookie = "hh_modules"
	OverrideHeader = "X-Module-Override"
)

// Overrides reads an override list: each published name@version it names, as a
// Module of channel "override". Unknown modules or versions are left out.
func (r *Registry) Overrides(spec string) []Module {
	var out []Module
	for _, part := range strings.Split(spec, ",") {
		name, version, ok := strings.Cut(strings.TrimSpace(part), "@")
		if !ok || !r.has(name, version) || len(out) >= 16 {
			continue
		}
		out = append(out, r.module(name, version, "override"))
	}
	return out
}

// DevChannel is the channel of a module loaded from a developer's webpack dev server
// (DevOverride), and DevVersion the version it reports: a pre-release no published
// version has, so beacons and metrics, which count published versions only, leave it out.
const (
	DevChannel = "dev"
	DevVersion = "0.0.0-dev"
)

// IsDevTarget reports whether the part after "@" of an override names a dev server
// ("mf-menu@http://127.0.0.1:3002/") rather than a version: a version holds no ":".
func IsDevTarget(target string) bool {
	return strings.HasPrefix(target, "http://") || strings.HasPrefix(target, "https://")
}

// devHost is what a dev server's host may be (a name, an IPv4 or a bracketed IPv6
// address, and a port): nothing that could end a CSP source or a JSON string.
var devHost = regexp.MustCompile(`^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?$`)

// DevOverride is module name as a webpack dev server at base (an http or https URL, a
// path allowed) serves it: its remote entry and manifest from there, without
// integrity, so a team sees its change in the real site without publishing. The
// module must be one the registry knows: the page's release names it. The caller
// decides where this is honoured (only a dev environment, docs/operations.md).
func (r *Registry) DevOverride(name, base string) (Module, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || !devHost.MatchString(u.Host) ||
		u.User != nil || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.ContainsAny(u.EscapedPath(), `"'\;, `) {
		return Module{}, fmt.Errorf("%w: %q is not a dev server URL like http://127.0.0.1:3002/", ErrBadRequest, base)
	}
	vs := r.Versions(name)
	if len(vs) == 0 {
		return Module{}, fmt.Errorf("%w: %s", ErrUnknownModule, name)
	}
	root := u.Scheme + "://" + u.Host + strings.TrimSuffix(u.EscapedPath(), "/") + "/"
	return Module{Name: name, Remote: r.module(name, vs[len(vs)-1], DevChannel).Remote, Version: DevVersion,
		Channel: DevChannel, Manifest: root + "mf-manifest.json", Entry: root + "remoteEntry.js"}, nil
}

// Has reports whether version of module name is published.
func (r *Registry) Has(name, version string) bool { return r.has(name, version) }
