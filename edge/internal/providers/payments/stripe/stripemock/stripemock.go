// Package stripemock runs stripe-mock, Stripe's own mock of its API, for a test
// (docs/providers.md, "Stripe"). stripe-mock checks every request against Stripe's
// OpenAPI description and answers from fixtures; it keeps no state, so it answers a
// retrieve of any id and ignores idempotency keys.
//
// Its bundled PaymentIntent fixture is an intent that still wants a payment method
// ("requires_payment_method") whatever the request, which a confirm with a good test
// card never answers; the fixtures here (fixtures.json) answer a PaymentIntent that
// holds the money ("requires_capture"), a Visa •••• 4242 PaymentMethod and a customer.
package stripemock

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/build"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

// Version is the stripe-mock the tests are written against.
const Version = "v0.203.0"

// Install is how to install it.
const Install = "go install github.com/stripe/stripe-mock@" + Version

// Key is a secret key stripe-mock accepts (any "sk_test_…" is).
const Key = "sk_test_henhouse"

//go:embed fixtures.json
var fixtures []byte

// Binary finds stripe-mock on PATH or in Go's bin directory ($GOBIN, else
// $(go env GOPATH)/bin), where Install puts it; "" when it is in neither.
func Binary() string {
	if p, err := exec.LookPath("stripe-mock"); err == nil {
		return p
	}
	dirs := []string{os.Getenv("GOBIN")}
	for _, gp := range filepath.SplitList(build.Default.GOPATH) {
		dirs = append(dirs, filepath.Join(gp, "bin"))
	}
	for _, d := range dirs {
		if d == "" {
			continue
		}
		p := filepath.Join(d, "stripe-mock")
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// Start runs stripe-mock with this package's fixtures on a free port until the test
// ends and answers its URL. Without stripe-mock the test fails with how to install it
// when CI is set, and is skipped otherwise.
func Start(t testing.TB) string {
	t.Helper()
	bin := Binary()
	if bin == "" {
		msg := "stripe-mock is not installed (not on PATH nor in $(go env GOPATH)/bin): " + Install
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	dir := t.TempDir()
	fx := filepath.Join(dir, "fixtures.json")
	if err := os.WriteFile(fx, fixtures, 0o600); err != nil {
		t.Fatal(err)
	}
	var last error
	// A port found free can be taken before stripe-mock binds it: then another.
	for range 3 {
		url, err := start(t, bin, fx)
		if err == nil {
			return url
		}
		last = err
	}
	t.Fatalf("stripe-mock did not start: %v", last)
	return ""
}

func start(t testing.TB, bin, fixtures string) (string, error) {
	port, err := freePort()
	if err != nil {
		return "", err
	}
	cmd := exec.Command(bin, "-http-port", strconv.Itoa(port), "-fixtures", fixtures)
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return "", err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stop := func() {
		_ = cmd.Process.Kill()
		<-exited
	}
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	// Loading Stripe's OpenAPI description takes a second or two, longer on a busy
	// machine.
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			exited <- err
			stop()
			return "", fmt.Errorf("exited (%v): %s", err, out.String())
		case <-time.After(100 * time.Millisecond):
		}
		req, _ := http.NewRequest(http.MethodGet, url+"/v1/payment_methods/pm_card_visa", nil)
		req.SetBasicAuth(Key, "")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			continue
		}
		_ = res.Body.Close()
		if res.StatusCode == http.StatusOK {
			t.Cleanup(stop)
			return url, nil
		}
	}
	stop()
	return "", fmt.Errorf("not answering within a minute: %s", out.String())
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// syncBuffer is stripe-mock's output, written by its process while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
