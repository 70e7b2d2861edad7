import type { ScreenProps } from '@henhouse/kit/screen';
import { AppCheckout } from '../checkout/AppCheckout';

/** /app/testcheckout: the webview checkout against the built-in processor's test cards, for
 *  app teams testing the bridge (docs/webview.md, "Test checkout"). The edge answers 404 for
 *  it in production unless it is switched on. */
export default function TestCheckout(_props: ScreenProps) {
  return <AppCheckout test />;
}
