// Package modules is the edge's registry of federated remotes.
//
// Each remote is published as a directory Dir/<name>/<version>/ holding its webpack
// output, including the Module Federation manifest mf-manifest.json, or under the same
// keys in a bucket every edge shares (OpenStore, source.go). Several versions of a
// module can sit side by side; the registry picks one per visitor:
//
//   - the stable version is the one recorded in Redis (key "<prefix>:modules:<name>",
//     field "stable", kept on disk too, see below), or, when none is recorded
//     anywhere, the highest version on disk;
//   - a canary version with a weight (0–100) goes to that share of visitors. The
//     choice is sticky: a visitor's bucket is a hash of the visitor id and module name,
//     so the same visitor keeps the same version across requests.
//
// Example: with stable 1.4.0, canary 1.5.0 and weight 10, about one visitor in ten
// loads mf-menu 1.5.0 and keeps it until the weight changes.
//
// The release state is held in memory, so a page view costs no Redis call for it.
// SetState writes a module's hash and publishes its name on "<prefix>:modules:changed";
// every edge subscribed there (Start) re-reads that module at once, so a change made on
// one edge (a canary rollback) reaches all of them within a round trip. Each edge also
// re-reads every module when its subscription is (re)established and every
// RefreshEvery, in case a message was lost while it was disconnected. While Redis
// cannot be read, the state last read stays in force.
//
// Redis may lose the state (a restart without persistence, a flush). Each edge
// therefore keeps the state it last read on disk beside Dir, in Dir-state/<name>.json
// (outside what /modules serves), and reads it at Open; an edge that reads an empty hash for a module it knows a
// state of writes that state back (unless another edge did first). So after such a
// loss visitors keep the last released versions, never a version only published.
package modules

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
	"gocloud.dev/blob"

	"github.com/henhouse/platform/edge/internal/store"
)

// URLPrefix is where published modules are served.
const URLPrefix = "/modules"

// Module is what the bootstrap tells the shell about one remote.
type Module struct {
	// Name is the workspace name ("mf-menu").
	Name string `json:"name"`
	// Remote is the federation container name ("mf_menu"), the prefix of loadRemote ids.
	Remote string `json:"remote"`
	// Version picked for this visitor.
	Version string `json:"version"`
	// Channel is "stable", "canary", or "override" (a QA override, docs/operations.md).
	Channel string `json:"channel"`
	// Manifest is the URL of mf-manifest.json for this version.
	Manifest string `json:"manifest"`
	// Entry is the URL of the remote entry script.
	Entry string `json:"entry"`
	// Integrity is the Subresource Integrity value of the remote entry script,
	// "sha384-<base64>" (omitted when the file is missing from the version).
	Integrity string `json:"integrity,omitempty"`
}

// State is the release state of one module, kept in Redis.
type State struct {
	Stable string `json:"stable"`
	Canary string `json:"canary,omitempty"`
	Weight int    `json:"weight,omitempty"`
	// LastRollback is the last canary rolled back, and why, by whom and when.
	LastRollback Rollback `json:"lastRollback,omitzero"`
}

// Rollback records a canary rollback.
type Rollback struct {
	Version string `json:"version"`
	Reason  string `json:"reason"`
	Actor   string `json:"actor"`
	At      string `json:"at"` // RFC 3339, UTC
}

type published struct {
	remote string
	entry  string
	// exposes maps an exposed module ("./Menu") to the files it loads synchronously,
	// relative to the version's directory (mf-manifest.json, exposes[].assets).
	exposes map[string]Assets
	// integrity is each file's Subresource Integrity value, by path relative to the
	// version's directory.
	integrity map[string]string
	// prerender holds the version's prerendered screens (ScreenPrerenderFile).
	prerender screenPrerenders
}

// Assets are the JS and CSS files an exposed module needs before it runs.
type Assets struct {
	JS  []string
	CSS []string
	// Integrity is the Subresource Integrity value of each of those files, by URL.
	Integrity map[string]string
}

