// One-time codes (confirmation, single sign-on) must be sent once even when React runs
// an effect twice (StrictMode) or the screen remounts: the promise is kept by key.
const started = new Map<string, Promise<unknown>>();

export function once<T>(key: string, fn: () => Promise<T>): Promise<T> {
  let p = started.get(key) as Promise<T> | undefined;
  if (!p) {
    p = fn();
    started.set(key, p);
  }
  return p;
}

/** Tests start each case afresh. */
export function forgetOnce(): void {
  started.clear();
}
