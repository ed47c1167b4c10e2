#!/usr/bin/env bash
# Times EnvelopeYAML (libyaml's events into JSON documents with YAML locations) on every YAML
# file under a folder, in process, optimised (-O).
#
#   Benchmarks/yaml/run.sh FOLDER [RUNS]     RUNS defaults to 5
#
# Compiles EnvelopeCore, EnvelopeYAML and main.swift into one module (as Fuzz/run.sh does),
# with CYAML's loader compiled by clang; the binary goes to Benchmarks/out/ (gitignored).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
folder=${1:?usage: Benchmarks/yaml/run.sh FOLDER [RUNS]}
runs=${2:-5}
OUT=$ROOT/Benchmarks/out/yaml
mkdir -p "$OUT/cyaml"
printf 'module CYAML {\n    header "%s/Sources/CYAML/include/CYAML.h"\n    export *\n}\n' "$ROOT" > "$OUT/cyaml/module.modulemap"
clang -O2 -c -I Sources/CYAML/include Sources/CYAML/YAMLLoader.c -o "$OUT/YAMLLoader.o"
sources=()
while IFS= read -r -d '' file; do sources+=("$file"); done < <(find Sources/EnvelopeCore Sources/EnvelopeYAML -name '*.swift' -print0 | sort -z)
echo "==> swiftc -O (${#sources[@]} files of EnvelopeCore and EnvelopeYAML)" >&2
swiftc -O -parse-as-library -module-name EnvelopeCore -package-name Envelope -I "$OUT/cyaml" \
  -module-cache-path "$OUT/module-cache" -suppress-warnings \
  "${sources[@]}" Benchmarks/yaml/main.swift "$OUT/YAMLLoader.o" -ldl -o "$OUT/yaml-bench"
"$OUT/yaml-bench" "$folder" "$runs"
