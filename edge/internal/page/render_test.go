package page

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/providers/content"
	"github.com/henhouse/platform/edge/internal/routes"
)

var bootRe = regexp.MustCompile(`(?s)<script id="bootstrap" type="application/json" nonce="[^"]*">(.*?)</script>`)

// tricky strings: what JSON and HTML must escape inside a script and a text node.
var tricky = []string{"", "plain", `</script><script>alert(1)</script>`, "a&b<c>d\"e'f\\g", "tab\tnl\ncr\rbs\bff\f\x01\x1f",
	"line\u2028sep\u2029", "bad \xff utf8 \xc3", "émoji 🐔", "<!--hh:heading-->"}

func testShell(t *testing.T, chrome Chrome) (*Shell, []*routes.Compiled) {
	t.Helper()
	table := routes.MustCompile(routes.Table("henhouse")).Routes()
	cfg := Config{BrandName: "Henhouse", BrandSlug: "henhouse", Features: map[string]any{"x": "<b>&"}}
	s, err := NewShell(Assets{JS: []string{"main.1a2b3c4d.js"}, CSS: []string{"main.css"}, Preload: []string{"843.0e30b4ef.js", "kit.3bce1907.js"}, BuildID: "b<1>"}, cfg, table, chrome)
	if err != nil {
		t.Fatal(err)
	}
	return s, table
}

// The bootstrap written from fragments is byte for byte what json.Marshal writes for
// the same Bootstrap, for any text a visitor can put in the path, query or heading.
func TestBootstrapIsWhatJSONMarshalWrites(t *testing.T) {
	dir := t.TempDir()
	for _, m := range []string{"mf-menu", "mf-content"} {
		d := filepath.Join(dir, m, "1.0.0")
		_ = os.MkdirAll(d, 0o755)
		_ = os.WriteFile(filepath.Join(d, "mf-manifest.json"), []byte(`{"name":"`+strings.ReplaceAll(m, "-", "_")+`","metaData":{"remoteEntry":{"name":"remoteEntry.js","path":""}}}`), 0o644)
	}
	reg, err := modules.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, table := testShell(t, nil)
	rel := NewRelease(context.Background(), reg, table)
	for _, str := range tricky {
		for _, r := range table {
			p := &Page{Status: 200, Path: "/x" + str, Query: map[string]string{"q": str, str: "v", "a": "1"}, Route: r,
				Params: map[string]string{"mid": str}, Heading: str, Description: str, CSRF: str,
				Session: Session{SignedIn: true, HasCart: true, Token: &TokenClaims{Provider: str, Version: "1"}},
				Modules: rel, Visitor: "v1", Nonce: "n0nce+/="}
			if r.ID == "home" {
				p.Query, p.Params, p.Session.Token = nil, nil, nil
			}
			got := bootRe.FindSubmatch(s.Append(nil, p))
			if got == nil {
				t.Fatalf("no bootstrap for %q", str)
			}
			want, _ := json.Marshal(&Bootstrap{Version: BootstrapVersion, BuildID: "b<1>", Status: 200, Path: p.Path, Query: p.Query,
				Route:  RouteMatch{ID: r.ID, Module: r.Module, Screen: r.Screen, Heading: r.Heading, Params: p.Params},
				Layout: r.Layout, Heading: str, Routes: table, Modules: rel.Modules("v1"), Config: Config{BrandName: "Henhouse", BrandSlug: "henhouse", Features: map[string]any{"x": "<b>&"}},
				Session: p.Session, CSRF: str})
			if !bytes.Equal(got[1], want) {
				t.Fatalf("route %s, %q:\n got %s\nwant %s", r.ID, str, got[1], want)
			}
		}
	}
}

