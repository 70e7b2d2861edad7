package pages

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/henhouse/platform/edge/internal/routes"
)

// Each row of the fillers table names a route of the site's table: a row for a route
// that does not exist would never fill a page.
func TestFillerTableNamesRoutes(t *testing.T) {
	ids := map[string]bool{}
	for _, r := range routes.Table("henhouse") {
		ids[r.ID] = true
	}
	for id := range fillerTable {
		if !ids[id] {
			t.Errorf("filler for %q, which is no route", id)
		}
	}
	for _, id := range []string{"home", "content", "jobs", "app-subscribe", "menu", "menu-product"} {
		if fillerTable[id] == nil {
			t.Errorf("no filler for %q, whose screen is prerendered", id)
		}
	}
}

// A filler whose provider roles are not there is left out, so its page is the route's
// alone; one whose roles are, is built.
func TestFillersNeedTheirRoles(t *testing.T) {
	if got := newFillers(&Deps{}); len(got) != 2 || got["giftcards-buy"] == nil || got["giftcards-balance"] == nil {
		t.Errorf("fillers without any provider: %v", got)
	}
}

// The page feature reads the providers through the roles it needs, never through a
// composite provider (docs/architecture.md, "Edge packages").
func TestNoCompositeProvider(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && sel.Sel.Name == "Provider" && (x.Name == "ordering" || x.Name == "loyalty") {
					t.Errorf("%s: %s.Provider", fset.Position(sel.Pos()), x.Name)
				}
			}
			return true
		})
	}
}
