#!/usr/bin/env bash
# Builds the native core, CLI and GoogleTest suite into build/native.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release > build/native.configure.log 2>&1 || { cat build/native.configure.log; exit 1; }
# A build cut short can leave a half-written library or binary newer than
# its sources, which the next build would keep: link again after one.
if [ -f build/native/.unfinished ]; then rm -f build/native/{libboostlab_core.a,boostlab-cli,core_tests}; fi
touch build/native/.unfinished
cmake --build build/native -j"$(nproc)" > build/native.build.log 2>&1 || { cat build/native.build.log; exit 1; }
rm -f build/native/.unfinished
