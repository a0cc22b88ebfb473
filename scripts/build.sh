#!/usr/bin/env bash
# Builds the wasm package and the static site (web/dist).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-wasm.sh > build-wasm.log 2>&1 || { cat build-wasm.log; exit 1; }
# The wasm builds are served as plain static files beside the site, never
# bundled: Emscripten's glue finds its .wasm and pthread worker next to itself.
rm -rf web/public/boostlab && mkdir -p web/public/boostlab
cp wasm/dist/web/* web/public/boostlab/
# The bundled samples are the test copies (tests/data, pinned by SHA256SUMS);
# web/public/datasets/README.md says where each comes from.
for f in auto_mpg spam letter penguins diamonds rank_train; do cp tests/data/$f.csv web/public/datasets/; done
node node_modules/vite/bin/vite.js build web --logLevel warn
