// The one place toasts show (rules in ./toast.ts), with their styles. The shell mounts it
// once (shell/src/routing/Root.tsx), after the first screen.
import { useCallback, useEffect, useRef } from 'react';
import { announce } from '@henhouse/kit/ui/announce';
import { Link } from '@henhouse/kit/router';
import { dismissToast, useToastStore } from '@henhouse/kit/ui/toast';
import './toast.css';

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
