#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1 for the API tests and prints its URL.
# Usage: export TEST_DATABASE_URL=$(bash scripts/ci/postgres.sh [port])
# Needs Debian's postgresql package (`apt-get install -y postgresql`). Runs as the postgres user
# when started as root, because initdb refuses root.
set -euo pipefail
port=${1:-55432}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2; exit 1; }
dir=$(mktemp -d /tmp/pg-test.XXXXXX)
run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"
run "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync >/dev/null
run "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
run "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres leads_test
echo "postgres://postgres@127.0.0.1:$port/leads_test"