func TestTitleHeadingAndDescriptionAreEscaped(t *testing.T) {
	s, table := testShell(t, nil)
	var home, menu *routes.Compiled
	for _, r := range table {
		switch r.ID {
		case "home":
			home = r
		case "menu":
			menu = r
		}
	}
	doc := string(s.Append(nil, &Page{Status: 200, Path: "/", Route: home, Heading: "Page home", Description: `Fried "chicken" & <sides>`, Nonce: "abc"}))
	for _, want := range []string{"<title>Henhouse</title>", `<meta name="description" content="Fried &#34;chicken&#34; &amp; &lt;sides&gt;">`,
		`<div id="root"><h1 class="visually-hidden">Page home</h1></div>`, `<script defer src="/assets/main.1a2b3c4d.js" nonce="abc"></script>`,
		`<script id="bootstrap" type="application/json" nonce="abc">`, `<link rel="stylesheet" href="/assets/main.css">`} {
		if !strings.Contains(doc, want) {
			t.Errorf("missing %s in\n%s", want, doc)
		}
	}
	doc = string(s.Append(nil, &Page{Status: 200, Path: "/menu/m1", Route: menu, Heading: "Menu page: <Bardstown & 5th>"}))
	if !strings.Contains(doc, "<title>Menu · &lt;Bardstown &amp; 5th&gt; | Henhouse</title>") {
		t.Errorf("menu title in\n%s", doc)
	}
	doc = string(s.Append(nil, &Page{Status: 404, Path: "/nope", Route: home, Heading: "Page 404"}))
	if !strings.Contains(doc, "<title>Page not found | Henhouse</title>") {
		t.Errorf("404 title in\n%s", doc)
	}
}

// The document title names what the page shows (docs/routes.md, "Titles"), by the same
// rule as the shell's (kit/src/routing/heading.test.ts has the same cases).
func TestTitle(t *testing.T) {
	s, _ := testShell(t, nil)
	for _, c := range []struct {
		page Page
		want string
	}{
		{Page{Status: 200, Path: "/", Heading: "Page home"}, "Henhouse"},
		{Page{Status: 200, Path: "/contact", Heading: "Page contact", Title: "Contact Us"}, "Contact Us | Henhouse"},
		{Page{Status: 200, Path: "/locations/all", Heading: "Page locations all", Title: "All Locations"}, "All Locations | Henhouse"},
		{Page{Status: 404, Path: "/nope", Heading: "Page 404", Title: "Nope"}, "Page not found | Henhouse"},
		{Page{Status: 200, Path: "/privacy-policy", Heading: "Page privacy-policy"}, "Privacy policy | Henhouse"},
		{Page{Status: 200, Path: "/menu/m-louisville", Heading: "Menu page: Henhouse Louisville", Title: "Menu"}, "Menu · Henhouse Louisville | Henhouse"},
		{Page{Status: 200, Path: "/menu/m1/product/p8", Heading: "Product page: 8 Nuggets", Title: "Menu"}, "8 Nuggets | Henhouse"},
		{Page{Status: 200, Path: "/menu/m1/category/c1", Heading: "Category page: Sides", Title: "Menu"}, "Sides | Henhouse"},
		{Page{Status: 200, Path: "/menu/m1/product/p8", Heading: "Page menu m1 product p8", Title: "Menu"}, "Menu | Henhouse"},
		{Page{Status: 200, Path: "/order/checkout", Heading: "Page order checkout", Title: "Checkout"}, "Checkout | Henhouse"},
	} {
		if got := s.Title(&c.page); got != c.want {
			t.Errorf("%s, %q: %q, want %q", c.page.Path, c.page.Heading, got, c.want)
		}
	}
	if got := PathTitle("/a/caf%C3%A9_menu"); got != "Café menu" {
		t.Errorf("PathTitle: %q", got)
	}
	if NamedTitle("Menu page: ") != "" || NamedTitle("Page menu") != "" {
		t.Error("a heading naming nothing makes no title")
	}
}

