package site

import "strings"

// Slug is how a name is written in a page's path (a city in a location browse or
// jobs path, a street): lower-case ASCII letters and digits, anything else a hyphen,
// none at either end ("Fort Wayne" → "fort-wayne", "St. Louis" → "st--louis").
func Slug(s string) string {
	return strings.Trim(strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			return r
		case r >= 'A' && r <= 'Z':
			return r + 32
		}
		return '-'
	}, s), "-")
}
