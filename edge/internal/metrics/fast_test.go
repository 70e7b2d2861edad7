package metrics

import "github.com/valyala/fasthttp"

func fastCtx(path string) *fasthttp.RequestCtx {
	var ctx fasthttp.RequestCtx
	ctx.Request.Header.SetMethod("GET")
	ctx.Request.SetRequestURI(path)
	return &ctx
}
