#!/usr/bin/env bash
# Fuzzes the response-template parser and evaluator with libFuzzer + AddressSanitizer.
#
#   Fuzz/template/run.sh [SECONDS]     default 60
#
# Copies Sources/EnvelopeCore and Sources/EnvelopeMock to a scratch folder as one module (their
# `import EnvelopeCore` lines removed), builds Fuzz/template/.build/fuzz-template with this
# folder's entry point, and runs it for at most SECONDS from the seeds in Fuzz/template/seeds
# (new inputs go to Fuzz/template/corpus, which git ignores). Crashes are written to
# Fuzz/template/artifacts/. Exit status is libFuzzer's: 0 when nothing was found.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
seconds="${1:-60}"
mkdir -p "$here/.build" "$here/corpus" "$here/artifacts"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src"
i=0
while IFS= read -r -d '' file; do
  i=$((i + 1))
  sed -e '/^import EnvelopeCore$/d' "$file" > "$work/src/$i-$(basename "$file")"
done < <(find "$root/Sources/EnvelopeCore" "$root/Sources/EnvelopeMock" -name '*.swift' -print0)
binary="$here/.build/fuzz-template"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name EnvelopeMock -package-name Envelope \
  -module-cache-path "$work/module-cache" "$work"/src/*.swift "$here/FuzzTemplate.swift" -o "$binary"
exec "$binary" -max_total_time="$seconds" -max_len=2048 -timeout=10 -dict="$here/template.dict" \
  -artifact_prefix="$here/artifacts/" -print_final_stats=1 "$here/corpus" "$here/seeds"
