import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function Category(_props: ScreenProps) {
  return <ScreenFrame name="mf-menu/Category" title="Category" />;
}
