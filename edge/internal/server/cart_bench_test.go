package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
)

// BenchmarkCartAPI is GET /api/cart and POST /api/cart/products through the whole
// middleware chain and the handler, in process, for a guest with a visitor cookie and
// CSRF token (as bench/apiload sends them), on the embedded store and, when one
// answers at TEST_REDIS_URL, the real Redis:
//
//	go test -run '^$' -bench BenchmarkCartAPI -benchmem ./edge/internal/server
//
// On the embedded Redis a change's time and allocations are mostly the in-process
// server's Lua interpreter; the real Redis shows the edge's own share.
func BenchmarkCartAPI(b *testing.B) {
	for _, store := range []string{"embedded", "redis"} {
		b.Run(store, func(b *testing.B) {
			redisURL := ""
			if store == "redis" {
				redisURL = os.Getenv("TEST_REDIS_URL")
				if redisURL == "" {
					redisURL = "redis://127.0.0.1:6379/0"
				}
				if c, err := net.DialTimeout("tcp", strings.TrimSuffix(strings.TrimPrefix(redisURL, "redis://"), "/0"), time.Second); err != nil {
					b.Skip("no Redis at TEST_REDIS_URL")
				} else {
					c.Close()
				}
			}
			prefix := make([]byte, 6)
			_, _ = rand.Read(prefix)
			s := newTestServerWith(b, func(c *Config) { c.RedisURL, c.AppPrefix = redisURL, "bench"+hex.EncodeToString(prefix) })
			if store == "redis" {
				b.Cleanup(func() {
					ctx := context.Background()
					iter := s.Store.Client.Scan(ctx, 0, s.Store.Key("*"), 500).Iterator()
					for iter.Next(ctx) {
						s.Store.Client.Del(ctx, iter.Val())
					}
				})
			}
			cl := newBenchClient(b, s)
			b.Run("get", func(b *testing.B) {
				cl.do(b, "POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-columbus-downtown"}`, 201)
				cl.do(b, "POST", "/api/cart/products", benchProduct, 201)
				b.ReportAllocs()
				for b.Loop() {
					cl.do(b, "GET", "/api/cart", "", 200)
				}
			})
			b.Run("add-product", func(b *testing.B) {
				adds := 90
				b.ReportAllocs()
				for b.Loop() {
					if adds >= 90 { // a line's quantity is capped: start a new cart, untimed
						b.StopTimer()
						cl.do(b, "DELETE", "/api/cart", "", 204)
						cl.do(b, "POST", "/api/cart", `{"menu_id":"m-standard","location_id":"oh-columbus-downtown"}`, 201)
						adds = 0
						b.StartTimer()
					}
					cl.do(b, "POST", "/api/cart/products", benchProduct, 201)
					adds++
				}
			})
		})
	}
}

const benchProduct = `{"product_id":"tenders-3","modifiers":[{"id":"flv-original"}]}`

var benchCSRF = regexp.MustCompile(`"csrf":"([^"]*)"`)

// benchClient is a visitor of the edge in process: its cookies and CSRF token, taken
// from a first page view.
type benchClient struct {
	h       fasthttp.RequestHandler
	ctx     fasthttp.RequestCtx
	req     fasthttp.Request
	addr    net.Addr
	cookie  string
	csrf    string
	lastOut []byte
}

func newBenchClient(b *testing.B, s *Server) *benchClient {
	cl := &benchClient{h: s.App.Handler(), addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1234}}
	cl.do(b, "GET", "/", "", 200)
	var cookies []string
	for k, v := range cl.ctx.Response.Header.Cookies() {
		var ck fasthttp.Cookie
		if err := ck.ParseBytes(v); err != nil {
			b.Fatal(err)
		}
		cookies = append(cookies, string(k)+"="+string(ck.Value()))
	}
	cl.cookie = strings.Join(cookies, "; ")
	m := benchCSRF.FindSubmatch(cl.lastOut)
	if m == nil {
		b.Fatal("no CSRF token in the page")
	}
	if err := json.Unmarshal([]byte(`"`+string(m[1])+`"`), &cl.csrf); err != nil {
		b.Fatal(err)
	}
	return cl
}

func (cl *benchClient) do(b *testing.B, method, path, body string, want int) {
	ctx, req := &cl.ctx, &cl.req
	req.Reset()
	ctx.Response.Reset()
	req.SetRequestURI(path)
	req.Header.SetMethod(method)
	req.Header.Set("Accept", "application/json")
	if cl.cookie != "" {
		req.Header.Set("Cookie", cl.cookie)
		req.Header.Set("X-CSRF-Token", cl.csrf)
	}
	if body != "" {
		req.Header.SetContentType("application/json")
		req.SetBodyString(body)
	}
	ctx.Init(req, cl.addr, nil)
	cl.h(ctx)
	if got := ctx.Response.StatusCode(); got != want {
		b.Fatalf("%s %s: status %d, want %d: %s", method, path, got, want, ctx.Response.Body())
	}
	cl.lastOut = append(cl.lastOut[:0], ctx.Response.Body()...)
}
