import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function Confirmation(_props: ScreenProps) {
  return <ScreenFrame name="mf-checkout/Confirmation" title="Order Confirmation" />;
}
