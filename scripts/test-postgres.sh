#!/usr/bin/env bash
# A throwaway PostgreSQL for the test suite, from the distribution's packages.
#   scripts/test-postgres.sh start   install if missing, start; print the DATABASE_URL
#   scripts/test-postgres.sh stop    stop it
# The cluster lives in $PLUNDER_PG_DIR (default /tmp/plunder-test-pg) and listens on
# 127.0.0.1:$PLUNDER_PG_PORT (default 55432) only. It runs with fsync off: the tests
# kill the plunder server, never the database, and speed matters more here.
set -euo pipefail
# runuser lives in sbin, which a minimal PATH may leave out.
export PATH="$PATH:/usr/sbin:/sbin"

DIR=${PLUNDER_PG_DIR:-/tmp/plunder-test-pg}
PORT=${PLUNDER_PG_PORT:-55432}

say() { echo "test-postgres: $*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi
}

find_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

# initdb refuses to run as root: the cluster belongs to the distribution's
# postgres user then.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
  local bin
  bin=$(find_bin)
  if [ -z "$bin" ]; then
    say "installing postgresql from the distribution's packages ..."
    as_root apt-get install -y -q postgresql >/dev/null 2>&1 \
      || { as_root apt-get update -q >/dev/null && as_root apt-get install -y -q postgresql >/dev/null; }
    bin=$(find_bin)
  fi
  if [ ! -f "$DIR/PG_VERSION" ]; then
    mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres: "$DIR"
    # UTF-8 whatever the caller's locale: under SQL_ASCII the driver hands back bytes.
    as_owner "$bin/initdb" -D "$DIR" -A trust -U plunder -E UTF8 --locale=C --no-sync >/dev/null
  fi
  if ! as_owner "$bin/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then
    as_owner "$bin/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w -t 60 start \
      -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" \
      >/dev/null
  fi
  echo "postgresql://plunder@127.0.0.1:$PORT/postgres"
}

stop() {
  local bin
  bin=$(find_bin)
  [ -n "$bin" ] && [ -f "$DIR/PG_VERSION" ] \
    && as_owner "$bin/pg_ctl" -D "$DIR" -m fast -w stop >/dev/null 2>&1 || true
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: scripts/test-postgres.sh [start|stop]" >&2; exit 2 ;;
esac
