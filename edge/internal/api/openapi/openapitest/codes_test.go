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
var internalCodes = map[string]string{
	"too_many_uploads": "answered by the admin site's image uploads, which are not part of /api",
}

// TestFaultCodesDocumented reads every fault.New(kind, "code", ...) and
// &fault.Error{Code: "code"} in the edge's non-test Go sources and checks the code
// has a meaning in the document. Codes built at run time (payment_+status) are
// out of its reach.
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

// faultCodes maps each string-literal code built with fault.New or a fault.Error
// literal under root to the first file that builds it.
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
		note := func(lit ast.Expr) {
			bl, ok := lit.(*ast.BasicLit)
			if !ok || bl.Kind != token.STRING {
				return
			}
			code, err := strconv.Unquote(bl.Value)
			if err != nil {
				return
			}
			if _, seen := codes[code]; !seen {
				rel, _ := filepath.Rel(root, path)
				codes[code] = rel
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			// &fault.Error{Code: "…"} builds a code as surely as fault.New does.
			if cl, ok := n.(*ast.CompositeLit); ok {
				if sel, ok := cl.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" {
					if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "fault" {
						for _, e := range cl.Elts {
							if kv, ok := e.(*ast.KeyValueExpr); ok {
								if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Code" {
									note(kv.Value)
								}
							}
						}
					}
				}
				return true
			}
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
			note(call.Args[1])
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return codes
}