// A page's own title replaces the heading in the document title, and its structured
// data goes into the head as JSON-LD data blocks with the nonce, escaped so that no
// document can end the element.
func TestTitleAndStructuredData(t *testing.T) {
	s, table := testShell(t, nil)
	var jobs *routes.Compiled
	for _, r := range table {
		if r.ID == "jobs" {
			jobs = r
		}
	}
	ld := json.RawMessage(`{"@type":"JobPosting","title":"</script><script>alert(1)</script> & more"}`)
	doc := string(s.Append(nil, &Page{Status: 200, Path: "/henhouse-dayton-jobs", Route: jobs, Heading: "Page henhouse-dayton-jobs",
		Title: "Jobs in <Dayton>, OH", StructuredData: []json.RawMessage{ld, ld}, Nonce: "n1"}))
	if !strings.Contains(doc, "<title>Jobs in &lt;Dayton&gt;, OH | Henhouse</title>") || !strings.Contains(doc, `<h1 class="visually-hidden">Page henhouse-dayton-jobs</h1>`) {
		t.Errorf("title and heading in\n%s", doc)
	}
	want := `<script type="application/ld+json" nonce="n1">{"@type":"JobPosting","title":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e \u0026 more"}</script>`
	if strings.Count(doc, want) != 2 || strings.Count(doc, "</script>") != strings.Count(doc, "<script") {
		t.Errorf("structured data in\n%s", doc)
	}
	head, _, _ := strings.Cut(doc, "</head>")
	if !strings.Contains(head, want) {
		t.Errorf("structured data outside the head:\n%s", doc)
	}
}

// With the shell's prerendered chrome the heading goes in its place in the layout's
// HTML; a layout without it (or without the marker once) keeps the plain heading. The
// main area's markers are not written; without a prerendered screen, what they hold is.
func TestChrome(t *testing.T) {
	dir := t.TempDir()
	if c, err := LoadChrome(dir); err != nil || c != nil {
		t.Fatalf("no file: %v %v", c, err)
	}
	_ = os.WriteFile(filepath.Join(dir, "chrome.json"), []byte(`{"default":"<header>H</header><main><h1>`+HeadingMarker+`</h1>`+MainStart+`<b>loading</b>`+MainEnd+`</main>","minimal":"<main>no marker</main>","app":"<i>`+HeadingMarker+HeadingMarker+`</i>"}`), 0o644)
	chrome, err := LoadChrome(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, table := testShell(t, chrome)
	for _, r := range table {
		doc := string(s.Append(nil, &Page{Status: 200, Path: "/p", Route: r, Heading: "Page <p> & q"}))
		root := doc[strings.Index(doc, `<div id="root">`):strings.Index(doc, "<noscript>")]
		want := `<div id="root"><h1 class="visually-hidden">Page &lt;p&gt; &amp; q</h1></div>`
		if r.Layout == routes.LayoutDefault {
			want = `<div id="root"><header>H</header><main><h1>Page &lt;p&gt; &amp; q</h1><b>loading</b></main></div>`
		}
		if strings.TrimSpace(root) != want {
			t.Fatalf("%s (%s): %s, want %s", r.ID, r.Layout, root, want)
		}
	}
	_ = os.WriteFile(filepath.Join(dir, "chrome.json"), []byte(`{`), 0o644)
	if _, err := LoadChrome(dir); err == nil {
		t.Fatal("a broken chrome.json was read")
	}
}

// The shell's first chunks, then the matched route's remote entry and its screen's
// chunks are preloaded with the nonce, from the version the visitor gets (here the
// newest on disk).
func TestPreloadsOfTheRoutesScreen(t *testing.T) {
	dir := t.TempDir()
	for _, v := range []string{"1.0.0", "1.1.0"} {
		d := filepath.Join(dir, "mf-menu", v)
		_ = os.MkdirAll(d, 0o755)
		_ = os.WriteFile(filepath.Join(d, "mf-manifest.json"), []byte(`{"name":"mf_menu","metaData":{"remoteEntry":{"name":"remoteEntry.js","path":""}},
		"exposes":[{"name":"Menu","path":"./Menu","assets":{"js":{"sync":["2758.js","__federation_expose_Menu.js"]},"css":{"sync":["menu.css"]}}}]}`), 0o644)
	}
	reg, _ := modules.Open(dir, nil)
	s, table := testShell(t, nil)
	var menu *routes.Compiled
	for _, r := range table {
		if r.ID == "menu" {
			menu = r
		}
	}
	doc := string(s.Append(nil, &Page{Status: 200, Path: "/menu/m1", Route: menu, Modules: NewRelease(context.Background(), reg, table), Visitor: "v", Nonce: "N"}))
	for _, want := range []string{
		// The shell's first chunks (entrypoints.json "preload"), on every page, before
		// the screen's.
		`<link rel="preload" href="/assets/843.0e30b4ef.js" as="script" fetchpriority="low" nonce="N">
<link rel="preload" href="/assets/kit.3bce1907.js" as="script" fetchpriority="low" nonce="N">
<link rel="preload" href="/modules/mf-menu/1.1.0/remoteEntry.js" as="script" nonce="N">`,
		`<link rel="preload" href="/modules/mf-menu/1.1.0/2758.js" as="script" nonce="N">`,
		`<link rel="preload" href="/modules/mf-menu/1.1.0/__federation_expose_Menu.js" as="script" nonce="N">`,
		`<link rel="preload" href="/modules/mf-menu/1.1.0/menu.css" as="style">` + "\n",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("missing %s in\n%s", want, doc)
		}
	}
	headHoldsOnlyElements(t, doc)
}

