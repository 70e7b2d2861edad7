package page

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/routes"
)

// prerenderFixture is a shell whose chrome has the main area's markers, and a release
// of mf-account whose SignIn has a prerendered screen for the default layout, shown to signed-out
// visitors; prerender is the version's screen-prerender.json.
func prerenderFixture(t *testing.T, prerender string) (*Shell, *Release, map[string]*routes.Compiled) {
	t.Helper()
	dir := t.TempDir()
	d := filepath.Join(dir, "mf-account", "1.0.0")
	_ = os.MkdirAll(d, 0o755)
	_ = os.WriteFile(filepath.Join(d, "mf-manifest.json"), []byte(`{"name":"mf_account","metaData":{"remoteEntry":{"name":"remoteEntry.js","path":""}},
		"exposes":[{"name":"SignIn","path":"./SignIn","assets":{"js":{"sync":["__federation_expose_SignIn.js"]},"css":{"sync":["signin.1a2b.css"]}}}]}`), 0o644)
	_ = os.WriteFile(filepath.Join(d, modules.ScreenPrerenderFile), []byte(prerender), 0o644)
	reg, err := modules.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	chrome := Chrome{}
	for _, l := range []routes.Layout{routes.LayoutDefault, routes.LayoutMinimal, routes.LayoutApp} {
		chrome[l] = ChromeParts{Before: "<main><h1>", Middle: "</h1>", Loading: `<div class="hh-area-loading">…</div>`, After: "</main>", Main: true}
	}
	s, table := testShell(t, chrome)
	byID := map[string]*routes.Compiled{}
	for _, r := range table {
		byID[r.ID] = r
	}
	return s, NewRelease(context.Background(), reg, table), byID
}

const signInScreen = `{"brandName":"Henhouse","screens":{"SignIn":{"when":["signedOut"],"layouts":{"default":"<section class=\"hh-screen\">Sign in</section>"}}}}`

// A screen prerendered for the layout is in the page's main area, in place of the
// loading state, inert and named; the screen's style sheets in the head, each with its
// file name for the remote's style loader; and its downloads held until the first paint.
func TestPrerenderedScreenIsInTheMainArea(t *testing.T) {
	s, rel, rt := prerenderFixture(t, signInScreen)
	doc := string(s.Append(nil, &Page{Status: 200, Path: "/account/signin", Route: rt["account-signin"], Modules: rel, Visitor: "v", Nonce: "N"}))
	main := doc[strings.Index(doc, "<main>"):strings.Index(doc, "</main>")]
	want := `<main><h1></h1><div class="hh-prerendered" data-prerendered="mf-account/SignIn" inert aria-busy="true"><section class="hh-screen">Sign in</section></div>`
	if main != want {
		t.Errorf("main area\n%s\nwant\n%s", main, want)
	}
	head := doc[:strings.Index(doc, "</head>")]
	if !strings.Contains(head, `<link rel="stylesheet" href="/modules/mf-account/1.0.0/signin.1a2b.css" data-href="signin.1a2b.css" nonce="N">`) {
		t.Errorf("no style sheet of the screen in the head:\n%s", head)
	}
	if strings.Contains(head, `rel="preload"`) || !strings.Contains(doc, `<template id="`+afterPopupID+`">`) {
		t.Errorf("the downloads are not held until the first paint:\n%s", doc)
	}
	headHoldsOnlyElements(t, doc)
}

// No prerendered screen where the visitor might not see that screen, or where the edge cannot tell:
// a signed-in visitor, another brand, a QA override, an error page, a layout the prerendered screen
// was not drawn for, a condition this edge does not know, a file it cannot read.
func TestPrerenderedScreenOnlyWhereItsConditionsHold(t *testing.T) {
	s, rel, rt := prerenderFixture(t, signInScreen)
	loadingOnly := func(name string, p *Page, sh *Shell) {
		t.Helper()
		doc := string(sh.Append(nil, p))
		if strings.Contains(doc, "data-prerendered") || strings.Contains(doc, `rel="stylesheet" href="/modules/`) || !strings.Contains(doc, "hh-area-loading") {
			t.Errorf("%s: a prerendered screen, or no loading state:\n%s", name, doc)
		}
	}
	page := func() *Page {
		return &Page{Status: 200, Path: "/account/signin", Route: rt["account-signin"], Modules: rel, Visitor: "v", Nonce: "N"}
	}
	p := page()
	p.Session.SignedIn = true
	loadingOnly("signed in", p, s)
	p = page()
	p.Session.Token = &TokenClaims{Provider: "loyalty", Version: "2"}
	loadingOnly("with a token", p, s)
	p = page()
	p.Overrides = []modules.Module{{Name: "mf-account", Version: "9.9.9"}}
	loadingOnly("overridden", p, s)
	p = page()
	p.Status = 404
	loadingOnly("not found", p, s)
	p = page()
	p.Route = rt["app-signin"]
	loadingOnly("app layout", p, s)
	other := *s
	other.brand = "Otherbrand"
	loadingOnly("another brand", page(), &other)

	s2, rel2, _ := prerenderFixture(t, strings.Replace(signInScreen, `"signedOut"`, `"signedOut","fullMoon"`, 1))
	p = page()
	p.Modules = rel2
	loadingOnly("unknown condition", p, s2)
	s3, rel3, _ := prerenderFixture(t, `{"screens":`)
	p = page()
	p.Modules = rel3
	loadingOnly("broken file", p, s3)
}

