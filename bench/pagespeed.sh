#!/usr/bin/env bash
# How close the edge's page is to a static file: wrk against nginx (one worker) serving
# the edge's own HTML for / from a file, then against bin/edge on the embedded store and,
# when a Redis answers at 127.0.0.1:6379, against bin/edge on that Redis. Prints req/s,
# the server's CPU time per request and the ratio to nginx (bench/README.md,
# "pagespeed.sh").
#
#   bash bench/pagespeed.sh            # after make build
#   DURATION=4s bash bench/pagespeed.sh
#   BASELINE_EDGE=/tmp/edge-old bash bench/pagespeed.sh   # also an older build, same run
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-8s}
NGINX_PORT=${NGINX_PORT:-18480}
EDGE_PORT=${EDGE_PORT:-18481}
REDIS_URL_BENCH=${REDIS_URL_BENCH:-redis://127.0.0.1:6379/0}
WRK=(wrk -t2 -c128 -d"$DURATION")

need() { command -v "$1" >/dev/null 2>&1; }
if ! need nginx; then
  echo "nginx is missing: installing nginx-light"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
fi
if ! need wrk; then
  echo "wrk is missing: installing it"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
test -x bin/edge || { echo "bin/edge is not built: run make build"; exit 1; }
test -f build/shell/entrypoints.json || { echo "the shell is not built: run make build"; exit 1; }

tmp=$(mktemp -d)
edge_pid="" nginx_pid=""
cleanup() {
  [ -n "$edge_pid" ] && kill "$edge_pid" 2>/dev/null && wait "$edge_pid" 2>/dev/null
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

wait_for() { # url
  for _ in $(seq 1 100); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "no answer from $1" >&2
  return 1
}

EDGE_BIN=./bin/edge
start_edge() { # extra env assignments
  env PORT="$EDGE_PORT" APP_ENV=dev COOKIE_SECURE=false APP_PREFIX=pagespeed "$@" "$EDGE_BIN" >"$tmp/edge.log" 2>&1 &
  edge_pid=$!
  wait_for "http://127.0.0.1:$EDGE_PORT/healthz"
  curl -fsS -o /dev/null "http://127.0.0.1:$EDGE_PORT/" # first view fills the caches
}
stop_edge() {
  kill "$edge_pid" && wait "$edge_pid" 2>/dev/null || true
  edge_pid=""
}

# CPU time (user + system, clock ticks) of process $1 and its children so far.
ticks() {
  local t=0 p
  for p in "$1" $(cat /proc/"$1"/task/*/children 2>/dev/null); do
    t=$((t + $(awk '{sub(/.*\) /, ""); print $12 + $13}' /proc/"$p"/stat 2>/dev/null || echo 0)))
  done
  echo "$t"
}

# rps url pid → "req/s µs-of-CPU-per-request" for the server process pid (and its
# workers): CPU per request moves far less than req/s on a shared machine.
rps() {
  local t0 out t1 hz
  hz=$(getconf CLK_TCK)
  t0=$(ticks "$2")
  out=$("${WRK[@]}" "$1")
  t1=$(ticks "$2")
  awk -v d=$((t1 - t0)) -v hz="$hz" '/requests in/ {n = $1} /^Requests\/sec:/ {r = $2} END {printf "%s %.1f\n", r, d * 1e6 / hz / n}' <<<"$out"
}

# The edge's own HTML for /, served by nginx from a file.
start_edge
mkdir -p "$tmp/html" "$tmp/logs"
curl -fsS "http://127.0.0.1:$EDGE_PORT/" >"$tmp/html/index.html"
stop_edge
cat >"$tmp/nginx.conf" <<EOF
worker_processes 1;
pid $tmp/nginx.pid;
error_log $tmp/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $tmp/client_body;
  proxy_temp_path $tmp/proxy;
  fastcgi_temp_path $tmp/fastcgi;
  uwsgi_temp_path $tmp/uwsgi;
  scgi_temp_path $tmp/scgi;
  types { text/html html; }
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $tmp/html;
    location / { try_files /index.html =404; }
  }
}
EOF
user_line=""
[ "$(id -u)" = 0 ] && user_line="user $(id -un);"
sed -i "1i $user_line" "$tmp/nginx.conf"
nginx -p "$tmp" -c "$tmp/nginx.conf" -g 'daemon off;' &
nginx_pid=$!
wait_for "http://127.0.0.1:$NGINX_PORT/"

printf 'page: %s bytes; wrk %s\n' "$(wc -c <"$tmp/html/index.html")" "${WRK[*]}"
read -r base base_cpu < <(rps "http://127.0.0.1:$NGINX_PORT/" "$nginx_pid")
printf '%-28s %10s req/s  %5s µs CPU/request\n' "nginx (1 worker, file)" "$base" "$base_cpu"
kill "$nginx_pid" && wait "$nginx_pid" 2>/dev/null || true
nginx_pid=""

report() { # name "rps cpu"
  local r c
  read -r r c <<<"$2"
  awk -v n="$1" -v r="$r" -v c="$c" -v b="$base" 'BEGIN { printf "%-28s %10s req/s  %5s µs CPU/request  %.2fx nginx\n", n, r, c, r / b }'
}

redis_up=false
(exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null && redis_up=true
for bin in ./bin/edge ${BASELINE_EDGE:+"$BASELINE_EDGE"}; do
  EDGE_BIN=$bin
  label=edge
  [ "$bin" != ./bin/edge ] && label=baseline
  start_edge
  report "$label, embedded store" "$(rps "http://127.0.0.1:$EDGE_PORT/" "$edge_pid")"
  stop_edge
  if $redis_up; then
    start_edge REDIS_URL="$REDIS_URL_BENCH"
    report "$label, Redis 127.0.0.1:6379" "$(rps "http://127.0.0.1:$EDGE_PORT/" "$edge_pid")"
    stop_edge
  else
    echo "no Redis at 127.0.0.1:6379: the Redis case is skipped"
  fi
done
