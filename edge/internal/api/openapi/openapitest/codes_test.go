package openapitest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// internalCodes are fault codes built in the edge that never reach a client as
// written: they are translated or swallowed before an answer leaves the edge.
// Each needs a reason; any other code a Go source builds must have a meaning in
// components.x-error-codes, because a client can get it.
var internalCodes = map[string]string{}

// TestFaultCodesDocumented reads every fault.New(kind, "code", ...) in the
// edge's non-test Go sources and checks the code has a meaning in the document.
func TestFaultCodesDocumented(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	meanings := v.ErrorMeanings()
	codes := faultCodes(t, filepath.Join("..", "..", ".."))
	if len(codes) < 50 {
		t.Fatalf("found only %d fault codes; is the source walk broken?", len(codes))
	}
	var missing []string
	for code, where := range codes {
		if _, ok := internalCodes[code]; ok {
			continue
		}
		if _, ok := meanings[code]; !ok {
			missing = append(missing, code+" ("+where+")")
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("fault code %s has no meaning in components.x-error-codes", m)
	}
	for code := range internalCodes {
		if _, built := codes[code]; !built {
			t.Errorf("internal code %s is no longer built; drop it from the exceptions", code)
		}
	}
}

// faultCodes maps each string-literal code passed to fault.New under root to
// the first file that builds it.
func faultCodes(t *testing.T, root string) map[string]string {
	t.Helper()
	codes := map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) < 2 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "New" {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "fault" {
				return true
			}
			lit, ok := call.Args[1].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			code, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			if _, seen := codes[code]; !seen {
				rel, _ := filepath.Rel(root, path)
				codes[code] = rel
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return codes
}