// The checkout's prerendered screen (an empty cart) is for a visitor the edge knows no cart of.
func TestPrerenderedScreenForNoCart(t *testing.T) {
	s, rel, rt := prerenderFixture(t, strings.Replace(signInScreen, `"signedOut"`, `"noCart"`, 1))
	p := &Page{Status: 200, Path: "/account/signin", Route: rt["account-signin"], Modules: rel, Visitor: "v", Nonce: "N"}
	if !strings.Contains(string(s.Append(nil, p)), "data-prerendered") {
		t.Error("no prerendered screen for a visitor without a cart")
	}
	p.Session.HasCart = true
	if strings.Contains(string(s.Append(nil, p)), "data-prerendered") {
		t.Error("a prerendered screen for a visitor with a cart")
	}
}

// The location search's prerendered screen is for an address without a query string: a query fills
// the screen's search box.
func TestPrerenderedScreenForNoQuery(t *testing.T) {
	s, rel, rt := prerenderFixture(t, strings.Replace(signInScreen, `"signedOut"`, `"noQuery"`, 1))
	p := &Page{Status: 200, Path: "/account/signin", Route: rt["account-signin"], Modules: rel, Visitor: "v", Nonce: "N"}
	if !strings.Contains(string(s.Append(nil, p)), "data-prerendered") {
		t.Error("no prerendered screen for an address without a query")
	}
	p.Query = map[string]string{"formattedAddress": "Dayton, OH"}
	if strings.Contains(string(s.Append(nil, p)), "data-prerendered") {
		t.Error("a prerendered screen for an address with a query")
	}
}

// The sign-up's prerendered screen is for a visitor who has chosen no location: the form starts with
// the chosen one as the favourite.
func TestPrerenderedScreenForNoLocation(t *testing.T) {
	s, rel, rt := prerenderFixture(t, strings.Replace(signInScreen, `"signedOut"`, `"noLocation"`, 1))
	p := &Page{Status: 200, Path: "/account/signin", Route: rt["account-signin"], Modules: rel, Visitor: "v", Nonce: "N"}
	if !strings.Contains(string(s.Append(nil, p)), "data-prerendered") {
		t.Error("no prerendered screen for a visitor without a chosen location")
	}
	p.ChosenLocation = true
	if strings.Contains(string(s.Append(nil, p)), "data-prerendered") {
		t.Error("a prerendered screen for a visitor with a chosen location")
	}
}

// The order page's prerendered screen is for a visitor the edge knows has placed no order: the page
// starts with the most recent one.
func TestPrerenderedScreenForNoOrders(t *testing.T) {
	s, rel, rt := prerenderFixture(t, strings.Replace(signInScreen, `"signedOut"`, `"noOrders"`, 1))
	p := &Page{Status: 200, Path: "/account/signin", Route: rt["account-signin"], Modules: rel, Visitor: "v", Nonce: "N"}
	if strings.Contains(string(s.Append(nil, p)), "data-prerendered") {
		t.Error("a prerendered screen for a visitor who may have placed an order")
	}
	p.NoOrders = true
	if !strings.Contains(string(s.Append(nil, p)), "data-prerendered") {
		t.Error("no prerendered screen for a visitor who has placed no order")
	}
}

// The order confirmation's prerendered screen (no recent order) is for its path without an order's
// id: with one, the screen shows that order.
func TestPrerenderedScreenForNoParams(t *testing.T) {
	s, rel, rt := prerenderFixture(t, strings.Replace(signInScreen, `"signedOut"`, `"noParams"`, 1))
	p := &Page{Status: 200, Path: "/account/signin", Route: rt["account-signin"], Modules: rel, Visitor: "v", Nonce: "N",
		Params: map[string]string{"oid": ""}}
	if !strings.Contains(string(s.Append(nil, p)), "data-prerendered") {
		t.Error("no prerendered screen for a path without its optional parameter")
	}
	p.Params["oid"] = "o-123"
	if strings.Contains(string(s.Append(nil, p)), "data-prerendered") {
		t.Error("a prerendered screen for a path with an order's id")
	}
}

