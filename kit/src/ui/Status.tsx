// A screen's loading and failed states, in words for everyone (screen readers too).
import type { ApiError } from '@henhouse/kit/api/client';
import { messageFor } from '@henhouse/kit/botcheck/errors';

/** Loading says what is on its way ("Loading the menu…") as a status. */
export function Loading({ what, className }: { what: string; className?: string }) {
  return (
    <p className={className} role="status">
      Loading {what}…
    </p>
  );
}

/** LoadFailed says why the data did not come and offers to try again. */
export function LoadFailed({ error, retry, className }: { error: ApiError; retry: () => void; className?: string }) {
  return (
    <div className={className} role="alert">
      <p>{messageFor(error)}</p>
      <button type="button" className="hh-button hh-button--outline" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
