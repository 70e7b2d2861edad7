// Package clientip finds the address of the client behind the edge's proxies, for rate
// limits and the bot check.
//
// A header such as X-Forwarded-For is a list each proxy appends to; everything left of
// what our own proxies appended was written by the client and proves nothing. So the
// address is the rightmost one in the list that is not one of our proxies (the
// "rightmost trusted range" strategy of github.com/realclientip/realclientip-go), and
// only when the request itself came from one of our proxies: a client connecting
// directly could write any header. A list whose entries cannot be read as addresses
// ("junk1", "10.1.1.5, 198.51.100.9" from a client straight to the edge) never makes a
// fresh address: the request counts as its peer's.
//
// Single-address headers (X-Real-IP, CF-Connecting-IP, True-Client-IP) are taken as
// one validated address, again only from a trusted peer.
package clientip

import (
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/gofiber/fiber/v3"
	"github.com/realclientip/realclientip-go"
)

// DefaultTrusted are the proxies trusted unless TRUSTED_PROXIES names others: loopback,
// the private ranges and link-local addresses, where a load balancer in front of the
// edge lives.
var DefaultTrusted = []string{"127.0.0.0/8", "::1/128", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7", "169.254.0.0/16", "fe80::/10"}

// Resolver finds a request's client address.
type Resolver struct {
	header  string
	trusted []net.IPNet
	strat   realclientip.Strategy
}

// New returns a Resolver reading header (empty: no proxy, the peer's address is the
// client's) from requests whose peer is within trusted (CIDRs or addresses; empty:
// DefaultTrusted).
func New(header string, trusted []string) (*Resolver, error) {
	if len(trusted) == 0 {
		trusted = DefaultTrusted
	}
	nets, err := realclientip.AddressesAndRangesToIPNets(trusted...)
	if err != nil {
		return nil, fmt.Errorf("trusted proxies: %w", err)
	}
	r := &Resolver{header: http.CanonicalHeaderKey(strings.TrimSpace(header)), trusted: nets}
	switch r.header {
	case "":
	case "X-Forwarded-For", "Forwarded":
		r.strat, err = realclientip.NewRightmostTrustedRangeStrategy(r.header, nets)
	default:
		r.strat, err = realclientip.NewSingleIPHeaderStrategy(r.header)
	}
	if err != nil {
		return nil, fmt.Errorf("proxy header %q: %w", header, err)
	}
	return r, nil
}

// Resolve is the client address of a request from peer with the given header values.
func (r *Resolver) Resolve(peer net.IP, values []string) string {
	if r.strat == nil || peer == nil || len(values) == 0 || !r.isTrusted(peer) {
		return peer.String()
	}
	if ip := r.strat.ClientIP(http.Header{r.header: values}, ""); ip != "" {
		return ip
	}
	return peer.String()
}

func (r *Resolver) isTrusted(ip net.IP) bool {
	for _, n := range r.trusted {
		if n.Contains(ip) {
			return true
		}
	}
	return false
}

type key struct{}

// Middleware stores the request's client address for IP.
func (r *Resolver) Middleware() fiber.Handler {
	return func(c fiber.Ctx) error {
		var values []string
		if r.header != "" {
			for _, v := range c.Request().Header.PeekAll(r.header) {
				values = append(values, string(v))
			}
		}
		c.Locals(key{}, r.Resolve(c.RequestCtx().RemoteIP(), values))
		return c.Next()
	}
}

// IP is the client address Middleware found, or the peer's when it did not run.
func IP(c fiber.Ctx) string {
	if ip, ok := c.Locals(key{}).(string); ok {
		return ip
	}
	return c.RequestCtx().RemoteIP().String()
}
