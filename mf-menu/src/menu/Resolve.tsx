import { Navigate } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';

/** ResolveIds completes /menu/category/{cid} and /menu/product/{pid} without a menu id with
 *  the cart's or the selected location's menu, and goes back to that menu when the
 *  category or product id is missing too (docs/routes.md). */
export function ResolveIds({ mid, kind, id }: { mid?: string; kind: 'category' | 'product'; id?: string }) {
  const fallback = useAppStore((s) => s.cart?.menu_id || s.location?.menu_id);
  const m = mid || fallback;
  if (!m) return <Navigate to="/locations" replace />;
  const base = `/menu/${encodeURIComponent(m)}`;
  return <Navigate to={id ? `${base}/${kind}/${encodeURIComponent(id)}` : base} replace />;
}