// A prerendered screen's slots are written with the page's values, escaped for text and attributes
// alike; a page without a value for one of them has no prerendered screen. A partial one keeps the
// footer back as a screen still loading does (data-screen-loading).
func TestPrerenderedScreenSlots(t *testing.T) {
	s, rel, rt := prerenderFixture(t, `{"brandName":"Henhouse","screens":{"SignIn":{"partial":true,"layouts":{"default":"<a href=\"/menu/__hh_menu__\">__hh_name__</a><img src=\"__hh_image__\" alt=\"__hh_name__\">"}}}}`)
	p := &Page{Status: 200, Path: "/account/signin", Route: rt["account-signin"], Modules: rel, Visitor: "v", Nonce: "N",
		Slots: map[string]string{"menu": "m-1", "name": `Fish <&> "chips"`, "image": "/static/a.svg", "unused": "x"}}
	doc := string(s.Append(nil, p))
	want := `<div class="hh-prerendered" data-prerendered="mf-account/SignIn" data-screen-loading="" inert aria-busy="true">` +
		`<a href="/menu/m-1">Fish &lt;&amp;&gt; &#34;chips&#34;</a><img src="/static/a.svg" alt="Fish &lt;&amp;&gt; &#34;chips&#34;"></div>`
	if !strings.Contains(doc, want) {
		t.Errorf("no\n%s\nin\n%s", want, doc)
	}
	delete(p.Slots, "image")
	if doc := string(s.Append(nil, p)); strings.Contains(doc, "data-prerendered") || strings.Contains(doc, "__hh_") {
		t.Errorf("a prerendered screen without its image:\n%s", doc)
	}
}

// A prerendered screen's list is its item written once per entry of the page's list, each with the
// entry's values; a page without the list, or with an entry missing one of the item's
// slots, has no prerendered screen. No entries write no item.
func TestPrerenderedScreenLists(t *testing.T) {
	s, rel, rt := prerenderFixture(t, `{"brandName":"Henhouse","screens":{"SignIn":{"layouts":{"default":"<h2>__hh_title__</h2><ul>__hh_eachplans__<li><b>__hh_name__</b> __hh_cost__</li>__hh_endplans__</ul>"}}}}`)
	p := &Page{Status: 200, Path: "/account/signin", Route: rt["account-signin"], Modules: rel, Visitor: "v", Nonce: "N",
		Slots: map[string]string{"title": "Plans"},
		Lists: map[string][]map[string]string{"plans": {
			{"name": "Biscuit <Club>", "cost": "$2.99 a month"},
			{"name": "Drink Club", "cost": "$5.99 a month", "unused": "x"},
		}}}
	want := `<div class="hh-prerendered" data-prerendered="mf-account/SignIn" inert aria-busy="true"><h2>Plans</h2><ul>` +
		`<li><b>Biscuit &lt;Club&gt;</b> $2.99 a month</li><li><b>Drink Club</b> $5.99 a month</li></ul></div>`
	if doc := string(s.Append(nil, p)); !strings.Contains(doc, want) {
		t.Errorf("no\n%s\nin\n%s", want, doc)
	}
	p.Lists["plans"] = nil
	if doc := string(s.Append(nil, p)); !strings.Contains(doc, "<h2>Plans</h2><ul></ul>") {
		t.Errorf("an empty list's prerendered screen:\n%s", doc)
	}
	for name, lists := range map[string]map[string][]map[string]string{
		"no list":                  nil,
		"an entry without a value": {"plans": {{"name": "Biscuit Club"}}},
	} {
		p.Lists = lists
		if doc := string(s.Append(nil, p)); strings.Contains(doc, "data-prerendered") || strings.Contains(doc, "__hh_") {
			t.Errorf("%s: a prerendered screen:\n%s", name, doc)
		}
	}
}

// A prerendered screen whose list markers do not pair up is none at all, not markers on the page.
func TestPrerenderedScreenMalformedLists(t *testing.T) {
	for _, html := range []string{
		`<ul>__hh_eachplans__<li>__hh_name__</li></ul>`,
		`<ul><li>__hh_name__</li>__hh_endplans__</ul>`,
		`<ul>__hh_eachplans__<li>__hh_name__</li>__hh_endcards__</ul>`,
		`__hh_eachplans____hh_eachcards____hh_endcards____hh_endplans__`,
	} {
		j, _ := json.Marshal(html)
		s, rel, rt := prerenderFixture(t, `{"brandName":"Henhouse","screens":{"SignIn":{"layouts":{"default":`+string(j)+`}}}}`)
		p := &Page{Status: 200, Path: "/account/signin", Route: rt["account-signin"], Modules: rel, Visitor: "v", Nonce: "N",
			Lists: map[string][]map[string]string{"plans": {{"name": "a"}}, "cards": {{"name": "b"}}}}
		if doc := string(s.Append(nil, p)); strings.Contains(doc, "data-prerendered") || strings.Contains(doc, "__hh_") {
			t.Errorf("%s: a prerendered screen:\n%s", html, doc)
		}
	}
}
