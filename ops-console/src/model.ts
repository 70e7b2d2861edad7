// What the console shows and asks, as plain functions of the ops API's answers
// (edge/internal/admin/admin.go), so the sentences are tested apart from the screen.

export interface Counts {
  views: number;
  errors: number;
  visitors?: number;
}

export interface Rollback {
  version: string;
  reason: string;
  actor: string;
  at: string;
}

export interface ModuleStatus {
  module: string;
  versions: string[];
  stable: string;
  canary?: string;
  percent: number;
  health?: { canary: Counts; stable: Counts };
  lastRollback?: Rollback;
}

export interface AuditEntry {
  at: string;
  actor: string;
  action: string;
  module: string;
  version?: string;
  detail?: string;
}

/** errorRate is "2.5%" of the views that failed, or "no views yet". */
export function errorRate(c: Counts | undefined): string {
  if (!c || c.views <= 0) return 'no views yet';
  const pct = (100 * c.errors) / c.views;
  return `${pct < 10 && pct > 0 ? pct.toFixed(1) : Math.round(pct)}%`;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** healthLine describes one side of a canary: "40 views, 1 error (2.5%)". */
export function healthLine(c: Counts | undefined): string {
  if (!c || c.views <= 0) return 'no views yet';
  return `${plural(c.views, 'view')}, ${plural(c.errors, 'error')} (${errorRate(c)})`;
}

/** canaryVersions are the published versions a canary may be: all but the stable one, newest first. */
export function canaryVersions(s: ModuleStatus): string[] {
  return s.versions.filter((v) => v !== s.stable).reverse();
}

/** parsePercent reads the percent field: a whole number from 1 to 100, else an error message. */
export function parsePercent(text: string): number | string {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return 'Enter a whole number from 1 to 100.';
  const n = Number(t);
  return n >= 1 && n <= 100 ? n : 'Enter a whole number from 1 to 100.';
}

/** versionPattern is what the edge accepts as a version (semantic versioning). */
export const versionPattern = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

// The confirmation dialogs name exactly what changes.

export function confirmCanary(s: ModuleStatus, version: string, percent: number): string {
  const who = percent === 100 ? 'every visitor' : `${percent}% of visitors`;
  const replaces = s.canary && s.canary !== version ? ` It replaces the canary ${s.canary}.` : '';
  return `Send ${s.module} ${version} to ${who}? Stable stays ${s.stable}.${replaces}`;
}

export function confirmPromote(s: ModuleStatus): string {
  return `Make ${s.module} ${s.canary} stable for every visitor? ${s.stable} stops being served.`;
}

export function confirmRollback(s: ModuleStatus, reason: string): string {
  const why = reason.trim() ? ` Reason: “${reason.trim()}”.` : '';
  return `Roll ${s.module} back? Every visitor gets the stable ${s.stable}; the canary ${s.canary} (${s.percent}% of visitors) stops being served.${why}`;
}

export function confirmPublish(module: string, version: string, file: string): string {
  return `Publish ${file} as ${module} ${version}? No visitor gets it until you start a canary.`;
}

/** when renders an RFC 3339 time in the reader's time zone. */
export function when(at: string): string {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? at : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
