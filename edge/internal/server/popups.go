package server

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/page"
	cms "github.com/henhouse/platform/edge/internal/providers/content"
)

// earlyPopups keeps the live popups in memory, each with its markup rendered once
// (page.PopupHTML), so that a page of the default layout can carry the popup its
// visitor will see (cms.ChoosePopup) without asking the content provider per page
// view: Storyblok's popups are read through Redis (two round trips), the built-in
// ones parse their times on every call.
//
// Staleness rule: a popup published, edited, started or ended shows in the pages
// within popupsTTL (the popups' API answer is cached by browsers for a minute anyway).
// The first page view loads the popups; after that an expired copy is still used
// while one background read replaces it, so no page view waits for the provider. A
// provider that fails gives no popups until a read succeeds, retried after
// popupsRetry: the page is written without a popup and the shell shows its own.
type earlyPopups struct {
	content cms.Provider
	log     *slog.Logger
	now     func() time.Time

	mu         sync.Mutex // the first read
	set        atomic.Pointer[popupSet]
	refreshing atomic.Bool
	failing    atomic.Bool
}

// popupSet is one read of the popups: the list and each one's markup, by index.
type popupSet struct {
	popups  []cms.Popup
	html    [][]byte
	expires time.Time
}

const (
	popupsTTL     = 30 * time.Second
	popupsRetry   = 5 * time.Second
	popupsTimeout = 10 * time.Second
)

// markup is the markup of the popup to show at path to this visitor, who has
// dismissed the popups whose keys are in dismissed; nil for none.
func (e *earlyPopups) markup(ctx context.Context, path string, signedIn bool, dismissed []string) []byte {
	s := e.current(ctx)
	p := cms.ChoosePopup(s.popups, path, signedIn, dismissed)
	for i := range s.popups {
		if p == &s.popups[i] {
			return s.html[i]
		}
	}
	return nil
}

// current is the popups as last read: read now on first use, read again in the
// background once expired.
func (e *earlyPopups) current(ctx context.Context) *popupSet {
	s := e.set.Load()
	if s == nil {
		e.mu.Lock()
		defer e.mu.Unlock()
		if s = e.set.Load(); s == nil {
			s = e.read(ctx)
			e.set.Store(s)
		}
		return s
	}
	if !e.now().Before(s.expires) && e.refreshing.CompareAndSwap(false, true) {
		go func() {
			defer e.refreshing.Store(false)
			defer httpx.Recover(e.log, "reading the popups")
			ctx, cancel := context.WithTimeout(context.Background(), popupsTimeout)
			defer cancel()
			e.set.Store(e.read(ctx))
		}()
	}
	return s
}

// read asks the provider for the live popups and renders each one. A failure is
// logged as a warning once, then at debug level until a read succeeds again.
func (e *earlyPopups) read(ctx context.Context) *popupSet {
	pp, err := e.content.Popups(ctx)
	if err != nil {
		if e.failing.CompareAndSwap(false, true) {
			e.log.Warn("popups unreadable: pages are written without their popup until they can be read", "err", err)
		} else {
			e.log.Debug("popups still unreadable", "err", err)
		}
		return &popupSet{expires: e.now().Add(popupsRetry)}
	}
	e.failing.Store(false)
	s := &popupSet{popups: pp, html: make([][]byte, len(pp)), expires: e.now().Add(popupsTTL)}
	for i := range pp {
		s.html[i] = page.PopupHTML(&pp[i])
	}
	return s
}
