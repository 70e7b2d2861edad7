package page

import (
	"context"
	"encoding/json"
	"html"
	"slices"
	"strings"

	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/routes"
)

// Release is the module versions of one state of the registry, pre-rendered: each
// module's bootstrap entry and the preloads of each of its screens, for its stable
// version and, when it has one, its canary.
type Release struct {
	gen  uint64
	mods []releaseModule
	// fixed is the whole "modules" object when no module has a canary: every visitor
	// gets the same.
	fixed []byte
}

type releaseModule struct {
	name     string
	weight   int
	json     [2][]byte              // stable, canary: "name":{…}
	preloads [2]map[string]Fragment // screen → fragment
	// prerender: screen and layout → the screen prerendered at build time.
	prerender [2]map[prerenderKey]*prerenderedScreen
	variant   [2]modules.Module
}

type prerenderKey struct {
	screen string
	layout routes.Layout
}

// NewRelease renders the registry's current state for the screens of table.
func NewRelease(ctx context.Context, reg *modules.Registry, table []*routes.Compiled) *Release {
	r := &Release{gen: reg.Generation()}
	screens := map[string][]string{}
	layouts := map[string][]prerenderKey{}
	for _, rt := range table {
		if rt.Module != "" && rt.Screen != "" {
			screens[rt.Module] = append(screens[rt.Module], rt.Screen)
			layouts[rt.Module] = append(layouts[rt.Module], prerenderKey{rt.Screen, rt.Layout})
		}
	}
	anyCanary := false
	for _, name := range reg.Names() {
		stable, canary, weight, ok := reg.Variants(ctx, name)
		if !ok {
			continue
		}
		m := releaseModule{name: name, weight: weight, variant: [2]modules.Module{stable, canary}}
		for i, v := range m.variant {
			if i == 1 && weight == 0 {
				break
			}
			j, _ := json.Marshal(v)
			m.json[i] = slices.Concat(jsonString(name), []byte(":"), j)
			m.preloads[i] = map[string]Fragment{}
			for _, screen := range screens[name] {
				m.preloads[i][screen] = preloadFragment(v.Entry, v.Integrity, reg.Preloads(v, screen))
			}
			m.prerender[i] = map[prerenderKey]*prerenderedScreen{}
			for _, k := range layouts[name] {
				if pre, ok := reg.Prerender(v, k.screen, string(k.layout)); ok {
					if c := newPrerenderedScreen(name, k.screen, pre, reg.Preloads(v, k.screen).CSS); c != nil {
						m.prerender[i][k] = c
					}
				}
			}
		}
		anyCanary = anyCanary || weight > 0
		r.mods = append(r.mods, m)
	}
	if !anyCanary {
		r.fixed = r.appendJSON(nil, "")
	}
	return r
}

// Generation is the registry generation the release was rendered from.
func (r *Release) Generation() uint64 { return r.gen }

// pick is 1 when visitor gets m's canary.
func (m *releaseModule) pick(visitor string) int {
	if modules.InCanary(visitor, m.name, m.weight) {
		return 1
	}
	return 0
}

func (r *Release) appendJSON(b []byte, visitor string) []byte {
	if r.fixed != nil {
		return append(b, r.fixed...)
	}
	b = append(b, '{')
	for i := range r.mods {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, r.mods[i].json[r.mods[i].pick(visitor)]...)
	}
	return append(b, '}')
}

func overridden(o []modules.Module, name string) bool {
	for i := range o {
		if o[i].Name == name {
			return true
		}
	}
	return false
}

// appendOverridden is appendJSON with the overrides in place of the release's choice.
func (r *Release) appendOverridden(b []byte, visitor string, o []modules.Module) []byte {
	b = append(b, '{')
	for i := range r.mods {
		if i > 0 {
			b = append(b, ',')
		}
		m := &r.mods[i]
		j := m.json[m.pick(visitor)]
		for k := range o {
			if o[k].Name == m.name {
				mj, _ := json.Marshal(o[k])
				j = slices.Concat(jsonString(m.name), []byte(":"), mj)
			}
		}
		b = append(b, j...)
	}
	return append(b, '}')
}

// Version is the version of module visitor gets ("" for an unknown module).
func (r *Release) Version(visitor, module string) (version, channel string) {
	for i := range r.mods {
		if r.mods[i].name == module {
			v := r.mods[i].variant[r.mods[i].pick(visitor)]
			return v.Version, v.Channel
		}
	}
	return "", ""
}

// Modules are the versions visitor gets, by name.
func (r *Release) Modules(visitor string) map[string]modules.Module {
	out := make(map[string]modules.Module, len(r.mods))
	for i := range r.mods {
		out[r.mods[i].name] = r.mods[i].variant[r.mods[i].pick(visitor)]
	}
	return out
}

func (r *Release) prerendered(visitor, module, screen string, layout routes.Layout) *prerenderedScreen {
	for i := range r.mods {
		if r.mods[i].name == module {
			return r.mods[i].prerender[r.mods[i].pick(visitor)][prerenderKey{screen, layout}]
		}
	}
	return nil
}

func (r *Release) preloads(visitor, module, screen string) Fragment {
	for i := range r.mods {
		if r.mods[i].name == module {
			return r.mods[i].preloads[r.mods[i].pick(visitor)][screen]
		}
	}
	return nil
}

// preloadFragment preloads a module version's remote entry and the files its screen
// loads before it runs. Remote entries and chunks are classic scripts, preloaded with
// the nonce their script elements will carry; the screen's styles are preloaded too.
// A preload is only reused when its request matches the element's: the shell creates
// the remote entry's script with its Subresource Integrity value and crossorigin
// (shell/src/federation/nonce.ts), so its preload carries both; webpack loads chunks
// and style sheets without either, so theirs carry neither (docs/shell.md).
func preloadFragment(entry, entryIntegrity string, a modules.Assets) Fragment {
	var s strings.Builder
	if entryIntegrity == "" {
		entryIntegrity = a.Integrity[entry]
	}
	sri := ""
	if entryIntegrity != "" {
		sri = ` integrity="` + html.EscapeString(entryIntegrity) + `" crossorigin="anonymous"`
	}
	s.WriteString(`<link rel="preload" href="` + html.EscapeString(entry) + `" as="script"` + sri + ` nonce="` + nonceHole + "\">\n")
	for _, f := range a.JS {
		s.WriteString(`<link rel="preload" href="` + html.EscapeString(f) + `" as="script" nonce="` + nonceHole + "\">\n")
	}
	for _, f := range a.CSS {
		s.WriteString(`<link rel="preload" href="` + html.EscapeString(f) + `" as="style">` + "\n")
	}
	return fragment(s.String())
}