// headHoldsOnlyElements fails when the document's head holds text between its elements
// (a stray "\n" written as two characters, say): the browser's parser would end the head
// at that text and put it, and every element after it, in the body.
func headHoldsOnlyElements(t *testing.T, doc string) {
	t.Helper()
	start, end := strings.Index(doc, "<head>"), strings.Index(doc, "</head>")
	if start < 0 || end < start {
		t.Fatalf("no head in\n%s", doc)
	}
	between := regexp.MustCompile(`(?s)<title>.*?</title>|<script[^>]*>.*?</script>|<[^>]*>`).ReplaceAllString(doc[start:end], "")
	if strings.TrimSpace(between) != "" {
		t.Errorf("text in the head: %q", strings.TrimSpace(between))
	}
}

// apiShell is a shell with the API below /api and no chrome.
func apiShell(t *testing.T) (*Shell, []*routes.Compiled) {
	t.Helper()
	table := routes.MustCompile(routes.Table("henhouse")).Routes()
	cfg := Config{BrandName: "Henhouse", BrandSlug: "henhouse", APIBase: "/api"}
	s, err := NewShell(Assets{JS: []string{"main.1a2b3c4d.js"}}, cfg, table, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s, table
}

// A page whose screen reads an API answer first preloads it, as the API client will ask
// for it (a CORS-mode fetch: crossorigin), below the API base; other pages preload none.
func TestPreloadOfTheScreensFirstRead(t *testing.T) {
	s, table := apiShell(t)
	doc := string(s.Append(nil, &Page{Status: 200, Path: "/catering", Route: table[0], Data: "/content/pages/a&b", Nonce: "N"}))
	want := `<link rel="preload" href="/api/content/pages/a&amp;b" as="fetch" crossorigin>` + "\n" + popupsPreload + "\n</head>"
	if !strings.Contains(doc, want) {
		t.Errorf("missing %s in\n%s", want, doc)
	}
	headHoldsOnlyElements(t, doc)
	doc = string(s.Append(nil, &Page{Status: 200, Path: "/account/signin", Route: table[0], Nonce: "N"}))
	if strings.Contains(strings.ReplaceAll(doc, popupsPreload, ""), `as="fetch"`) {
		t.Errorf("a page without Data preloads an answer:\n%s", doc)
	}
}

const popupsPreload = `<link rel="preload" href="/api/content/popups" as="fetch" fetchpriority="low" crossorigin>`

// Every page of the full site asks for the popups' content from its head, after the
// screen's own read; the minimal and app layouts show no popups and do not.
func TestPreloadOfThePopupsOnTheFullSite(t *testing.T) {
	s, table := apiShell(t)
	seen := map[routes.Layout]bool{}
	for _, r := range table {
		seen[r.Layout] = true
		doc := string(s.Append(nil, &Page{Status: 200, Path: "/x", Route: r, Data: "/content/pages/x", Nonce: "N"}))
		has := strings.Contains(doc, popupsPreload+"\n</head>")
		if has != (r.Layout == routes.LayoutDefault) {
			t.Errorf("%s (%s layout): popups preloaded = %v", r.ID, r.Layout, has)
		}
		if has && strings.Index(doc, popupsPreload) < strings.Index(doc, `href="/api/content/pages/x"`) {
			t.Errorf("%s: the popups come before the screen's own read", r.ID)
		}
		headHoldsOnlyElements(t, doc)
	}
	if len(seen) != 3 {
		t.Errorf("layouts in the table: %v", seen)
	}
}

// The early popup: the shell's popup markup, written at the start of the body on pages
// of the default layout, before the root React owns; text and attributes escaped.
func TestEarlyPopup(t *testing.T) {
	p := &content.Popup{ID: "welcome", Kind: "welcome", Version: 3, Title: `Hi <there> "guest"`, Text: `Fried <b>fresh</b> & "hot"`,
		Image:  &content.Image{Filename: "/static/img/a.svg?x=1&y=2", Alt: `a "drumstick" <img>`, Width: 200, Height: 150},
		Button: json.RawMessage(`{"component":"button","text":"Find a <Location>","variant":"primary","size":"full","link":{"cached_url":"//locations","linktype":"story"},"param":"a=1&b=\"2\""}`)}
	want := `<dialog class="hh-dialog hh-dialog--early" id="hh-early-popup" data-popup-key="welcome@3" aria-labelledby="hh-early-popup-title" aria-describedby="hh-early-popup-body" open>` +
		`<h2 id="hh-early-popup-title" class="hh-dialog__title">Hi &lt;there&gt; &#34;guest&#34;</h2>` +
		`<div id="hh-early-popup-body" class="hh-dialog__body"><div class="hh-popup hh-popup--welcome" data-popup="welcome">` +
		`<img class="hh-popup__image" src="/static/img/a.svg?x=1&amp;y=2" alt="a &#34;drumstick&#34; &lt;img&gt;" width="320" height="240" fetchpriority="high" elementtiming="hh-early-popup">` +
		`<p>Fried &lt;b&gt;fresh&lt;/b&gt; &amp; &#34;hot&#34;</p></div></div>` +
		`<form method="dialog" class="hh-dialog__actions"><button class="hh-button hh-button--secondary" value="close">Close</button>` +
		`<span role="presentation" class="hh-popup__action"><a class="hh-cbutton hh-cbutton--primary hh-cbutton--full " href="/locations?a=1&amp;b=&#34;2&#34;">Find a &lt;Location&gt;</a></span>` +
		`</form></dialog>` + "\n"
	if got := string(PopupHTML(p)); got != want {
		t.Fatalf("markup:\n got %s\nwant %s", got, want)
	}

	s, table := apiShell(t)
	seen := map[routes.Layout]bool{}
	for _, r := range table {
		seen[r.Layout] = true
		doc := string(s.Append(nil, &Page{Status: 200, Path: "/x", Route: r, Nonce: "N", Popup: PopupHTML(p)}))
		has := strings.Contains(doc, "<body>\n"+want+`<div id="root">`)
		if has != (r.Layout == routes.LayoutDefault) {
			t.Errorf("%s (%s layout): popup written = %v", r.ID, r.Layout, has)
		}
		if r.Layout != routes.LayoutDefault && strings.Contains(doc, "hh-early-popup") {
			t.Errorf("%s (%s layout): popup markup in\n%s", r.ID, r.Layout, doc)
		}
		doc = string(s.Append(nil, &Page{Status: 200, Path: "/x", Route: r, Nonce: "N"}))
		if !strings.Contains(doc, "<body>\n<div id=\"root\">") {
			t.Errorf("%s: no popup, yet the body does not start with the root", r.ID)
		}
	}
	if len(seen) != 3 {
		t.Errorf("layouts in the table: %v", seen)
	}
}

// The page's starter remembers an early close as the shell does: the same storage key,
// cookie, limits and cookie attributes as kit/src/rules/popups.ts and
// shell/src/chrome/dismissals.ts.
func TestAfterPopupRemembersAsTheShellDoes(t *testing.T) {
	read := func(path string) string {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", path))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	rules, dismissals := read("kit/src/rules/popups.ts"), read("shell/src/chrome/dismissals.ts")
	for _, c := range []struct{ file, text, in string }{
		{"kit/src/rules/popups.ts", "popupsStorageKey = '" + dismissedStorageKey + "'", rules},
		{"dismissals.ts", "popupsCookie = '" + dismissedCookie + "'", dismissals},
		{"dismissals.ts", "COOKIE_KEYS = 20", dismissals},
		{"dismissals.ts", ".slice(-50)", dismissals},
		{"dismissals.ts", "encodeURIComponent(keys.slice(-COOKIE_KEYS).join(' '))", dismissals},
		{"dismissals.ts", "; Path=/; Max-Age=31536000; SameSite=Lax${secure}", dismissals},
	} {
		if !strings.Contains(c.in, c.text) {
			t.Errorf("%s no longer has %q: keep afterPopup in step", c.file, c.text)
		}
	}
	for _, want := range []string{`a.slice(-50)`, `encodeURIComponent(a.slice(-20).join(" "))`, `"; Path=/; Max-Age=31536000; SameSite=Lax"`} {
		if !strings.Contains(afterPopup, want) {
			t.Errorf("afterPopup has no %s", want)
		}
	}
}

// The screen's largest image, when the edge knows it, is preloaded first, escaped.
func TestPreloadOfTheScreensImage(t *testing.T) {
	s, table := testShell(t, nil)
	doc := string(s.Append(nil, &Page{Status: 200, Path: "/x", Route: table[0], Nonce: "N", Image: `/static/img/a&"b.svg`}))
	want := `<link rel="preload" href="/static/img/a&amp;&#34;b.svg" as="image" fetchpriority="high">` + "\n" + `<link rel="preload" href="/assets/843.0e30b4ef.js"`
	if !strings.Contains(doc, want) {
		t.Errorf("missing %s in\n%s", want, doc)
	}
	headHoldsOnlyElements(t, doc)
	if doc = string(s.Append(nil, &Page{Status: 200, Path: "/x", Route: table[0], Nonce: "N"})); strings.Contains(doc, `as="image"`) {
		t.Errorf("an image preloaded without one:\n%s", doc)
	}
}

// A page with the early popup holds its downloads until the popup has painted: the
// preloads and scripts a page without one writes into its head and at the end of its
// body are, unchanged and in the same order, in a template that a script with the
// page's nonce starts (afterPopup). Pages without a popup are as before.
func TestPopupPagesStartTheirDownloadsAfterThePopup(t *testing.T) {
	s, table := testShell(t, nil)
	s.apiBase = "/api"
	var home *routes.Compiled
	for _, r := range table {
		if r.ID == "home" {
			home = r
		}
	}
	page := &Page{Status: 200, Path: "/", Route: home, Data: "/content/pages/", Nonce: "N"}
	plain := string(s.Append(nil, page))
	head := plain[strings.Index(plain, `<link rel="preload"`):strings.Index(plain, "</head>")]
	boot := strings.Index(plain, `<script id="bootstrap"`)
	scripts := plain[boot+strings.Index(plain[boot:], "</script>\n")+len("</script>\n") : strings.Index(plain, "</body>")]
	if !strings.Contains(head, `href="/assets/kit.3bce1907.js"`) || !strings.Contains(head, `href="/api/content/pages/"`) || scripts != `<script defer src="/assets/main.1a2b3c4d.js" nonce="N"></script>`+"\n" {
		t.Fatalf("without a popup: preloads\n%s\nscripts\n%s", head, scripts)
	}
	if strings.Contains(plain, afterPopupID) {
		t.Errorf("a page without a popup holds its downloads:\n%s", plain)
	}

	page.Popup = []byte("<dialog id=\"hh-early-popup\" open>…</dialog>\n")
	doc := string(s.Append(nil, page))
	if strings.Contains(doc[:strings.Index(doc, "</head>")], `rel="preload"`) {
		t.Errorf("the head of a popup page preloads:\n%s", doc)
	}
	want := "</script>\n<template id=\"hh-after-popup\">\n" + head + scripts + "</template>\n<script nonce=\"N\">" + afterPopup + "</script>\n</body>"
	if !strings.Contains(doc, want) {
		t.Errorf("the end of the body is not\n%s\nin\n%s", want, doc)
	}
	if strings.Count(doc, "<script defer") != 1 {
		t.Errorf("the entry is written more than once:\n%s", doc)
	}
	headHoldsOnlyElements(t, doc)
}

// The popup's image and button follow the shell's rules: a box 180 high without an
// intrinsic size, no image without a file; a button needs a text and a link; a "url"
// link opens in a new tab unless the block names a target; missing variant, size and
// icon position take ContentButton's defaults, given ones (even empty) are kept.
func TestEarlyPopupImageAndButton(t *testing.T) {
	const start = `<span role="presentation" class="hh-popup__action">`
	cases := []struct {
		name   string
		popup  content.Popup
		want   string // a part of the markup
		absent string // "" or what must not be there
	}{
		{"no intrinsic size", content.Popup{Image: &content.Image{Filename: "/a.png", Width: 200}}, `width="320" height="180"`, ""},
		{"rounded height", content.Popup{Image: &content.Image{Filename: "/a.png", Width: 300, Height: 101}}, `width="320" height="108"`, ""},
		{"no file", content.Popup{Image: &content.Image{Alt: "x", Width: 1, Height: 1}}, `<p>`, "<img"},
		{"no button", content.Popup{}, `Close</button></form>`, start},
		{"no text", content.Popup{Button: json.RawMessage(`{"link":{"cached_url":"menu","linktype":"story"}}`)}, `Close</button></form>`, start},
		{"no link", content.Popup{Button: json.RawMessage(`{"text":"Go"}`)}, `Close</button></form>`, start},
		{"bad block", content.Popup{Button: json.RawMessage(`{"text":1}`)}, `Close</button></form>`, start},
		{"url link", content.Popup{Button: json.RawMessage(`{"text":"Jobs","link":{"cached_url":"https://jobs.example/?a=1&b=2","linktype":"url"}}`)},
			start + `<a class="hh-cbutton hh-cbutton--primary hh-cbutton--large " href="https://jobs.example/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">Jobs</a></span>`, ""},
		{"url link, target and icon", content.Popup{Button: json.RawMessage(`{"text":"Jobs","variant":"secondary","size":"small","icon":"arrow","icon_position":"icon-left","target":"_self","link":{"cached_url":"https://jobs.example","linktype":"url"}}`)},
			start + `<a class="hh-cbutton hh-cbutton--secondary hh-cbutton--small icon-left" href="https://jobs.example" target="_self" rel="noopener noreferrer">Jobs</a></span>`, "→"},
		{"story link, no param", content.Popup{Button: json.RawMessage(`{"text":"Menu","variant":"","link":{"cached_url":"menu/m-standard","linktype":"story"},"param":""}`)},
			`<a class="hh-cbutton hh-cbutton-- hh-cbutton--large " href="/menu/m-standard">Menu</a>`, ""},
	}
	for _, c := range cases {
		c.popup.ID, c.popup.Kind, c.popup.Version, c.popup.Title = "p", "site", 1, "T"
		got := string(PopupHTML(&c.popup))
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: %s not in\n%s", c.name, c.want, got)
		}
		if c.absent != "" && strings.Contains(got, c.absent) {
			t.Errorf("%s: %s in\n%s", c.name, c.absent, got)
		}
	}
}