// RefreshEvery is how often each edge re-reads every module's state, in case a
// change message was lost.
var RefreshEvery = 30 * time.Second

// Registry holds what is on disk and the release state read from Redis.
type Registry struct {
	dir string
	// src holds the published versions' files: dir, or the shared module store.
	src    source
	bucket *blob.Bucket // the module store; nil when src is dir
	store  *store.Store
	// Log receives release actions and automatic rollbacks. Default: slog.Default().
	Log *slog.Logger
	// Policy decides when a canary is rolled back by itself (health.go).
	Policy CanaryPolicy

	mu       sync.RWMutex
	versions map[string]map[string]published // name → version → files
	// known is the release state last read from Redis per module; it stays in force
	// while Redis cannot be read, so canary visitors keep their version through an
	// outage.
	known map[string]State
	// gen counts changes of what the registry answers (versions on disk, release
	// state), so callers can keep what they derive from it until it moves.
	gen atomic.Uint64
	// noShellOnce logs once that there is no shell build to check publishes against.
	noShellOnce sync.Once
	// keepFailOnce logs once that the release state could not be kept on disk.
	keepFailOnce sync.Once
}

var (
	nameRe    = regexp.MustCompile(`^mf-[a-z][a-z0-9-]*$`)
	versionRe = regexp.MustCompile(`^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$`)
)

// Open scans dir and reads the release state once. st may be nil (no release state:
// the newest version is stable). Start keeps the state current.
func Open(dir string, st *store.Store) (*Registry, error) {
	return open(dir, dirSource{dir}, nil, st)
}

// OpenStore is Open over a module store every edge shares (a gocloud.dev/blob
// bucket, MODULE_STORE) in place of dir: versions are published into it and listed
// and read from it. dir still holds what each edge keeps to itself (the release state
// kept for a Redis loss, beside it) and locates the shell's build. The registry owns
// the bucket (Close).
func OpenStore(dir string, bucket *blob.Bucket, st *store.Store) (*Registry, error) {
	return open(dir, bucketSource{bucket}, bucket, st)
}

func open(dir string, src source, bucket *blob.Bucket, st *store.Store) (*Registry, error) {
	r := &Registry{dir: dir, src: src, bucket: bucket, store: st, known: map[string]State{}, Policy: DefaultCanaryPolicy}
	if err := r.Rescan(); err != nil {
		return nil, err
	}
	for _, n := range r.Names() {
		if st, ok := r.readKept(n); ok {
			r.known[n] = st
		}
	}
	_ = r.Reload(context.Background()) // Redis away: the newest on disk until it answers
	return r, nil
}

// Generation changes whenever a module's versions or release state may have changed.
func (r *Registry) Generation() uint64 { return r.gen.Load() }

// changedChannel is where SetState announces a changed module (its name).
func (r *Registry) changedChannel() string { return r.store.Key("modules", "changed") }

// Start keeps the release state current until ctx ends: it subscribes to the change
// channel, re-reads every module on each (re)subscription and every RefreshEvery, and
// re-reads one module when its change is announced.
func (r *Registry) Start(ctx context.Context) {
	if r.store == nil {
		return
	}
	r.store.OnRecover(func() { r.refresh(ctx) })
	go r.listen(ctx)
	go func() {
		t := time.NewTicker(RefreshEvery)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				r.refresh(ctx)
			}
		}
	}()
}

