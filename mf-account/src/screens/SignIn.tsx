import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function SignIn(_props: ScreenProps) {
  return (
    <ScreenFrame name="mf-account/SignIn" title="Sign In"/>
  );
}
