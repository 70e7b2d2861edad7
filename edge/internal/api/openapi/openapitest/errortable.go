package openapitest

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// The table of error codes in docs/api.md is written from the document, between
// these two lines, so that it cannot list a code the edge does not answer or miss
// one it does.
const (
	TableStart = "<!-- error-codes:start (written from api/openapi.yaml; refresh: UPDATE_DOCS=1 go test ./edge/internal/api/openapi/openapitest -run ErrorTable) -->"
	TableEnd   = "<!-- error-codes:end -->"
)

// ErrorMeanings is the document's x-error-codes: each error code's meaning, in words a
// client developer reads.
func (v *Validator) ErrorMeanings() map[string]string {
	out := map[string]string{}
	raw, _ := v.doc.Components.Extensions["x-error-codes"].(map[string]any)
	for code, m := range raw {
		s, _ := m.(string)
		out[code] = s
	}
	return out
}

// ListedCodes maps each error code the operations list to its statuses and, per
// status, the operationIds that can answer it.
func (v *Validator) ListedCodes() map[string]map[int][]string {
	out := map[string]map[int][]string{}
	for _, item := range v.doc.Paths.Map() {
		for _, op := range item.Operations() {
			for key, ref := range op.Responses.Map() {
				status, err := strconv.Atoi(key)
				if err != nil || status < 400 || ref.Value == nil {
					continue
				}
				for _, code := range codesOf(ref.Value) {
					if out[code] == nil {
						out[code] = map[int][]string{}
					}
					out[code][status] = append(out[code][status], op.OperationID)
				}
			}
		}
	}
	for _, byStatus := range out {
		for _, ops := range byStatus {
			sort.Strings(ops)
		}
	}
	return out
}

// codesOf is the enum of error.code in a response's JSON schema (the allOf form).
func codesOf(r *openapi3.Response) []string {
	mt := r.Content.Get("application/json")
	if mt == nil || mt.Schema == nil || mt.Schema.Value == nil {
		return nil
	}
	var out []string
	for _, part := range mt.Schema.Value.AllOf {
		e := part.Value.Properties["error"]
		if e == nil || e.Value == nil || e.Value.Properties["code"] == nil {
			continue
		}
		for _, c := range e.Value.Properties["code"].Value.Enum {
			out = append(out, fmt.Sprint(c))
		}
	}
	return out
}

// ErrorTable is the Markdown table of every listed error code: its status, meaning
// and the operations that answer it, in code order.
func (v *Validator) ErrorTable() (string, error) {
	listed, meanings := v.ListedCodes(), v.ErrorMeanings()
	codes := make([]string, 0, len(listed))
	var missing []string
	for code := range listed {
		codes = append(codes, code)
		if meanings[code] == "" {
			missing = append(missing, code)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return "", fmt.Errorf("api/openapi.yaml: components.x-error-codes has no meaning for %s", strings.Join(missing, ", "))
	}
	sort.Strings(codes)
	var b strings.Builder
	b.WriteString("| code | status | meaning | operations |\n|---|---|---|---|\n")
	for _, code := range codes {
		statuses := make([]int, 0, len(listed[code]))
		for s := range listed[code] {
			statuses = append(statuses, s)
		}
		sort.Ints(statuses)
		var st, ops []string
		for _, s := range statuses {
			st = append(st, strconv.Itoa(s))
			ids := listed[code][s]
			if len(ids) > 12 {
				ops = append(ops, fmt.Sprintf("%d operations", len(ids)))
			} else {
				ops = append(ops, strings.Join(ids, ", "))
			}
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", code, strings.Join(st, ", "), meanings[code], strings.Join(ops, "; "))
	}
	return b.String(), nil
}

// ReplaceTable puts table between the markers of doc, or errors when they are missing.
func ReplaceTable(doc, table string) (string, error) {
	start := strings.Index(doc, TableStart)
	end := strings.Index(doc, TableEnd)
	if start < 0 || end < start {
		return "", fmt.Errorf("docs/api.md lacks the lines %q and %q", TableStart, TableEnd)
	}
	return doc[:start+len(TableStart)] + "\n\n" + table + "\n" + doc[end:], nil
}
