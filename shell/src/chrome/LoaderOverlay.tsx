import { useAppStore } from '@henhouse/kit/state/store';

/** The loader overlay covers the page while the app state's loading is true. */
export function LoaderOverlay() {
  const loading = useAppStore((s) => s.loading);
  if (!loading) return null;
  return (
    <div className="hh-loader-overlay" role="status" aria-live="polite">
      <span className="hh-spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
