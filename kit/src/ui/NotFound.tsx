import { useEffect } from 'react';
import { Link } from '@henhouse/kit/router';
import { screenRendered } from '@henhouse/kit/ui/firstScreen';

/** The not-found page (docs/shell.md, "Error pages"): shown for unknown routes and failed page validation. */
export function NotFound() {
  useEffect(screenRendered, []);
  return (
    <section className="hh-error-page" aria-labelledby="not-found-title">
      <h2 id="not-found-title">This page could not be found</h2>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
