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