func (r *Registry) listen(ctx context.Context) {
	ps := r.store.Client.Subscribe(ctx, r.changedChannel())
	defer ps.Close()
	for ctx.Err() == nil {
		// A bounded wait, then a ping: a connection that died silently is noticed and
		// replaced (go-redis subscribes again on the new one).
		msg, err := ps.ReceiveTimeout(ctx, 30*time.Second)
		switch m := msg.(type) {
		case *redis.Subscription:
			if m.Kind == "subscribe" {
				r.refresh(ctx) // changes made while not subscribed
			}
		case *redis.Message:
			if m.Payload == rescanMessage {
				if err := r.Rescan(); err != nil {
					r.log().Warn("modules directory not scanned again", "err", err)
				}
				r.refresh(ctx)
			} else if r.Reload(ctx, m.Payload) != nil {
				r.refresh(ctx) // the module may be new: re-read all
			}
		}
		if err == nil {
			continue
		}
		if errors.Is(err, redis.ErrClosed) || ctx.Err() != nil {
			return
		}
		var ne interface{ Timeout() bool }
		if errors.As(err, &ne) && ne.Timeout() {
			_ = ps.Ping(ctx)
			continue
		}
		select { // Redis away: try again shortly, keeping the last state read
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// refresh is Reload in the background: a failure keeps the state last read (pages go
// on rendering with it) and is logged, since until the next refresh a release change
// made on another edge does not reach this one.
func (r *Registry) refresh(ctx context.Context) {
	if err := r.Reload(ctx); err != nil && ctx.Err() == nil {
		slog.Warn("module release state not refreshed; keeping the state last read", "err", err)
	}
}

// Reload reads the release state of the named modules (all published ones when none
// are named) from Redis in one round trip. On error the state last read is kept.
func (r *Registry) Reload(ctx context.Context, names ...string) error {
	if r.store == nil {
		return nil
	}
	if len(names) == 0 {
		names = r.Names()
	}
	for _, n := range names {
		if !nameRe.MatchString(n) {
			return fmt.Errorf("modules: bad module name %q", n)
		}
	}
	if len(names) == 0 {
		return nil
	}
	cmds := make([]*redis.MapStringStringCmd, len(names))
	_, err := r.store.Client.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, n := range names {
			cmds[i] = p.HGetAll(ctx, r.store.Key("modules", n))
		}
		return nil
	})
	if err != nil {
		return err
	}
	var lost []string
	r.mu.Lock()
	for i, n := range names {
		vals := cmds[i].Val()
		st := stateFromHash(vals)
		if st.Stable == "" && r.known[n].Stable != "" {
			lost = append(lost, n) // Redis lost it: keep ours and write it back
			continue
		}
		if r.known[n] != st {
			r.known[n] = st
			r.gen.Add(1)
			r.keep(n, st)
		}
	}
	r.mu.Unlock()
	for _, n := range lost {
		if err := r.writeBack(ctx, n); err != nil {
			return err
		}
	}
	return nil
}

// restoreScript writes a module's release state back into a hash that has none.
// ARGV: field, value pairs. Returns 1 when written.
var restoreScript = redis.NewScript(`
if redis.call('HEXISTS', KEYS[1], 'stable') == 1 then return 0 end
for i = 1, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i+1]) end
return 1`)

// writeBack puts the state this edge holds of a module back into Redis, then reads
// what Redis has (another edge may have put its own back first).
func (r *Registry) writeBack(ctx context.Context, name string) error {
	r.mu.RLock()
	st := r.known[name]
	r.mu.RUnlock()
	lr := st.LastRollback
	n, err := restoreScript.Run(ctx, r.store.Client, []string{r.store.Key("modules", name)},
		"stable", st.Stable, "canary", st.Canary, "weight", strconv.Itoa(st.Weight),
		"rollback_version", lr.Version, "rollback_reason", lr.Reason, "rollback_actor", lr.Actor, "rollback_at", lr.At).Int()
	if err != nil {
		return err
	}
	if n == 1 {
		r.log().Warn("module release state was missing from Redis: put back the one this edge holds",
			"module", name, "stable", st.Stable, "canary", st.Canary, "weight", st.Weight)
	}
	stored, err := r.stored(ctx, name)
	if err != nil || stored.Stable == "" {
		return err
	}
	r.mu.Lock()
	if r.known[name] != stored {
		r.known[name] = stored
		r.gen.Add(1)
		r.keep(name, stored)
	}
	r.mu.Unlock()
	return nil
}

// keptPath is where a module's last known release state is kept on disk: beside the
// modules directory, not in it, so that it is not served.
func (r *Registry) keptPath(name string) string {
	return filepath.Join(filepath.Clean(r.dir)+"-state", name+".json")
}

// keep writes st to keptPath (a temporary file renamed over it). A failure is
// logged: Redis still holds the state, only its copy for a loss is stale.
func (r *Registry) keep(name string, st State) {
	if st.Stable == "" {
		return
	}
	b, _ := json.Marshal(st)
	err := WriteAtomic(r.keptPath(name), b)
	if err != nil {
		// Once: a read-only build directory fails every time, and Redis has the state.
		r.keepFailOnce.Do(func() {
			r.log().Warn("module release state not kept on disk; after Redis loses it, only a running edge can put it back",
				"module", name, "err", err)
		})
	}
}

// WriteAtomic writes b to a temporary file beside path and renames it over path, so
// a reader (a request, an edge starting) never sees half a file.
func WriteAtomic(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".write-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(b)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
	}
	return err
}

