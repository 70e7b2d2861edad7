package admin_test

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/admin"
)

const opsToken = "ops-token-0123456789"

// serve runs the ops API on a real socket: only there does a body arrive as the
// client sends it, so what the server reads before answering shows.
func serve(t *testing.T, cfg admin.Config) string {
	t.Helper()
	ts, err := admin.ParseTokens(opsToken)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Tokens = ts
	app := admin.New(cfg)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	t.Cleanup(func() { _ = app.Shutdown() })
	return "http://" + ln.Addr().String()
}

// slowTar is an upload of one file of n bytes, made as it is read: its header, then
// the first 64 KB, then nothing more until release is closed (the upload then breaks off).
type slowTar struct {
	head    []byte
	n, sent int64
	release chan struct{}
}

func newSlowTar(t *testing.T, n int64) *slowTar {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	if err := tw.WriteHeader(&tar.Header{Name: "big.js", Mode: 0o644, Size: n, Typeflag: tar.TypeReg}); err != nil {
		t.Fatal(err)
	}
	return &slowTar{head: buf.Bytes(), n: n, release: make(chan struct{})}
}

func (s *slowTar) Read(p []byte) (int, error) {
	if len(s.head) > 0 {
		k := copy(p, s.head)
		s.head = s.head[k:]
		return k, nil
	}
	if s.sent >= 64<<10 {
		<-s.release
		return 0, io.ErrUnexpectedEOF
	}
	k := min(int64(len(p)), 64<<10-s.sent)
	clear(p[:k])
	s.sent += k
	return int(k), nil
}

type answer struct {
	status  int
	code    string
	message string
}

func upload(t *testing.T, base, token string, body io.Reader, size int64) answer {
	t.Helper()
	a, err := tryUpload(base, token, body, size)
	if err != nil {
		t.Fatalf("upload: %v", err)
	}
	return a
}

func tryUpload(base, token string, body io.Reader, size int64) (answer, error) {
	req, _ := http.NewRequest("POST", base+"/admin/modules/mf-menu/versions/1.2.0", body)
	req.ContentLength = size
	req.Header.Set("Content-Type", "application/gzip")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := (&http.Client{Timeout: 20 * time.Second}).Do(req)
	if err != nil {
		return answer{}, err
	}
	defer res.Body.Close()
	var m struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	_ = json.NewDecoder(res.Body).Decode(&m)
	return answer{res.StatusCode, m.Error.Code, m.Error.Message}, nil
}

// A wrong token is refused as soon as the headers are in, before the body is read:
// 40 such uploads no longer make the edge hold 40 bodies.
func TestUploadWithAWrongTokenIsNotRead(t *testing.T) {
	base := serve(t, admin.Config{UploadLimit: 64 << 20})
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// 60 MB announced, 1 MB sent: an answer now means the rest was never waited for.
	fmt.Fprintf(conn, "POST /admin/modules/mf-menu/versions/1.2.0 HTTP/1.1\r\nHost: ops\r\n"+
		"Authorization: Bearer wrong-token-0123456789\r\nContent-Type: application/gzip\r\nContent-Length: %d\r\n\r\n", 60<<20)
	if _, err := conn.Write(make([]byte, 1<<20)); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer before the body was sent: %v", err)
	}
	defer res.Body.Close()
	var m struct {
		Error struct{ Code string } `json:"error"`
	}
	_ = json.NewDecoder(res.Body).Decode(&m)
	if res.StatusCode != 401 || m.Error.Code != "unauthorized" || !res.Close {
		t.Fatalf("wrong token: %d %q, connection closed: %v", res.StatusCode, m.Error.Code, res.Close)
	}
}

// Uploads at once are capped: one over the cap is refused at once, in the API's shape.
func TestConcurrentUploadsAreCapped(t *testing.T) {
	base := serve(t, admin.Config{UploadLimit: 8 << 20, MaxUploads: 2})
	held := []*slowTar{newSlowTar(t, 4<<20), newSlowTar(t, 4<<20)}
	results := make(chan answer, 2)
	for _, body := range held {
		go func() {
			a, _ := tryUpload(base, opsToken, body, 8<<20) // broken off by the client in the end
			results <- a
		}()
	}
	deadline := time.Now().Add(10 * time.Second)
	var a answer
	for time.Now().Before(deadline) { // until both held uploads are in
		if a = upload(t, base, opsToken, strings.NewReader("x"), 1); a.status == 429 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if a.status != 429 || a.code != "too_many_uploads" {
		t.Fatalf("third upload at once: %+v", a)
	}
	for _, body := range held {
		close(body.release)
	}
	for range 2 {
		if r := <-results; r.status == 429 {
			t.Fatalf("a held upload was refused: %+v", r)
		}
	}
	// Once they are over, an upload goes in again (refused only for what it is). The
	// server frees an upload's place as its handler returns, which may be just after the
	// client has its answer: a loaded machine is given a moment.
	a = upload(t, base, opsToken, strings.NewReader("x"), 1)
	for deadline := time.Now().Add(10 * time.Second); a.status == 429 && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
		a = upload(t, base, opsToken, strings.NewReader("x"), 1)
	}
	if a.status != 400 {
		t.Fatalf("after the held uploads: %+v", a)
	}
}

func tarGz(t *testing.T, names []string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for _, n := range names {
		if err := tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	_ = zw.Close()
	return buf.Bytes()
}

// An archive of too many files, or with an overlong name, is refused while it is read.
func TestUploadFileCountAndNameLength(t *testing.T) {
	base := serve(t, admin.Config{UploadLimit: 8 << 20})
	many := make([]string, 50_000)
	for i := range many {
		many[i] = fmt.Sprintf("f%d.js", i)
	}
	gz := tarGz(t, many)
	if a := upload(t, base, opsToken, bytes.NewReader(gz), int64(len(gz))); a.status != 413 || a.code != "payload_too_large" {
		t.Fatalf("%d files (%d KB compressed): %+v", len(many), len(gz)>>10, a)
	}
	long := tarGz(t, []string{"mf-manifest.json", strings.Repeat("a", 300) + ".js"})
	if a := upload(t, base, opsToken, bytes.NewReader(long), int64(len(long))); a.status != 400 || a.code != "invalid" || !strings.Contains(a.message, "longer than 200 bytes") {
		t.Fatalf("a 300-character name: %+v", a)
	}
}
