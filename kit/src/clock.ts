// A time of day as guests read it on the site (en-US, 12-hour): "6:45 PM", "12:30 AM".
// Written out rather than with Intl, whose first use on a page loads the browser's
// locale data (docs/shell.md, "First-load budget"); the same text Intl's en-US format
// writes for { hour: 'numeric', minute: '2-digit' } (clock.test.ts compares them).
//
// A module of its own, not an export added to ./dates: a remote built with this kit may
// run on a page whose shell provides an older copy of a kit module, and a new module is
// then loaded from the remote's own build, where a new export of an existing module
// would be missing.

/** clockText: minutes after midnight → "6:45 PM"; 0 → "12:00 AM", 12 * 60 → "12:00 PM". */
export function clockText(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** wallText: the time of a wall-clock Date (wallClock in ./dates: its UTC fields are the
 *  place's local time) → "6:45 PM". */
export function wallText(wall: Date): string {
  return clockText(wall.getUTCHours() * 60 + wall.getUTCMinutes());
}
