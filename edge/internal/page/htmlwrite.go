package page

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"unicode/utf8"
)

// Fragment is pre-rendered HTML that holds the response's nonce: its parts are written
// with the (escaped) nonce between each two.
type Fragment []string

func (f Fragment) write(b []byte, nonce string) []byte {
	for i, p := range f {
		if i > 0 {
			b = append(b, nonce...)
		}
		b = append(b, p...)
	}
	return b
}

// nonceHole marks where the nonce goes while a fragment is built.
const nonceHole = "\x00nonce\x00"

func fragment(s string) Fragment { return strings.Split(s, nonceHole) }

// appendStructuredData writes each JSON-LD document as a data block. A browser does
// not run a script element of this type, so the policy has nothing to allow; it carries
// the nonce anyway, like every script element the edge writes. <, > and & are escaped
// so that no document can close the element.
func appendStructuredData(b []byte, docs []json.RawMessage, nonce string) []byte {
	for _, d := range docs {
		var esc bytes.Buffer
		json.HTMLEscape(&esc, d)
		b = append(b, `<script type="application/ld+json" nonce="`...)
		b = append(b, nonce...)
		b = append(b, `">`...)
		b = append(b, esc.Bytes()...)
		b = append(b, "</script>\n"...)
	}
	return b
}

func cutOnce(s, sep string) (before, after string, ok bool) {
	if strings.Count(s, sep) != 1 {
		return "", "", false
	}
	return strings.Cut(s, sep)
}

// appendHTML writes s escaped for HTML text and quoted attribute values.
func appendHTML(b []byte, s string) []byte {
	last := 0
	for i := 0; i < len(s); i++ {
		var esc string
		switch s[i] {
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '&':
			esc = "&amp;"
		case '"':
			esc = "&#34;"
		case '\'':
			esc = "&#39;"
		default:
			continue
		}
		b = append(b, s[last:i]...)
		b = append(b, esc...)
		last = i + 1
	}
	return append(b, s[last:]...)
}

func appendStringMap(b []byte, m map[string]string) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, k)
		b = append(b, ':')
		b = appendJSONString(b, m[k])
	}
	return append(b, '}')
}

func jsonString(s string) []byte { return appendJSONString(nil, s) }

const hex = "0123456789abcdef"

// appendJSONString writes s as encoding/json does with HTML escaping: <, > and & as
// \u003c, \u003e and \u0026, U+2028 and U+2029 escaped, invalid UTF-8 as U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
