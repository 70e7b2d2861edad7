import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function All(_props: ScreenProps) {
  return <ScreenFrame name="mf-locations/All" title="All Locations" />;
}
