#!/usr/bin/env bash
# Fuzzes EnvelopeMock's HTTP request parser with libFuzzer + AddressSanitizer.
#
#   Fuzz/mock/run.sh [SECONDS]     default 60; the issue asks for a 10-minute run: run.sh 600
#
# Builds Fuzz/mock/.build/fuzz-http-parser from the parser's sources (Sources/EnvelopeMock/HTTP), MockRequest (the
# parsed request, its target split into path and query as the matcher reads it) and this folder's entry point, then runs it for at most SECONDS, starting from the seeds in Fuzz/mock/seeds
# (new inputs go to Fuzz/mock/corpus, which git ignores). Crashes are written to
# Fuzz/mock/artifacts/. Exit status is libFuzzer's: 0 when nothing was found.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
seconds="${1:-60}"
mkdir -p "$here/.build" "$here/corpus" "$here/artifacts"
binary="$here/.build/fuzz-http-parser"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  "$root"/Sources/EnvelopeMock/HTTP/*.swift \
  "$root/Sources/EnvelopeMock/Matching/MockRequest.swift" \
  "$here/FuzzHTTPRequestParser.swift" \
  -o "$binary"
# FUZZ_JOBS=N runs N fuzzing processes (each logs to fuzz-K.log in the current folder).
parallel=()
if [ "${FUZZ_JOBS:-1}" -gt 1 ]; then parallel=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS"); fi
exec "$binary" -max_total_time="$seconds" -max_len=4096 -timeout=10 "${parallel[@]}" \
  -artifact_prefix="$here/artifacts/" -print_final_stats=1 "$here/corpus" "$here/seeds"
