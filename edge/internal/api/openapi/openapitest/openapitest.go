// Package openapitest checks real answers of the edge against api/openapi.yaml, so
// that the document the front end generates its types from cannot drift from what
// the handlers send. Tests use it; the edge itself never imports it.
package openapitest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/henhouse/platform/api"
)

// Base is the prefix of every path of the document (its server URL).
const Base = "/api"

// ErrNoOperation is returned for a request that no operation of the document describes.
var ErrNoOperation = errors.New("no operation in api/openapi.yaml")

// Validator checks answers against the document.
type Validator struct {
	doc    *openapi3.T
	router routers.Router

	mu sync.Mutex
	// answered counts the checked answers per "operationId status".
	answered map[string]int
	// codes counts the checked error answers per "operationId status code".
	codes map[string]int
}

// Server-Sent Events streams are described as strings: their bodies are read as
// text, and each event's data is checked against its schema by the test that reads
// the stream (CheckSchema).
func init() {
	openapi3filter.RegisterBodyDecoder("text/event-stream", openapi3filter.PlainBodyDecoder)
}

// New loads and validates the embedded document.
func New() (*Validator, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(api.Document)
	if err != nil {
		return nil, fmt.Errorf("api/openapi.yaml: %w", err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		return nil, fmt.Errorf("api/openapi.yaml is not a valid OpenAPI document: %w", err)
	}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("api/openapi.yaml: %w", err)
	}
	return &Validator{doc: doc, router: router, answered: map[string]int{}, codes: map[string]int{}}, nil
}

// Doc is the loaded document.
func (v *Validator) Doc() *openapi3.T { return v.doc }

// Operations lists every operation as "METHOD /path" with the /api prefix
// ("GET /api/locations/{id}").
func (v *Validator) Operations() []string {
	var out []string
	for path, item := range v.doc.Paths.Map() {
		for method := range item.Operations() {
			out = append(out, method+" "+Base+path)
		}
	}
	sort.Strings(out)
	return out
}

// Answer is one request and the edge's answer to it.
type Answer struct {
	Method string
	// Target is the request path with its query ("/api/locations?state=OH").
	Target string
	// RequestHeader and RequestBody are what was sent.
	RequestHeader http.Header
	RequestBody   []byte
	Status        int
	Header        http.Header
	Body          []byte
}

// Check validates an answer: its status, content type and body against the
// operation's response, and, when the edge accepted the request (2xx), the request
// against the operation's parameters and body, since a request the edge takes must
// be one the document allows. Security requirements are not checked.
func (v *Validator) Check(a Answer) error {
	req, err := http.NewRequest(a.Method, "http://edge.test"+a.Target, bytes.NewReader(a.RequestBody))
	if err != nil {
		return err
	}
	for k, vs := range a.RequestHeader {
		req.Header[k] = vs
	}
	route, params, err := v.router.FindRoute(req)
	if err != nil {
		return fmt.Errorf("%w (%v)", ErrNoOperation, err)
	}
	v.mu.Lock()
	v.answered[fmt.Sprintf("%s %d", route.Operation.OperationID, a.Status)]++
	code := errorCode(a.Body)
	if a.Status >= 400 {
		v.codes[fmt.Sprintf("%s %d %s", route.Operation.OperationID, a.Status, code)]++
	}
	v.mu.Unlock()
	opts := &openapi3filter.Options{
		AuthenticationFunc: openapi3filter.NoopAuthenticationFunc,
		MultiError:         true,
	}
	reqIn := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: opts}
	ctx := context.Background()
	var problems []string
	if a.Status >= 200 && a.Status < 300 {
		if err := openapi3filter.ValidateRequest(ctx, reqIn); err != nil {
			problems = append(problems, "request: "+describe(err))
		}
	}
	// A client can only handle the failures it knows of: every 4xx the edge answers
	// must be listed under its own status, whose schema enumerates the codes, rather
	// than fall through to `default` (kin-openapi picks the explicit status first, so
	// the enum there is what the body is checked against).
	if a.Status >= 400 && a.Status < 500 && route.Operation.Responses.Status(a.Status) == nil {
		problems = append(problems, fmt.Sprintf("answer %d (code %s): the operation lists no %d response", a.Status, code, a.Status))
	}
	resIn := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: reqIn,
		Status:                 a.Status,
		Header:                 a.Header,
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	resIn.SetBodyBytes(a.Body)
	if err := openapi3filter.ValidateResponse(ctx, resIn); err != nil {
		problems = append(problems, fmt.Sprintf("answer %d: %s", a.Status, describe(err)))
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s %s (operation %s) does not match api/openapi.yaml:\n  %s\n  body: %s",
			a.Method, a.Target, route.Operation.OperationID, strings.Join(problems, "\n  "), excerpt(a.Body))
	}
	return nil
}

