import { Component, Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { trackPending } from '@henhouse/kit/state/store';
import type { ScreenProps } from '@henhouse/kit/screen';
import { reloadOnceFor } from '@henhouse/kit/rules/chunkReload';
import { loadScreen } from './remotes';

interface Props extends ScreenProps {
  module: string;
  screen: string;
}

/** RemoteScreen renders a screen exposed by a federated remote, with a fallback for
 *  that area alone when the remote cannot be loaded or throws. */
export function RemoteScreen({ module, screen, ...props }: Props) {
  const [attempt, setAttempt] = useState(0);
  const key = `${module}/${screen}/${attempt}`;
  return (
    <AreaBoundary key={key} area={module} onRetry={() => setAttempt((a) => a + 1)}>
      <Suspense fallback={<AreaLoading />}>
        <LazyScreen key={key} module={module} screen={screen} props={props} />
      </Suspense>
    </AreaBoundary>
  );
}

/** LazyScreen loads its screen once per mount: a retry or another screen mounts a new
 *  one (its key), which loads again, since loadScreen keeps no failure. */
function LazyScreen({ module, screen, props }: { module: string; screen: string; props: ScreenProps }) {
  const [Screen] = useState(() => lazy(() => loadScreen(module, screen)));
  return <Screen {...props} />;
}

function AreaLoading() {
  useEffect(() => trackPending(), []); // drives the loading bar while this area loads
  return (
    <div className="hh-area-loading" role="status" aria-live="polite">
      <span className="hh-spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

interface BoundaryProps {
  area: string;
  onRetry: () => void;
  children: ReactNode;
}

/** AreaBoundary keeps a failing remote from taking the page down. */
export class AreaBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error) {
    console.error(`[${this.props.area}]`, error);
    // A stale or missing chunk after a deploy: reload the page, at most once per 60 s,
    // which picks up the new deploy's files.
    reloadOnceFor(error);
  }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="hh-area-fallback" role="alert" aria-labelledby="area-fallback-title">
        <h2 id="area-fallback-title">This part of the page didn't load</h2>
        <p>Something went wrong on our side. The rest of the site still works.</p>
        <button type="button" className="hh-button hh-button--primary" onClick={this.props.onRetry}>
          Try again
        </button>
      </section>
    );
  }
}
