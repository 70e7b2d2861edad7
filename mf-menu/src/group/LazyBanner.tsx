// The group banner, loaded when first shown: the menu, category and product screens show
// it only in group mode, so their first load does without it (docs/group-orders.md, "Join").
import { lazy, Suspense, type ComponentProps } from 'react';

const Banner = lazy(() => import('./GroupBanner').then((m) => ({ default: m.GroupBanner })));

export function LazyGroupBanner(props: ComponentProps<typeof Banner>) {
  return (
    <Suspense fallback={null}>
      <Banner {...props} />
    </Suspense>
  );
}
