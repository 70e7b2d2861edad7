package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/henhouse/platform/edge/internal/admin"
	"github.com/henhouse/platform/edge/internal/modules"
)

const modulesUsage = `usage: edge modules <command> [--edge URL] ...

  publish  <module> <dir>                      publish a built version (the folder with mf-manifest.json;
                                               the version is read from its directory name or --version)
  canary   <module> <version> --percent N      send N% of visitors to version
  promote  <module>                            the canary becomes stable for everyone
  rollback <module> [--reason TEXT]            everyone back to stable
  status   [<module>]                          versions, stable, canary, health, last rollback
  audit    [--limit N]                         the newest release actions

The commands call the edge's ops API at --edge (default $EDGE_ADMIN_URL, else
http://127.0.0.1:8081) with the token in $OPS_TOKEN (docs/operations.md).
`

// modulesCommand runs "edge modules …" against a running edge's ops API.
func modulesCommand(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("%s", modulesUsage)
	}
	cmd, rest := args[0], args[1:]
	fs := flag.NewFlagSet("modules "+cmd, flag.ContinueOnError)
	edge := fs.String("edge", envOr("EDGE_ADMIN_URL", "http://127.0.0.1:8081"), "the edge's ops API")
	percent := fs.Int("percent", 0, "share of visitors for the canary, 1-100")
	reason := fs.String("reason", "", "why the canary is rolled back")
	version := fs.String("version", "", "the version to publish (default: the directory's name)")
	limit := fs.Int("limit", 50, "how many audit entries")
	pos, err := parseInterspersed(fs, rest)
	if err != nil {
		return err
	}
	c := &opsClient{base: strings.TrimRight(*edge, "/"), token: admin.ClientToken(os.Getenv("OPS_TOKEN")), out: stdout}
	if c.token == "" {
		return fmt.Errorf("set OPS_TOKEN to the edge's ops token")
	}
	need := func(n int, what string) error {
		if len(pos) != n {
			return fmt.Errorf("usage: edge modules %s %s", cmd, what)
		}
		return nil
	}
	switch cmd {
	case "publish":
		if err := need(2, "<module> <dir>"); err != nil {
			return err
		}
		v := *version
		if v == "" {
			v = filepath.Base(filepath.Clean(pos[1]))
		}
		if !modules.ValidVersion(v) {
			return fmt.Errorf("%q is not a version; name it with --version", v)
		}
		if _, err := os.Stat(filepath.Join(pos[1], "mf-manifest.json")); err != nil {
			return fmt.Errorf("%s has no mf-manifest.json: is it a module's build (build/modules/<name>/<version>)?", pos[1])
		}
		body, err := modules.TarDir(pos[1])
		if err != nil {
			return err
		}
		var p modules.Published
		if err := c.call("POST", "/admin/modules/"+url.PathEscape(pos[0])+"/versions/"+url.PathEscape(v), "application/gzip", body, &p); err != nil {
			return err
		}
		if p.Created {
			fmt.Fprintf(stdout, "published %s@%s (%d files)\n", p.Module, p.Version, len(p.Files))
		} else {
			fmt.Fprintf(stdout, "%s@%s was already published with the same files; nothing changed\n", p.Module, p.Version)
		}
		return nil
	case "canary":
		if err := need(2, "<module> <version> --percent N"); err != nil {
			return err
		}
		b, _ := json.Marshal(map[string]any{"version": pos[1], "percent": *percent})
		return c.status("POST", "/admin/modules/"+url.PathEscape(pos[0])+"/canary", b)
	case "promote":
		if err := need(1, "<module>"); err != nil {
			return err
		}
		return c.status("POST", "/admin/modules/"+url.PathEscape(pos[0])+"/promote", nil)
	case "rollback":
		if err := need(1, "<module> [--reason TEXT]"); err != nil {
			return err
		}
		b, _ := json.Marshal(map[string]string{"reason": *reason})
		return c.status("POST", "/admin/modules/"+url.PathEscape(pos[0])+"/rollback", b)
	case "status":
		if len(pos) == 1 {
			return c.status("GET", "/admin/modules/"+url.PathEscape(pos[0]), nil)
		}
		var all struct{ Modules []modules.Status }
		if err := c.call("GET", "/admin/modules", "", nil, &all); err != nil {
			return err
		}
		for _, s := range all.Modules {
			printStatus(stdout, s)
		}
		return nil
	case "audit":
		var a struct{ Entries []modules.AuditEntry }
		if err := c.call("GET", "/admin/audit?limit="+strconv.Itoa(*limit), "", nil, &a); err != nil {
			return err
		}
		w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(w, "WHEN\tWHO\tWHAT\tMODULE\tVERSION\tDETAIL")
		for _, e := range a.Entries {
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\n", e.At, e.Actor, e.Action, e.Module, e.Version, e.Detail)
		}
		return w.Flush()
	}
	return fmt.Errorf("unknown modules command %q\n%s", cmd, modulesUsage)
}

// parseInterspersed parses flags that may come before, between or after the
// positional arguments.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

type opsClient struct {
	base, token string
	out         io.Writer
}

func (c *opsClient) call(method, path, contentType string, body []byte, into any) error {
	req, err := http.NewRequest(method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	if contentType == "" && body != nil {
		contentType = "application/json"
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := (&http.Client{Timeout: 2 * time.Minute}).Do(req)
	if err != nil {
		return fmt.Errorf("the edge's ops API at %s: %w (is the edge running with OPS_TOKEN set?)", c.base, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		var e struct {
			Error struct{ Code, Message string }
		}
		if json.Unmarshal(b, &e) == nil && e.Error.Code != "" {
			return fmt.Errorf("%s (%d %s)", e.Error.Message, resp.StatusCode, e.Error.Code)
		}
		return fmt.Errorf("%s %s: %s", method, path, resp.Status)
	}
	if into != nil {
		return json.Unmarshal(b, into)
	}
	return nil
}

func (c *opsClient) status(method, path string, body []byte) error {
	var s modules.Status
	if err := c.call(method, path, "", body, &s); err != nil {
		return err
	}
	printStatus(c.out, s)
	return nil
}

func printStatus(w io.Writer, s modules.Status) {
	fmt.Fprintf(w, "%s\n  versions: %s\n  stable:   %s\n", s.Module, strings.Join(s.Versions, ", "), s.Stable)
	if s.Canary != "" {
		fmt.Fprintf(w, "  canary:   %s to %d%% of visitors\n", s.Canary, s.Percent)
		if h := s.Health; h != nil {
			fmt.Fprintf(w, "  health:   canary %d errors in %d views (%.3f), stable %d in %d (%.3f)\n",
				h.Canary.Errors, h.Canary.Views, h.Canary.Rate(), h.Stable.Errors, h.Stable.Views, h.Stable.Rate())
		}
	} else {
		fmt.Fprintf(w, "  canary:   none\n")
	}
	if r := s.LastRollback; r != nil {
		fmt.Fprintf(w, "  last rollback: %s at %s by %s: %s\n", r.Version, r.At, r.Actor, r.Reason)
	}
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
