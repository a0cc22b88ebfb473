#!/usr/bin/env bash
# npm start: set up, build, and serve the playground on http://127.0.0.1:5173
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
exec node scripts/serve.mjs --port "${PORT:-5173}"
