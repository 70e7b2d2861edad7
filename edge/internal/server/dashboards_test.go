package server

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"

	"github.com/henhouse/platform/edge/internal/admin"
)

// The Grafana dashboard and the Prometheus rules of deploy/ name only metrics and
// labels the edge exports: a renamed instrument or label fails here rather than as
// an empty panel or an alert that can never fire.

// ruleFile is the shape of a Prometheus rule file; decoding it with KnownFields
// refuses a misspelled key (an "anotations" would silently drop the summary).
type ruleFile struct {
	Groups []struct {
		Name     string `yaml:"name"`
		Interval string `yaml:"interval"`
		Rules    []struct {
			Alert       string            `yaml:"alert"`
			Record      string            `yaml:"record"`
			Expr        string            `yaml:"expr"`
			For         string            `yaml:"for"`
			Labels      map[string]string `yaml:"labels"`
			Annotations map[string]string `yaml:"annotations"`
		} `yaml:"rules"`
	} `yaml:"groups"`
}

// dashboard is the part of a Grafana dashboard model the test reads.
type dashboard struct {
	Inputs []struct {
		Name     string `json:"name"`
		Type     string `json:"type"`
		PluginID string `json:"pluginId"`
	} `json:"__inputs"`
	SchemaVersion int `json:"schemaVersion"`
	Templating    struct {
		List []struct {
			Name       string          `json:"name"`
			Type       string          `json:"type"`
			Datasource json.RawMessage `json:"datasource"`
			Definition string          `json:"definition"`
		} `json:"list"`
	} `json:"templating"`
	Panels []dashPanel `json:"panels"`
}

type dashPanel struct {
	ID         int             `json:"id"`
	Type       string          `json:"type"`
	Title      string          `json:"title"`
	Datasource json.RawMessage `json:"datasource"`
	Panels     []dashPanel     `json:"panels"` // a collapsed row's
	Targets    []struct {
		Expr       string          `json:"expr"`
		Datasource json.RawMessage `json:"datasource"`
	} `json:"targets"`
}

// selector is a metric named in a PromQL expression and the labels it matches on.
type selector struct {
	metric string
	labels []string
}

// promqlKeywords are the words of PromQL that are not metric names: operators and
// modifiers, and the aggregations, which "by (…)" may part from their "(". A function
// is followed by "(" and needs no entry.
var promqlKeywords = map[string]bool{
	"and": true, "or": true, "unless": true, "bool": true, "offset": true, "by": true, "without": true,
	"on": true, "ignoring": true, "group_left": true, "group_right": true, "inf": true, "nan": true,
	"sum": true, "min": true, "max": true, "avg": true, "group": true, "stddev": true, "stdvar": true,
	"count": true, "count_values": true, "bottomk": true, "topk": true, "quantile": true,
	"limitk": true, "limit_ratio": true,
}

// labelLists are the keywords followed by a parenthesized list of label names.
var labelLists = map[string]bool{"by": true, "without": true, "on": true, "ignoring": true, "group_left": true, "group_right": true}

