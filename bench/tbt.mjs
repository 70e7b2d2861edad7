// Lighthouse's Total Blocking Time and performance score of first visits, each load in a
// Chromium of its own, for one or more builds taken in turn, with the median of several
// runs. A single Lighthouse run moves too much on a shared 2-core machine to compare two
// builds by (bench/README.md, "tbt.mjs"). Run after `make build`:
//
//   node bench/tbt.mjs                                   # 5 runs of '/', '/locations', '/menu/m-standard', '/account/signin'
//   node bench/tbt.mjs --runs 7 /catering /contact       # any routes, any number of runs
//   BUILDS=/tmp/before,build node bench/tbt.mjs /        # two builds (BUILD_DIRs), alternating
//   EDGES=/tmp/edge-before,bin/edge node bench/tbt.mjs / # two edge binaries on this build, alternating
//   node bench/tbt.mjs --cpu 12 /locations              # a phone on a machine 3× slower than this one
//
// --cpu sets Lighthouse's CPU slowdown (its mobile preset: 4). Lighthouse loads the page
// unthrottled and multiplies each task's time by it, so a machine with a third of this
// one's benchmarkIndex reads as --cpu 12 here: the way Lighthouse's documentation
// calibrates the slowdown to a machine, and steadier than a slow machine's own runs.
//
// Each load is a first visit in a Chromium of its own (bench/firstvisit.mjs says why).
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { startEdge } from '../e2e/tests/harness.mjs';
import { firstVisitChrome } from './firstvisit.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number above 0');
const cpuAt = args.indexOf('--cpu');
const cpu = cpuAt >= 0 ? Number(args[cpuAt + 1]) : 4;
if (!(cpu >= 1)) throw new Error('--cpu takes a slowdown of 1 or more');
// A flag's value is not a route (indexOf's -1 names no value).
const values = new Set([runsAt, cpuAt].filter((at) => at >= 0).map((at) => at + 1));
const routes = args.filter((a, i) => !a.startsWith('--') && !values.has(i));
if (!routes.length) routes.push('/', '/locations', '/menu/m-standard', '/account/signin');
// What is compared: build directories (BUILDS), or edge binaries serving this build (EDGES).
const byEdge = Boolean(process.env.EDGES);
const builds = (process.env.EDGES || process.env.BUILDS || 'build').split(',').filter(Boolean);

const edges = [];
for (const b of builds) edges.push(await startEdge(byEdge ? { EDGE_BIN: b } : { BUILD_DIR: b }));

/** once loads path as a first visit in a new Chromium and returns Lighthouse's figures. */
async function once(base, path) {
  const chrome = await firstVisitChrome(base);
  try {
    const { lhr } = await lighthouse(base + path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpu },
    });
    const longest = Math.max(0, ...(lhr.audits['long-tasks']?.details?.items ?? []).map((t) => t.duration));
    return {
      tbt: lhr.audits['total-blocking-time'].numericValue,
      score: Math.round(lhr.categories.performance.score * 100),
      longest,
      index: lhr.environment?.benchmarkIndex ?? 0,
    };
  } finally {
    await chrome.kill();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const results = new Map(); // `${route}\t${build}` → figures of each run
const indexes = [];
try {
  for (let run = 0; run < runs; run++) {
    for (const route of routes) {
      for (let b = 0; b < builds.length; b++) {
        const r = await once(edges[b].base, route);
        indexes.push(r.index);
        const key = `${route}\t${builds[b]}`;
        if (!results.has(key)) results.set(key, []);
        results.get(key).push(r);
      }
    }
  }
  console.log(
    'route'.padEnd(36),
    'build'.padEnd(20),
    'TBT median'.padStart(10),
    '  range',
    '   score',
    ' longest task',
  );
  for (const [key, rs] of results) {
    const [route, build] = key.split('\t');
    const tbts = rs.map((r) => r.tbt);
    console.log(
      route.padEnd(36),
      build.padEnd(20),
      `${Math.round(median(tbts))} ms`.padStart(10),
      ` ${Math.round(Math.min(...tbts))}–${Math.round(Math.max(...tbts))}`,
      `${median(rs.map((r) => r.score))}`.padStart(7),
      `${Math.round(median(rs.map((r) => r.longest)))} ms`.padStart(12),
    );
  }
  // Lighthouse's measure of the machine's CPU (higher is faster), over every run.
  console.log(`CPU slowdown ${cpu}×`);
  console.log(`benchmarkIndex ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}`);
} finally {
  for (const e of edges) e.stop();
}
