import { useEffect, useState } from 'react';

export const sectionId = (cid: string) => `category-${cid}`;

/** The sticky bar of category links: each scrolls to its section and moves focus to its
 *  heading; the section in view is marked as current. The menu renders its first
 *  sections before the rest: `rendered` says how many are on the page, and `renderAll`
 *  renders the rest at once (a link chosen before they are there). */
export function CategoryBar({
  categories,
  rendered,
  renderAll,
}: {
  categories: { id: string; name: string }[];
  rendered: number;
  renderAll: () => void;
}) {
  const [current, setCurrent] = useState(categories[0]?.id);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const seen = new Map<string, boolean>();
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) seen.set(e.target.id, e.isIntersecting);
        const first = categories.find((c) => seen.get(sectionId(c.id)));
        if (first) setCurrent(first.id);
      },
      // The band under the sticky header and bar.
      { rootMargin: '-180px 0px -55% 0px' },
    );
    for (const c of categories) {
      const el = document.getElementById(sectionId(c.id));
      if (el) io.observe(el);
    }
    return () => io.disconnect();
  }, [categories, rendered]);

  function go(e: React.MouseEvent, cid: string) {
    if (!document.getElementById(sectionId(cid))) renderAll();
    const el = document.getElementById(sectionId(cid));
    if (!el) return;
    e.preventDefault();
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    // A section more than a window away may not be laid out yet, nor those around it
    // (menu.css, .hh-menu-section): until they are, their heights are estimates, and a
    // smooth scroll over them ends where the estimates put the target, far from it. So the
    // page jumps there, and keeps the section in place while those around it are drawn.
    const far = Math.abs(el.getBoundingClientRect().top) > window.innerHeight;
    el.scrollIntoView?.({ behavior: reduce || far ? 'auto' : 'smooth', block: 'start' });
    if (far) keepInPlace(el);
    el.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    setCurrent(cid);
  }

  return (
    <nav className="hh-category-bar" aria-label="Menu categories">
      <ul>
        {categories.map((c) => (
          <li key={c.id}>
            <a
              href={`#${sectionId(c.id)}`}
              aria-current={current === c.id ? 'true' : undefined}
              onClick={(e) => go(e, c.id)}
            >
              {c.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** How many frames keepInPlace watches: the sections near the target are drawn within
 *  the first few, one or two at a time. */
const SETTLE_FRAMES = 12;

/**
 * keepInPlace jumps to el again, frame after frame, each time the sections drawn since
 * the last frame (their real heights replacing the estimates) have moved it, until the
 * guest scrolls or SETTLE_FRAMES have passed.
 */
function keepInPlace(el: HTMLElement) {
  let top = el.getBoundingClientRect().top;
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  for (const type of inputs) window.addEventListener(type, stop, { once: true, passive: true, capture: true });
  const frame = (left: number) => {
    if (stopped || !el.isConnected || left === 0) {
      for (const type of inputs) window.removeEventListener(type, stop, { capture: true });
      return;
    }
    const now = el.getBoundingClientRect().top;
    if (now !== top) {
      el.scrollIntoView({ behavior: 'auto', block: 'start' });
      top = el.getBoundingClientRect().top;
    }
    requestAnimationFrame(() => frame(left - 1));
  };
  requestAnimationFrame(() => frame(SETTLE_FRAMES));
}
