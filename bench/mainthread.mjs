// What the main thread does on a first visit, from a Chromium trace at 4× CPU slowdown:
// V8's compiling on the main thread and on the others, the main thread's busy time after
// the first contentful paint, its tasks over 50 ms and their blocking time (the part of
// each over 50 ms, as Total Blocking Time counts it, but observed rather than simulated).
// Steadier than Lighthouse's TBT for comparing two builds: compile time depends on the
// code, not on which task the simulation puts it in. Each load is a new Chromium (a
// browser that ran the site's scripts keeps them compiled), the popups dismissed, at
// 412 px. Run after `make build`:
//
//   node bench/mainthread.mjs /locations /menu/m-standard          # 3 loads of each
//   RUNS=5 BUILDS=/tmp/before,build node bench/mainthread.mjs /    # two builds in turn
import { chromium } from 'playwright-core';
import { startEdge } from '../e2e/tests/harness.mjs';

const routes = process.argv.slice(2);
if (!routes.length) routes.push('/', '/locations', '/menu/m-standard');
const runs = Number(process.env.RUNS || 3);
const builds = (process.env.BUILDS || 'build').split(',').filter(Boolean);

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'disabled-by-default-v8.compile',
  'toplevel',
  'loading',
];
const COMPILE = /^V8\.(CompileCode|CompileLazy|Compile|ParseFunction)$/;
const BACKGROUND_COMPILE = /^V8\.(CompileCode|StreamingCompile|CompileCodeBackground)/;

async function once(base, path) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    await context.addInitScript(() => {
      try {
        localStorage.setItem('henhouse:popups', '[]');
      } catch {
        // storage off: the popups show, and are measured with the page
      }
    });
    const page = await context.newPage();
    // The renderer's own start is not the route's.
    await page.goto(base + '/offline.html');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // DevTools as Lighthouse leaves it during a run: with the debugger on, V8 keeps every
    // function's source positions as it compiles. Without it V8 works them out later, by
    // parsing a function again, the first time a stack trace with it is taken; an Error
    // made while a library's module runs (react-dom makes four, Leaflet throws one) then
    // parses that whole module again inside the task (10–40 ms on these machines), which
    // Lighthouse's runs never see (bench/README.md, "The shell's start in three tasks; fonts").
    for (const method of ['Runtime.enable', 'Network.enable', 'Debugger.enable']) await cdp.send(method);
    await cdp.send('Debugger.setSkipAllPauses', { skip: true });
    await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 8 });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2500);
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    return figures(events);
  } finally {
    await browser.close();
  }
}

function figures(events) {
  const thread = (e) => `${e.pid}:${e.tid}`;
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain').map(thread));
  // The page's main thread: the renderer main thread that ran the most.
  const ran = new Map();
  for (const e of events)
    if (e.name === 'RunTask' && mains.has(thread(e))) ran.set(thread(e), (ran.get(thread(e)) ?? 0) + (e.dur ?? 0));
  const main = [...ran].sort((a, b) => b[1] - a[1])[0]?.[0];
  const fcps = events.filter((e) => e.name === 'firstContentfulPaint').map((e) => e.ts);
  const fcp = fcps.length ? Math.min(...fcps) : 0;
  const ms = (list) => list.reduce((n, e) => n + (e.dur ?? 0) / 1000, 0);
  const tasks = events.filter((e) => thread(e) === main && e.name === 'RunTask' && e.dur && e.ts >= fcp);
  return {
    compileMain: ms(events.filter((e) => thread(e) === main && COMPILE.test(e.name))),
    compileOther: ms(events.filter((e) => thread(e) !== main && BACKGROUND_COMPILE.test(e.name))),
    busy: ms(tasks),
    long: tasks.filter((e) => e.dur > 50_000).length,
    blocking: tasks.reduce((n, e) => n + Math.max(0, e.dur / 1000 - 50), 0),
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const edges = [];
for (const dir of builds) edges.push(await startEdge({ BUILD_DIR: dir }));
const results = new Map();
try {
  for (let run = 0; run < runs; run++) {
    for (const route of routes) {
      for (let b = 0; b < builds.length; b++) {
        const key = `${route}\t${builds[b]}`;
        if (!results.has(key)) results.set(key, []);
        results.get(key).push(await once(edges[b].base, route));
      }
    }
  }
} finally {
  for (const e of edges) e.stop();
}
const columns = ['compileMain', 'compileOther', 'busy', 'long', 'blocking'];
console.log(`medians of ${runs} first visits at 4× CPU slowdown (ms, but long: tasks over 50 ms)`);
console.log('route'.padEnd(36), 'build'.padEnd(20), ...columns.map((c) => c.padStart(13)));
for (const [key, list] of results) {
  const [route, build] = key.split('\t');
  console.log(
    route.padEnd(36),
    build.padEnd(20),
    ...columns.map((c) => String(Math.round(median(list.map((r) => r[c])))).padStart(13)),
  );
}
