#!/usr/bin/env bash
# What CI costs: each step of .ci/run, one after another, under bash's `time` (the step and every
# process it waited for), printed as the table in docs/testing.md. Run it on a clean clone, on an
# otherwise idle machine: `git clone -q . /tmp/ci-cost && cd /tmp/ci-cost && CI=true bash scripts/ci-cost.sh`.
# As .ci/run, with a home and a temporary folder of its own. A step that fails is timed and marked,
# and the next one runs.
set -euo pipefail
cd "$(dirname "$0")/.."
export npm_config_cache="${npm_config_cache:-$(npm config get cache)}"
fresh="$(mktemp -d /tmp/party-ci-cost.XXXXXX)"
mkdir "$fresh/home" "$fresh/tmp"
export HOME="$fresh/home" TMPDIR="$fresh/tmp"
export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
# Each step's output, to read what it ran (test counts) or why it failed.
logs="$(mktemp -d /tmp/ci-cost-logs.XXXX)"
rows=()
cpu_total=0
wall_total=0
step() {
  local name="$1" times user sys wall cpu
  shift
  local log="$logs/$((${#rows[@]} + 1)).log"
  times="$( { TIMEFORMAT='%U %S %R'; time "$@" > "$log" 2>&1 || echo "failed" >> "$log"; } 2>&1 | tail -1)"
  if [ "$(tail -1 "$log")" = failed ]; then
    echo "Failed: $name (its output: $log)" >&2
    name="$name (failed)"
  fi
  read -r user sys wall <<< "$times"
  cpu="$(echo "$user + $sys" | bc)"
  cpu_total="$(echo "$cpu_total + $cpu" | bc)"
  wall_total="$(echo "$wall_total + $wall" | bc)"
  rows+=("$(printf '| %s | %.0f | %.0f |' "$name" "$cpu" "$wall")")
  echo "${rows[-1]}   ($log)" >&2
}
step '`npm ci`' npm ci --no-audit --no-fund
step 'Node 24 from the npm registry' node scripts/with-node.mjs 24 node --version
step '`npm run build`' npm run build
step 'type checks, eslint, prettier (side by side)' npx concurrently --group --kill-others-on-fail "npm run typecheck" "eslint ." "prettier --check ."
step 'unit tests, Node 20 (browser packages)' env UNIT_TESTS=browser npm run test:unit
step 'browser specs, Chromium' npm run e2e -w @party/e2e -- --grep-invert "Firefox|WebKit"
step 'browser specs, Firefox ESR and WebKitGTK' npm run e2e -w @party/e2e -- --grep "Firefox|WebKit"
step 'unit tests, Node 24 (Node packages; PGlite, PostgreSQL, Redis)' npm run test:unit:node24
echo '| step | CPU-seconds | wall seconds |'
echo '| --- | ---: | ---: |'
printf '%s\n' "${rows[@]}"
printf '| **all** | **%.0f** | **%.0f** |\n' "$cpu_total" "$wall_total"
rm -rf "$fresh"
