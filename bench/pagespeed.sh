#!/usr/bin/env bash
# How close the edge's page is to a static file: wrk against nginx (one worker) serving
# the edge's own HTML for / from a file, then against bin/edge on the embedded store and,
# when a Redis answers at 127.0.0.1:6379, against bin/edge on that Redis. Prints req/s
# per case and the ratio to nginx (bench/README.md, "pagespeed.sh").
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

rps() { # url → requests per second
  "${WRK[@]}" "$1" | awk '/^Requests\/sec:/ {print $2}'
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
base=$(rps "http://127.0.0.1:$NGINX_PORT/")
printf '%-28s %10s req/s\n' "nginx (1 worker, file)" "$base"
kill "$nginx_pid" && wait "$nginx_pid" 2>/dev/null || true
nginx_pid=""

report() { # name rps
  awk -v n="$1" -v r="$2" -v b="$base" 'BEGIN { printf "%-28s %10s req/s  %.2fx nginx\n", n, r, r / b }'
}

redis_up=false
(exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null && redis_up=true
for bin in ./bin/edge ${BASELINE_EDGE:+"$BASELINE_EDGE"}; do
  EDGE_BIN=$bin
  label=edge
  [ "$bin" != ./bin/edge ] && label=baseline
  start_edge
  report "$label, embedded store" "$(rps "http://127.0.0.1:$EDGE_PORT/")"
  stop_edge
  if $redis_up; then
    start_edge REDIS_URL="$REDIS_URL_BENCH"
    report "$label, Redis 127.0.0.1:6379" "$(rps "http://127.0.0.1:$EDGE_PORT/")"
    stop_edge
  else
    echo "no Redis at 127.0.0.1:6379: the Redis case is skipped"
  fi
done
