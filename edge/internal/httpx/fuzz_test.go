package httpx

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// FuzzDecodeBytes: any body decodes or is refused with a 400 in the error shape, never
// a panic; what decodes holds no control character.
//
//	go test -fuzz=FuzzDecodeBytes ./edge/internal/httpx
func FuzzDecodeBytes(f *testing.F) {
	for _, s := range []string{`{"name":"Ada","quantity":2,"tags":["a"],"nested":{"x":1}}`, `{"name":"\u0000"}`, `{"name":"\u202e"}`, `[`, `{"quantity":1e400}`, `{"quantity":-1}`, `{"x":1}`, `{} {}`, `"s"`, `null`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var v struct {
			Name     string         `json:"name"`
			Quantity int            `json:"quantity"`
			Tags     []string       `json:"tags"`
			Nested   map[string]any `json:"nested"`
		}
		err := DecodeBytes(body, &v)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Status != 400 || e.Code != "invalid" || e.Message == "" {
				t.Fatalf("%q: %#v", body, err)
			}
			return
		}
		if strings.IndexFunc(v.Name, isControl) >= 0 {
			t.Fatalf("%q: decoded a control character", body)
		}
		for _, s := range v.Tags {
			if strings.IndexFunc(s, isControl) >= 0 {
				t.Fatalf("%q: decoded a control character", body)
			}
		}
		if !json.Valid(body) {
			t.Fatalf("%q: not JSON, but decoded", body)
		}
	})
}

// Text that holds a control character, raw or escaped, is refused; the same text
// without it is taken.
func TestDecodeBytesControlText(t *testing.T) {
	var v struct {
		Name string `json:"name"`
	}
	for _, body := range []string{`{"name":"a\u0000b"}`, `{"name":"a\u007fb"}`, "{\"name\":\"a\x7fb\"}", "{\"name\":\"a\u202eb\"}", `{"name":"a\u2066b"}`, "{\"n\u2067ame\":\"x\"}"} {
		if err := DecodeBytes([]byte(body), &v); err == nil {
			t.Errorf("%q: taken", body)
		}
	}
	for _, body := range []string{`{"name":"a\nb"}`, `{"name":"a\tb \"q\""}`, "{\"name\":\"caf\u00e9 \u2014 ok\"}", `{"name":"plain"}`} {
		if err := DecodeBytes([]byte(body), &v); err != nil {
			t.Errorf("%q: %v", body, err)
		}
	}
}
