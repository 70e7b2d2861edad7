import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function AppCode(_props: ScreenProps) {
  return (
    <ScreenFrame name="mf-account/AppCode" title="Signing you in"/>
  );
}
