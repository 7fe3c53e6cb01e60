#!/usr/bin/env bash
# nginx from the distribution's packages in front of plunder's workers
# (deploy/nginx.conf.template: each table's requests routed by its id).
#   scripts/nginx-front.sh start DIR LISTEN WORKER...   install if missing, render the
#                                                       configuration in DIR, start nginx
#   scripts/nginx-front.sh stop DIR                     stop it
# LISTEN is ADDRESS:PORT (127.0.0.1:8080); each WORKER is ADDRESS:PORT of a worker.
set -euo pipefail
export PATH="$PATH:/usr/sbin:/sbin"
here=$(cd "$(dirname "$0")/.." && pwd)

say() { echo "nginx-front: $*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi
}

start() {
  local dir=$1 listen=$2
  shift 2
  if ! command -v nginx >/dev/null; then
    say "installing nginx from the distribution's packages ..."
    as_root apt-get install -y -q nginx-light >/dev/null 2>&1 \
      || as_root apt-get install -y -q nginx >/dev/null 2>&1 \
      || { as_root apt-get update -q >/dev/null && as_root apt-get install -y -q nginx >/dev/null; }
  fi
  mkdir -p "$dir"
  local servers=""
  for worker in "$@"; do
    servers+="        server $worker max_fails=1 fail_timeout=2s;"$'\n'
  done
  local user
  user=$(id -un)
  sed -e "s|@DIR@|$dir|g" -e "s|@USER@|$user|g" -e "s|@LISTEN@|$listen|g" \
    "$here/deploy/nginx.conf.template" | awk -v servers="$servers" \
    '{ if ($0 == "@SERVERS@") printf "%s", servers; else print }' > "$dir/nginx.conf"
  nginx -p "$dir" -c "$dir/nginx.conf" -t -q
  nginx -p "$dir" -c "$dir/nginx.conf"
}

stop() {
  local dir=$1
  [ -f "$dir/nginx.pid" ] && nginx -p "$dir" -c "$dir/nginx.conf" -s quit || true
}

case "${1:-}" in
  start) shift; start "$@" ;;
  stop) shift; stop "$@" ;;
  *) echo "usage: scripts/nginx-front.sh start DIR LISTEN WORKER... | stop DIR" >&2; exit 2 ;;
esac
