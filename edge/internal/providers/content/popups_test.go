package content

import "testing"

// The cases of kit/src/rules/popups.test.ts: the edge and the shell must choose the
// same popup.

var (
	welcomePopup = Popup{ID: "welcome", Kind: "welcome", Version: 1, Title: "Welcome", Show: "no-user",
		Paths: []string{"/"}, Exclude: []string{"/account", "/checkout"}}
	sitePopup = Popup{ID: "promo", Kind: "site", Version: 2, Title: "Promo", Show: "all", Exclude: []string{"/checkout"}}
)

func with(p Popup, edit func(*Popup)) Popup { edit(&p); return p }

func TestChoosePopup(t *testing.T) {
	cases := []struct {
		name      string
		popups    []Popup
		path      string
		signedIn  bool
		dismissed []string
		want      string // the chosen popup's key, "" for none
	}{
		// The welcome popup comes first, then the site popup once it is dismissed.
		{"welcome first", []Popup{sitePopup, welcomePopup}, "/", false, nil, "welcome@1"},
		{"site after welcome", []Popup{sitePopup, welcomePopup}, "/", false, []string{"welcome@1"}, "promo@2"},
		{"both dismissed", []Popup{sitePopup, welcomePopup}, "/", false, []string{"welcome@1", "promo@2"}, ""},
		// A new version of a dismissed popup shows again.
		{"new version", []Popup{sitePopup}, "/", false, []string{"promo@1"}, "promo@2"},
		{"key is id@version exactly", []Popup{sitePopup}, "/", false, []string{"promo@2x", "promo@02", "promo2", "prom@2", "promo@"}, "promo@2"},
		// An undismissed welcome popup holds site popups back where it does not apply.
		{"welcome holds back", []Popup{welcomePopup, sitePopup}, "/account/signin", false, nil, ""},
		// Members never see a no-user popup; their site popup shows instead.
		{"member, welcome and site", []Popup{welcomePopup, sitePopup}, "/", true, nil, "promo@2"},
		{"member, site", []Popup{sitePopup}, "/", true, nil, "promo@2"},
		{"excluded site popup", []Popup{sitePopup}, "/checkout/order", false, nil, ""},
		{"none", nil, "/", false, nil, ""},
	}
	for _, c := range cases {
		got := ""
		if p := ChoosePopup(c.popups, c.path, c.signedIn, c.dismissed); p != nil {
			got = PopupKey(p)
			if p != &c.popups[indexOf(c.popups, p.ID)] {
				t.Errorf("%s: not a pointer into the list", c.name)
			}
		}
		if got != c.want {
			t.Errorf("%s: chose %q, want %q", c.name, got, c.want)
		}
	}
}

func indexOf(pp []Popup, id string) int {
	for i := range pp {
		if pp[i].ID == id {
			return i
		}
	}
	return -1
}

func TestPopupApplies(t *testing.T) {
	menuOnly := with(sitePopup, func(p *Popup) { p.Paths = []string{"/menu"} })
	members := with(sitePopup, func(p *Popup) { p.Show = "user" })
	cases := []struct {
		name     string
		popup    Popup
		path     string
		signedIn bool
		want     bool
	}{
		{"no-user, member", welcomePopup, "/", true, false},
		{"user, guest", members, "/", false, false},
		{"user, member", members, "/", true, true},
		// Exclusions match whole path segments, with or without a trailing slash.
		{"excluded", sitePopup, "/checkout", false, false},
		{"excluded, trailing slash", sitePopup, "/checkout/", false, false},
		{"excluded, below", sitePopup, "/checkout/order", false, false},
		{"not a segment", sitePopup, "/checkouts", false, true},
		{"other path", menuOnly, "/locations", false, false},
		{"below a path", menuOnly, "/menu/m-standard", false, true},
		{"the path itself", menuOnly, "/menu", false, true},
		{"no paths: everywhere", sitePopup, "/locations/oh", false, true},
		{"prefix with a trailing slash", with(sitePopup, func(p *Popup) { p.Paths = []string{"/menu/"} }), "/menu", false, true},
	}
	for _, c := range cases {
		if got := PopupApplies(&c.popup, c.path, c.signedIn); got != c.want {
			t.Errorf("%s: PopupApplies(%q, signed in %v) = %v", c.name, c.path, c.signedIn, got)
		}
	}
}

func TestPopupKey(t *testing.T) {
	if k := PopupKey(&sitePopup); k != "promo@2" {
		t.Fatal(k)
	}
}
