// Toasts: a short message at the bottom of the screen ("Added to your cart") with at
// most one action ("View cart"), which goes away by itself. One store for the page: this
// module is shared as a singleton across the shell and the remotes (kit/build/webpack.cjs,
// `@henhouse/kit/`), so a toast a remote raises is shown by the one <Toaster/> the shell
// mounts. This module is the store alone, without styles: a screen that raises a toast
// loads nothing more on its first render; the Toaster (./toaster.tsx) brings the styles.
//
// Rules (docs/design.md, "Toast"):
// - one toast at a time; a new one replaces the one showing;
// - the message is announced once, politely (./announce.ts): the toast itself is not a
//   live region, so it is not read twice, and focus stays where it is;
// - the action is a real button or link, reachable by Tab;
// - it goes away after its duration (6 s unless told), but not while the pointer is
//   over it or focus is in it (WCAG 2.2.1, timing adjustable), and the close button
//   dismisses it at once.
import { create } from 'zustand';

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

export interface ShownToast extends Required<Pick<ToastInput, 'message' | 'duration'>> {
  id: string;
  action?: ToastAction;
}

export const DEFAULT_TOAST_MS = 6000;

/** The toast shown now; <Toaster/> (./toaster.tsx) reads it. */
export const useToastStore = create<{ current: ShownToast | null }>(() => ({ current: null }));
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
