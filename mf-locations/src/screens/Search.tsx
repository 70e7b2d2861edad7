import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function Search(_props: ScreenProps) {
  return (
    <ScreenFrame name="mf-locations/Search" title="Find a Henhouse"/>
  );
}
