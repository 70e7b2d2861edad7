package page

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/henhouse/platform/edge/internal/providers/content"
)

// EarlyPopupID is the id of the popup the edge writes into a page (PopupHTML).
const EarlyPopupID = "hh-early-popup"

// popupButton is what the early popup needs of a popup's button block (the contract's
// ContentButton). Optional strings are pointers: the shell's ContentButton replaces a
// missing value ("??"), not an empty one, and so does PopupHTML.
type popupButton struct {
	Text         string  `json:"text"`
	Variant      *string `json:"variant"`
	Size         *string `json:"size"`
	IconPosition *string `json:"icon_position"`
	Link         *struct {
		CachedURL string `json:"cached_url"`
		Linktype  string `json:"linktype"`
	} `json:"link"`
	Param  string  `json:"param"`
	Target *string `json:"target"`
}

func orDefault(s *string, d string) string {
	if s == nil {
		return d
	}
	return *s
}

// PopupHTML renders p as the page's early popup: the same markup as the shell's
// popup (kit/src/ui/Dialog.tsx around shell/src/chrome/Popups.tsx), as an open,
// non-modal <dialog> outside the shell's root, so React does not own it. Written into
// the HTML, the popup paints with the page's first paint instead of after the scripts
// load, which on a slow phone is a second or more later; once they run, the shell
// adopts it (by its id and data-popup-key) and makes it its own. Its "Close" is a
// form of method "dialog", which closes it without any script, and its action a plain
// link. The page's policy has nothing to allow: no script, no inline style.
//
// It is rendered once per popup (the edge keeps the markup with the popups) and
// written by Shell.Append on pages of the default layout.
func PopupHTML(p *content.Popup) []byte {
	b := make([]byte, 0, 1024)
	b = append(b, `<dialog class="hh-dialog hh-dialog--early" id="`+EarlyPopupID+`" data-popup-key="`...)
	b = appendHTML(b, content.PopupKey(p))
	b = append(b, `" aria-labelledby="`+EarlyPopupID+`-title" aria-describedby="`+EarlyPopupID+`-body" open><h2 id="`+EarlyPopupID+`-title" class="hh-dialog__title">`...)
	b = appendHTML(b, p.Title)
	b = append(b, `</h2><div id="`+EarlyPopupID+`-body" class="hh-dialog__body"><div class="hh-popup hh-popup--`...)
	b = appendHTML(b, p.Kind)
	b = append(b, `" data-popup="`...)
	b = appendHTML(b, p.ID)
	b = append(b, `">`...)
	if img := p.Image; img != nil && img.Filename != "" {
		// The image's box is reserved before it loads (320 wide, its height from the
		// intrinsic size, as the shell's popup does), so nothing moves when it arrives;
		// it is the page's largest paint, so it loads first.
		h := 180
		if img.Width > 0 && img.Height > 0 {
			h = int(math.Round(320 * float64(img.Height) / float64(img.Width)))
		}
		b = append(b, `<img class="hh-popup__image" src="`...)
		b = appendHTML(b, img.Filename)
		b = append(b, `" alt="`...)
		b = appendHTML(b, img.Alt)
		b = append(b, `" width="320" height="`...)
		b = strconv.AppendInt(b, int64(h), 10)
		b = append(b, `" fetchpriority="high" elementtiming="`+EarlyPopupID+`">`...)
	}
	b = append(b, `<p>`...)
	b = appendHTML(b, p.Text)
	b = append(b, `</p></div></div><form method="dialog" class="hh-dialog__actions"><button class="hh-button hh-button--secondary" value="close">Close</button>`...)
	b = appendPopupButton(b, p.Button)
	return append(b, "</form></dialog>\n"...)
}

// appendPopupButton writes the popup's button block, when it has a text and a link, as
// the shell's ContentButton would style it (kit/src/ui/ContentButton.tsx: the same
// classes, joined the same way, so an empty icon position leaves a trailing space) but
// as a link: "url" links go to the URL in a new tab by default, any other link to
// contentButtonHref's /{cached_url}?{param}. The icon is left out.
func appendPopupButton(b []byte, raw json.RawMessage) []byte {
	if len(raw) == 0 {
		return b
	}
	var btn popupButton
	if json.Unmarshal(raw, &btn) != nil || btn.Text == "" || btn.Link == nil {
		return b
	}
	b = append(b, `<span role="presentation" class="hh-popup__action"><a class="hh-cbutton hh-cbutton--`...)
	b = appendHTML(b, orDefault(btn.Variant, "primary"))
	b = append(b, ` hh-cbutton--`...)
	b = appendHTML(b, orDefault(btn.Size, "large"))
	b = append(b, ' ')
	b = appendHTML(b, orDefault(btn.IconPosition, ""))
	b = append(b, `" href="`...)
	if btn.Link.Linktype == "url" {
		b = appendHTML(b, btn.Link.CachedURL)
		b = append(b, `" target="`...)
		b = appendHTML(b, orDefault(btn.Target, "_blank"))
		b = append(b, `" rel="noopener noreferrer`...)
	} else {
		href := "/" + strings.TrimLeft(btn.Link.CachedURL, "/")
		if btn.Param != "" {
			href += "?" + btn.Param
		}
		b = appendHTML(b, href)
	}
	b = append(b, `">`...)
	b = appendHTML(b, btn.Text)
	return append(b, `</a></span>`...)
}

