package server

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
)

// A request framed both by Content-Length and by Transfer-Encoding is refused and its
// connection closed: what follows it on the connection (here a second request a
// proxy might have taken as part of the body) is never answered.
func TestBothLengthsAreRefusedAndTheConnectionClosed(t *testing.T) {
	s := newTestServer(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = s.App.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	t.Cleanup(func() { _ = s.App.ShutdownWithTimeout(time.Second) })
	for _, first := range []string{
		"POST /api/cart HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
		"POST /api/cart HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\ncontent-length: 5\r\n\r\n0\r\n\r\n",
	} {
		conn, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		_, _ = conn.Write([]byte(first + "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"))
		_ = conn.SetReadDeadline(time.Now().Add(3 * time.Second))
		br := bufio.NewReader(conn)
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 400 || !res.Close || !strings.Contains(string(body), `"code":"invalid"`) {
			t.Errorf("both lengths: %d close=%v %s", res.StatusCode, res.Close, body)
		}
		if res, err := http.ReadResponse(br, nil); err == nil {
			b, _ := io.ReadAll(res.Body)
			t.Errorf("the request after it was answered too: %d %s", res.StatusCode, b)
		}
		conn.Close()
	}
	// Chunked alone, and Content-Length alone, are read as usual.
	g := newGuest(t, s)
	req, _ := http.NewRequest("POST", "http://"+ln.Addr().String()+"/api/botcheck/token", io.MultiReader(strings.NewReader(`{"action":`), strings.NewReader(`"checkout"}`)))
	req.Header.Set("Content-Type", "application/json")
	req.ContentLength = -1 // sent chunked
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode == 400 {
		t.Errorf("a chunked body alone was refused")
	}
	g.ok("POST", "/api/botcheck/token", `{"action":"checkout"}`, 200)
}

// A multipart body, malformed or not, is no error before a handler runs, and a request
// the server cannot read at all keeps the guest's visitor cookie and is not quoted back.
func TestUnreadableRequestsKeepTheVisitor(t *testing.T) {
	s := newTestServer(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = s.App.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	t.Cleanup(func() { _ = s.App.ShutdownWithTimeout(time.Second) })
	base := "http://" + ln.Addr().String()
	const visitor = "hh_sid=Z9URo1bhU9gwKz76yLS78A"
	for _, path := range []string{"/api/cart", "/", "/oauth/authorize", "/api/auth/signin"} {
		req, _ := http.NewRequest("POST", base+path, strings.NewReader("--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nzz"))
		req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
		req.Header.Set("Cookie", visitor)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if strings.Contains(string(body), "multipart") || res.Header.Get("Set-Cookie") != "" {
			t.Errorf("malformed multipart to %s: %d %v %s", path, res.StatusCode, res.Header["Set-Cookie"], body)
		}
	}
	// A header the parser refuses: its error once quoted the whole request back.
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, _ = conn.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\nCookie: " + visitor + "\r\nAuthorization: Bearer secret-token\r\nbad key : 1\r\n\r\n"))
	_ = conn.SetReadDeadline(time.Now().Add(3 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 400 || res.Header.Get("Set-Cookie") != "" || strings.Contains(string(body), "secret-token") || strings.Contains(string(body), "Z9UR") ||
		!strings.Contains(string(body), `"code":"bad_request"`) {
		t.Errorf("unreadable header: %d %v %s", res.StatusCode, res.Header["Set-Cookie"], body)
	}
}
