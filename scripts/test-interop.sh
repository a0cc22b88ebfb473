#!/usr/bin/env bash
# npm run test:interop: the interop tests too heavy for npm test (Spark, on a
# local[2] Spark), with npm test's summary line.
set -uo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
mkdir -p build
bash scripts/setup.sh || exit 1
bash scripts/setup-interop.sh || exit 1
bash scripts/build.sh || exit 1
echo "== interop (node:test)"
node --test --test-concurrency=1 tests/interop/ > build/interop.log 2>&1
rc=$?
grep -E "^(not ok|# (tests|pass|fail))" build/interop.log
[ $rc -eq 0 ] || grep -B2 -A40 "^not ok" build/interop.log | grep -vE "^\s+at " | head -80
passed=$(sed -n 's/^# pass //p' build/interop.log | grep . || echo 0)
failed=$(sed -n 's/^# fail //p' build/interop.log | grep . || echo 1)
echo "npm run test:interop took $(( $(date +%s) - start )) s"
echo "summary: $passed passed, $failed failed"
[ $rc -eq 0 ] && [ "$failed" -eq 0 ]
