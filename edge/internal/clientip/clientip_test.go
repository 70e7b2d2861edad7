package clientip

import (
	"net"
	"testing"
)

func TestRightmostAddressNotOurs(t *testing.T) {
	xff, err := New("x-forwarded-for", nil)
	if err != nil {
		t.Fatal(err)
	}
	lb := net.ParseIP("10.0.0.2")        // our load balancer
	direct := net.ParseIP("203.0.113.7") // a client reaching the edge directly
	for _, c := range []struct {
		peer   net.IP
		values []string
		want   string
	}{
		{lb, []string{"198.51.100.9"}, "198.51.100.9"},
		// What the client wrote is left of what our proxy appended.
		{lb, []string{"1.2.3.4, 198.51.100.9"}, "198.51.100.9"},
		{lb, []string{"10.1.1.1, 198.51.100.9"}, "198.51.100.9"},
		{lb, []string{"10.1.1.2, 198.51.100.9"}, "198.51.100.9"},
		{lb, []string{"1.2.3.4", "198.51.100.9"}, "198.51.100.9"}, // two header lines
		// Our own proxies are skipped from the right.
		{lb, []string{"198.51.100.9, 10.0.0.3"}, "198.51.100.9"},
		{lb, []string{"2001:db8::1"}, "2001:db8::1"},
		// Junk never makes a fresh address: the request is the peer's.
		{lb, []string{"junk1"}, "10.0.0.2"},
		{lb, []string{"198.51.100.9, junk2"}, "10.0.0.2"},
		{lb, []string{""}, "10.0.0.2"},
		{lb, []string{"10.0.0.9"}, "10.0.0.2"}, // only our ranges: nobody outside
		{lb, nil, "10.0.0.2"},
		// A client straight to the edge cannot choose its address.
		{direct, []string{"198.51.100.1"}, "203.0.113.7"},
	} {
		if got := xff.Resolve(c.peer, c.values); got != c.want {
			t.Errorf("%v %q: %s, want %s", c.peer, c.values, got, c.want)
		}
	}

	none, _ := New("", nil)
	if got := none.Resolve(lb, []string{"198.51.100.9"}); got != "10.0.0.2" {
		t.Errorf("no proxy header: %s", got)
	}
	real, _ := New("X-Real-IP", []string{"192.0.2.10"})
	if got := real.Resolve(net.ParseIP("192.0.2.10"), []string{"198.51.100.9"}); got != "198.51.100.9" {
		t.Errorf("X-Real-IP: %s", got)
	}
	if got := real.Resolve(net.ParseIP("192.0.2.10"), []string{"junk"}); got != "192.0.2.10" {
		t.Errorf("X-Real-IP junk: %s", got)
	}
	if got := real.Resolve(net.ParseIP("10.0.0.2"), []string{"198.51.100.9"}); got != "10.0.0.2" {
		t.Errorf("untrusted peer: %s", got)
	}
	if _, err := New("X-Forwarded-For", []string{"not-a-range"}); err == nil {
		t.Error("a bad trusted range is accepted")
	}
}

// FuzzResolve: any header value gives a valid address, never a panic, and never one the
// header made up when the peer is not a proxy of ours.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"198.51.100.9", "junk1", "10.1.1.5, 198.51.100.9", `for="[2001:db8::1]:80"`, ",,,", "1.2.3.4 , ,5.6.7.8"} {
		f.Add(s)
	}
	xff, _ := New("X-Forwarded-For", nil)
	fwd, _ := New("Forwarded", nil)
	lb, direct := net.ParseIP("10.0.0.2"), net.ParseIP("203.0.113.7")
	f.Fuzz(func(t *testing.T, v string) {
		for _, r := range []*Resolver{xff, fwd} {
			if got := r.Resolve(lb, []string{v}); net.ParseIP(stripZone(got)) == nil {
				t.Fatalf("%q gave %q", v, got)
			}
			if got := r.Resolve(direct, []string{v}); got != "203.0.113.7" {
				t.Fatalf("direct %q gave %q", v, got)
			}
		}
	})
}

func stripZone(ip string) string {
	if i := len(ip) - 1; i > 0 {
		for j := 0; j < len(ip); j++ {
			if ip[j] == '%' {
				return ip[:j]
			}
		}
	}
	return ip
}
