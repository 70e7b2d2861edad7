// Layout shifts as web-vitals counts CLS: shifts without recent input, grouped in session
// windows (gap < 1 s, window < 5 s), the largest window. Shared by bench/paint.mjs and
// the layout stability test (e2e/tests/stability.test.mjs).

/** watchLayoutShifts runs in the page before its scripts (page.addInitScript): it keeps
 *  the CLS so far and every shift, with what moved, in window.__layoutShifts. */
export function watchLayoutShifts() {
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return node ? node.nodeName : '(gone)';
    let s = node.tagName.toLowerCase();
    if (node.id) s += '#' + node.id;
    if (node.classList?.length) s += '.' + [...node.classList].slice(0, 2).join('.');
    const screen = node.closest?.('[data-screen]')?.getAttribute('data-screen');
    return screen ? `${s} in ${screen}` : s;
  };
  // bench/paint.mjs names the largest paint's element the same way.
  window.__describeNode = describe;
  const m = { cls: 0, shifts: [] };
  window.__layoutShifts = m;
  let win = 0;
  let first = 0;
  let last = 0;
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      if (e.hadRecentInput) continue;
      if (win && e.startTime - last < 1000 && e.startTime - first < 5000) win += e.value;
      else {
        win = e.value;
        first = e.startTime;
      }
      last = e.startTime;
      m.cls = Math.max(m.cls, win);
      m.shifts.push({
        t: Math.round(e.startTime),
        value: e.value,
        sources: e.sources.map(
          (s) =>
            `${describe(s.node)} ${s.previousRect.y}→${s.currentRect.y} h${s.previousRect.height}→${s.currentRect.height}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}
