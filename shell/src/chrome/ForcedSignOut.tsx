import { useNavigate } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';
import { Dialog } from '@henhouse/kit/ui/Dialog';

export const forcedSignOutMessage =
  "For your security you've been signed out. Please sign in again to continue. This may be required when you're accessing your account from multiple devices or there is something different about your most recent sign in attempt. Thanks for your understanding!";

/** The forced sign-out dialog, shown when the member's session was invalidated on the
 *  server (docs/shell.md, "Dialogs"). */
export function ForcedSignOut() {
  const open = useAppStore((s) => s.ui.forcedSignOut);
  const setUi = useAppStore((s) => s.setUi);
  const navigate = useNavigate();
  const go = (to: string) => {
    setUi({ forcedSignOut: false });
    navigate(to);
  };
  return (
    <Dialog
      open={open}
      role="alertdialog"
      title="Signed out"
      onCancel={() => go('/')}
      actions={
        <>
          <button type="button" className="hh-button hh-button--primary" onClick={() => go('/account/signin')}>
            Sign In
          </button>
          <button type="button" className="hh-button hh-button--outline" onClick={() => go('/')}>
            Dismiss
          </button>
        </>
      }
    >
      <p>{forcedSignOutMessage}</p>
    </Dialog>
  );
}
