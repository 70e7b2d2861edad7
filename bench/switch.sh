#!/usr/bin/env bash
# Page loads across release switches: two edges on one Redis and one modules directory
# serve /menu/m-standard under wrk while the ops API switches mf-menu between 1.0.0 and
# 1.1.0 (canary, rollback, canary at 100 %, promote) on the first edge. Prints the
# failed page loads (an answer other than 200, or a page whose bootstrap lacks mf-menu),
# which must be 0, and the throughput against a run without switches in the same
# command. Needs bin/edge (make bin/edge), wrk and redis-server; loopback only.
#
#   bash bench/switch.sh [seconds per run, default 8]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-8}
for tool in wrk redis-server; do
  command -v "$tool" >/dev/null || { echo "$tool is needed (apt-get install $tool)"; exit 1; }
done
test -x bin/edge || { echo "bin/edge is missing: make bin/edge"; exit 1; }

work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

# A build as the edge expects it: the shell's entry and five remotes at 1.0.0.
build="$work/build"
mkdir -p "$build/shell/assets"
echo '{"js":["main.js"],"css":[],"buildId":"switch"}' >"$build/shell/entrypoints.json"
echo 'console.log(1)' >"$build/shell/assets/main.js"
remote() { # name version dir
  mkdir -p "$3"
  echo "{\"name\":\"${1//-/_}\",\"metaData\":{\"remoteEntry\":{\"name\":\"remoteEntry.js\",\"path\":\"\"}}}" >"$3/mf-manifest.json"
  echo "var ${1//-/_}='$2'" >"$3/remoteEntry.js"
}
for m in mf-menu mf-content mf-locations mf-checkout mf-account; do remote "$m" 1.0.0 "$build/modules/$m/1.0.0"; done
remote mf-menu 1.1.0 "$work/upload/1.1.0"

rport=$(free_port)
redis-server --port "$rport" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" >"$work/redis.log" 2>&1 &
pids+=($!)
export OPS_TOKEN="bench:switch-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
p1=$(free_port); p2=$(free_port); admin=$(free_port)
start_edge() { # port admin-port
  REDIS_URL="redis://127.0.0.1:$rport" BUILD_DIR="$build" PORT="$1" ADMIN_ADDR="127.0.0.1:$2" \
    APP_ENV=dev COOKIE_SECURE=false APP_PREFIX="switch$rport" ./bin/edge >>"$work/edge-$1.log" 2>&1 &
  pids+=($!)
}
start_edge "$p1" "$admin"
start_edge "$p2" "$(free_port)"
for p in "$p1" "$p2"; do
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$p/healthz" >/dev/null && break; sleep 0.1; done
done
ops() { ./bin/edge modules "$@" --edge "http://127.0.0.1:$admin" >/dev/null; }
ops publish mf-menu "$work/upload/1.1.0"

cat >"$work/check.lua" <<'LUA'
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) failed = 0 end
function response(status, headers, body)
  if status ~= 200 or not string.find(body, '"name":"mf-menu","remote":"mf_menu","version":"1.', 1, true) then
    failed = failed + 1
  end
end
function done(summary, latency, requests)
  local f = 0
  for _, t in ipairs(threads) do f = f + t:get("failed") end
  io.write(string.format("requests %d failed_page_loads %d non2xx %d socket_errors %d rps %.0f p99_ms %.2f\n",
    summary.requests, f, summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.requests / (summary.duration / 1e6), latency:percentile(99) / 1000))
end
LUA

load() { # label -> one line per edge
  local w=()
  for p in "$p1" "$p2"; do
    wrk -t1 -c8 -d"${secs}s" -s "$work/check.lua" "http://127.0.0.1:$p/menu/m-standard" >"$work/wrk-$p.txt" &
    w+=($!)
  done
  wait "${w[@]}"
  for p in "$p1" "$p2"; do grep '^requests' "$work/wrk-$p.txt" | sed "s/^/$1 edge:$p /"; done
}

echo "== baseline: no switches (${secs}s, 2 edges × 8 connections)"
load baseline >"$work/base.txt"
cat "$work/base.txt"

echo "== across switches"
(
  end=$((SECONDS + secs))
  n=0
  while [ $SECONDS -lt $end ]; do
    ops canary mf-menu 1.1.0 --percent 50; sleep 0.5
    ops rollback mf-menu --reason "bench switch"; sleep 0.5
    ops canary mf-menu 1.1.0 --percent 100; sleep 0.5
    ops promote mf-menu; sleep 0.5
    # back to 1.0.0 as stable for the next round
    ops canary mf-menu 1.0.0 --percent 100; ops promote mf-menu; sleep 0.5
    n=$((n + 5))
    echo "$n" >"$work/switches"
  done
) &
switcher=$!
load switching >"$work/switch.txt"
wait "$switcher" || true
cat "$work/switch.txt"

sum() { awk -v k="$2" '{for (i=1;i<=NF;i++) if ($i==k) s+=$(i+1)} END {print s+0}' "$1"; }
failed=$(sum "$work/switch.txt" failed_page_loads)
echo "release changes during the run: $(cat "$work/switches" 2>/dev/null || echo 0)"
echo "failed page loads across switches: $failed (baseline: $(sum "$work/base.txt" failed_page_loads))"
awk -v a="$(sum "$work/switch.txt" rps)" -v b="$(sum "$work/base.txt" rps)" \
  'BEGIN {printf "throughput across switches / baseline: %.0f / %.0f req/s = %.2f×\n", a, b, (b > 0 ? a / b : 0)}'
./bin/edge modules audit --limit 3 --edge "http://127.0.0.1:$admin"
[ "$failed" -eq 0 ]
