import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function Order(_props: ScreenProps) {
  return <ScreenFrame name="mf-checkout/Order" title="Your Order" />;
}
