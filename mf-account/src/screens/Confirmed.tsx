import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function Confirmed(_props: ScreenProps) {
  return (
    <ScreenFrame name="mf-account/Confirmed" title="Account Confirmed"/>
  );
}
