import { Navigate } from '@henhouse/kit/router';
import type { ScreenProps } from '@henhouse/kit/screen';
import { useAppStore } from '@henhouse/kit/state/store';

/** /menu without an id: the selected location's menu, or /locations to pick one
 *  (docs/routes.md). */
export default function MenuIndex(_: ScreenProps) {
  const location = useAppStore((s) => s.location);
  const cart = useAppStore((s) => s.cart);
  const mid = cart?.menu_id || location?.menu_id;
  return <Navigate to={mid ? `/menu/${encodeURIComponent(mid)}` : '/locations'} replace />;
}
