package openapitest

import (
	"errors"
	"net/http"
	"os"
	"strings"
	"testing"
)

func TestDocumentLoads(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(v.Operations()); n < 75 {
		t.Fatalf("only %d operations", n)
	}
	seen := map[string]string{}
	for path, item := range v.Doc().Paths.Map() {
		for method, op := range item.Operations() {
			if op.OperationID == "" || len(op.Tags) != 1 {
				t.Errorf("%s %s: wants an operationId and one tag", method, path)
			}
			if other, dup := seen[op.OperationID]; dup {
				t.Errorf("operationId %s on %s %s and %s", op.OperationID, method, path, other)
			}
			seen[op.OperationID] = method + " " + path
		}
	}
}

func TestCheck(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	json := http.Header{"Content-Type": {"application/json; charset=utf-8"}}
	ok := Answer{Method: "GET", Target: "/api/contact/topics", Status: 200, Header: json, Body: []byte(`{"topics":[{"id":"order","label":"An order"}]}`)}
	if err := v.Check(ok); err != nil {
		t.Fatal(err)
	}
	wrong := ok
	wrong.Body = []byte(`{"topics":"order"}`)
	if err := v.Check(wrong); err == nil || !strings.Contains(err.Error(), "listContactTopics") {
		t.Fatalf("a wrong answer passed: %v", err)
	}
	extra := ok
	extra.Body = []byte(`{"topics":[],"more":1}`)
	if err := v.Check(extra); err == nil {
		t.Fatal("a field the document lacks passed")
	}
	e := Answer{Method: "GET", Target: "/api/locations/nope", Status: 404, Header: json, Body: []byte(`{"error":{"code":"location_not_found","message":"No."}}`)}
	if err := v.Check(e); err != nil {
		t.Fatal(err)
	}
	e.Body = []byte(`{"error":{"code":"location_not_found"}}`)
	if err := v.Check(e); err == nil {
		t.Fatal("an error without a message passed")
	}
	none := Answer{Method: "GET", Target: "/api/nowhere", Status: 404, Header: json, Body: []byte(`{}`)}
	if err := v.Check(none); !errors.Is(err, ErrNoOperation) {
		t.Fatalf("unknown path: %v", err)
	}
	cart := Answer{Method: "GET", Target: "/api/cart", Status: 200, Header: json, Body: []byte(`{"cart":null}`)}
	if err := v.Check(cart); err != nil {
		t.Fatal(err)
	}
}

func TestCheckError(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	if err := v.CheckError(404, []byte(`{"error":{"code":"not_found","message":"No such API endpoint: GET /api/nope"}}`)); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{`{"error":{"code":"x"}}`, `{"code":"x","message":"y"}`, `not json`, `{"error":{"code":"x","message":"y","fields":{"a":1}}}`} {
		if err := v.CheckError(400, []byte(bad)); err == nil {
			t.Errorf("%s passed as an error answer", bad)
		}
	}
}

// An error answer is held to the operation's own response for its status: a code
// that response does not list, or a status the operation does not list at all, fails
// even though the body has the shape every error shares.
func TestCheckUnlistedErrors(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	json := http.Header{"Content-Type": {"application/json; charset=utf-8"}}
	listed := Answer{Method: "GET", Target: "/api/locations/nope", Status: 404, Header: json, Body: []byte(`{"error":{"code":"location_not_found","message":"No."}}`)}
	if err := v.Check(listed); err != nil {
		t.Fatal(err)
	}
	code := listed
	code.Body = []byte(`{"error":{"code":"card_not_found","message":"No."}}`)
	if err := v.Check(code); err == nil || !strings.Contains(err.Error(), "getLocation") {
		t.Fatalf("a code getLocation does not list passed: %v", err)
	}
	status := listed
	status.Status = 409
	status.Body = []byte(`{"error":{"code":"cart_busy","message":"Busy."}}`)
	if err := v.Check(status); err == nil || !strings.Contains(err.Error(), "lists no 409 response") {
		t.Fatalf("a status getLocation does not list passed: %v", err)
	}
}

// docs/api.md's table of error codes is the one written from the document.
func TestErrorTable(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	table, err := v.ErrorTable()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| `csrf_failed` | 403 |", "| `location_not_found` | 404 |"} {
		if !strings.Contains(table, want) {
			t.Errorf("the table lacks %q", want)
		}
	}
	const path = "../../../../../docs/api.md"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := ReplaceTable(string(doc), table)
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("UPDATE_DOCS") != "" {
		if err := os.WriteFile(path, []byte(fresh), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if fresh != string(doc) {
		t.Fatal("docs/api.md's table of error codes is out of date with api/openapi.yaml; refresh it with\n" +
			"  UPDATE_DOCS=1 go test ./edge/internal/api/openapi/openapitest -run ErrorTable")
	}
}
