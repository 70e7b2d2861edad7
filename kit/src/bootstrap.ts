// The bootstrap JSON the edge puts in every page (docs/architecture.md, "Bootstrap").

export type Layout = 'default' | 'minimal' | 'app';
export type HeadingRule = 'path' | 'menu' | 'category' | 'product';

export interface RouteEntry {
  id: string;
  pattern: string;
  module?: string;
  screen?: string;
  layout: Layout;
  heading: HeadingRule;
  /** The document title before " | <brand>" where the path alone would make a poor one. */
  title?: string;
  redirect?: string;
  /** The page's variant for the native app's webview, an /app path (docs/webview.md). */
  webview?: string;
  /** A content page, the only kind a popup may cover (docs/shell.md, "Popups"). */
  popups?: boolean;
  /** The catch-all: the page exists only if the content provider has it. */
  content?: boolean;
  /** A location browse page: it exists only if a location matches its state, city and address (docs/routes.md). */
  locations?: boolean;
  /** Regular expression source with (?<name>…) groups, shared with the edge. */
  regex: string;
  params?: string[];
}

export interface ModuleEntry {
  name: string;
  remote: string;
  version: string;
  /** "dev": loaded from a webpack dev server a dev edge's override names (docs/operations.md). */
  channel: 'stable' | 'canary' | 'override' | 'dev';
  manifest: string;
  entry: string;
  /** Subresource Integrity of the entry script ("sha384-<base64>"), when the edge knows it. */
  integrity?: string;
}

export interface SiteConfig {
  brandName: string;
  brandSlug: string;
  appPrefix: string;
  appVersion: string;
  environment: string;
  tokenVersion: string;
  loyaltyProvider: string;
  apiBase: string;
  careersUrl: string;
  features: Record<string, unknown>;
  botCheck: { siteKey: string; version: number; enterprise: boolean; hideBadge: boolean; scriptUrl: string };
  /** The share of page loads that send beacons, 0–1 (docs/shell.md, "Beacons"). Absent: every page load. */
  beaconSampleRate?: number;
  /** The location map's base layer (docs/locations.md). An empty tileUrl draws the offline layer the site ships. */
  map?: MapConfig;
}

export interface MapConfig {
  /** A raster tile URL template ("https://tiles.example.com/{z}/{x}/{y}.png"); empty for the offline layer. */
  tileUrl: string;
  /** Attribution the tile provider requires, as HTML. */
  attribution: string;
  /** The deepest zoom the tiles offer. */
  maxZoom: number;
}

export interface Bootstrap {
  version: number;
  buildId: string;
  status: number;
  path: string;
  query: Record<string, string>;
  route: { id: string; module: string; screen: string; heading: HeadingRule; params: Record<string, string> };
  layout: Layout;
  heading: string;
  routes: RouteEntry[];
  modules: Record<string, ModuleEntry>;
  config: SiteConfig;
  session: {
    signedIn: boolean;
    forcedSignOut: boolean;
    /** The request's token failed the token rule (kit/src/session/token.ts) and was cleared by the edge. */
    loggedOut?: boolean;
    /** Non-secret claims of the member's token (its provider and version); null for guests. */
    token?: { provider: string; version: string } | null;
    /** The visitor has an open cart on the server. */
    hasCart?: boolean;
  };
  csrf: string;
  /** The page load's signed token, sent back with the beacons (docs/shell.md, "Beacons"). */
  beacon?: string;
}

let current: Bootstrap | null = null;

/** readBootstrap parses the edge's <script id="bootstrap"> once. */
export function readBootstrap(doc: Document = document): Bootstrap {
  if (current) return current;
  const el = doc.getElementById('bootstrap');
  if (!el?.textContent) throw new Error('The page has no bootstrap data.');
  current = JSON.parse(el.textContent) as Bootstrap;
  return current;
}

/** setBootstrap replaces the bootstrap (tests, and the shell after a soft reload). */
export function setBootstrap(b: Bootstrap | null): void {
  current = b;
}
