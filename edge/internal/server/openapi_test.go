package server

import (
	"errors"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/valyala/fasthttp"

	"github.com/henhouse/platform/edge/internal/api/openapi/openapitest"
)

// The contract of /api is api/openapi.yaml. Every server built by newTestServerWith
// checks each /api answer it gives against it (checkAPIAnswers), so a handler that
// sends a field, a status or a null the document does not describe fails the test
// that made the call, and the front end's generated types stay true.

var contractDoc = sync.OnceValues(openapitest.New)

func apiContract(t *testing.T) *openapitest.Validator {
	t.Helper()
	v, err := contractDoc()
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// checkAPIAnswers wraps the server's request handler, which every App.Test call
// goes through, so that each /api answer is validated after it is written.
func checkAPIAnswers(t *testing.T, s *Server) {
	t.Helper()
	v := apiContract(t)
	srv := s.App.Server()
	next := srv.Handler
	srv.Handler = func(ctx *fasthttp.RequestCtx) {
		next(ctx)
		if err := checkAnswer(v, ctx); err != nil {
			t.Errorf("api contract: %v", err)
		}
	}
}

func checkAnswer(v *openapitest.Validator, ctx *fasthttp.RequestCtx) error {
	method := string(ctx.Method())
	if !strings.HasPrefix(string(ctx.Path()), openapitest.Base+"/") || method == "HEAD" || method == "OPTIONS" {
		return nil
	}
	body := ctx.Response.Body()
	if len(ctx.Response.Header.ContentEncoding()) > 0 {
		var err error
		if body, err = ctx.Response.BodyUncompressed(); err != nil {
			return err
		}
	}
	a := openapitest.Answer{
		Method: method, Target: string(ctx.RequestURI()),
		RequestHeader: http.Header{}, RequestBody: slices.Clone(ctx.Request.Body()),
		Status: ctx.Response.StatusCode(), Header: http.Header{}, Body: slices.Clone(body),
	}
	for k, val := range ctx.Request.Header.All() {
		a.RequestHeader.Add(string(k), string(val))
	}
	for k, val := range ctx.Response.Header.All() {
		a.Header.Add(string(k), string(val))
	}
	err := v.Check(a)
	if errors.Is(err, openapitest.ErrNoOperation) && a.Status >= 400 {
		// No such endpoint: the answer is still an error in the shared shape.
		return v.CheckError(a.Status, a.Body)
	}
	return err
}

// Every /api route of the edge (with the developer endpoints, which exist outside
// production) has an operation in api/openapi.yaml, and every operation a route.
func TestAPIRoutesMatchTheOpenAPIDocument(t *testing.T) {
	s := newDevServer(t)
	routes := map[string]bool{}
	for _, r := range s.App.GetRoutes(true) {
		if !strings.HasPrefix(r.Path, openapitest.Base+"/") || r.Method == "HEAD" || r.Method == "OPTIONS" || r.Method == "CONNECT" || r.Method == "TRACE" {
			continue
		}
		path := paramRE.ReplaceAllString(r.Path, "{$1}")
		path = strings.Replace(path, "*", "{slug}", 1)
		routes[r.Method+" "+path] = true
	}
	ops := map[string]bool{}
	for _, op := range apiContract(t).Operations() {
		ops[op] = true
		if !routes[op] {
			t.Errorf("api/openapi.yaml has %s, which the edge does not serve", op)
		}
	}
	for r := range routes {
		if !ops[r] {
			t.Errorf("%s has no operation in api/openapi.yaml", r)
		}
	}
	if len(routes) < 75 {
		t.Fatalf("only %d API routes found", len(routes))
	}
}

// The document is served as JSON, to anyone, without a session or a CSRF token.
func TestOpenAPIDocumentIsServed(t *testing.T) {
	s := newTestServer(t)
	resp, body := get(t, s, "/api/openapi.json")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("openapi.json: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, "public") {
		t.Fatalf("openapi.json should be cacheable: %q", cc)
	}
	if !strings.Contains(body, `"openapi":"3.1.0"`) || !strings.Contains(body, `"operationId":"getCart"`) {
		t.Fatalf("openapi.json is not the document: %.200s", body)
	}
}
