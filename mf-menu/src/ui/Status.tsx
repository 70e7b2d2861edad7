import type { ApiError } from '@henhouse/kit/api/client';
import { messageFor } from '@henhouse/kit/botcheck/errors';

/** Loading says what is on its way, in words, to the screen reader too. */
export function Loading({ what }: { what: string }) {
  return (
    <p className="hh-menu-loading" role="status">
      Loading {what}…
    </p>
  );
}

/** LoadFailed says why the page's data did not come and offers to try again. */
export function LoadFailed({ error, retry }: { error: ApiError; retry: () => void }) {
  return (
    <div className="hh-menu-notice" role="alert">
      <p>{messageFor(error)}</p>
      <button type="button" className="hh-button hh-button--secondary" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

/** Announce is the screen's polite live region: what just happened ("Added … to your cart"). */
export function Announce({ text }: { text: string }) {
  return (
    <p className="visually-hidden" role="status" aria-live="polite">
      {text}
    </p>
  );
}
