import { Component, type ReactNode } from 'react';

/** The error page (docs/shell.md, "Error pages"): the error's message, or "Error"; status 500 by default. */
export function ErrorPage({ error }: { error: { message?: string; status?: number } }) {
  const status = error.status ?? 500;
  return (
    <section className="hh-error-page" role="alert" aria-labelledby="error-page-title" data-status={status}>
      <h2 id="error-page-title">{error.message || 'Error'}</h2>
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </section>
  );
}

/** Shown when the error page itself fails. */
export function ErrorPageFailure() {
  return (
    <section className="hh-error-page" role="alert">
      <h2>An error occurred while showing the error page</h2>
      <p>
        <a href="/">Go back to home</a>
      </p>
    </section>
  );
}

interface GuardProps {
  fallback: (e: Error) => ReactNode;
  children: ReactNode;
  /** A new value (the next path) clears a caught error without remounting children. */
  resetKey?: string;
}

class Guard extends Component<GuardProps, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidUpdate(prev: GuardProps) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }
  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** PageErrorBoundary catches what a layout or screen throws and shows the error page;
 *  if that fails too, the last-resort message. */
export function PageErrorBoundary({
  children,
  resetKey,
  renderError = (e: Error) => <ErrorPage error={e} />,
}: {
  children: ReactNode;
  resetKey?: string;
  renderError?: (e: Error) => ReactNode;
}) {
  return (
    <Guard resetKey={resetKey} fallback={(e) => <Guard fallback={() => <ErrorPageFailure />}>{renderError(e)}</Guard>}>
      {children}
    </Guard>
  );
}
