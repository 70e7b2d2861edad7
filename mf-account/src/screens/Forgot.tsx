import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function Forgot(_props: ScreenProps) {
  return (
    <ScreenFrame name="mf-account/Forgot" title="Forgot Password"/>
  );
}
