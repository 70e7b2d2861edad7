import { useEffect, useState } from 'react';
import { timing } from '@henhouse/kit/tokens';
import { useAppStore } from '@henhouse/kit/state/store';

type Phase = 'idle' | 'running' | 'finishing';

/**
 * LoadingBar is the thin progress bar at the top of the page (timing.loadingBar in the
 * kit's tokens: throttle 200 ms, duration 5000 ms). It appears only when something has been loading for longer than
 * the throttle, so quick loads never flash it; it then creeps towards the end over the
 * duration and completes when loading ends.
 */
export function LoadingBar() {
  const busy = useAppStore((s) => s.loading || s.ui.pending > 0);
  const [phase, setPhase] = useState<Phase>('idle');
  // Loading that ends while the bar is running completes it at once, in the same render,
  // so a finished load never leaves the bar creeping on (the state-from-props pattern).
  const [wasBusy, setWasBusy] = useState(busy);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (!busy && phase === 'running') setPhase('finishing');
  }

  useEffect(() => {
    if (busy && phase !== 'running') {
      const t = setTimeout(() => setPhase('running'), timing.loadingBar.throttleMs);
      return () => clearTimeout(t);
    }
    if (!busy && phase === 'finishing') {
      const t = setTimeout(() => setPhase('idle'), 300);
      return () => clearTimeout(t);
    }
  }, [busy, phase]);

  if (phase === 'idle') return null;
  return (
    <div
      className={`hh-loading-bar hh-loading-bar--${phase}`}
      role="progressbar"
      aria-label="Loading the page"
      aria-busy={phase === 'running'}
      data-testid="loading-bar"
      style={{ ['--hh-loading-duration' as string]: `${timing.loadingBar.durationMs}ms` }}
    />
  );
}
