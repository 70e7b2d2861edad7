// Package modules is the edge's registry of federated remotes.
//
// Each remote is published as a directory Dir/<name>/<version>/ holding its webpack
// output, including the Module Federation manifest mf-manifest.json. Several versions
// of a module can sit side by side; the registry picks one per visitor:
//
//   - the stable version is the one recorded in Redis (key "<prefix>:modules:<name>",
//     field "stable"), or, when none is recorded, the highest version on disk;
//   - a canary version with a weight (0–100) goes to that share of visitors. The
//     choice is sticky: a visitor's bucket is a hash of the visitor id and module name,
//     so the same visitor keeps the same version across requests.
//
// Example: with stable 1.4.0, canary 1.5.0 and weight 10, about one visitor in ten
// loads mf-menu 1.5.0 and keeps it until the weight changes.
package modules

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

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
	// Channel is "stable" or "canary".
	Channel string `json:"channel"`
	// Manifest is the URL of mf-manifest.json for this version.
	Manifest string `json:"manifest"`
	// Entry is the URL of the remote entry script.
	Entry string `json:"entry"`
}

// State is the release state of one module, kept in Redis.
type State struct {
	Stable string `json:"stable"`
	Canary string `json:"canary,omitempty"`
	Weight int    `json:"weight,omitempty"`
}

type published struct {
	remote string
	entry  string
}

// Registry holds what is on disk and reads release state from Redis.
type Registry struct {
	dir   string
	store *store.Store

	mu       sync.RWMutex
	versions map[string]map[string]published // name → version → files
	// known is the release state last read from Redis per module, used while Redis
	// cannot be read so canary visitors keep their version through an outage.
	known map[string]State
}

var (
	nameRe    = regexp.MustCompile(`^mf-[a-z][a-z0-9-]*$`)
	versionRe = regexp.MustCompile(`^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$`)
)

// Open scans dir. st may be nil (no release state: the newest version is stable).
func Open(dir string, st *store.Store) (*Registry, error) {
	r := &Registry{dir: dir, store: st, known: map[string]State{}}
	return r, r.Rescan()
}

// Dir is the directory modules are served from.
func (r *Registry) Dir() string { return r.dir }

// Rescan reads the directory again (after a publish).
func (r *Registry) Rescan() error {
	found := map[string]map[string]published{}
	names, err := os.ReadDir(r.dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("modules: %w", err)
	}
	for _, n := range names {
		if !n.IsDir() || !nameRe.MatchString(n.Name()) {
			continue
		}
		vers, _ := os.ReadDir(filepath.Join(r.dir, n.Name()))
		for _, v := range vers {
			if !v.IsDir() || !versionRe.MatchString(v.Name()) {
				continue
			}
			p, err := readManifest(filepath.Join(r.dir, n.Name(), v.Name(), "mf-manifest.json"))
			if err != nil {
				continue // a half-copied version is not published yet
			}
			if found[n.Name()] == nil {
				found[n.Name()] = map[string]published{}
			}
			found[n.Name()][v.Name()] = p
		}
	}
	r.mu.Lock()
	r.versions = found
	r.mu.Unlock()
	return nil
}

func readManifest(path string) (published, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return published{}, err
	}
	var m struct {
		Name     string `json:"name"`
		MetaData struct {
			RemoteEntry struct {
				Name string `json:"name"`
				Path string `json:"path"`
			} `json:"remoteEntry"`
		} `json:"metaData"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return published{}, err
	}
	if m.Name == "" || m.MetaData.RemoteEntry.Name == "" {
		return published{}, fmt.Errorf("modules: %s: no name or remote entry", path)
	}
	entry := m.MetaData.RemoteEntry.Name
	if p := strings.Trim(m.MetaData.RemoteEntry.Path, "/"); p != "" {
		entry = p + "/" + entry
	}
	return published{remote: m.Name, entry: entry}, nil
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

// StateOf returns the release state of a module: Redis first, else newest on disk.
// While Redis cannot be read it is the state last read (pages keep rendering, and a
// canary visitor keeps the canary), or, before any was read, the newest on disk.
func (r *Registry) StateOf(ctx context.Context, name string) State {
	var st State
	if r.store != nil {
		vals, err := r.store.Client.HGetAll(ctx, r.store.Key("modules", name)).Result()
		if err == nil {
			st.Stable, st.Canary = vals["stable"], vals["canary"]
			st.Weight, _ = strconv.Atoi(vals["weight"])
			r.mu.Lock()
			r.known[name] = st
			r.mu.Unlock()
		} else {
			r.mu.RLock()
			st = r.known[name]
			r.mu.RUnlock()
		}
	}
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
	st := r.StateOf(ctx, name)
	if st.Stable == "" {
		return Module{}, false
	}
	version, channel := st.Stable, "stable"
	if st.Canary != "" && Bucket(visitorID, name) < st.Weight {
		version, channel = st.Canary, "canary"
	}
	r.mu.RLock()
	p := r.versions[name][version]
	r.mu.RUnlock()
	base := URLPrefix + "/" + name + "/" + version + "/"
	return Module{Name: name, Remote: p.remote, Version: version, Channel: channel,
		Manifest: base + "mf-manifest.json", Entry: base + p.entry}, true
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
