package internal_test

// The edge's layers, read from the import graph (`go list -json ./...`), the Go twin
// of kit/src/boundaries.test.ts. Arrows point one way:
//
//	api/<area> (handlers) → services/<name> → providers/<name> (contracts) → store
//
// server wires everything and is the only package that knows the implementations
// (providers/<name>/builtin). docs/architecture.md, "Edge packages", describes them.

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const internal = "github.com/henhouse/platform/edge/internal/"

// rule forbids arrows from packages matching from to packages matching to. Patterns
// name edge/internal/ packages unless they name a module ("github.com/…"); "*"
// matches one path element, "**" any number, and a trailing "/**" the package too.
type rule struct {
	from, to string
	why      string
	// except allows an arrow the patterns would catch (same area, same provider).
	except func(from, to string) bool
}

// seg returns the n-th path element below edge/internal/ ("api/account" → 1: "account").
func seg(p string, n int) string {
	parts := strings.Split(strings.TrimPrefix(p, internal), "/")
	if n < len(parts) {
		return parts[n]
	}
	return ""
}

var (
	sameArea     = func(from, to string) bool { return seg(from, 1) == seg(to, 1) }
	httpPackages = []string{"auth", "clientip", "csrf", "csp", "ratelimit", "botcheck", "session", "httpx", "page", "pages", "routes", "telemetry"}
)

func rules() []rule {
	rs := []rule{
		{from: "api/**", to: "api/**", except: sameArea,
			why: "a handler package does not import another handler package; shared work lives in a service"},
		{from: "api/**", to: "github.com/redis/**", why: "handlers reach storage through a provider or a store interface"},
		{from: "api/**", to: "github.com/alicebob/**", why: "handlers reach storage through a provider or a store interface"},
		{from: "api/**", to: "providers/*/*/**", why: "handlers depend on provider contracts; server picks the implementation"},
		{from: "api/**", to: "server/**", why: "server wires handlers, not the other way"},
		// pages is the page handler, a handler beside api/<area>: it answers a request from
		// provider contracts and knows no other handler.
		{from: "pages/**", to: "api/**", why: "the page handler does not import a handler package; shared work lives in a service"},
		{from: "api/**", to: "pages/**", why: "a handler package does not import the page handler"},
		{from: "pages/**", to: "github.com/redis/**", why: "the page handler reaches storage through a provider or the session"},
		{from: "services/**", to: "pages/**", why: "services are called by handlers and know no HTTP routes"},
		{from: "services/**", to: "api/**", why: "services are called by handlers and know no HTTP routes"},
		{from: "services/**", to: "server/**", why: "server wires services, not the other way"},
		{from: "services/**", to: "providers/*/*/**", why: "services depend on provider contracts; server picks the implementation"},
		{from: "services/**", to: "github.com/gofiber/**", why: "services take a context and ids, not a request"},
		{from: "providers/**", to: "api/**", why: "providers keep rules and data; handlers call them"},
		{from: "providers/**", to: "services/**", why: "services call providers, not the other way"},
		{from: "providers/**", to: "server/**", why: "server wires providers, not the other way"},
		{from: "providers/**", to: "github.com/gofiber/**", why: "providers never speak HTTP; handlers do"},
		{from: "providers/**", to: "github.com/valyala/fasthttp/**", why: "providers never speak HTTP; handlers do"},
		{from: "providers/*", to: "providers/**", except: func(from, to string) bool { return from == to },
			why: "provider contracts are independent; a service translates between them"},
		{from: "providers/*/**", to: "providers/**", except: sameArea,
			why: "an implementation knows only its own contract"},
		{from: "store/**", to: "**", except: func(_, to string) bool { return strings.HasPrefix(to, internal+"store") },
			why: "the store is the bottom layer"},
		{from: "fault/**", to: "**", why: "fault is a leaf every layer may use"},
		{from: "site/**", to: "**", why: "site holds constants every layer may use"},
		{from: "**", to: "server/**", except: func(from, _ string) bool { return strings.HasPrefix(from, internal+"server") },
			why: "only cmd/edge starts the server"},
		{from: "**", to: "providers/*/*/**", except: func(from, to string) bool {
			return strings.HasPrefix(from, internal+"server") || sameArea(from, to)
		}, why: "only server picks provider implementations"},
	}
	for _, p := range httpPackages {
		rs = append(rs, rule{from: "providers/**", to: p + "/**", why: "providers never speak HTTP; handlers and guards do"})
		rs = append(rs, rule{from: "store/**", to: p + "/**", why: "the store is the bottom layer"})
	}
	return rs
}