func isIdentStart(c byte) bool {
	return c == '_' || c == ':' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isIdent(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }

// promqlSelectors finds the metrics an expression reads: each identifier that is not
// a keyword, a function (followed by "("), a label (inside {…} or a by/on list), a
// string, a duration or a Grafana variable, with the label names of its {…} matchers.
func promqlSelectors(expr string) ([]selector, error) {
	var out []selector
	skipString := func(i int) int { // i at the opening quote; returns the index after the closing one
		q := expr[i]
		for i++; i < len(expr); i++ {
			if expr[i] == '\\' && q != '`' {
				i++
			} else if expr[i] == q {
				return i + 1
			}
		}
		return i
	}
	skipSpace := func(i int) int {
		for i < len(expr) && strings.ContainsRune(" \t\r\n", rune(expr[i])) {
			i++
		}
		return i
	}
	ident := func(i int) (string, int) {
		j := i
		for j < len(expr) && isIdent(expr[j]) {
			j++
		}
		return expr[i:j], j
	}
	for i := 0; i < len(expr); {
		c := expr[i]
		switch {
		case c == '"' || c == '\'' || c == '`':
			i = skipString(i)
		case c == '#': // a comment runs to the end of the line
			for i < len(expr) && expr[i] != '\n' {
				i++
			}
		case c == '$': // a Grafana variable: $name or ${name}
			i++
			if i < len(expr) && expr[i] == '{' {
				for i < len(expr) && expr[i] != '}' {
					i++
				}
				i++
			} else {
				_, i = ident(i)
			}
		case c == '[': // a range or a subquery's durations
			for i < len(expr) && expr[i] != ']' {
				i++
			}
			i++
		case c >= '0' && c <= '9' || c == '.': // a number or a duration
			for i < len(expr) && (isIdent(expr[i]) || expr[i] == '.') {
				i++
			}
		case c == '{': // matchers without a metric name
			labels, j, err := matcherLabels(expr, i)
			if err != nil {
				return nil, err
			}
			if !slices.Contains(labels, "__name__") {
				return nil, &parseError{expr, "a selector without a metric name"}
			}
			i = j
		case isIdentStart(c):
			name, j := ident(i)
			k := skipSpace(j)
			next := byte(0)
			if k < len(expr) {
				next = expr[k]
			}
			switch {
			case labelLists[name] && next == '(':
				for k < len(expr) && expr[k] != ')' {
					k++
				}
				i = k + 1
			case next == '(' || promqlKeywords[strings.ToLower(name)]:
				i = j
			default:
				sel := selector{metric: name}
				i = j
				if next == '{' {
					labels, end, err := matcherLabels(expr, k)
					if err != nil {
						return nil, err
					}
					sel.labels, i = labels, end
				}
				out = append(out, sel)
			}
		default:
			i++
		}
	}
	return out, nil
}

type parseError struct{ expr, what string }

func (e *parseError) Error() string { return e.what + " in " + e.expr }

// matcherLabels reads the label names of the matchers of {…} starting at i and
// returns the index after the closing brace.
func matcherLabels(expr string, i int) ([]string, int, error) {
	var labels []string
	i++
	for i < len(expr) {
		for i < len(expr) && strings.ContainsRune(" \t\r\n,", rune(expr[i])) {
			i++
		}
		if i < len(expr) && expr[i] == '}' {
			return labels, i + 1, nil
		}
		j := i
		for j < len(expr) && isIdent(expr[j]) {
			j++
		}
		if j == i {
			return nil, 0, &parseError{expr, "a matcher without a label name"}
		}
		labels = append(labels, expr[i:j])
		for j < len(expr) && expr[j] != '"' && expr[j] != '\'' && expr[j] != '`' {
			j++
		}
		if j == len(expr) {
			break
		}
		q := expr[j]
		for j++; j < len(expr) && expr[j] != q; j++ {
			if expr[j] == '\\' {
				j++
			}
		}
		i = j + 1
	}
	return nil, 0, &parseError{expr, "an unclosed {"}
}

func TestPromQLSelectors(t *testing.T) {
	cases := []struct {
		expr string
		want []string
	}{
		{`sum by (http_route, le) (rate(http_server_request_duration_seconds_bucket{http_route=~"$route",instance=~"$instance"}[$__rate_interval]))`,
			[]string{`http_server_request_duration_seconds_bucket{http_route,instance}`}},
		{`a:b:rate5m{module="x", channel='c'} - on (module) other / ignoring(channel) group_left(version) c offset 5m > bool 0.05`,
			[]string{`a:b:rate5m{module,channel}`, `other`, `c`}},
		{"up{job=\"a}b\\\"\"} == 0 and histogram_quantile(0.99, sum(rate(x_bucket[5m])) by (le)) > 1e3",
			[]string{`up{job}`, `x_bucket`}},
		{`sum without (route) (rate(views_total[1h:5m])) unless (count_over_time(go_goroutine_count[10m]) > Inf)`,
			[]string{`views_total`, `go_goroutine_count`}},
	}
	for _, tc := range cases {
		sels, err := promqlSelectors(tc.expr)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range sels {
			if s.labels != nil {
				got = append(got, s.metric+"{"+strings.Join(s.labels, ",")+"}")
			} else {
				got = append(got, s.metric)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s:\n got %q\nwant %q", tc.expr, got, tc.want)
		}
	}
	for _, bad := range []string{`x{a="b"`, `{job="a"}`, `x{="a"}`} {
		if _, err := promqlSelectors(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// exposition reads the Prometheus text format: each metric name with the label names
// its series carry.
func exposition(t *testing.T, text string) map[string]map[string]bool {
	t.Helper()
	out := map[string]map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		end := strings.IndexAny(line, "{ ")
		if end < 0 {
			t.Fatalf("exposition line %q", line)
		}
		name := line[:end]
		if out[name] == nil {
			out[name] = map[string]bool{}
		}
		if line[end] == '{' {
			labels, _, err := matcherLabels(line, end)
			if err != nil {
				t.Fatalf("exposition line %q: %v", line, err)
			}
			for _, l := range labels {
				out[name][l] = true
			}
		}
	}
	return out
}

// scrapeLabels are added by Prometheus to every series it scrapes; up is its own
// series per target.
var scrapeLabels = map[string]bool{"instance": true, "job": true}

func TestDashboardsAndRulesUseExportedMetrics(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	s := newTestServerWith(t, func(c *Config) {
		c.Delivery.MetricsTokens, _ = admin.ParseTokens("scraper:metrics-0123456789abcdef")
	})
	// A page view, a beacon with every kind of event, API calls that reach Redis and
	// one refused: each instrument the files read has a series.
	g := newGuest(t, s)
	g.page("/menu/m-standard")
	var vitals []string
	for _, v := range []string{"LCP", "INP", "CLS", "FCP", "TTFB"} {
		vitals = append(vitals, `{"kind":"vital","name":"`+v+`","value":0.5}`)
	}
	beacon := `{"route":"menu","modules":{"mf-menu":"1.0.0"},"events":[{"kind":"view"},` + strings.Join(vitals, ",") +
		`,{"kind":"error","type":"render","module":"mf-menu","version":"1.0.0"},{"kind":"error","type":"unhandled"}]}`
	if st, m := g.beacon(beacon, "application/json"); st != 204 {
		t.Fatalf("beacon: %d %v", st, m)
	}
	g.send("GET", "/api/cart", "")
	if st, _, _ := g.send("POST", "/api/cart", "{}"); st/100 != 4 {
		t.Fatalf("a refused request answered %d", st)
	}
	req := httptest.NewRequest("GET", "/metrics", nil)
	req.Header.Set("Authorization", "Bearer metrics-0123456789abcdef")
	res, err := s.App.Test(req)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("metrics: %v %v", res, err)
	}
	text, _ := io.ReadAll(res.Body)
	exported := exposition(t, string(text))

	// The rules: each is an alert or a record with an expression; an alert says how
	// long, how bad and what it means.
	raw, err := os.ReadFile(filepath.Join(root, "deploy", "prometheus-rules.yml"))
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	dec.KnownFields(true)
	var rules ruleFile
	if err := dec.Decode(&rules); err != nil {
		t.Fatalf("deploy/prometheus-rules.yml: %v", err)
	}
	recorded := map[string]bool{"up": true}
	exprs := map[string]string{} // expression → where it is
	alerts := 0
	for _, gr := range rules.Groups {
		if gr.Name == "" || len(gr.Rules) == 0 {
			t.Errorf("rule group %q: a name and rules", gr.Name)
		}
		for i, r := range gr.Rules {
			where := "rules " + gr.Name + "[" + r.Alert + r.Record + "]"
			switch {
			case strings.TrimSpace(r.Expr) == "":
				t.Errorf("%s: no expr", where)
			case (r.Alert == "") == (r.Record == ""):
				t.Errorf("%s #%d: either alert or record", where, i)
			case r.Record != "":
				recorded[r.Record] = true
				if r.For != "" || r.Annotations != nil {
					t.Errorf("%s: a recording rule has no for or annotations", where)
				}
			default:
				alerts++
				if r.For == "" {
					t.Errorf("%s: no for", where)
				}
				if !slices.Contains([]string{"critical", "warning", "info"}, r.Labels["severity"]) {
					t.Errorf("%s: severity %q, want critical, warning or info", where, r.Labels["severity"])
				}
				if r.Annotations["summary"] == "" || r.Annotations["description"] == "" {
					t.Errorf("%s: a summary and a description", where)
				}
			}
			exprs[r.Expr] = where
		}
	}
	if alerts == 0 {
		t.Error("no alerts")
	}
	prom, _ := os.ReadFile(filepath.Join(root, "deploy", "prometheus.yml"))
	var promCfg struct {
		RuleFiles []string `yaml:"rule_files"`
	}
	if err := yaml.Unmarshal(prom, &promCfg); err != nil || !slices.Contains(promCfg.RuleFiles, "prometheus-rules.yml") {
		t.Errorf("deploy/prometheus.yml does not load prometheus-rules.yml: %v %v", promCfg.RuleFiles, err)
	}

	// The dashboard: importable (its data source an input), and every query on it.
	raw, err = os.ReadFile(filepath.Join(root, "deploy", "grafana", "henhouse-edge.json"))
	if err != nil {
		t.Fatal(err)
	}
	var d dashboard
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatalf("deploy/grafana/henhouse-edge.json: %v", err)
	}
	if d.SchemaVersion < 39 || len(d.Inputs) != 1 || d.Inputs[0].Name != "DS_PROMETHEUS" || d.Inputs[0].PluginID != "prometheus" {
		t.Errorf("dashboard: schemaVersion %d, inputs %+v", d.SchemaVersion, d.Inputs)
	}
	const ds = `{"type":"prometheus","uid":"${DS_PROMETHEUS}"}`
	sameDS := func(m json.RawMessage) bool {
		var a, b any
		_ = json.Unmarshal(m, &a)
		_ = json.Unmarshal([]byte(ds), &b)
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		return string(ja) == string(jb)
	}
	vars := map[string]bool{}
	labelValues := regexp.MustCompile(`^label_values\(\s*([a-zA-Z_:][a-zA-Z0-9_:]*)\s*,\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\)$`)
	for _, v := range d.Templating.List {
		vars[v.Type+":"+v.Name] = true
		if v.Type != "query" {
			continue
		}
		if !sameDS(v.Datasource) {
			t.Errorf("variable %s: data source %s, want %s", v.Name, v.Datasource, ds)
		}
		m := labelValues.FindStringSubmatch(v.Definition)
		if m == nil {
			t.Errorf("variable %s: %q is not label_values(metric, label)", v.Name, v.Definition)
			continue
		}
		exprs[m[1]+`{`+m[2]+`=""}`] = "variable " + v.Name
	}
	for _, want := range []string{"datasource:DS_PROMETHEUS", "query:module", "query:route"} {
		if !vars[want] {
			t.Errorf("dashboard lacks the variable %s", want)
		}
	}
	ids := map[int]bool{}
	var walk func([]dashPanel)
	walk = func(ps []dashPanel) {
		for _, p := range ps {
			if ids[p.ID] {
				t.Errorf("panel %q: id %d taken", p.Title, p.ID)
			}
			ids[p.ID] = true
			walk(p.Panels)
			if p.Type == "row" {
				continue
			}
			if !sameDS(p.Datasource) || len(p.Targets) == 0 {
				t.Errorf("panel %q: data source %s, %d queries", p.Title, p.Datasource, len(p.Targets))
			}
			for _, q := range p.Targets {
				if !sameDS(q.Datasource) {
					t.Errorf("panel %q: a query's data source %s", p.Title, q.Datasource)
				}
				exprs[q.Expr] = "panel " + p.Title
			}
		}
	}
	walk(d.Panels)

	// Every metric and every matched label of both files is exported.
	var missing []string
	used := 0
	for expr, where := range exprs {
		sels, err := promqlSelectors(expr)
		if err != nil {
			t.Errorf("%s: %v", where, err)
			continue
		}
		for _, sel := range sels {
			used++
			if recorded[sel.metric] {
				continue
			}
			labels, ok := exported[sel.metric]
			if !ok {
				missing = append(missing, where+": metric "+sel.metric)
				continue
			}
			for _, l := range sel.labels {
				if !labels[l] && !scrapeLabels[l] {
					missing = append(missing, where+": label "+l+" of "+sel.metric)
				}
			}
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("GET /metrics lacks what %s", m)
	}
	if used < 20 {
		t.Errorf("only %d metrics read from the files", used)
	}
}