// readKept reads the state keep wrote; false when there is none.
func (r *Registry) readKept(name string) (State, bool) {
	b, err := os.ReadFile(r.keptPath(name))
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			r.log().Warn("module release state kept on disk not read", "module", name, "err", err)
		}
		return State{}, false
	}
	var st State
	if err := json.Unmarshal(b, &st); err != nil || st.Stable == "" {
		r.log().Warn("module release state kept on disk not read", "module", name, "err", err)
		return State{}, false
	}
	return st, true
}

// SetState records a module's release state in Redis and announces it to every edge.
// This edge uses it at once; the others within a round trip of the announcement.
func (r *Registry) SetState(ctx context.Context, name string, st State) error {
	if !nameRe.MatchString(name) {
		return fmt.Errorf("modules: bad module name %q", name)
	}
	if st.Weight < 0 || st.Weight > 100 {
		return fmt.Errorf("modules: weight %d is not 0–100", st.Weight)
	}
	if r.store == nil {
		return errors.New("modules: no store to record the release state in")
	}
	key := r.store.Key("modules", name)
	_, err := r.store.Client.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, key, "stable", st.Stable, "canary", st.Canary, "weight", strconv.Itoa(st.Weight))
		return nil
	})
	if err != nil {
		return err
	}
	r.mu.Lock()
	if r.known[name] != st {
		r.known[name] = st
		r.gen.Add(1)
		r.keep(name, st)
	}
	r.mu.Unlock()
	// The hash is written first, so an edge that gets the message reads the new state.
	return r.store.Client.Publish(ctx, r.changedChannel(), name).Err()
}

// Dir is the directory modules are served from when there is no module store.
func (r *Registry) Dir() string { return r.dir }

// Shared reports whether the versions live in a module store rather than in Dir.
func (r *Registry) Shared() bool { return r.bucket != nil }

// Close closes the module store, if any.
func (r *Registry) Close() error {
	if r.bucket == nil {
		return nil
	}
	return r.bucket.Close()
}

// scanTimeout bounds one scan of the module store.
const scanTimeout = 30 * time.Second

