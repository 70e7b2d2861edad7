import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function Subscribe(_props: ScreenProps) {
  return (
    <ScreenFrame name="mf-account/Subscribe" title="Subscriptions"/>
  );
}
