package server

import (
	"net"
	"testing"

	"github.com/valyala/fasthttp"
)

// BenchmarkPage is GET / through the whole middleware chain and the page handler,
// in process, for a new visitor (no cookies, as bench/pagespeed.sh's wrk sends) and
// for a returning visitor whose cart hint says there is a cart (one EXISTS on the
// embedded Redis).
func BenchmarkPage(b *testing.B) {
	s := newTestServerWith(b, func(*Config) {})
	h := s.App.Handler()
	run := func(b *testing.B, cookie string) {
		b.ReportAllocs()
		var ctx fasthttp.RequestCtx
		addr := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1234}
		for b.Loop() {
			ctx.Request.Reset()
			ctx.Response.Reset()
			ctx.Request.SetRequestURI("/")
			ctx.Request.Header.SetMethod("GET")
			ctx.Request.Header.Set("Accept-Encoding", "gzip")
			if cookie != "" {
				ctx.Request.Header.Set("Cookie", cookie)
			}
			ctx.Init(&ctx.Request, addr, nil)
			h(&ctx)
			if ctx.Response.StatusCode() != 200 {
				b.Fatalf("status %d", ctx.Response.StatusCode())
			}
		}
	}
	b.Run("new-visitor", func(b *testing.B) { run(b, "") })
	b.Run("cart-hint", func(b *testing.B) { run(b, "hh_sid=AAAAAAAAAAAAAAAAAAAAAA; hh_cart=1") })
}
