// The checkout inside the native app (placement "app"): no site chrome, no links back into
// the site, and the result handed to the app (docs/webview.md, "Checkout result"). Once
// placed, the order is shown here with its live status, and the URL carries its id for an
// app that watches the address instead of a bridge.
import { useNavigate, useSearchParams } from '@henhouse/kit/router';
import { OrderStatusView } from '../order/OrderStatus';
import { CheckoutPage } from './CheckoutPage';

export function AppCheckout({ test = false }: { test?: boolean }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const placed = params.get('order');
  if (placed) return <OrderStatusView orderId={placed} placement="app" />;
  return (
    <CheckoutPage
      placement="app"
      test={test}
      screen={test ? 'mf-checkout/TestCheckout' : 'mf-checkout/Checkout'}
      onPlaced={(o) => navigate({ search: `?order=${encodeURIComponent(o.id)}` }, { replace: true })}
    />
  );
}
