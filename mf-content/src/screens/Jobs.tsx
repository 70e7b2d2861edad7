import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

export default function Jobs({ params }: ScreenProps) {
  return (
    <ScreenFrame name="mf-content/Jobs" title="Jobs">
      <p>
        Open roles in{' '}
        {params.city
          ?.split('-')
          .map((w) => w[0].toUpperCase() + w.slice(1))
          .join(' ')}
        .
      </p>
    </ScreenFrame>
  );
}
