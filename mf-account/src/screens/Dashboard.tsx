import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function Dashboard(_props: ScreenProps) {
  return (
    <ScreenFrame name="mf-account/Dashboard" title="Your Account"/>
  );
}
