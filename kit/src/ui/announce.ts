// The site's one pair of live regions (docs/accessibility.md, "Announcements"). The shell
// mounts them once, before any screen renders, so a change is announced the first time;
// screens call announce() instead of keeping live regions of their own. Visible status
// text stays where it is, without aria-live, so nothing is announced twice.
import { useEffect, useRef } from 'react';

export const POLITE_ID = 'hh-live-polite';
export const ASSERTIVE_ID = 'hh-live-assertive';

function make(doc: Document, assertive: boolean): HTMLElement {
  const el = doc.createElement('div');
  el.className = 'visually-hidden';
  el.dataset.live = assertive ? 'assertive' : 'polite';
  el.setAttribute('role', assertive ? 'alert' : 'status');
  el.setAttribute('aria-live', assertive ? 'assertive' : 'polite');
  el.setAttribute('aria-atomic', 'true');
  return el;
}

/** The open modal dialog on top, if any: showModal() makes the rest of the page inert, a
 *  live region outside it included, so announcements go to a pair inside it. */
function topModal(doc: Document): HTMLDialogElement | null {
  const open = [...doc.querySelectorAll<HTMLDialogElement>('dialog[open]')];
  for (let i = open.length - 1; i >= 0; i--) {
    try {
      if (open[i].matches(':modal')) return open[i];
    } catch {
      return null; // no :modal support (jsdom): the page's own regions
    }
  }
  return null;
}

function region(doc: Document, assertive: boolean): HTMLElement {
  const modal = topModal(doc);
  if (modal) {
    const inside = modal.querySelector<HTMLElement>(`:scope > [data-live="${assertive ? 'assertive' : 'polite'}"]`);
    if (inside) return inside;
    mountAnnouncer(modal);
    return modal.querySelector<HTMLElement>(`:scope > [data-live="${assertive ? 'assertive' : 'polite'}"]`)!;
  }
  const id = assertive ? ASSERTIVE_ID : POLITE_ID;
  let el = doc.getElementById(id);
  if (!el) {
    el = make(doc, assertive);
    el.id = id;
    doc.body.appendChild(el);
  }
  return el;
}

/** mountAnnouncer puts the polite and the assertive region into the document once, or
 *  into a modal dialog as it opens (useModal in ./Dialog.tsx), so they are there before
 *  anything is said. */
export function mountAnnouncer(host: Document | HTMLDialogElement = document): void {
  if (!(host instanceof HTMLElement)) {
    region(host, false);
    region(host, true);
    return;
  }
  for (const assertive of [false, true]) {
    if (!host.querySelector(`:scope > [data-live="${assertive ? 'assertive' : 'polite'}"]`)) {
      host.prepend(make(host.ownerDocument, assertive));
    }
  }
}

/**
 * announce says text to screen readers: politely (after what they are reading) or, with
 * assertive, at once (errors). The same words twice in a row are announced again: the
 * second time they carry a trailing no-break space, which changes the region's text.
 */
export function announce(text: string, { assertive = false }: { assertive?: boolean } = {}): void {
  if (typeof document === 'undefined') return;
  const el = region(document, assertive);
  const words = text.trim();
  const now = Date.now();
  const current = (el.textContent ?? '').replace(/\u00a0$/, '');
  // Messages of one moment (an added item and the cart's new count) are read together,
  // and one that already says the other's words replaces it, so nothing is read twice.
  if (words && current && now - (lastAt.get(el) ?? 0) < MERGE_MS) {
    if (current.includes(words)) return;
    if (!words.includes(current)) {
      lastAt.set(el, now);
      el.textContent = `${current} ${words}`;
      return;
    }
  }
  lastAt.set(el, now);
  el.textContent = words && el.textContent === words ? `${words}\u00a0` : words;
}

/** Messages announced within this many milliseconds of each other are read as one. */
export const MERGE_MS = 300;
const lastAt = new WeakMap<HTMLElement, number>();

/** useAnnounce announces text whenever it changes after the first render (not on mount:
 *  what a screen shows first is read with the screen). Empty text is not announced. */
export function useAnnounce(text: string | null | undefined, opts: { assertive?: boolean } = {}): void {
  const first = useRef(true);
  const assertive = !!opts.assertive;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (text) announce(text, { assertive });
  }, [text, assertive]);
}

/** useAnnounceNow announces text whenever it is set, the first render included: for
 *  messages that appear in answer to the user (an error summary after submitting). When
 *  the message goes away, so do its words in the region. */
export function useAnnounceNow(text: string | null | undefined, opts: { assertive?: boolean } = {}): void {
  const assertive = !!opts.assertive;
  useEffect(() => {
    if (!text) return;
    announce(text, { assertive });
    return () => withdraw(text, { assertive });
  }, [text, assertive]);
}

/** withdraw empties the region if it still says text (and nothing else). */
export function withdraw(text: string, { assertive = false }: { assertive?: boolean } = {}): void {
  if (typeof document === 'undefined') return;
  const el = region(document, assertive);
  if ((el.textContent ?? '').replace(/\u00a0$/, '') === text.trim()) el.textContent = '';
}
