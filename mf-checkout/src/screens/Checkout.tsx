import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function Checkout(_props: ScreenProps) {
  return <ScreenFrame name="mf-checkout/Checkout" title="Checkout" />;
}
