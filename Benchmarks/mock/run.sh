#!/usr/bin/env bash
# Benchmarks `envelope serve` against nginx and the Pact mock server (see bench.py).
#
#   Benchmarks/mock/run.sh [--soak] [--seconds N] [--no-results]
#
# Needs wrk and nginx (Debian: apt-get install wrk nginx) and pact-python (pip install
# pact-python); builds envelope in release mode (BUILD_DIR, default .build). Appends the
# table to Benchmarks/RESULTS.md unless --no-results is given.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build_dir="${BUILD_DIR:-.build}"
results=(--results "$root/Benchmarks/RESULTS.md")
args=()
for arg in "$@"; do
  if [ "$arg" = "--no-results" ]; then results=(); else args+=("$arg"); fi
done
for tool in wrk nginx curl; do
  command -v "$tool" >/dev/null || { echo "error: $tool not found (apt-get install wrk nginx curl)" >&2; exit 2; }
done
python3 -c 'import pact' 2>/dev/null || echo "warning: pact-python is not installed (pip install pact-python); Pact is skipped" >&2
(cd "$root" && swift build -c release --product envelope --scratch-path "$build_dir" >&2)
exec python3 "$root/Benchmarks/mock/bench.py" --envelope "$root/$build_dir/release/envelope" "${results[@]}" "${args[@]}"