// afterPopupID is the id of the <template> that holds a popup page's preloads and
// scripts (afterPopup).
const afterPopupID = "hh-after-popup"

// afterPopup starts the page's downloads (the preloads and scripts held in the
// afterPopupID template) once the early popup is on the screen. On a first visit the
// popup is the largest thing there and works without any script ("Close" is a dialog
// form, its action a link), so on a slow connection its image gets the bandwidth before
// some 120 KB of scripts. "On the screen" is the image's element timing (PopupHTML marks
// it) or, for a popup without one, the first contentful paint; a browser without those
// entries waits for the image to decode and one frame. The downloads start at once when
// the popup is closed first, and after 1.5 s whatever the image does. A template's
// content never runs, and an element a script inserts is not parser-inserted: each one
// is copied into a new element, the scripts keeping their order (async=false). Each
// element goes in in a task of its own (a MessageChannel message, which no timer clamp
// delays): every insertion starts a request, which costs the main thread 1–3 ms on a
// busy phone, and the 12–20 of a page in one task were a long task that held up a tap
// ("The page's downloads start in short tasks" in the measurements kept in git,
// `git show 9431045:bench/README.md`).
//
// A tap on the prerendered chrome's menu or cart button before the entry runs is noted
// on the root (data-early-tap, the button's first class), and the shell gives it to its
// own button once it has rendered (shell/src/prerender/earlyClicks.ts).
//
// A popup closed, or whose link is followed, before the shell runs is remembered here,
// at once, as the shell would (shell/src/chrome/dismissals.ts): its key added to the
// JSON list in localStorage (popupsStorageKey in kit/src/rules/popups.ts, the latest 50)
// and the latest 20 keys, space-separated and URI-encoded, in the session.PopupsCookie
// cookie the edge reads. Otherwise a guest who closes it and goes on before the scripts
// have come would see it again. docs/shell.md, "Popups".
const afterPopup = `(function(){` +
	`var t=document.getElementById("` + afterPopupID + `"),d=document.getElementById("` + EarlyPopupID + `"),` +
	`i=d&&d.querySelector("img"),s=0,` +
	`w=i?"element":"paint",p=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];` +
	`function go(){if(s)return;s=1;` +
	`var c=[].slice.call(t.content.children),m=new MessageChannel;m.port1.onmessage=one;one();` +
	`function one(){var e=c.shift();if(!e)return;if(c.length)m.port2.postMessage(0);var n=document.createElement(e.localName);` +
	`for(var a=0;a<e.attributes.length;a++)n.setAttribute(e.attributes[a].name,e.attributes[a].value);` +
	`if(n.localName==="script"){n.async=false;document.body.appendChild(n)}else document.head.appendChild(n)}}` +
	`function remember(){var k=d.getAttribute("data-popup-key"),a=[];` +
	`try{a=JSON.parse(localStorage.getItem("` + dismissedStorageKey + `")||"[]");if(!Array.isArray(a))a=[]}catch(e){}` +
	`if(k&&a.indexOf(k)<0)a.push(k);a=a.slice(-50);` +
	`try{localStorage.setItem("` + dismissedStorageKey + `",JSON.stringify(a))}catch(e){}` +
	`document.cookie="` + dismissedCookie + `="+encodeURIComponent(a.slice(-20).join(" "))+"; Path=/; Max-Age=31536000; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"")}` +
	`function frame(){requestAnimationFrame(function(){setTimeout(go,0)})}` +
	`var r=document.getElementById("root"),f=r&&r.firstElementChild;` +
	`document.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("button");` +
	`if(b&&f&&f.isConnected&&f.contains(b))r.setAttribute("data-early-tap",b.classList[0]||"")},true);` +
	`if(d){d.addEventListener("close",function(){remember();go()});` +
	`d.addEventListener("click",function(e){if(e.target.closest&&e.target.closest("a"))remember()})}` +
	`setTimeout(go,1500);` +
	`if(p.indexOf(w)>=0)new PerformanceObserver(function(l){if(l.getEntries().length)go()}).observe({type:w,buffered:true});` +
	`else if(i&&i.decode)i.decode().then(frame,frame);else frame()` +
	`})();`

// Where the shell keeps the dismissed popups (afterPopup): the localStorage key and the
// cookie (session.PopupsCookie, which this package cannot import).
const (
	dismissedStorageKey = "henhouse:popups"
	dismissedCookie     = "hh_popups"
)
