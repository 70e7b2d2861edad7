import { Component, Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { trackPending } from '@henhouse/kit/state/store';
import type { ScreenProps } from '@henhouse/kit/screen';
import { isChunkLoadError, reloadOnceFor } from '@henhouse/kit/rules/chunkReload';
import { report } from '../telemetry/queue';
import { loadScreen, moduleVersions } from './remotes';
import { Copy } from '../prerender/screen';

interface Props extends ScreenProps {
  module: string;
  screen: string;
}

/** RemoteScreen renders a screen exposed by a federated remote, with a fallback for
 *  that area alone when the remote cannot be loaded or throws. */
export function RemoteScreen(props: Props) {
  return <RemoteArea key={`${props.module}/${props.screen}`} {...props} />;
}

/** A lazy component that loads the screen when it first renders. */
const lazyScreen = (module: string, screen: string) => lazy(() => loadScreen(module, screen));

// The lazy component is kept in the state of this component, which sits outside the
// Suspense boundary and so keeps its state while the screen loads: one created inside
// the boundary would be created, and loaded, anew each time the screen suspends. "Try
// again" makes a new one, which loads again since loadScreen keeps no failure.
//
// The page's copy of the screen, when the edge wrote one, stands beside it until the
// screen shows more than a loading state (../prerender/screen.tsx).
function RemoteArea({ module, screen, ...props }: Props) {
  const [load, setLoad] = useState(() => ({ attempt: 0, Screen: lazyScreen(module, screen) }));
  const { attempt, Screen } = load;
  const retry = () => setLoad((l) => ({ attempt: l.attempt + 1, Screen: lazyScreen(module, screen) }));
  return (
    <>
      <Copy name={`${module}/${screen}`} />
      <AreaBoundary key={attempt} area={module} onRetry={retry}>
        <Suspense fallback={<AreaLoading />}>
          <Screen {...props} />
        </Suspense>
      </AreaBoundary>
    </>
  );
}

/** The area's loading state; the prerendered chrome (src/prerender) shows the same in main. */
export function AreaLoading() {
  useEffect(() => trackPending(), []); // drives the loading bar while this area loads
  return (
    <div className="hh-area-loading" role="status" aria-live="polite" data-area-loading="">
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
    // Counted by module version (docs/shell.md, "Beacons"); a remote that failed to load
    // was counted as such already.
    const { area } = this.props;
    report(
      {
        kind: 'error',
        type: isChunkLoadError(error) ? 'chunk_load' : 'render',
        module: area,
        version: moduleVersions()[area],
      },
      error,
    );
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