// Rescan reads the published versions again (after a publish).
func (r *Registry) Rescan() error {
	ctx, cancel := context.WithTimeout(context.Background(), scanTimeout)
	defer cancel()
	found := map[string]map[string]published{}
	r.mu.RLock()
	old := r.versions
	r.mu.RUnlock()
	listed, err := r.src.list(ctx)
	if err != nil {
		return err
	}
	for name, vers := range listed {
		for _, v := range vers {
			prev, known := old[name][v]
			if known && r.Shared() {
				// A version in the store never changes: nothing to read again.
				if found[name] == nil {
					found[name] = map[string]published{}
				}
				found[name][v] = prev
				continue
			}
			var integrity map[string]string
			if r.Shared() {
				// The integrity file is written last: without it the version is not
				// published yet.
				if integrity, err = r.src.integrity(ctx, name, v); err != nil {
					if !errors.Is(err, fs.ErrNotExist) {
						r.log().Warn("module version in the store not read", "module", name, "version", v, "err", err)
					}
					continue
				}
			}
			p, err := r.readManifest(ctx, name, v)
			if err != nil {
				continue // a half-copied version is not published yet
			}
			// A version's files never change once published: keep the hashes read before.
			switch {
			case integrity != nil:
				p.integrity = integrity
			case known && prev.integrity != nil:
				p.integrity = prev.integrity
			default:
				if p.integrity, err = r.src.integrity(ctx, name, v); err != nil {
					slog.Warn("module files not hashed; no integrity for them", "module", name, "version", v, "err", err)
				}
			}
			if found[name] == nil {
				found[name] = map[string]published{}
			}
			found[name][v] = p
		}
	}
	r.mu.Lock()
	r.versions = found
	r.mu.Unlock()
	r.gen.Add(1)
	return nil
}

