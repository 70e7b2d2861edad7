/** scrollBehavior is 'smooth' unless the guest asked the system for less motion. */
export function scrollBehavior(): ScrollBehavior {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
