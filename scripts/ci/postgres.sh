#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1 for the API tests.
# Prints one line: "<connection URL> <data dir>"; stop it with `scripts/ci/postgres.sh stop <data dir>`.
#   read -r TEST_DATABASE_URL pg_dir < <(bash scripts/ci/postgres.sh)
# Needs Debian's postgresql package (`apt-get install -y postgresql`). Runs as the postgres user
# when started as root, because initdb refuses root. Takes the first free port from 55432 up.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2; exit 1; }
run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

if [ "${1:-}" = stop ]; then
  run "$bin/pg_ctl" -D "$2/data" -m fast stop >/dev/null
  rm -rf "$2"
  exit 0
fi

port=55432
while (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
dir=$(mktemp -d /tmp/pg-test.XXXXXX)
[ "$(id -u)" = 0 ] && chown postgres "$dir"
run "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync >/dev/null
run "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
run "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres leads_test
echo "postgres://postgres@127.0.0.1:$port/leads_test $dir"
