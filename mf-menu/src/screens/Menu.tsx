import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function Menu(_props: ScreenProps) {
  return <ScreenFrame name="mf-menu/Menu" title="Menu" />;
}
