// Toasts: a short message at the bottom of the screen ("Added to your cart") with at
// most one action ("View cart"), which goes away by itself. One store for the page: this
// module is shared as a singleton across the shell and the remotes (kit/build/webpack.cjs,
// `@henhouse/kit/`), so a toast a remote raises is shown by the one <Toaster/> the shell
// mounts.
//
// Rules (docs/design.md, "Toast"):
// - one toast at a time; a new one replaces the one showing;
// - the message is announced once, politely (./announce.ts): the toast itself is not a
//   live region, so it is not read twice, and focus stays where it is;
// - the action is a real button or link, reachable by Tab;
// - it goes away after its duration (6 s unless told), but not while the pointer is
//   over it or focus is in it (WCAG 2.2.1, timing adjustable), and the close button
//   dismisses it at once.
import { useCallback, useEffect, useRef } from 'react';
import { create } from 'zustand';
import { announce } from '@henhouse/kit/ui/announce';
import { Link } from '@henhouse/kit/router';
import './toast.css';

export interface ToastAction {
  label: string;
  onClick?: () => void;
  /** A link within the site (or outside it) instead of a button. */
  href?: string;
}

export interface ToastInput {
  message: string;
  action?: ToastAction;
  /** How long it stays, in ms. */
  duration?: number;
}

interface ShownToast extends Required<Pick<ToastInput, 'message' | 'duration'>> {
  id: string;
  action?: ToastAction;
}

export const DEFAULT_TOAST_MS = 6000;

const useToastStore = create<{ current: ShownToast | null }>(() => ({ current: null }));
let seq = 0;

/** toast shows a message (replacing the one shown) and returns its id. */
export function toast({ message, action, duration = DEFAULT_TOAST_MS }: ToastInput): string {
  const id = `hh-toast-${++seq}`;
  useToastStore.setState({ current: { id, message, action, duration } });
  return id;
}

/** dismissToast hides the toast with this id, if it is still the one shown. */
export function dismissToast(id: string): void {
  if (useToastStore.getState().current?.id === id) useToastStore.setState({ current: null });
}

/** Toaster shows the current toast; the shell mounts it once (shell/src/routing/Root.tsx). */
export function Toaster() {
  const current = useToastStore((s) => s.current);
  const announced = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const left = useRef(0);
  const since = useRef(0);
  const held = useRef({ hover: false, focus: false });

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  const start = useCallback(
    (id: string) => {
      stop();
      since.current = Date.now();
      timer.current = setTimeout(() => dismissToast(id), left.current);
    },
    [stop],
  );

  useEffect(() => {
    if (!current) return;
    if (announced.current !== current.id) {
      announced.current = current.id;
      announce(current.message);
    }
    left.current = current.duration;
    held.current = { hover: false, focus: false };
    start(current.id);
    return stop;
  }, [current, start, stop]);

  if (!current) return <div className="hh-toaster" />;

  const hold = (what: 'hover' | 'focus', on: boolean) => {
    const wasHeld = held.current.hover || held.current.focus;
    held.current[what] = on;
    const isHeld = held.current.hover || held.current.focus;
    if (isHeld && !wasHeld) {
      stop();
      left.current = Math.max(0, left.current - (Date.now() - since.current));
    } else if (!isHeld && wasHeld) {
      // At least a moment to read it again after the pointer or focus leaves.
      left.current = Math.max(left.current, 2000);
      start(current.id);
    }
  };

  const { id, message, action } = current;
  const act = () => {
    action?.onClick?.();
    dismissToast(id);
  };
  return (
    <div className="hh-toaster">
      <div
        className="hh-toast"
        data-toast-id={id}
        onPointerEnter={() => hold('hover', true)}
        onPointerLeave={() => hold('hover', false)}
        onFocus={() => hold('focus', true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) hold('focus', false);
        }}
      >
        <p className="hh-toast__message">{message}</p>
        {action &&
          (action.href ? (
            <Link to={action.href} className="hh-toast__action" onClick={act}>
              {action.label}
            </Link>
          ) : (
            <button type="button" className="hh-toast__action" onClick={act}>
              {action.label}
            </button>
          ))}
        <button type="button" className="hh-toast__close" aria-label="Dismiss" onClick={() => dismissToast(id)}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  );
}
