#!/usr/bin/env bash
# Every benchmark: Go testing.B benchmarks, the API load test, page speed against nginx,
# the bundle sizes, first paint and layout stability, Lighthouse, and the median of
# Lighthouse's blocking time over several first visits, and the main thread's work
# (compiling, long tasks) from a trace of first visits.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== Go benchmarks"
go test -run '^$' -bench . -benchmem ./edge/...
echo "== API load (bench/apiload)"
go run ./bench/apiload "$@"
echo "== Page speed against nginx (bench/pagespeed.sh)" && bash bench/pagespeed.sh
echo "== Federation runtime work per page (bench/federation.mjs)"
node bench/federation.mjs
echo "== First-visit JavaScript (bench/bundle-size.mjs)"
node bench/bundle-size.mjs
echo "== First paint and layout stability (bench/paint.mjs)"
node bench/paint.mjs
echo "== Lighthouse, mobile (bench/lighthouse.mjs)"
node bench/lighthouse.mjs
echo "== Lighthouse's blocking time, median of 5 first visits (bench/tbt.mjs)"
node bench/tbt.mjs
echo "== The main thread of a first visit, from a trace (bench/mainthread.mjs)"
node bench/mainthread.mjs
