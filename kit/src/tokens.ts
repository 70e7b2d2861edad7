// Design tokens and business constants (theme colors, breakpoints, timings), used by the shell and every remote.
// CSS reads the same values through the custom properties in ./tokens.css.

export const colors = {
  theme: '#000',
  primary: '#ffc72c',
  secondary: '#a6192e',
  error: '#d93a0b',
  success: '#5cb147',
  neutral: '#988d85',
} as const;

/** The text and background colors of tokens.css, by name. */
export const palette = {
  ...colors,
  onPrimary: '#000',
  onSecondary: '#fff',
  errorText: '#b02f08',
  neutralText: '#5f5650',
  bg: '#fff',
  text: '#1a1a1a',
  surface: '#faf7f2',
  border: '#d9d2cb',
  focus: '#1a5fb4',
  white: '#fff',
  black: '#000',
} as const;
export type PaletteName = keyof typeof palette;

/**
 * The foreground/background pairs the site may use (docs/accessibility.md, "Contrast"):
 * `text` needs 4.5:1, `large` (text of 24 px, or 18.66 px bold) and `ui` (focus rings,
 * field borders that identify a control, icons) 3:1. A pair not listed is not used; the
 * primary yellow on white, 1.6:1, is never text.
 */
export const colorPairs: { fg: PaletteName; bg: PaletteName; use: 'text' | 'large' | 'ui' }[] = [
  { fg: 'text', bg: 'bg', use: 'text' },
  { fg: 'text', bg: 'surface', use: 'text' },
  { fg: 'neutralText', bg: 'bg', use: 'text' },
  { fg: 'neutralText', bg: 'surface', use: 'text' },
  { fg: 'errorText', bg: 'bg', use: 'text' },
  { fg: 'secondary', bg: 'bg', use: 'text' },
  { fg: 'onPrimary', bg: 'primary', use: 'text' },
  { fg: 'onSecondary', bg: 'secondary', use: 'text' },
  { fg: 'white', bg: 'black', use: 'text' },
  { fg: 'primary', bg: 'theme', use: 'text' },
  { fg: 'focus', bg: 'bg', use: 'ui' },
  { fg: 'secondary', bg: 'bg', use: 'ui' },
];

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
  checkoutClient: '2.8.0',
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
