// A question asked before a change that cannot be undone from the drawer (taking a person
// out, ending the group order): the kit's Dialog, which keeps focus inside while open and
// gives it back to the button that opened it.
import type { ReactNode } from 'react';
import { Dialog } from '@henhouse/kit/ui/Dialog';
import { Button } from '@henhouse/kit/ui/controls/Button';

export function Confirm({
  open,
  title,
  children,
  yes,
  no,
  onYes,
  onNo,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The button that makes the change ("End group order"). */
  yes: string;
  /** The button that leaves things as they are ("Keep it"); Escape does the same. */
  no: string;
  onYes: () => void;
  onNo: () => void;
}) {
  return (
    <Dialog
      open={open}
      title={title}
      role="alertdialog"
      onCancel={onNo}
      actions={
        <>
          <Button variant="secondary" type="button" onClick={onNo}>
            {no}
          </Button>
          <Button variant="primary" type="button" onClick={onYes}>
            {yes}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
