package server

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// snapshot lists every file under dir with its size and modification time.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		files[rel] = fmt.Sprint(info.ModTime(), info.Size(), info.Mode())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func gzipped(t *testing.T, b []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	w := gzip.NewWriter(&out)
	w.Name = "precompressed" // tells the build's copy from one made by the edge
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func gunzip(t *testing.T, b []byte) (body []byte, name string) {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	body, err = io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return body, r.Name
}

// TestStaticFilesNeverWriteToTheBuild: the edge serves the build's precompressed
// copies and compresses the rest in memory; requests in every encoding leave the build
// directory as it was.
func TestStaticFilesNeverWriteToTheBuild(t *testing.T) {
	s := newTestServer(t)
	dir := s.cfg.BuildDir
	js := []byte(strings.Repeat("console.log('henhouse');\n", 400))
	write := func(name string, b []byte, mtime time.Time) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	built := time.Now().Add(-time.Hour).Truncate(time.Second)
	// The shell's entry with both copies, a hashed chunk and a remote's entry with none,
	// and a public file whose gzip copy is older than the file (stale).
	write("shell/assets/main.js", js, built)
	write("shell/assets/main.js.gz", gzipped(t, js), built)
	write("shell/assets/main.js.br", []byte("brotli copy of main.js"), built)
	write("shell/assets/391.c680d74e.js", js, built)
	write("modules/mf-menu/1.0.0/remoteEntry.js", js, built)
	write("shell/static/data.json", js, built.Add(time.Hour))
	write("shell/static/data.json.gz", gzipped(t, []byte("old")), built)
	before := snapshot(t, dir)

	type answer struct {
		encoding, cacheControl string
		body                   []byte
	}
	fetch := func(path, accept string) answer {
		t.Helper()
		h := map[string]string{}
		if accept != "" {
			h["Accept-Encoding"] = accept
		}
		resp, body := request(t, s, "GET", path, h)
		if resp.StatusCode != 200 {
			t.Fatalf("%s (%s): %d", path, accept, resp.StatusCode)
		}
		if accept != "" && !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("%s (%s): Vary %q", path, accept, resp.Header.Get("Vary"))
		}
		return answer{resp.Header.Get("Content-Encoding"), resp.Header.Get("Cache-Control"), []byte(body)}
	}
	for range 2 { // the second round is answered from the file handler's cache
		// The build's copies, as they are.
		if a := fetch("/assets/main.js", "gzip, deflate, br, zstd"); a.encoding != "br" || string(a.body) != "brotli copy of main.js" || a.cacheControl != "no-cache" {
			t.Errorf("main.js (br): %q %q %q", a.encoding, a.cacheControl, a.body)
		}
		if a := fetch("/assets/main.js", "gzip"); a.encoding != "gzip" {
			t.Errorf("main.js (gzip): %q", a.encoding)
		} else if body, name := gunzip(t, a.body); name != "precompressed" || !bytes.Equal(body, js) {
			t.Errorf("main.js (gzip) is not the build's copy: %q", name)
		}
		if a := fetch("/assets/main.js", ""); a.encoding != "" || !bytes.Equal(a.body, js) {
			t.Errorf("main.js (identity): %q", a.encoding)
		}
		// Files without copies, and a stale copy, are compressed in memory.
		for _, path := range []string{"/assets/391.c680d74e.js", "/modules/mf-menu/1.0.0/remoteEntry.js", "/static/data.json"} {
			for _, enc := range []string{"br", "zstd"} {
				if a := fetch(path, enc); a.encoding != enc || len(a.body) >= len(js) {
					t.Errorf("%s (%s): %q, %d bytes", path, enc, a.encoding, len(a.body))
				}
			}
			a := fetch(path, "gzip")
			if body, name := gunzip(t, a.body); a.encoding != "gzip" || name == "precompressed" || !bytes.Equal(body, js) {
				t.Errorf("%s (gzip): %q %q", path, a.encoding, name)
			}
		}
		if a := fetch("/assets/391.c680d74e.js", "gzip"); !strings.Contains(a.cacheControl, "immutable") {
			t.Errorf("hashed chunk: %q", a.cacheControl)
		}
		if a := fetch("/modules/mf-menu/1.0.0/remoteEntry.js", "br"); !strings.Contains(a.cacheControl, "immutable") {
			t.Errorf("remote entry: %q", a.cacheControl)
		}
	}

	after := snapshot(t, dir)
	for name, v := range after {
		if before[name] != v {
			t.Errorf("the edge wrote %s", name)
		}
	}
	for name := range before {
		if _, ok := after[name]; !ok {
			t.Errorf("the edge removed %s", name)
		}
	}
}

// TestStaticFilesOfALaterBuild: a build that finishes after the first request is
// served all the same.
func TestStaticFilesOfALaterBuild(t *testing.T) {
	s := newTestServer(t)
	if resp, _ := request(t, s, "GET", "/payments/2.8.0/checkout.js", nil); resp.StatusCode != 404 {
		t.Fatalf("before the build: %d", resp.StatusCode)
	}
	dir := filepath.Join(s.cfg.BuildDir, "payments", "2.8.0")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "checkout.js"), []byte("/* checkout */"), 0o644); err != nil {
		t.Fatal(err)
	}
	if resp, body := request(t, s, "GET", "/payments/2.8.0/checkout.js", nil); resp.StatusCode != 200 || body != "/* checkout */" {
		t.Fatalf("after the build: %d %q", resp.StatusCode, body)
	}
}
