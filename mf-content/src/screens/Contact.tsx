import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function Contact(_props: ScreenProps) {
  return <ScreenFrame name="mf-content/Contact" title="Contact Us" />;
}
