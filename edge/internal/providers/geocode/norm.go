package geocode

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// token is one word of a query: lower-cased, accents folded, apostrophes and periods
// dropped ("D.C." → "dc", "O'Fallon" → "ofallon").
type token struct {
	// raw is the folded word; word is raw with abbreviations expanded ("st" → "saint").
	raw, word string
	// start and end are byte offsets of the word in the original query.
	start, end int
	// comma is true when a comma or semicolon separates this word from the previous one.
	comma bool
}

// abbreviations expanded in city names, so "St. Louis", "St Louis" and "Saint Louis"
// are the same key.
var abbreviations = map[string]string{
	"st":  "saint",
	"ste": "sainte",
	"ft":  "fort",
	"mt":  "mount",
	"pt":  "point",
}

// tokenize splits s into words. Letters and digits make words; apostrophes and periods
// join; anything else separates.
func tokenize(s string) []token {
	var toks []token
	var b strings.Builder
	start, end := -1, 0
	comma := false
	flush := func() {
		if start >= 0 && b.Len() > 0 {
			raw := b.String()
			w := raw
			if a, ok := abbreviations[raw]; ok {
				w = a
			}
			toks = append(toks, token{raw: raw, word: w, start: start, end: end, comma: comma && len(toks) > 0})
			comma = false
		}
		b.Reset()
		start = -1
	}
	for i, r := range s {
		switch {
		case r == '\'' || r == '.' || r == '\u2019' || r == '\u02bc':
			if start >= 0 {
				end = i + utf8.RuneLen(r)
			}
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if start < 0 {
				start = i
			}
			for _, f := range fold(unicode.ToLower(r)) {
				b.WriteRune(f)
			}
			end = i + utf8.RuneLen(r)
		default:
			flush()
			if r == ',' || r == ';' {
				comma = true
			}
		}
	}
	flush()
	return toks
}

// key is the normalized form of a place name: its words joined by single spaces.
func key(name string) string {
	toks := tokenize(name)
	ws := make([]string, len(toks))
	for i, t := range toks {
		ws[i] = t.word
	}
	return strings.Join(ws, " ")
}

func joinWords(toks []token, raw bool) string {
	switch len(toks) {
	case 0:
		return ""
	case 1:
		if raw {
			return toks[0].raw
		}
		return toks[0].word
	}
	var b strings.Builder
	for i, t := range toks {
		if i > 0 {
			b.WriteByte(' ')
		}
		if raw {
			b.WriteString(t.raw)
		} else {
			b.WriteString(t.word)
		}
	}
	return b.String()
}

// noCommaInside reports whether toks can be one name: no comma between its words.
func noCommaInside(toks []token) bool {
	for i := 1; i < len(toks); i++ {
		if toks[i].comma {
			return false
		}
	}
	return true
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func hasDigit(toks []token) bool {
	for _, t := range toks {
		for i := 0; i < len(t.raw); i++ {
			if t.raw[i] >= '0' && t.raw[i] <= '9' {
				return true
			}
		}
	}
	return false
}

// fold maps accented Latin letters to ASCII ("ñ" → "n", "ß" → "ss").
func fold(r rune) string {
	if r < 0x80 {
		return string(r)
	}
	switch r {
	case 'à', 'á', 'â', 'ã', 'ä', 'å', 'ā', 'ă', 'ą':
		return "a"
	case 'æ':
		return "ae"
	case 'ç', 'ć', 'č':
		return "c"
	case 'ď', 'đ':
		return "d"
	case 'è', 'é', 'ê', 'ë', 'ē', 'ė', 'ę', 'ě':
		return "e"
	case 'ì', 'í', 'î', 'ï', 'ī', 'į', 'ı':
		return "i"
	case 'ł', 'ľ':
		return "l"
	case 'ñ', 'ń', 'ň':
		return "n"
	case 'ò', 'ó', 'ô', 'õ', 'ö', 'ø', 'ō', 'ő':
		return "o"
	case 'œ':
		return "oe"
	case 'ř':
		return "r"
	case 'ś', 'š', 'ş':
		return "s"
	case 'ß':
		return "ss"
	case 'ť', 'ţ':
		return "t"
	case 'ù', 'ú', 'û', 'ü', 'ū', 'ů', 'ű', 'ų':
		return "u"
	case 'ý', 'ÿ':
		return "y"
	case 'ź', 'ż', 'ž':
		return "z"
	}
	return string(r)
}
