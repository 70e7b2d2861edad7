package modules

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/semver"
)

// The page holds one copy of each shared singleton: the shell's. A remote runs against
// that copy whatever version it was built with (the build sets no required version
// range, so the browser checks nothing), so a remote built against another major
// version of React, zustand or the kit would run against an API it was not built for.
// Publishing is where such a build can still be refused.

// singletonNames are the shared packages that are singletons on the page, besides
// every module of the kit (kitPrefix) and whatever the shell's manifest marks as one.
var singletonNames = map[string]bool{
	"react": true, "react/jsx-runtime": true, "react-dom": true, "react-dom/client": true, "zustand": true,
}

const kitPrefix = "@henhouse/kit/"

// sharedPackage is one entry of a manifest's "shared" array.
type sharedPackage struct {
	Name      string `json:"name"`
	Version   string `json:"version"`
	Singleton bool   `json:"singleton"`
}

// builtWith is what a manifest says its build shares, and the Module Federation
// version that built it (metaData.pluginVersion; empty when the manifest does not say).
type builtWith struct {
	Shared   []sharedPackage `json:"shared"`
	MetaData struct {
		PluginVersion string `json:"pluginVersion"`
	} `json:"metaData"`
}

func parseBuiltWith(b []byte) (builtWith, error) {
	var m builtWith
	err := json.Unmarshal(b, &m)
	return m, err
}

// shellManifest is the shell build's manifest: the modules directory is
// <build>/modules and the shell's files are under <build>/shell.
func (r *Registry) shellManifest() string {
	return filepath.Join(filepath.Dir(r.dir), "shell", "assets", "mf-manifest.json")
}

// checkSingletons refuses (ErrBadUpload) a build of module name whose version of a
// singleton it shares with the shell is not compatible with the shell's under caret
// rules: the same major version, or for 0.x the same minor. It also refuses a build
// made with another Module Federation version than the shell's: a remote runs on the
// shell's federation runtime and bundler runtime (it carries no copy of either,
// kit/build/federation), whose calls are only known to fit the code the same version
// generated. Without a shell build there is nothing to compare with, and the build is
// let through.
func (r *Registry) checkSingletons(name string, manifest []byte) error {
	path := r.shellManifest()
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		r.noShellOnce.Do(func() {
			r.log().Info("no shell build: published modules' shared singletons are not compared with the shell's", "manifest", path)
		})
		return nil
	}
	if err != nil {
		return fmt.Errorf("modules: the shell's manifest: %w", err)
	}
	shellBuild, err := parseBuiltWith(b)
	if err != nil {
		return fmt.Errorf("modules: the shell's manifest %s: %w", path, err)
	}
	remoteBuild, err := parseBuiltWith(manifest)
	if err != nil {
		return fmt.Errorf("%w: mf-manifest.json: %v", ErrBadUpload, err)
	}
	page := make(map[string]sharedPackage, len(shellBuild.Shared))
	for _, s := range shellBuild.Shared {
		page[s.Name] = s
	}
	var problems []string
	if want, got := shellBuild.MetaData.PluginVersion, remoteBuild.MetaData.PluginVersion; want != "" && got != want {
		if got == "" {
			got = "an unknown version"
		}
		problems = append(problems, fmt.Sprintf("%s was built with Module Federation %s; the page's shell runs %s (a remote runs on the shell's federation runtime: build it with the shell's version)",
			name, got, want))
	}
	for _, s := range remoteBuild.Shared {
		have, ok := page[s.Name]
		if !ok || !(singletonNames[s.Name] || strings.HasPrefix(s.Name, kitPrefix) || have.Singleton) {
			continue
		}
		pageLine, ok := caretLine(have.Version)
		if !ok {
			r.log().Warn("the shell's version of a shared singleton is not a version; not compared", "package", s.Name, "version", have.Version)
			continue
		}
		if line, ok := caretLine(s.Version); !ok {
			problems = append(problems, fmt.Sprintf("%s gives no version of %s it was built with (%q); the page has %s %s (a shared singleton)",
				name, s.Name, s.Version, s.Name, have.Version))
		} else if line != pageLine {
			hint := "major version"
			if semver.Major(pageLine) == "v0" {
				hint = "minor version (" + strings.TrimPrefix(pageLine, "v") + ")"
			}
			problems = append(problems, fmt.Sprintf("%s was built with %s %s; the page has %s %s (a shared singleton: build it with the shell's %s)",
				name, s.Name, s.Version, s.Name, have.Version, hint))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s", ErrBadUpload, strings.Join(problems, "; "))
	}
	return nil
}

// caretLine is the part of a version that a caret range keeps fixed: "v19" for
// 19.2.0, "v0.3" for 0.3.1. ok is false for what is not a semantic version.
func caretLine(version string) (line string, ok bool) {
	v := "v" + strings.TrimPrefix(version, "v")
	if !semver.IsValid(v) {
		return "", false
	}
	if semver.Major(v) == "v0" {
		return semver.MajorMinor(v), true
	}
	return semver.Major(v), true
}
