import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { lockScroll } from '@henhouse/kit/ui/scrollLock';
import { mountAnnouncer } from '@henhouse/kit/ui/announce';

interface DialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  actions: ReactNode;
  /** Called on Escape; the dialog stays open when omitted (a choice is required). */
  onCancel?: () => void;
  role?: 'dialog' | 'alertdialog';
}

/**
 * useModal shows a <dialog> as a modal while open is true: showModal() makes the rest
 * of the page inert, page scroll is locked, and on close scrolling and focus return to
 * where they were. The Dialog below and the shell's drawers use it.
 */
export function useModal(ref: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const el = ref.current;
    if (!el || !open) return;
    const returnTo = document.activeElement as HTMLElement | null;
    if (typeof el.showModal === 'function' && !el.open) el.showModal();
    else el.setAttribute('open', '');
    mountAnnouncer(el); // the rest of the page is inert now: announcements are said from inside
    const unlock = lockScroll();
    return () => {
      if (typeof el.close === 'function' && el.open) el.close();
      unlock();
      returnTo?.focus?.();
    };
  }, [ref, open]);
}

/**
 * Dialog is a modal on the platform's <dialog>: showModal() makes the rest of the page
 * inert (focus stays inside), Escape cancels, and focus returns to where it was.
 */
export function Dialog({ open, title, children, actions, onCancel, role = 'dialog' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useModal(ref, open);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="hh-dialog"
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel?.();
      }}
    >
      <h2 id={titleId} className="hh-dialog__title">
        {title}
      </h2>
      <div id={bodyId} className="hh-dialog__body">
        {children}
      </div>
      <div className="hh-dialog__actions">{actions}</div>
    </dialog>
  );
}
