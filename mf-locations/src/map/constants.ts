// The location map's fixed numbers, in one place (docs/locations.md, "Map constants").
import { timing } from '@henhouse/kit/tokens';

/** Searches and the offline base layer cover one country: the geocoder places US addresses
 *  only and the shipped shapes are the US states. */
export const COUNTRY = 'US';

/** Where the map looks before anything is searched: latitude 39, longitude -85, between
 *  Cincinnati and Indianapolis, so the chain's home states are in view. */
export const INITIAL_CENTER: readonly [number, number] = [39, -85];
/** Zoom of the first view at 900 px and wider (fractional zoom: the map snaps to tenths). */
export const INITIAL_ZOOM = 5.2;
/** Zoom of the first view below 900 px, where a narrower map needs to see as far. */
export const INITIAL_ZOOM_MOBILE = 5;
/** The md breakpoint: narrower than this is "mobile" for the map. */
export const MOBILE_BELOW_PX = 900;

/** A search whose place has no location to frame shows that place at this zoom. */
export const RESULTS_ZOOM = 11;
/** One result is shown at this zoom, centred. */
export const SINGLE_RESULT_ZOOM = 11;
/** Several results are framed together, but never closer than this zoom, so a tight cluster
 *  still shows its surroundings. */
export const MULTIPLE_RESULTS_MAX_ZOOM = 8;

/** Marker offset in CSS pixels: a marker's name label (its tooltip) opens this far above the
 *  point the pin marks, so the label sits over the pin's head instead of covering it. */
export const MARKER_OFFSET = 20;

/** Nearest-first searches list this many locations. */
export const NEARBY_LIMIT = 10;

/** The search box's field name; a form submitted without JavaScript sends it as
 *  /locations?formattedAddress=…, which the screen searches on load. */
export const SEARCH_FIELD = 'formattedAddress';

/** Suggestions wait this long after the last key stroke before asking the geocoder: the
 *  site's fetch delay (kit/src/tokens.ts, timing.fetchDelayMs, 200 ms). */
export const SUGGEST_DELAY_MS = timing.fetchDelayMs;
/** Fewer characters than this ask for no suggestions: the edge answers none for them
 *  (geocode.MinSuggestLen), so the box does not send them. */
export const SUGGEST_MIN_CHARS = 3;
/** The longest search the edge takes. */
export const MAX_QUERY_LENGTH = 200;

/** initialZoom is the first view's zoom for the window's width. */
export function initialZoom(win: Pick<Window, 'matchMedia'> | undefined = globalThis.window): number {
  const wide = win?.matchMedia?.(`(min-width: ${MOBILE_BELOW_PX}px)`).matches ?? true;
  return wide ? INITIAL_ZOOM : INITIAL_ZOOM_MOBILE;
}

/** Markers whose centres are closer than this, in CSS pixels, are drawn as one cluster
 *  with their count: a marker is 26 px wide, so closer ones would cover each other. */
export const CLUSTER_RADIUS_PX = 32;
/** A frame of several results keeps its markers this far, in CSS pixels, from the map's
 *  top-left corner (the zoom buttons, 44 px wide from 10 px in, and the selected marker's
 *  name above it) and from its bottom-right corner (the credit line). */
export const FRAME_PADDING_TOP_LEFT = [64, 56] as const;
export const FRAME_PADDING_BOTTOM_RIGHT = [32, 40] as const;
