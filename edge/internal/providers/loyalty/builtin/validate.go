package builtin

import (
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Messages shown next to form fields.
const (
	msgFirstName     = "Enter your first name"
	msgLastName      = "Enter your last name"
	msgNameLong      = "Use at most 50 characters"
	msgNameChars     = "Use letters, spaces, hyphens and apostrophes"
	msgEmail         = "Enter a valid email address"
	msgPhone         = "Enter a 10-digit phone number"
	msgPassword      = "Use at least 8 characters, with a letter and a number"
	msgPasswordLong  = "Use at most 72 characters"
	msgPasswordEmpty = "Enter your password"
	msgBirthday      = "Enter your birthday as YYYY-MM-DD"
	msgBirthdayReal  = "Enter a real date of birth"
	msgBirthdayAge   = "You must be 13 or older to join"
	msgLocation      = "Choose a location from the list"
	msgCode          = "Enter the 6-digit code"
	msgCheckFields   = "Check the highlighted fields."
)

const maxName = 50

// normEmail trims and lower-cases an email address.
func normEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

var domainPattern = regexp.MustCompile(`^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$`)

// validEmail accepts a normalised, ordinary mailbox address (no display name, no
// comments, no quoted local part) with a dotted domain.
func validEmail(s string) bool {
	if len(s) > 254 || strings.Count(s, "@") != 1 || strings.ContainsAny(s, " \t\r\n\"()<>,;:[]\\") {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return false
	}
	local, domain, _ := strings.Cut(s, "@")
	if local == "" || len(local) > 64 || strings.HasPrefix(local, ".") || strings.HasSuffix(local, ".") || strings.Contains(local, "..") {
		return false
	}
	return domainPattern.MatchString(domain)
}

// normPhone keeps the digits of a US phone number written with the usual
// punctuation, dropping a leading country code 1. ok is false unless 10 digits
// remain and the area code and exchange start with 2-9.
func normPhone(s string) (digits string, ok bool) {
	var b strings.Builder
	for _, r := range strings.TrimSpace(s) {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case strings.ContainsRune(" -.()+", r):
		default:
			return "", false
		}
	}
	d := b.String()
	if len(d) == 11 && d[0] == '1' {
		d = d[1:]
	}
	if len(d) != 10 || d[0] < '2' || d[3] < '2' {
		return "", false
	}
	return d, true
}

// passwordProblem is the field message for a password that breaks the rules, or "".
func passwordProblem(pw string) string {
	if len(pw) > 72 {
		return msgPasswordLong
	}
	if utf8.RuneCountInString(pw) < 8 {
		return msgPassword
	}
	var letter, digit bool
	for _, r := range pw {
		letter = letter || unicode.IsLetter(r)
		digit = digit || unicode.IsDigit(r)
	}
	if !letter || !digit {
		return msgPassword
	}
	return ""
}

// nameProblem checks a trimmed first or last name; empty is the caller's message.
func nameProblem(s, empty string) string {
	if s == "" {
		return empty
	}
	if utf8.RuneCountInString(s) > maxName {
		return msgNameLong
	}
	for _, r := range s {
		if !(unicode.IsLetter(r) || unicode.IsMark(r) || r == ' ' || r == '-' || r == '\'' || r == '’' || r == '.') {
			return msgNameChars
		}
	}
	return ""
}

// birthdayProblem checks an optional YYYY-MM-DD birthday against today in zone.
func birthdayProblem(s string, now time.Time, zone *time.Location) string {
	if s == "" {
		return ""
	}
	d, err := time.ParseInLocation("2006-01-02", s, zone)
	if err != nil {
		return msgBirthday
	}
	today := now.In(zone)
	if d.Year() < 1900 || d.After(today) {
		return msgBirthdayReal
	}
	if d.AddDate(13, 0, 0).After(today) {
		return msgBirthdayAge
	}
	return ""
}

var locationIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,63}$`)

var sixDigits = regexp.MustCompile(`^[0-9]{6}$`)

// normCode strips spaces and dashes people type into one-time codes.
func normCode(s string) string {
	return strings.NewReplacer(" ", "", "-", "", "\u00a0", "").Replace(strings.TrimSpace(s))
}

// maskEmail shows the first letter and the domain: "j•••@example.com".
func maskEmail(email string) string {
	local, domain, ok := strings.Cut(email, "@")
	if !ok || local == "" {
		return "•••"
	}
	first, _ := utf8.DecodeRuneInString(local)
	return string(first) + "•••@" + domain
}

// maskPhone shows the last four digits: "(•••) •••-0123".
func maskPhone(digits string) string {
	if len(digits) < 4 {
		return "(•••) •••-••••"
	}
	return "(•••) •••-" + digits[len(digits)-4:]
}

// luhnValid reports whether a digit string passes the Luhn check.
func luhnValid(d string) bool {
	sum, double := 0, false
	for i := len(d) - 1; i >= 0; i-- {
		c := d[i]
		if c < '0' || c > '9' {
			return false
		}
		n := int(c - '0')
		if double {
			n *= 2
			if n > 9 {
				n -= 9
			}
		}
		sum += n
		double = !double
	}
	return len(d) > 0 && sum%10 == 0
}

// luhnDigit is the check digit that makes d+digit pass the Luhn check.
func luhnDigit(d string) byte {
	for c := byte('0'); c <= '9'; c++ {
		if luhnValid(d + string(c)) {
			return c
		}
	}
	return '0'
}

// normMemberNumber turns "hh 1234 5678 90" into "HH1234567890"; ok is false unless
// it has the shape of a member number.
func normMemberNumber(s string) (string, bool) {
	n := strings.ToUpper(strings.NewReplacer(" ", "", "-", "").Replace(strings.TrimSpace(s)))
	if len(n) != 12 || !strings.HasPrefix(n, "HH") {
		return "", false
	}
	for _, c := range n[2:] {
		if c < '0' || c > '9' {
			return "", false
		}
	}
	return n, true
}
