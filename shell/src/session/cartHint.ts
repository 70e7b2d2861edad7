// Whether the header's cart count is known yet (docs/shell.md, "Header, footer,
// navigation"). On a direct load the page does not have the cart yet: the edge knows from
// the visitor's cookies that one exists (the bootstrap's session.hasCart) and marks the
// document (`<html data-cart>`, edge/internal/page/shell.go), so the count shows a neutral
// placeholder instead of a 0 from the first paint on. The mark goes once the cart is here,
// or once the start-up is over without one (the cart had expired).

const listeners = new Set<() => void>();

/** cartPending: the document is marked as having a cart the page has not read yet. */
export function cartPending(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute('data-cart');
}

/** settleCart removes the mark: the cart is known, or known not to exist. */
export function settleCart(): void {
  if (!cartPending()) return;
  document.documentElement.removeAttribute('data-cart');
  listeners.forEach((l) => l());
}

export function subscribeCart(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}
