// What the shell puts on window outside production (docs/shell.md, "Development aids"):
// the app-state store, for the console and the browser tests.
import type { useAppStore } from '@henhouse/kit/state/store';

declare global {
  interface Window {
    __henhouse?: { store: typeof useAppStore };
  }
}
