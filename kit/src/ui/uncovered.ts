// Whether a dialog covers the page (docs/shell.md, "Work that waits behind a dialog").
// Every dialog of the site is a modal: the rest of the page is inert behind it, and
// nothing there can be used until it closes. The one open <dialog> that is not a modal,
// the welcome popup the edge writes into the page, stands in for the shell's modal
// popup and covers the page the same way. So "covered" is simply: a <dialog> is open.
//
// Heavy work for a part of the page that cannot be used yet (the locations map: its
// library's code, its shapes and markers, ≈ 0.3 s of a slow phone's main thread) waits
// until the page is uncovered, so that the dialog's own buttons answer at once.

/** covered: a <dialog> is open on the page. */
export function covered(doc: Document = document): boolean {
  return doc.querySelector('dialog[open]') !== null;
}

/** whenUncovered resolves once no <dialog> is open on the page: at once if none is. */
export function whenUncovered(doc: Document = document): Promise<void> {
  if (!covered(doc) || typeof MutationObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    // A dialog closes (its `open` attribute goes) or leaves the page (the edge's popup is
    // removed when the shell's takes its place, or when there is none to show).
    const observer = new MutationObserver(() => {
      if (covered(doc)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(doc, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  });
}
