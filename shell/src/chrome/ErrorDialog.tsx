import { useNavigate } from '@henhouse/kit/router';
import { hasErrors, useAppStore, type AppErrors, type ErrorAction } from '@henhouse/kit/state/store';
import { Dialog } from '@henhouse/kit/ui/Dialog';

/** errorMessages turns the errors state (a list, a string, or an object with a
 *  message) into the lines the dialog shows. */
export function errorMessages(e: AppErrors): string[] {
  if (!hasErrors(e) || e == null) return [];
  if (typeof e === 'string') return [e];
  if (Array.isArray(e)) return e.map(String);
  return [e.message!];
}

/** The global error dialog (docs/shell.md, "Dialogs"): "Heads-up!" and "Okay"; a product error may
 *  carry primary and secondary actions. */
export function ErrorDialog() {
  const errors = useAppStore((s) => s.errors);
  const set = useAppStore((s) => s.set);
  const navigate = useNavigate();
  const close = () => set({ errors: null });
  const act = (a: ErrorAction) => {
    close();
    a.onClick?.();
    if (a.href) navigate(a.href);
  };
  const obj = errors && typeof errors === 'object' && !Array.isArray(errors) ? errors : null;
  const lines = errorMessages(errors);
  return (
    <Dialog
      open={lines.length > 0}
      role="alertdialog"
      title="Heads-up!"
      onCancel={close}
      actions={
        <>
          {obj?.secondary && (
            <button type="button" className="hh-button hh-button--outline" onClick={() => act(obj.secondary!)}>
              {obj.secondary.label}
            </button>
          )}
          {obj?.primary ? (
            <button type="button" className="hh-button hh-button--primary" onClick={() => act(obj.primary!)}>
              {obj.primary.label}
            </button>
          ) : (
            <button type="button" className="hh-button hh-button--primary" onClick={close}>
              Okay
            </button>
          )}
        </>
      }
    >
      {lines.map((l, i) => (
        <p key={i}>{l}</p>
      ))}
    </Dialog>
  );
}
