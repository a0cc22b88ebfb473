#!/usr/bin/env bash
# Builds the wasm variants into wasm/dist/{web,node}. Needs emscripten
# (scripts/setup.sh installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs  # emcc's JS optimizer needs Debian's acorn (TOOLCHAIN.md)
mkdir -p wasm/dist/web wasm/dist/node build
# Builds the variants named as arguments, by default the four that ship.
# A variant is ENV-BUILD: web or node, linked from one compile of the core per
# build (threads, simd; scalar for the bench), in build/wasm-BUILD.
variants=${*:-web-threads web-simd node-threads node-simd}
for variant in $variants; do
  env=${variant%%-*} kind=${variant#*-}
  case "$env:$kind" in
    web:threads | web:simd | node:threads | node:simd | node:scalar) ;;
    *) echo "build-wasm: unknown variant '$variant'" >&2; exit 2 ;;
  esac
  dir=build/wasm-$kind
  [ -f "$dir/CMakeCache.txt" ] || emcmake cmake -S . -B "$dir" -DBOOSTLAB_WASM_BUILD=$kind \
    -DCMAKE_BUILD_TYPE=Release > "$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
  # A build cut short (Ctrl-C, a timeout) can leave a half-linked .js and
  # .wasm newer than every source, which the next build keeps: the mark of
  # an unfinished build makes the next one link again.
  if [ -f "$dir/.unfinished-$env" ]; then rm -f "$dir"/boostlab-$variant.{js,mjs,wasm,worker.js}; fi
  touch "$dir/.unfinished-$env"
  # A failed compile must fail the script: the last good .wasm would otherwise
  # still be there and ship silently.
  log=build/wasm-$variant.build.log
  cmake --build "$dir" --target boostlab_wasm_$env -j"$(nproc)" > "$log" 2>&1 || { grep -v -e "-Wpthreads-mem-growth" "$log" | tail -40; echo "build of $variant failed"; exit 1; }
  rm -f "$dir/.unfinished-$env"
  grep -v -e "-Wpthreads-mem-growth" -e "^\[" -e "^gmake" "$log" || true
  [ -f "$dir/boostlab-$variant.wasm" ] || { echo "build of $variant failed"; exit 1; }
  case $env in
    web) cp "$dir"/boostlab-$variant.{mjs,wasm} wasm/dist/web/
         [ ! -f "$dir/boostlab-$variant.worker.js" ] || cp "$dir/boostlab-$variant.worker.js" wasm/dist/web/ ;;
    node) cp "$dir"/boostlab-$variant.{js,wasm} wasm/dist/node/
          [ ! -f "$dir/boostlab-$variant.worker.js" ] || cp "$dir/boostlab-$variant.worker.js" wasm/dist/node/ ;;
  esac
done
# Node builds are CommonJS; this tells Node so whatever the package's type is.
echo '{"type":"commonjs"}' > wasm/dist/node/package.json
ls -la wasm/dist/web wasm/dist/node | grep boostlab
