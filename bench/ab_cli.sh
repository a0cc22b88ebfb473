#!/usr/bin/env bash
# A/B timing of CLI builds (for a change's before and after): each binary
# trains the same case 11 times, the binaries taking turns run by run, and
# the median of each one's train_seconds is printed.
#   bench/ab_cli.sh CSV TARGET VALID_IDX PARAMS_JSON CLI_A CLI_B [...]
set -euo pipefail
csv=$1 target=$2 valid=$3 params=$4
shift 4
declare -A times
for _ in $(seq 11); do
  for cli in "$@"; do
    s=$("$cli" train --csv "$csv" --target "$target" --valid-idx "$valid" --params "$params" 2>/dev/null | tail -1 |
        python3 -c "import json, sys; print(json.load(sys.stdin)['train_seconds'])")
    times[$cli]="${times[$cli]:-} $s"
  done
done
for cli in "$@"; do echo "$cli $(echo ${times[$cli]} | tr ' ' '\n' | sort -n | sed -n 6p)"; done
