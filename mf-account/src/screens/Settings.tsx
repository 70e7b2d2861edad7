import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function Settings(_props: ScreenProps) {
  return (
    <ScreenFrame name="mf-account/Settings" title="Account Settings"/>
  );
}
