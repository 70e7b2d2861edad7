import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function TestCheckout(_props: ScreenProps) {
  return <ScreenFrame name="mf-checkout/TestCheckout" title="Test Checkout" />;
}
