import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function Browse({ params }: ScreenProps) {
  return (
    <ScreenFrame name="mf-locations/Browse" title="Locations">
      <p>
        {[params.state, params.city, params.address]
          .filter(Boolean)
          .map((p) => p.toUpperCase())
          .join(' › ')}
      </p>
    </ScreenFrame>
  );
}
