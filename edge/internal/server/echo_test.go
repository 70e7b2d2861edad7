package server

import (
	"bufio"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
)

// The secrets a request may carry, which no error answer and no log line may hold.
const (
	secretCard    = "4111111111111111"
	secretPIN     = "73519"
	secretVisitor = "Zq9URo1bhU9gwKz76yLS7A"
	secretToken   = "eyJhbGciOiJFUzI1NiJ9.c2VjcmV0LXRva2Vu.c2ln"
)

var secrets = []string{secretCard, secretPIN, secretVisitor, secretToken, "4111 1111"}

// An error answers with a code and a message of its own: never the request, its path,
// query, headers, cookies or body, whatever part of it the edge could not take (a
// header the parser refuses, an unknown path, a field of the wrong type or form, an
// unknown field, a filter it does not know). The log holds none of it either.
func TestErrorsNeverEchoTheRequest(t *testing.T) {
	log := &logBuffer{}
	s := newLoggingTestServer(t, func(c *Config) { c.Environment, c.DevEndpoints = "dev", true }, slog.New(slog.NewTextHandler(log, &slog.HandlerOptions{Level: slog.LevelDebug})))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = s.App.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	t.Cleanup(func() { _ = s.App.ShutdownWithTimeout(time.Second) })
	base := "http://" + ln.Addr().String()
	g := newGuest(t, s)

	check := func(what string, status int, body string) {
		t.Helper()
		if status < 400 {
			t.Errorf("%s: %d, want an error: %s", what, status, body)
		}
		for _, sec := range secrets {
			if strings.Contains(body, sec) {
				t.Errorf("%s: the answer quotes %q: %s", what, sec, body)
			}
		}
		if !strings.Contains(body, `"code":`) {
			t.Errorf("%s: not the error shape: %s", what, body)
		}
	}
	cookie := "hh_sid=" + secretVisitor + "; hh_token=" + secretToken
	send := func(method, path, body string) {
		t.Helper()
		req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json")
		req.Header.Set("Cookie", "hh_token="+secretToken+"; "+strings.Join(cookiePairs(g.cookies), "; "))
		req.Header.Set("Authorization", "Bearer "+secretToken)
		req.Header.Set("X-CSRF-Token", g.csrf)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		check(method+" "+path+" "+body, res.StatusCode, string(raw))
	}
	raw := func(what, request string) {
		t.Helper()
		conn, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		_, _ = conn.Write([]byte(request))
		_ = conn.SetReadDeadline(time.Now().Add(3 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		body, _ := io.ReadAll(res.Body)
		check(what, res.StatusCode, string(body))
	}

	headers := "Host: x\r\nCookie: " + cookie + "\r\nAuthorization: Bearer " + secretToken + "\r\n"
	raw("a header the parser refuses", "GET /api/cart?pin="+secretPIN+" HTTP/1.1\r\n"+headers+"bad key : "+secretCard+"\r\n\r\n")
	raw("a malformed request line", "GET /api/giftcards/"+secretCard+" HTTP/1.1 x\r\n"+headers+"\r\n")
	raw("headers too large", "GET /api/cart HTTP/1.1\r\n"+headers+"X-Pad: "+strings.Repeat(secretCard, 600)+"\r\n\r\n")
	raw("a body longer than its length", "POST /api/giftcards/balance HTTP/1.1\r\n"+headers+"Content-Type: application/json\r\nContent-Length: 99999999\r\n\r\n{\"number\":\""+secretCard+"\"}")

	send("GET", "/api/giftcards/"+secretCard+"?pin="+secretPIN, "")
	send("POST", "/api/no-such/"+secretCard, `{"pin":"`+secretPIN+`"}`)
	send("DELETE", "/api/user/settings?card="+secretCard, "")
	send("POST", "/api/payments/cards", `{"number":`+secretCard+`,"cvv":`+secretPIN+`}`)
	send("POST", "/api/payments/cards", `{"number":"`+secretCard+`" "cvv":"`+secretPIN+`"}`)
	send("POST", "/api/payments/cards", `{"`+secretCard+`":"`+secretPIN+`"}`)
	g.ok("POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-dayton"}`, 201)
	send("PUT", "/api/cart/time", `{"mode":"advance","at":"`+secretCard+`-`+secretPIN+`"}`)
	send("GET", "/api/menus/m-standard/search?q=biscuit&exclude="+secretCard, "")
	send("POST", "/api/payments/cards", `{"number":"`+secretCard+`9","exp_month":12,"exp_year":2031,"cvv":"123","postal_code":"43215"}`)

	time.Sleep(100 * time.Millisecond)
	for _, sec := range secrets {
		if strings.Contains(log.String(), sec) {
			t.Errorf("the log holds %q:\n%s", sec, log)
		}
	}
}

func cookiePairs(m map[string]string) []string {
	var out []string
	for k, v := range m {
		out = append(out, k+"="+v)
	}
	return out
}
