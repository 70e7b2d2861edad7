import { Link } from 'react-router';

/** The spec 8 not-found page: shown for unknown routes and failed page validation. */
export function NotFound() {
  return (
    <section className="hh-error-page" aria-labelledby="not-found-title">
      <h2 id="not-found-title">This page could not be found</h2>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
