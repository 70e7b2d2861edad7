// The module contract: what every screen a remote exposes receives from the shell.
import type { ComponentType } from 'react';
import type { Layout } from '@henhouse/kit/bootstrap';

export interface ScreenProps {
  /** Route id from the edge's table ("menu", "checkout", …). */
  routeId: string;
  /** Path parameters ({mid}, {pid}, {state}, …). */
  params: Record<string, string>;
  /** Query parameters of the current URL. */
  query: Record<string, string>;
  /** The layout the screen is shown in. */
  layout: Layout;
}

/** A remote exposes each screen as a module whose default export is the screen. */
export interface ScreenModule {
  default: ComponentType<ScreenProps>;
}
