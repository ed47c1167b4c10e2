#!/usr/bin/env bash
# Validation benchmark for issue 3: envelope validate against its peers, on the same files,
# in one run. Prints a Markdown table (MB/s at 1 MB and 50 MB, peak RSS, ratios).
#
#   Benchmarks/validate/run.sh            # RUNS=5 by default
#   RUNS=9 Benchmarks/validate/run.sh
#   ENVELOPE=path/to/envelope Benchmarks/validate/run.sh   # skip the build, time that binary
#   DRIFT_SIZES="1MB 5MB 50MB" Benchmarks/validate/run.sh   # also time envelope on drifting answers
#
# Generated answers go to Benchmarks/data/ (gitignored) and are reused when present; the
# peers' programs and the raw timings go to Benchmarks/out/ (gitignored).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
HERE=$ROOT/Benchmarks/validate
DATA=$ROOT/Benchmarks/data
OUT=$ROOT/Benchmarks/out
RUNS=${RUNS:-5}
# Sizes of the drift variant to time envelope on (its finding/grouping path; peers only say
# "invalid" there, so they are not run on it).
DRIFT_SIZES=${DRIFT_SIZES:-1MB 5MB}
mkdir -p "$DATA" "$OUT"

log() { printf '==> %s\n' "$*" >&2; }

# --- what the peers need -------------------------------------------------------------------
missing=()
[ -x /usr/bin/time ] || missing+=(time)
command -v node >/dev/null || missing+=(nodejs)
command -v g++ >/dev/null || missing+=(g++)
[ -f /usr/include/simdjson.h ] || missing+=(libsimdjson-dev)
{ [ -d /usr/share/nodejs/ajv ] || NODE_PATH=/usr/share/nodejs node -e "require('ajv')" 2>/dev/null; } || missing+=(node-ajv)
if [ ${#missing[@]} -gt 0 ]; then
  log "apt-get install ${missing[*]}"
  apt-get update >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" >/dev/null
fi
python3 -c 'import jsonschema_rs, fastjsonschema' 2>/dev/null || {
  log "pip install jsonschema-rs fastjsonschema"
  python3 -m pip install --quiet jsonschema-rs fastjsonschema
}

# --- builds --------------------------------------------------------------------------------
if [ -z "${ENVELOPE:-}" ]; then
  # Statically linked Swift libraries, as the tool is shipped: about 6 ms less start-up.
  log "swift build -c release --static-swift-stdlib (as make release)"
  swift build -c release --static-swift-stdlib --product envelope >&2
  ENVELOPE="$(swift build -c release --static-swift-stdlib --show-bin-path)/envelope"
fi
log "swift build inprocess (EnvelopeCore timed in process)"
swift build -c release --static-swift-stdlib --package-path "$HERE/inprocess" --scratch-path "$OUT/inprocess-build" >&2
log "swiftc -O decoder/main.swift"
swiftc -O -parse-as-library "$HERE/decoder/main.swift" -o "$OUT/decoder-bench" -module-cache-path "$OUT/module-cache" >&2
log "g++ -O3 simdjson/parse.cpp"
g++ -O3 -std=c++17 "$HERE/simdjson/parse.cpp" -lsimdjson -o "$OUT/simdjson-parse"

# --- the answers ---------------------------------------------------------------------------
specs="valid:1MB valid:50MB"
for size in $DRIFT_SIZES; do specs="$specs drift:$size"; done
for spec in $specs; do
  variant=${spec%%:*} size=${spec#*:}
  file="$DATA/hanyang-$variant-$size.json"
  if [ ! -s "$file" ]; then
    log "generate $variant $size"
    python3 "$HERE/generate.py" --variant "$variant" --size "$size" "$file"
  fi
done

# --- run -----------------------------------------------------------------------------------
log "timing, $RUNS runs each (a few minutes)"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
config=$(python3 - "$ROOT" "$ENVELOPE" "$RUNS" "$OUT/validate-$stamp.json" $DRIFT_SIZES <<'PY'
import json, sys
root, envelope, runs, raw = sys.argv[1:5]
drift = sys.argv[5:]
print(json.dumps({
    "runs": int(runs),
    "envelope": envelope,
    "contract": "Contracts/hanyang-menu.json",
    "schema": root + "/Benchmarks/validate/hanyang-menu.schema.json",
    "python_peers": root + "/Benchmarks/validate/peers/python_peers.py",
    "ajv": root + "/Benchmarks/validate/peers/ajv.js",
    "decoder": root + "/Benchmarks/out/decoder-bench",
    "envelope_inprocess": root + "/Benchmarks/out/inprocess-build/release/envelope-bench",
    "simdjson": root + "/Benchmarks/out/simdjson-parse",
    "files": {"1 MB": root + "/Benchmarks/data/hanyang-valid-1MB.json",
              "50 MB": root + "/Benchmarks/data/hanyang-valid-50MB.json"},
    "drift_files": {size.replace("MB", " MB"): root + "/Benchmarks/data/hanyang-drift-%s.json" % size for size in drift},
    "raw": raw,
}))
PY
)
echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(uname -sm); $(date -u +%Y-%m-%d)"
echo "Load average before the run: $(cut -d' ' -f1-3 /proc/loadavg) (other processes share the machine; rerun if it is high)"
if git rev-parse --git-dir >/dev/null 2>&1; then
  echo "envelope: commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources || echo ' + uncommitted changes in Sources')"
else
  echo "envelope: not a git checkout"
fi
echo
python3 "$HERE/bench.py" "$config"
log "raw timings: Benchmarks/out/validate-$stamp.json"
