import { useRef } from 'react';
import { useNavigate } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';
import { useModal } from '@henhouse/kit/ui/Dialog';
import { RemoteScreen } from '../federation/RemoteScreen';

/**
 * The cart drawer (docs/shell.md, "Cart drawer"). The shell owns the frame: opening and closing, the page
 * scroll lock, focus, and the header with "Your Cart", "Back to Menu" and "Change
 * Location" ("Change" on mobile). What is in the cart comes from mf-checkout's
 * CartDrawer module, loaded when the drawer first opens.
 */
export function CartDrawer() {
  const open = useAppStore((s) => s.ui.cartOpen);
  const setUi = useAppStore((s) => s.setUi);
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);

  useModal(ref, open); // closing restores page scrolling and focus
  const close = () => setUi({ cartOpen: false });
  const go = (to: string) => {
    close();
    navigate(to);
  };

  if (!open) return null;
  return (
    // A click on the backdrop reaches the <dialog> itself (the backdrop is no element of its
    // own): a pointer shortcut, since keyboard users have Escape and the Close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className="hh-drawer"
      aria-labelledby="cart-drawer-title"
      data-testid="cart-drawer"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onClick={(e) => {
        if (e.target === ref.current) close();
      }}
    >
      <div className="hh-drawer__panel">
        <header className="hh-drawer__header">
          <button type="button" className="hh-link-button" onClick={() => go('/menu')}>
            Back to Menu
          </button>
          <h2 id="cart-drawer-title" className="hh-drawer__title">
            Your Cart
          </h2>
          <button type="button" className="hh-link-button" onClick={() => go('/locations')}>
            <span className="hh-only-desktop">Change Location</span>
            <span className="hh-only-mobile">Change</span>
          </button>
          <button type="button" className="hh-drawer__close" onClick={close} aria-label="Close cart">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <div className="hh-drawer__body">
          <RemoteScreen
            module="mf-checkout"
            screen="CartDrawer"
            routeId="cart-drawer"
            params={{}}
            query={{}}
            layout="default"
          />
        </div>
      </div>
    </dialog>
  );
}
