#!/usr/bin/env bash
# Builds the core with clang 14 under sanitizers, for the checks npm test runs:
#   build/asan  AddressSanitizer + UndefinedBehaviorSanitizer: core_tests and
#               the libFuzzer targets of tests/fuzz (the core carries their coverage)
#   build/tsan  ThreadSanitizer: core_tests
# Usage: build-checks.sh [asan|tsan]...  (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build
for kind in "${@:-asan tsan}"; do
  for k in $kind; do
    case "$k" in
      asan) flags=(-DBOOSTLAB_SANITIZE=address,undefined -DBOOSTLAB_FUZZ=ON)
            targets=(core_tests csv_train_fuzzer model_json_fuzzer params_fuzzer api_sequence_fuzzer) ;;
      tsan) flags=(-DBOOSTLAB_SANITIZE=thread) targets=(core_tests) ;;
      *) echo "build-checks: unknown build '$k'" >&2; exit 2 ;;
    esac
    dir=build/$k
    CXX=clang++-14 cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "${flags[@]}" > "build/$k.configure.log" 2>&1 ||
      { cat "build/$k.configure.log"; exit 1; }
    # A build cut short can leave a half-linked binary newer than its sources.
    if [ -f "$dir/.unfinished" ]; then rm -f "$dir"/{libboostlab_core.a,boostlab-cli,core_tests,*_fuzzer}; fi
    touch "$dir/.unfinished"
    # What the checks run only (not the CLI nor the bench's probes).
    cmake --build "$dir" --target "${targets[@]}" -j"$(nproc)" > "build/$k.build.log" 2>&1 || { tail -60 "build/$k.build.log"; exit 1; }
    rm -f "$dir/.unfinished"
  done
done
