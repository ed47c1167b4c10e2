#!/usr/bin/env bash
# `envelope import openapi` on a large document against PyPI prance only loading and resolving
# it (issue 23: the whole import under 1 s, and at least 10× faster than prance).
#
#   Benchmarks/openapi/run.sh SPEC            # e.g. the DigitalOcean document from shared/openapi
#   RUNS=9 Benchmarks/openapi/run.sh SPEC
#   ENVELOPE=path/to/envelope Benchmarks/openapi/run.sh SPEC   # skip the release build
#
# Each envelope run imports into folders of its own (every operation: contracts, mocks,
# environments), all deleted only after the last run: ext4 skips inodes freed within the last
# half minute when it picks one for a new file, reading their inode blocks, so a run right after
# deleting the previous run's 1,300 files spends most of its time in the kernel creating files
# (set RECREATE=1 to measure that way, as sessions 14 and 15 did). prance runs once (it takes
# tens of seconds); install it with `pip install prance`.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
SPEC=${1:?give the OpenAPI document to import}
SPEC=$(cd "$(dirname "$SPEC")" && pwd)/$(basename "$SPEC")
RUNS=${RUNS:-5}
if [ -z "${ENVELOPE:-}" ]; then
  swift build -c release --product envelope >&2
  ENVELOPE=$ROOT/.build/release/envelope
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The document inside the project folder, as the contracts' $refs need (a link out of it would be refused).
cp -R "$(dirname "$SPEC")" "$work/spec"

times=()
for run in $(seq "$RUNS"); do
  out=run$run
  if [ -n "${RECREATE:-}" ]; then out=run; rm -rf "$work/run" "$work/envelope.json"; fi
  start=$(date +%s.%N)
  (cd "$work" && "$ENVELOPE" import openapi "spec/$(basename "$SPEC")" --contracts "$out/Contracts" --mocks "$out/Mocks" \
     > "$work/out.txt") || [ $? -eq 1 ]
  end=$(date +%s.%N)
  times+=("$(echo "$end - $start" | bc)")
done
tail -1 "$work/out.txt"
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
min=$(echo "$sorted" | head -1)
median=$(echo "$sorted" | sed -n "$(( (RUNS + 1) / 2 ))p")
echo "envelope import openapi: min ${min} s, median ${median} s over ${RUNS} runs"

if python3 -c "import prance" 2>/dev/null; then
  prance=$(python3 "$ROOT/Benchmarks/openapi/prance_load.py" "$SPEC")
  echo "prance ResolvingParser (load and resolve only): $prance"
  seconds=${prance%% s*}
  echo "ratio: $(echo "scale=1; $seconds / $median" | bc)× faster (median)"
else
  echo "prance is not installed (pip install prance): no comparison"
fi
