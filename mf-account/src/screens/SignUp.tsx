import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function SignUp(_props: ScreenProps) {
  return (
    <ScreenFrame name="mf-account/SignUp" title="Sign Up"/>
  );
}
