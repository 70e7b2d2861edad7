package modules

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shared writes a manifest "shared" array: name → version, in the order given.
func shared(pkgs ...string) string {
	var parts []string
	for i := 0; i+1 < len(pkgs); i += 2 {
		single := ""
		if !strings.HasPrefix(pkgs[i], kitPrefix) {
			single = `,"singleton":true`
		}
		parts = append(parts, fmt.Sprintf(`{"id":"x:%s","name":%q,"version":%q%s,"requiredVersion":"^%s"}`, pkgs[i], pkgs[i], pkgs[i+1], single, pkgs[i+1]))
	}
	return "[" + strings.Join(parts, ",") + "]"
}

var shellShared = []string{
	"react", "19.2.0", "react/jsx-runtime", "19.2.0", "react-dom", "19.2.0", "react-dom/client", "19.2.0",
	"zustand", "5.1.0", "@henhouse/kit/router", "1.0.0", "@henhouse/kit/tokens", "1.0.0", "tiny-lib", "0.3.1",
}

// buildLayout makes <build>/shell/assets/mf-manifest.json (unless shell is nil) and
// opens a registry on <build>/modules, as the edge does with BUILD_DIR.
func buildLayout(t *testing.T, shell []string) *Registry {
	t.Helper()
	root := t.TempDir()
	if shell != nil {
		assets := filepath.Join(root, "shell", "assets")
		if err := os.MkdirAll(assets, 0o755); err != nil {
			t.Fatal(err)
		}
		m := `{"id":"shell","name":"shell","metaData":{"remoteEntry":{"name":"","path":""},"pluginVersion":"2.9.2"},"shared":` + shared(shell...) + `}`
		if err := os.WriteFile(filepath.Join(assets, "mf-manifest.json"), []byte(m), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Open(filepath.Join(root, "modules"), nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// remoteBuild is build() with the given shared packages in its manifest, built with
// the shell's Module Federation version.
func remoteBuild(version string, pkgs ...string) map[string][]byte {
	return remoteBuildWith("2.9.2", version, pkgs...)
}

// remoteBuildWith is remoteBuild by another Module Federation version ("" says none).
func remoteBuildWith(federation, version string, pkgs ...string) map[string][]byte {
	f := build(version)
	plugin := ""
	if federation != "" {
		plugin = fmt.Sprintf(`,"pluginVersion":%q`, federation)
	}
	f["mf-manifest.json"] = []byte(`{"name":"mf_menu","metaData":{"remoteEntry":{"name":"remoteEntry.js","path":""}` + plugin + `},"shared":` + shared(pkgs...) + `}`)
	return f
}

// A remote runs on the shell's federation runtime, so it must be built with the same
// Module Federation version; a manifest that does not say is refused too.
func TestPublishRefusesAnotherModuleFederationVersion(t *testing.T) {
	for _, c := range []struct{ version, want string }{
		{"2.10.0", "mf-menu was built with Module Federation 2.10.0; the page's shell runs 2.9.2"},
		{"", "mf-menu was built with Module Federation an unknown version"},
	} {
		r := buildLayout(t, shellShared)
		_, err := r.Publish(context.Background(), "mf-menu", "1.0.0", remoteBuildWith(c.version, "1.0.0", "react", "19.2.0"), "a")
		if !errors.Is(err, ErrBadUpload) || !strings.Contains(err.Error(), c.want) {
			t.Fatalf("built with %q: %v", c.version, err)
		}
	}
	r := buildLayout(t, shellShared)
	if _, err := r.Publish(context.Background(), "mf-menu", "1.0.0", remoteBuildWith("2.9.2", "1.0.0", "react", "19.2.0"), "a"); err != nil {
		t.Fatalf("the shell's version: %v", err)
	}
}

func TestPublishTakesABuildWithTheShellsSingletons(t *testing.T) {
	r := buildLayout(t, shellShared)
	// Patch and minor differences are what a caret range takes; a package the shell
	// does not share is not compared.
	f := remoteBuild("1.0.0", "react", "19.3.1", "react/jsx-runtime", "19.0.0", "zustand", "5.0.2",
		"@henhouse/kit/router", "1.2.0", "@henhouse/kit/menu/filter", "2.0.0", "tiny-lib", "0.3.9", "left-pad", "9.0.0")
	p, err := r.Publish(context.Background(), "mf-menu", "1.0.0", f, "a")
	if err != nil || !p.Created {
		t.Fatalf("publish: %+v %v", p, err)
	}
	if got := r.Versions("mf-menu"); len(got) != 1 || got[0] != "1.0.0" {
		t.Fatalf("versions: %v", got)
	}
}

func TestPublishRefusesAnotherMajorOfASingleton(t *testing.T) {
	cases := []struct {
		name string
		pkgs []string
		want []string
	}{
		{"react", []string{"react", "20.0.0", "zustand", "5.1.0"},
			[]string{"mf-menu was built with react 20.0.0; the page has react 19.2.0", "major version"}},
		{"react-dom/client", []string{"react-dom/client", "18.3.1"},
			[]string{"react-dom/client 18.3.1", "react-dom/client 19.2.0"}},
		{"kit module", []string{"react", "19.2.0", "@henhouse/kit/tokens", "2.0.0"},
			[]string{"mf-menu was built with @henhouse/kit/tokens 2.0.0; the page has @henhouse/kit/tokens 1.0.0"}},
		{"0.x minor", []string{"tiny-lib", "0.4.0"},
			[]string{"tiny-lib 0.4.0", "tiny-lib 0.3.1", "minor version (0.3)"}},
		{"no version", []string{"zustand", ""},
			[]string{"zustand", "5.1.0"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := buildLayout(t, shellShared)
			_, err := r.Publish(context.Background(), "mf-menu", "1.1.0", remoteBuild("1.1.0", c.pkgs...), "a")
			if !errors.Is(err, ErrBadUpload) {
				t.Fatalf("want ErrBadUpload, got %v", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("message %q does not say %q", err, w)
				}
			}
			if _, serr := os.Stat(filepath.Join(r.Dir(), "mf-menu", "1.1.0")); !errors.Is(serr, os.ErrNotExist) {
				t.Fatalf("a refused build was written: %v", serr)
			}
			if len(r.Versions("mf-menu")) != 0 {
				t.Fatal("a refused build is listed")
			}
		})
	}
}

// tiny-lib is shared by the shell as a singleton through its manifest's flag alone: a
// 0.x version keeps its minor, any patch goes.
func TestPublishZeroMajorKeepsTheMinor(t *testing.T) {
	r := buildLayout(t, shellShared)
	if _, err := r.Publish(context.Background(), "mf-menu", "1.0.0", remoteBuild("1.0.0", "tiny-lib", "0.3.0"), "a"); err != nil {
		t.Fatalf("the same minor: %v", err)
	}
	if _, err := r.Publish(context.Background(), "mf-menu", "1.0.1", remoteBuild("1.0.1", "tiny-lib", "0.2.9"), "a"); !errors.Is(err, ErrBadUpload) {
		t.Fatalf("another minor: %v", err)
	}
}

// Every mismatch is named at once, so one rebuild fixes them all.
func TestPublishNamesEveryMismatch(t *testing.T) {
	r := buildLayout(t, shellShared)
	_, err := r.Publish(context.Background(), "mf-menu", "1.0.0", remoteBuild("1.0.0", "react", "18.0.0", "zustand", "4.5.0"), "a")
	if !errors.Is(err, ErrBadUpload) || !strings.Contains(err.Error(), "react 18.0.0") || !strings.Contains(err.Error(), "zustand 4.5.0") {
		t.Fatalf("both mismatches: %v", err)
	}
}

func TestPublishWithoutAShellBuild(t *testing.T) {
	r := buildLayout(t, nil)
	p, err := r.Publish(context.Background(), "mf-menu", "1.0.0", remoteBuild("1.0.0", "react", "20.0.0"), "a")
	if err != nil || !p.Created {
		t.Fatalf("no shell to compare with: %+v %v", p, err)
	}
}

func TestCaretLine(t *testing.T) {
	for v, want := range map[string]string{"19.2.0": "v19", "0.3.1": "v0.3", "1.0.0-rc.1": "v1", "v2.1.0": "v2"} {
		if got, ok := caretLine(v); !ok || got != want {
			t.Errorf("caretLine(%q) = %q %v, want %q", v, got, ok, want)
		}
	}
	for _, v := range []string{"", "*", "latest", "19.x"} {
		if _, ok := caretLine(v); ok {
			t.Errorf("caretLine(%q) took it", v)
		}
	}
}
