// Start-up in webview mode (docs/webview.md, docs/shell.md "Webview").
import { actions } from '@henhouse/kit/actions';
import { exchangeHandover } from '@henhouse/kit/api/account';
import { useAppStore } from '@henhouse/kit/state/store';

/** The app state areas cleared when the webview starts: nothing the browser kept from
 *  an earlier visit may mix with what the native app hands over. */
export const webviewCleared = [
  'token',
  'user',
  'cart',
  'location',
  'members',
  'order',
  'product',
  'category',
  'catering',
  'checkout',
  'jobs',
  'locations',
  'subscriptions',
  'errors',
] as const;

export async function startWebview(
  where: Pick<Location, 'search' | 'pathname' | 'hash'>,
  history: Pick<History, 'replaceState'> = window.history,
): Promise<void> {
  const s = useAppStore.getState();
  s.reset([...webviewCleared]);
  s.set({ checkout: { placement: 'app' } });
  try {
    localStorage.removeItem('henhouse:app');
  } catch {
    /* storage may be unavailable in a webview */
  }
  const params = new URLSearchParams(where.search);
  const code = params.get('handover');
  s.set({ loading: true });
  try {
    if (code) {
      // The one-time code never stays in the address bar or the history.
      params.delete('handover');
      const q = params.toString();
      history.replaceState(
        history === window.history ? window.history.state : null,
        '',
        where.pathname + (q ? `?${q}` : '') + where.hash,
      );
      const data = await exchangeHandover(code);
      useAppStore.getState().set({
        location: data.location,
        cart: data.cart,
        user: data.user,
        members: data.members,
        token: data.token ?? null,
      });
    } else {
      await actions.dumpAppData(params.get('locationId') ?? undefined);
    }
  } catch (err) {
    useAppStore.getState().set({ errors: (err as Error).message || 'Error' });
  } finally {
    useAppStore.getState().set({ loading: false });
  }
}
