package server

import (
	"net"
	"testing"

	"github.com/valyala/fasthttp"
)

// BenchmarkPage is GET / through the whole middleware chain and the page handler,
// in process, for a new visitor (no cookies and no Accept-Encoding, as
// bench/pagespeed.sh's wrk sends) and
// for a returning visitor whose cart hint says there is a cart (one EXISTS on the
// embedded Redis).
func BenchmarkPage(b *testing.B) {
	s := newTestServerWith(b, func(*Config) {})
	h := s.App.Handler()
	run := func(b *testing.B, cookie string) {
		b.ReportAllocs()
		var ctx fasthttp.RequestCtx
		var req fasthttp.Request // Init copies it into ctx
		addr := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1234}
		for b.Loop() {
			req.Reset()
			ctx.Response.Reset()
			req.SetRequestURI("/")
			req.Header.SetMethod("GET")
			if cookie != "" {
				req.Header.Set("Cookie", cookie)
			}
			ctx.Init(&req, addr, nil)
			h(&ctx)
			if ctx.Response.StatusCode() != 200 {
				b.Fatalf("status %d", ctx.Response.StatusCode())
			}
			if new := len(ctx.Response.Header.PeekCookie("hh_sid")) > 0; new != (cookie == "") {
				b.Fatalf("visitor cookie set: %v, for request cookie %q", new, cookie)
			}
		}
	}
	b.Run("new-visitor", func(b *testing.B) { run(b, "") })
	b.Run("cart-hint", func(b *testing.B) { run(b, "hh_sid=AAAAAAAAAAAAAAAAAAAAAA; hh_cart=1") })
}
