#!/usr/bin/env bash
# `envelope check` of imported contracts (their bodies `$ref`s into the OpenAPI document, read
# in its dialect) against hand-written twins (the same requests, the schemas inlined in JSON
# Schema 2020-12 by handwritten.py), both against the mocks the import wrote (issue 23: "check
# of imported contracts runs as fast as of hand-written ones"); and the imported contracts again
# with the document written out as JSON (json_twin.py), which parts the cost of reading YAML
# from that of the OpenAPI translation and the `$ref`s across files.
#
#   Benchmarks/openapi/check.sh SPEC      # e.g. the DigitalOcean document from shared/openapi
#   ENVELOPE=path/to/envelope Benchmarks/openapi/check.sh SPEC   # skip the release build
#
# Needs hyperfine and python3 with PyYAML.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
SPEC=${1:?give the OpenAPI document to import}
SPEC=$(cd "$(dirname "$SPEC")" && pwd)/$(basename "$SPEC")
if [ -z "${ENVELOPE:-}" ]; then
  swift build -c release --product envelope >&2
  ENVELOPE=$ROOT/.build/release/envelope
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "$(dirname "$SPEC")" "$work/spec"
cd "$work"
"$ENVELOPE" import openapi "spec/$(basename "$SPEC")" > import.txt || [ $? -eq 1 ]
tail -1 import.txt
# The same contracts on both sides: those handwritten.py could write out (no recursion, no
# discriminator).
python3 "$ROOT/Benchmarks/openapi/handwritten.py" Contracts Handwritten > kept.txt
mkdir Imported
while read -r name; do cp "Contracts/$name.json" Imported/; done < kept.txt
python3 "$ROOT/Benchmarks/openapi/json_twin.py" spec specjson Imported ImportedJSON
echo "$(wc -l < kept.txt) contracts on each side"
for side in Imported ImportedJSON Handwritten; do "$ENVELOPE" check --contracts $side | tail -1 || true; done
hyperfine --warmup 2 --runs "${RUNS:-15}" -i \
  -n imported "$ENVELOPE check --contracts Imported" \
  -n "imported, document in JSON" "$ENVELOPE check --contracts ImportedJSON" \
  -n hand-written "$ENVELOPE check --contracts Handwritten"