// CheckError validates the body of an answer that no operation describes (the 404
// of an unknown /api path) against the error schema every failed call shares.
func (v *Validator) CheckError(status int, body []byte) error {
	if err := v.CheckSchema("Error", body); err != nil {
		return fmt.Errorf("error answer %d: %w", status, err)
	}
	return nil
}

// CheckSchema validates JSON against a schema of the document's components (the data
// of a Server-Sent Event, which the document cannot describe per event).
func (v *Validator) CheckSchema(name string, body []byte) error {
	ref := v.doc.Components.Schemas[name]
	if ref == nil || ref.Value == nil {
		return fmt.Errorf("api/openapi.yaml has no %s schema", name)
	}
	var value any
	if err := json.Unmarshal(body, &value); err != nil {
		return fmt.Errorf("not JSON: %s", excerpt(body))
	}
	if err := ref.Value.VisitJSON(value, openapi3.EnableJSONSchema2020(), openapi3.VisitAsResponse()); err != nil {
		return fmt.Errorf("does not match the %s schema: %s\n  body: %s", name, describe(err), excerpt(body))
	}
	return nil
}

// Answered lists the "operationId status" pairs checked so far, with their counts.
func (v *Validator) Answered() map[string]int {
	v.mu.Lock()
	defer v.mu.Unlock()
	out := make(map[string]int, len(v.answered))
	for k, n := range v.answered {
		out[k] = n
	}
	return out
}

// ErrorCodes lists the "operationId status code" triples of the error answers
// checked so far, with their counts: what the tests saw the edge answer, to compare
// with the codes each operation's responses list.
func (v *Validator) ErrorCodes() map[string]int {
	v.mu.Lock()
	defer v.mu.Unlock()
	out := make(map[string]int, len(v.codes))
	for k, n := range v.codes {
		out[k] = n
	}
	return out
}

// errorCode is error.code of an error body, or "-" when the body has none.
func errorCode(body []byte) string {
	var e struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil || e.Error.Code == "" {
		return "-"
	}
	return e.Error.Code
}

// describe flattens kin-openapi's nested errors into lines that name the field.
func describe(err error) string {
	var me openapi3.MultiError
	if errors.As(err, &me) {
		parts := make([]string, 0, len(me))
		for _, e := range me {
			parts = append(parts, describe(e))
		}
		return strings.Join(parts, "; ")
	}
	var se *openapi3.SchemaError
	if errors.As(err, &se) {
		where := strings.Join(se.JSONPointer(), ".")
		if where == "" {
			where = "(body)"
		}
		return fmt.Sprintf("at %s: %s", where, se.Reason)
	}
	return strings.Join(strings.Fields(err.Error()), " ")
}

var spaces = regexp.MustCompile(`\s+`)

func excerpt(b []byte) string {
	s := spaces.ReplaceAllString(string(b), " ")
	if len(s) > 600 {
		s = s[:600] + "…"
	}
	return s
}
