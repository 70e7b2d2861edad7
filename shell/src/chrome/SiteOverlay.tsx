import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';
import { orderNowDestination, overlayHidden } from '@henhouse/kit/rules/overlay';
import { coversContent, isFormField } from './overlayClear';

/** The persistent "Order Now" overlay (docs/shell.md, "Site overlay"; default layout
 *  only). The page keeps room for it at its bottom (styles.css), and it steps aside
 *  while the footer is in view, while a form field has focus, and while it would cover
 *  a control or a heading (./overlayClear.ts). */
export function SiteOverlay() {
  const { pathname } = useLocation();
  const cart = useAppStore((s) => s.cart);
  const location = useAppStore((s) => s.location);
  const hidden = overlayHidden(pathname);
  const ref = useRef<HTMLDivElement>(null);
  const aside = useSteppingAside(ref, !hidden, pathname);
  if (hidden) return null;
  return (
    <div className={aside ? 'hh-site-overlay hh-site-overlay--aside' : 'hh-site-overlay'} ref={ref}>
      <Link to={orderNowDestination(cart, location)} className="hh-button hh-button--primary hh-site-overlay__action">
        Order Now
      </Link>
    </div>
  );
}

function useSteppingAside(ref: RefObject<HTMLDivElement | null>, shown: boolean, pathname: string): boolean {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!shown || !el) return;
    const why = { footer: false, field: isFormField(document.activeElement), covers: false };
    // Never away from under the guest's focus: a focused "Order Now" stays in view.
    const update = () => setAside(!el.contains(document.activeElement) && (why.footer || why.field || why.covers));
    // The box's place does not change when it steps aside (only its visibility), so it
    // is measured as it would show.
    let frame = 0;
    const measure = () => {
      frame = 0;
      why.covers = coversContent(el.getBoundingClientRect(), el);
      update();
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const footer = document.querySelector('.hh-footer');
    const io =
      footer && typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            why.footer = entries.some((e) => e.isIntersecting);
            update();
          })
        : null;
    if (footer) io?.observe(footer);
    const onFocusIn = (e: FocusEvent) => {
      why.field = isFormField(e.target);
      update();
    };
    const onFocusOut = (e: FocusEvent) => {
      // Focus moving on to another field keeps it aside; focusin says where it went.
      if (!isFormField(e.relatedTarget)) why.field = false;
      update();
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // The page under it changes as a screen loads its data, without any scroll: measured
    // once the changes pause, not at every one (each measure reads the page's layout).
    let settle: ReturnType<typeof setTimeout> | undefined;
    const afterChanges = () => {
      clearTimeout(settle);
      settle = setTimeout(schedule, 200);
    };
    const mo = typeof MutationObserver === 'function' ? new MutationObserver(afterChanges) : null;
    const main = document.getElementById('main');
    if (main) mo?.observe(main, { childList: true, subtree: true });
    schedule();
    return () => {
      io?.disconnect();
      mo?.disconnect();
      clearTimeout(settle);
      if (frame) cancelAnimationFrame(frame);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [ref, shown, pathname]);
  return aside;
}
