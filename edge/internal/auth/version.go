package auth

import "strings"

// checkVersion applies the version rule to the token's version claim:
// missing or empty → ErrNoVersion; below min → ErrOldVersion.
//
// Versions are compared as dot-separated decimal numbers, part by part, missing parts
// counting as zero, so "1", "1.0", "2" and "10" pass against "1" while "0" and "0.9"
// do not. A version that is present but not of that form ("v1", "1-beta", " 1")
// cannot be shown to be at least min and gets ErrOldVersion.
func checkVersion(v, min string) error {
	if v == "" {
		return ErrNoVersion
	}
	have, ok := parseVersion(v)
	if !ok {
		return ErrOldVersion
	}
	want, _ := parseVersion(min)
	if compareVersions(have, want) < 0 {
		return ErrOldVersion
	}
	return nil
}

// parseVersion splits v into its decimal parts with leading zeros removed.
func parseVersion(v string) ([]string, bool) {
	if v == "" || len(v) > 64 {
		return nil, false
	}
	parts := strings.Split(v, ".")
	for i, p := range parts {
		if p == "" {
			return nil, false
		}
		for _, r := range p {
			if r < '0' || r > '9' {
				return nil, false
			}
		}
		parts[i] = strings.TrimLeft(p, "0")
	}
	return parts, true
}

// compareVersions compares parsed versions numerically, part by part, with no bound
// on a part's size (parts have no leading zeros, so the longer one is larger).
func compareVersions(a, b []string) int {
	for i := 0; i < len(a) || i < len(b); i++ {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		switch {
		case len(x) != len(y):
			if len(x) < len(y) {
				return -1
			}
			return 1
		case x != y:
			return strings.Compare(x, y)
		}
	}
	return 0
}
