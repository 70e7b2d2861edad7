// When the floating "Order Now" steps aside (docs/shell.md, "Site overlay"): it never
// covers what the guest reads or uses. It goes while the footer is in view (the footer's
// links sit where it floats), while a form field has focus (the on-screen keyboard and
// the field's own buttons take the bottom of the screen), and while its box would lie
// over a control or a heading of the page as it scrolls; it comes back once clear.

/** What the overlay must never cover: a control the guest can reach, or a heading. */
const CONTENT =
  'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), h1, h2, h3, h4, h5, h6, [role="heading"]';

/** isFormField: a field that brings up a keyboard or a picker. */
export function isFormField(el: EventTarget | null): boolean {
  return el instanceof Element && el.matches('input, select, textarea');
}

type Box = Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>;

function overlaps(r: Box, box: Box): boolean {
  return (
    r.left < box.left + box.width &&
    r.left + r.width > box.left &&
    r.top < box.top + box.height &&
    r.top + r.height > box.top
  );
}

/** coversContent: a control or a heading of the page that the guest can see (outside the
 *  overlay itself, a dialog and anything visually hidden) lies, even in part, under box. */
export function coversContent(box: Box, self: Element, root: ParentNode = document): boolean {
  if (box.width <= 0 || box.height <= 0) return false;
  for (const el of root.querySelectorAll(CONTENT)) {
    if (self.contains(el) || el.closest('.visually-hidden, dialog, .hh-header')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || !overlaps(r, box)) continue;
    if (typeof el.checkVisibility === 'function' && !el.checkVisibility({ visibilityProperty: true })) continue;
    return true;
  }
  return false;
}
