#!/usr/bin/env bash
# npm test: set up, build, run every suite, and close with one summary line.
set -uo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
mkdir -p build
bash scripts/setup.sh || exit 1
bash scripts/build.sh || exit 1

passed=0; failed=0; status=0
count() {  # adds "pass N" / "fail N" pairs from a suite's log
  passed=$((passed + $1)); failed=$((failed + $2))
  [ "$2" -eq 0 ] && [ "$3" -eq 0 ] || status=1
}

echo "== core (GoogleTest, native)"
bash scripts/build-native.sh || exit 1
(cd build/native && ctest --output-on-failure --timeout 300) | tee build/ctest.log
rc=${PIPESTATUS[0]}
p=$(sed -n 's/.* \([0-9]*\) tests failed out of \([0-9]*\).*/\2 \1/p' build/ctest.log)
if [ -n "$p" ]; then count $(( ${p% *} - ${p#* } )) "${p#* }" "$rc"; else count 0 1 1; fi

for suite in wasm parity e2e; do
  echo "== $suite (node:test)"
  node --test --test-concurrency=1 "tests/$suite/" > "build/$suite.log" 2>&1
  rc=$?
  grep -E "^(not ok|# (tests|pass|fail))" "build/$suite.log"
  [ $rc -eq 0 ] || grep -B2 -A25 "^not ok\|^    not ok\|^        not ok" "build/$suite.log" | head -80
  count "$(sed -n 's/^# pass //p' "build/$suite.log" | grep . || echo 0)" "$(sed -n 's/^# fail //p' "build/$suite.log" | grep . || echo 1)" "$rc"
done

echo "npm test took $(( $(date +%s) - start )) s"
echo "summary: $passed passed, $failed failed"
exit $status
