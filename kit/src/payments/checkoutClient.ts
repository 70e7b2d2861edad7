// Loading the card processor's checkout client (its types: payments/hostedFields.ts). A
// module of its own, imported by the card form once it has rendered: its code is not part
// of a screen's first render, which the card form's frame does not need.
import { loadScript } from '@henhouse/kit/loadScript';
import { whenUncovered } from '@henhouse/kit/ui/uncovered';
import {
  CHECKOUT_CLIENT_VERSION,
  checkoutClientLoadError,
  type CheckoutClient,
} from '@henhouse/kit/payments/hostedFields';

/** loadCheckoutClient loads the processor's checkout script once and answers its client.
 *
 *  While a dialog covers the page (a first visit's welcome popup) it waits: the form behind
 *  a modal cannot be used, and the client's script, the frame's document and its scripts
 *  would only keep the dialog's buttons waiting (docs/shell.md, "Work that waits behind a
 *  dialog"). */
export async function loadCheckoutClient(win: Window = window): Promise<CheckoutClient> {
  await whenUncovered(win.document);
  try {
    await loadScript(`/payments/${CHECKOUT_CLIENT_VERSION}/checkout.js`, win.document);
  } catch {
    throw new Error(checkoutClientLoadError);
  }
  if (!win.HenhousePay) throw new Error(checkoutClientLoadError);
  return win.HenhousePay;
}
