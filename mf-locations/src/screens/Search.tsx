import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import { brandName } from '@henhouse/kit/brand';

export default function Search(_props: ScreenProps) {
  return <ScreenFrame name="mf-locations/Search" title={`Find a ${brandName()}`} />;
}