// match reports whether import path p matches pattern pat.
func match(pat, p string) bool {
	if !strings.HasPrefix(pat, "github.com/") {
		if !strings.HasPrefix(p, internal) {
			return false
		}
		p = strings.TrimPrefix(p, internal)
	}
	return matchParts(strings.Split(pat, "/"), strings.Split(p, "/"))
}

func matchParts(pat, p []string) bool {
	if len(pat) == 0 {
		return len(p) == 0
	}
	if pat[0] == "**" {
		for i := 0; i <= len(p); i++ {
			if matchParts(pat[1:], p[i:]) {
				return true
			}
		}
		return false
	}
	if len(p) == 0 {
		return false
	}
	if ok, _ := path.Match(pat[0], p[0]); !ok {
		return false
	}
	return matchParts(pat[1:], p[1:])
}

// violations lists the forbidden arrows among edges (package → its direct imports).
func violations(edges map[string][]string, rs []rule) []string {
	var out []string
	for from, tos := range edges {
		if !strings.HasPrefix(from, internal) {
			continue
		}
		for _, to := range tos {
			if !strings.Contains(to, ".") || to == from {
				continue // the standard library
			}
			for _, r := range rs {
				if match(r.from, from) && match(r.to, to) && (r.except == nil || !r.except(from, to)) {
					out = append(out, short(from)+" → "+short(to)+": "+r.why)
					break
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

func short(p string) string { return strings.TrimPrefix(p, internal) }

// importGraph is every edge package with its direct, non-test imports.
func importGraph(t *testing.T) map[string][]string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to read the import graph: %v", err)
	}
	cmd := exec.Command(goTool, "list", "-json", "./...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	edges := map[string][]string{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		edges[p.ImportPath] = p.Imports
	}
	return edges
}

func TestImportGraphFollowsTheLayers(t *testing.T) {
	edges := importGraph(t)
	// The graph was read: the layers this test guards are all there.
	for _, p := range []string{"api/account", "api/appdata", "services/member", "providers/loyalty", "providers/ordering", "store", "server"} {
		if _, ok := edges[internal+p]; !ok {
			t.Fatalf("package %s missing from the import graph", p)
		}
	}
	for _, v := range violations(edges, rules()) {
		t.Error("forbidden import " + v)
	}
}

// TestRulesCatchWrongArrows keeps the rules honest: each arrow the architecture
// forbids is reported, by name, and the allowed ones are not.
func TestRulesCatchWrongArrows(t *testing.T) {
	i := func(p string) string { return internal + p }
	forbidden := [][2]string{
		{i("api/appdata"), i("api/account")},
		{i("api/appdata"), "github.com/redis/go-redis/v9"},
		{i("api/account"), i("providers/loyalty/builtin")},
		{i("services/member"), i("api/account")},
		{i("services/member"), i("server")},
		{i("providers/loyalty"), i("providers/ordering")},
		{i("providers/loyalty/builtin"), "github.com/gofiber/fiber/v3"},
		{i("providers/loyalty/builtin"), i("providers/ordering")},
		{i("providers/ordering/builtin"), i("services/member")},
		{i("providers/payments"), i("session")},
		{i("store"), i("providers/ordering")},
		{i("store"), i("auth")},
		{i("auth"), i("server")},
		{i("page"), i("providers/content/builtin")},
		{i("api/content"), i("providers/content/storyblok")},
		{i("pages"), i("api/content")},
		{i("pages"), i("providers/ordering/builtin")},
		{i("pages"), i("server")},
		{i("services/member"), i("pages")},
		{i("providers/ordering"), i("pages")},
	}
	for _, e := range forbidden {
		got := violations(map[string][]string{e[0]: {e[1]}}, rules())
		want := short(e[0]) + " → " + short(e[1]) + ": "
		if len(got) != 1 || !strings.HasPrefix(got[0], want) {
			t.Errorf("%s → %s not reported: %v", e[0], e[1], got)
		}
	}
	allowed := [][2]string{
		{i("api/account"), i("services/member")},
		{i("api/account"), i("providers/loyalty")},
		{i("api/appdata"), i("store")},
		{i("services/member"), i("providers/ordering")},
		{i("services/member"), i("auth")},
		{i("providers/loyalty/builtin"), i("providers/loyalty")},
		{i("providers/loyalty/builtin"), i("store")},
		{i("providers/ordering/builtin"), "github.com/redis/go-redis/v9"},
		{i("providers/ordering"), i("fault")},
		{i("server"), i("providers/loyalty/builtin")},
		{i("server"), i("pages")},
		{i("pages"), i("providers/ordering")},
		{i("pages"), i("page")},
		{"github.com/henhouse/platform/edge/cmd/edge", i("server")},
	}
	for _, e := range allowed {
		if got := violations(map[string][]string{e[0]: {e[1]}}, rules()); len(got) != 0 {
			t.Errorf("allowed arrow reported: %v", got)
		}
	}
}

// compositeProviders are the composite provider types: an ordering system or loyalty
// program that fills every role. Only server (which picks the implementation) and
// the providers themselves name them; everything else takes the roles it uses, so a
// test fake implements one role and a program may fill only some
// (docs/providers.md).
var compositeProviders = map[string]bool{
	internal + "providers/loyalty":  true,
	internal + "providers/ordering": true,
}

// compositeAllowedIn reports whether the package at dir (relative to edge/internal)
// may name a composite provider: server, and the provider packages with their
// implementations.
func compositeAllowedIn(dir string) bool {
	return dir == "server" || strings.HasPrefix(dir, "server/") || dir == "providers" || strings.HasPrefix(dir, "providers/")
}

// compositeUses lists "file:line: pkg.Provider" for every non-test Go file under root
// (edge/internal) outside the allowed packages that names a composite provider type.
func compositeUses(t *testing.T, root string, skip map[string]bool) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		dir, _ := filepath.Rel(root, filepath.Dir(p))
		dir = filepath.ToSlash(dir)
		if compositeAllowedIn(dir) || skip[dir] {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		// The local names of the provider contracts' imports in this file.
		names := map[string]string{}
		for _, im := range f.Imports {
			ip, _ := strconv.Unquote(im.Path.Value)
			if !compositeProviders[ip] {
				continue
			}
			name := path.Base(ip)
			if im.Name != nil {
				name = im.Name.Name
			}
			names[name] = path.Base(ip)
		}
		if len(names) == 0 {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Provider" {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && names[x.Name] != "" {
				rel, _ := filepath.Rel(root, p)
				out = append(out, fmt.Sprintf("%s:%d: %s.Provider", filepath.ToSlash(rel), fset.Position(sel.Pos()).Line, names[x.Name]))
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

func TestOnlyServerNamesACompositeProvider(t *testing.T) {
	for _, use := range compositeUses(t, ".", nil) {
		t.Errorf("%s: take the roles the package uses (a field per role, or a local interface of them), not the whole provider; server picks the implementation and hands each role over", use)
	}
}

// TestCompositeUsesAreFound keeps the check honest on a package made for it: an
// aliased import is followed, a test file and the allowed packages are not read.
func TestCompositeUsesAreFound(t *testing.T) {
	root := t.TempDir()
	write := func(name, src string) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const imports = `import (
	lp "github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)
`
	write("api/x/x.go", "package x\n\n"+imports+"\ntype C struct {\n\tL lp.Provider\n\tO ordering.Locations\n}\n\nvar _ ordering.Provider\n")
	write("api/x/x_test.go", "package x\n\n"+imports+"\nvar _ lp.Provider\nvar _ ordering.Provider\n")
	write("server/s.go", "package server\n\n"+imports+"\nvar _ lp.Provider\nvar _ ordering.Provider\n")
	write("providers/loyalty/builtin/b.go", "package builtin\n\n"+imports+"\nvar _ lp.Provider\nvar _ ordering.Provider\n")
	write("services/y/y.go", "package y\n\nimport \"github.com/henhouse/platform/edge/internal/providers/loyalty\"\n\nvar _ loyalty.Provider\n")
	got := compositeUses(t, root, nil)
	want := []string{"api/x/x.go:13: ordering.Provider", "api/x/x.go:9: loyalty.Provider", "services/y/y.go:5: loyalty.Provider"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("found %q\nwant %q", got, want)
	}
	if got := compositeUses(t, root, map[string]bool{"api/x": true}); len(got) != 1 {
		t.Fatalf("a package converted separately is skipped: %q", got)
	}
}