// readManifest reads a version's mf-manifest.json and the files beside it that add
// to it (screen preloads, prerendered screens).
func (r *Registry) readManifest(ctx context.Context, name, version string) (published, error) {
	b, err := r.src.read(ctx, name, version, "mf-manifest.json")
	if err != nil {
		return published{}, err
	}
	where := name + "/" + version + "/"
	p, err := parseManifest(b)
	if err != nil {
		return published{}, fmt.Errorf("modules: %smf-manifest.json: %w", where, err)
	}
	p.prerender = readPrerenders(where+ScreenPrerenderFile, func() ([]byte, error) {
		return r.src.read(ctx, name, version, ScreenPrerenderFile)
	})
	if b, err := r.src.read(ctx, name, version, ScreenPreloadsFile); err == nil {
		if err := p.addScreenPreloads(b); err != nil {
			// Only preloads are lost: the screen still loads its files when it runs.
			slog.Warn("modules: screen preloads not read", "file", where+ScreenPreloadsFile, "err", err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		slog.Warn("modules: screen preloads not read", "file", where+ScreenPreloadsFile, "err", err)
	}
	return p, nil
}

// ScreenPreloadsFile lists, for each screen of a module version, the files of the
// shared modules (the remote's own kit modules) the screen fetches before it runs,
// which mf-manifest.json's exposes leave out. Written by the remote's build
// (kit/build/webpack.cjs, ScreenPreloadsPlugin); a version without it is preloaded
// from its manifest alone.
const ScreenPreloadsFile = "screen-preloads.json"

// addScreenPreloads appends a ScreenPreloadsFile's files to each screen's assets.
func (p *published) addScreenPreloads(b []byte) error {
	var f struct {
		Screens map[string]struct {
			JS  []string `json:"js"`
			CSS []string `json:"css"`
		} `json:"screens"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	for screen, more := range f.Screens {
		a, ok := p.exposes[screen]
		if !ok {
			continue
		}
		a.JS = appendNew(a.JS, safeFiles(more.JS))
		a.CSS = appendNew(a.CSS, safeFiles(more.CSS))
		p.exposes[screen] = a
	}
	return nil
}

// appendNew appends the files of more that list does not hold yet.
func appendNew(list, more []string) []string {
	for _, f := range more {
		if !slices.Contains(list, f) {
			list = append(list, f)
		}
	}
	return list
}

func parseManifest(b []byte) (published, error) {
	var m struct {
		Name     string `json:"name"`
		MetaData struct {
			RemoteEntry struct {
				Name string `json:"name"`
				Path string `json:"path"`
			} `json:"remoteEntry"`
		} `json:"metaData"`
		Exposes []struct {
			Name   string `json:"name"`
			Path   string `json:"path"`
			Assets struct {
				JS  struct{ Sync []string } `json:"js"`
				CSS struct{ Sync []string } `json:"css"`
			} `json:"assets"`
		} `json:"exposes"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return published{}, err
	}
	if m.Name == "" || m.MetaData.RemoteEntry.Name == "" {
		return published{}, errors.New("no name or remote entry")
	}
	entry := m.MetaData.RemoteEntry.Name
	if p := strings.Trim(m.MetaData.RemoteEntry.Path, "/"); p != "" {
		entry = p + "/" + entry
	}
	p := published{remote: m.Name, entry: entry, exposes: map[string]Assets{}}
	for _, e := range m.Exposes {
		name := strings.TrimPrefix(e.Path, "./")
		if name == "" {
			name = e.Name
		}
		p.exposes[name] = Assets{JS: safeFiles(e.Assets.JS.Sync), CSS: safeFiles(e.Assets.CSS.Sync)}
	}
	return p, nil
}

// safeFiles keeps the relative file paths that stay inside the version's directory.
func safeFiles(in []string) []string {
	var out []string
	for _, f := range in {
		if f == "" || strings.HasPrefix(f, "/") || strings.Contains(f, "..") || strings.Contains(f, "://") {
			continue
		}
		out = append(out, f)
	}
	return out
}

// Preloads lists the URLs of the files the exposed module screen of a resolved
// module loads before it runs (from the version's mf-manifest.json).
func (r *Registry) Preloads(m Module, screen string) Assets {
	r.mu.RLock()
	p := r.versions[m.Name][m.Version]
	r.mu.RUnlock()
	a := p.exposes[screen]
	base := URLPrefix + "/" + m.Name + "/" + m.Version + "/"
	out := Assets{Integrity: map[string]string{}}
	for _, f := range a.JS {
		out.JS = append(out.JS, base+f)
		if h := p.integrity[f]; h != "" {
			out.Integrity[base+f] = h
		}
	}
	for _, f := range a.CSS {
		out.CSS = append(out.CSS, base+f)
		if h := p.integrity[f]; h != "" {
			out.Integrity[base+f] = h
		}
	}
	return out
}

// ScreenPrerenderFile holds a module version's screens drawn at build time, by exposed
// name: each screen's HTML per layout, and when it may be shown. Written by the remote's
// build (kit/build/webpack.cjs, remoteConfig's prerender; kit/src/prerender/screens.tsx);
// a version without it has none. docs/shell.md, "Prerendered screens".
const ScreenPrerenderFile = "screen-prerender.json"

// Prerendered is one screen's prerendered HTML in one layout.
type Prerendered struct {
	HTML string
	// When lists the conditions that must all hold for the visitor ("signedOut",
	// "noCart"); the page renderer refuses a condition it does not know.
	When []string
	// Brand is the brand name the screen was drawn with.
	Brand string
	// Partial: the copy is the top of the screen only; the page keeps its footer back.
	Partial bool
}

type screenPrerenders struct {
	BrandName string `json:"brandName"`
	Screens   map[string]struct {
		Layouts map[string]string `json:"layouts"`
		When    []string          `json:"when"`
		Partial bool              `json:"partial"`
	} `json:"screens"`
}

func readPrerenders(path string, read func() ([]byte, error)) screenPrerenders {
	var f screenPrerenders
	b, err := read()
	if err == nil {
		err = json.Unmarshal(b, &f)
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		// Only the early copy is lost: the screen renders as it always does.
		slog.Warn("modules: prerendered screens not read", "file", path, "err", err)
		return screenPrerenders{}
	}
	return f
}

// Prerender is the screen of a resolved module drawn at build time for layout; false
// when the version has none.
func (r *Registry) Prerender(m Module, screen, layout string) (Prerendered, bool) {
	r.mu.RLock()
	p := r.versions[m.Name][m.Version].prerender
	r.mu.RUnlock()
	sc, ok := p.Screens[screen]
	if !ok || sc.Layouts[layout] == "" {
		return Prerendered{}, false
	}
	return Prerendered{HTML: sc.Layouts[layout], When: sc.When, Brand: p.BrandName, Partial: sc.Partial}, true
}

// Names lists the published modules.
func (r *Registry) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]string, 0, len(r.versions))
	for n := range r.versions {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Versions lists a module's published versions, lowest first.
func (r *Registry) Versions(name string) []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]string, 0, len(r.versions[name]))
	for v := range r.versions[name] {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return compareVersions(out[i], out[j]) < 0 })
	return out
}

