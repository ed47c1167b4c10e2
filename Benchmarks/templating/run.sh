#!/usr/bin/env bash
# Benchmarks a templated stub: envelope serve against WireMock's own jar (see bench.py).
#
#   Benchmarks/templating/run.sh [--seconds N] [--rounds N]
#
# Needs wrk, java and the PyPI wiremock package (its wheel carries the 2.35 jar); builds
# envelope in release mode (BUILD_DIR, default .build).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build_dir="${BUILD_DIR:-.build}"
for tool in wrk java curl; do
  command -v "$tool" >/dev/null || { echo "error: $tool not found (apt-get install wrk default-jre-headless curl)" >&2; exit 2; }
done
jar="$(python3 -c 'import wiremock, os; print(os.path.dirname(wiremock.__file__))')/server/wiremock-standalone-2.35.1.jar"
(cd "$root" && swift build -c release --product envelope --scratch-path "$build_dir" >&2)
exec python3 "$root/Benchmarks/templating/bench.py" --envelope "$root/$build_dir/release/envelope" --jar "$jar" "$@"
