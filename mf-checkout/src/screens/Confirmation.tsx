import { Link } from '@henhouse/kit/router';
import { getRecentOrder } from '@henhouse/kit/api/checkout';
import { useLoad } from '@henhouse/kit/api/useLoad';
import type { ScreenProps } from '@henhouse/kit/screen';
import { LoadFailed, Loading } from '@henhouse/kit/ui/Status';
import { OrderStatusView } from '../order/OrderStatus';

/** /order/confirm/{oid}: the order's confirmation and live status. Without an id, this
 *  visitor's most recent order, or a clear "no recent order" (docs/checkout.md). */
export default function Confirmation({ params }: ScreenProps) {
  if (params.oid) return <OrderStatusView key={params.oid} orderId={params.oid} placement="web" />;
  return <RecentOrder />;
}

function RecentOrder() {
  const recent = useLoad('recent-order', (signal) => getRecentOrder(signal));
  if (recent.status === 'loading') return <Loading className="hh-order" what="your order" />;
  if (recent.status === 'error') return <LoadFailed className="hh-order" error={recent.error} retry={recent.retry} />;
  const o = recent.data.order;
  if (o) return <OrderStatusView orderId={o.id} placement="web" />;
  return <NoRecentOrder />;
}

/** What a visitor who has placed no order from this browser sees: drawn at build time too
 *  (../prerender.tsx), for a visitor the edge knows has placed none. */
export function NoRecentOrder() {
  return (
    <section className="hh-order" aria-labelledby="no-order" data-screen="mf-checkout/Confirmation">
      <h2 id="no-order">No recent order</h2>
      <p>We couldn't find an order placed from this browser. Orders placed while signed in are in your account.</p>
      <p>
        <Link className="hh-button hh-button--primary" to="/locations">
          Start an order
        </Link>{' '}
        <Link to="/account">Your account</Link>
      </p>
    </section>
  );
}
