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
    el.scrollIntoView?.({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
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
