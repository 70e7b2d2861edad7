// Design tokens and business constants (theme colours, breakpoints, timings), used by the shell and every remote.
// CSS reads the same values through the custom properties in ./tokens.css.

export const colors = {
  theme: '#000',
  primary: '#ffc72c',
  secondary: '#a6192e',
  error: '#d93a0b',
  success: '#5cb147',
  neutral: '#988d85',
} as const;

/** Breakpoints in px: sm 600, md 900, lg 1200, xl unbounded. */
export const breakpoints = { sm: 600, md: 900, lg: 1200 } as const;

/** "Mobile means sm or md": narrower than lg. */
export const mobileQuery = `(max-width: ${breakpoints.lg - 1}px)`;

/** Header offset: 62 px on mobile, 116 px at 900 px width and above. */
export const headerOffset = { mobile: 62, desktop: 116, desktopFrom: breakpoints.md } as const;

/** The floating "Order Now" overlay: height and gap to the bottom edge in px (tokens.css
 *  --hh-overlay-height and --hh-overlay-gap); the page's scroll padding keeps focus clear of it. */
export const overlay = { height: 48, gap: 16 } as const;

export const timing = {
  /** The fetch delay: search-as-you-type waits this long after the last key stroke before
   *  it asks the edge, so a word typed quickly costs one request (docs/shell.md, "Timing"). */
  fetchDelayMs: 200,
  loadingBar: { throttleMs: 200, durationMs: 5000 },
  chunkReloadGuardMs: 60000,
} as const;

export const versions = {
  token: '1',
  app: '6.7.2',
  environment: 'prod',
  checkoutClient: '2.7.0',
} as const;

export const map = {
  country: 'US',
  center: { lat: 39, lng: -85 },
  zoom: 5.2,
  zoomMobile: 5,
  resultsZoom: 11,
  singleResultZoom: 11,
  multipleResultsZoom: 8,
  markerOffset: 20,
  searchField: 'formattedAddress',
} as const;

export const ordering = { showEarliestTime: true, bumpEarliestMinutes: 10 } as const;

export const productChips = { price: false, calories: false } as const;

/** Allergen and diet markers a product can carry (docs/api.md, "Menus"). */
export const markers = [
  'cashew',
  'dairy',
  'egg',
  'fish',
  'gluten',
  'milk',
  'nuts',
  'peanut',
  'sesame',
  'shellfish',
  'soy',
  'vegan',
  'walnuts',
  'wheat',
] as const;
export type Marker = (typeof markers)[number];
