#!/usr/bin/env bash
# The package's API reference, generated from its types (wasm/js/index.d.ts)
# by TypeDoc into build/docs/api/ (open index.html). Warnings fail the build:
# a broken {@link} or an exported name left undeclared is a doc that lies.
set -euo pipefail
cd "$(dirname "$0")/.."
node node_modules/typedoc/bin/typedoc --options docs/typedoc.json "$@"