// StateOf returns the release state of a module: the one last read from Redis (kept
// through an outage, so a canary visitor keeps the canary) when its versions are on
// disk, else the newest version on disk.
func (r *Registry) StateOf(_ context.Context, name string) State {
	r.mu.RLock()
	st := r.known[name]
	r.mu.RUnlock()
	return r.effective(name, st)
}

func (r *Registry) has(name, version string) bool {
	if version == "" {
		return false
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	_, ok := r.versions[name][version]
	return ok
}

// Resolve picks the version of name that visitorID gets.
func (r *Registry) Resolve(ctx context.Context, name, visitorID string) (Module, bool) {
	stable, canary, weight, ok := r.Variants(ctx, name)
	if !ok {
		return Module{}, false
	}
	if InCanary(visitorID, name, weight) {
		return canary, true
	}
	return stable, true
}

// Variants are the versions of name visitors get: stable, and canary for the weight
// share of visitor buckets (weight 0: no canary). ok is false for an unknown module.
func (r *Registry) Variants(ctx context.Context, name string) (stable, canary Module, weight int, ok bool) {
	st := r.StateOf(ctx, name)
	if st.Stable == "" {
		return Module{}, Module{}, 0, false
	}
	stable = r.module(name, st.Stable, "stable")
	if st.Canary != "" && st.Weight > 0 {
		canary, weight = r.module(name, st.Canary, "canary"), st.Weight
	}
	return stable, canary, weight, true
}

func (r *Registry) module(name, version, channel string) Module {
	r.mu.RLock()
	p := r.versions[name][version]
	r.mu.RUnlock()
	base := URLPrefix + "/" + name + "/" + version + "/"
	return Module{Name: name, Remote: p.remote, Version: version, Channel: channel,
		Manifest: base + "mf-manifest.json", Entry: base + p.entry, Integrity: p.integrity[p.entry]}
}

// InCanary reports whether visitor gets module's canary when the canary takes weight
// percent of the visitors (0: no canary): the visitor's bucket is below the weight. It
// is the one rule every path that picks a version for a visitor follows (Resolve, and
// the page's pre-rendered release in package page), so a visitor's page and its API
// answers name the same version.
func InCanary(visitor, module string, weight int) bool {
	return weight > 0 && Bucket(visitor, module) < weight
}

// Bucket maps a visitor and module to 0–99, stable across requests and processes.
func Bucket(visitorID, module string) int {
	h := fnv.New32a()
	h.Write([]byte(module))
	h.Write([]byte{0})
	h.Write([]byte(visitorID))
	return int(h.Sum32() % 100)
}

// compareVersions orders semantic versions (pre-releases before their release).
func compareVersions(a, b string) int {
	pa, preA, _ := strings.Cut(a, "-")
	pb, preB, _ := strings.Cut(b, "-")
	na, nb := strings.Split(pa, "."), strings.Split(pb, ".")
	for i := 0; i < 3; i++ {
		x, _ := strconv.Atoi(na[i])
		y, _ := strconv.Atoi(nb[i])
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	switch {
	case preA == preB:
		return 0
	case preA == "":
		return 1
	case preB == "":
		return -1
	case preA < preB:
		return -1
	}
	return 1
}
