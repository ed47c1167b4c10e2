#!/usr/bin/env python3
"""Side-by-side benchmark of a templated stub (see run.sh for how to call it).

One mapping folder with two stubs answering a POST with a JSON body: a templated one (a path
segment, a query value, `now`, `randomValue` and `jsonPath` over the body) and the same answer
written out, untemplated. Envelope serves both (`envelope serve`, templates per stub);
WireMock's 2.35 jar serves the templated one (`--global-response-templating
--no-request-journal`, warmed up first). Each is driven by `wrk -t2 -c64 --latency` with a
Lua script that POSTs the body, `--rounds` times each (Envelope's two rows alternating, then
WireMock alone on the machine, so a JVM compiling in the background takes nothing from
Envelope's rounds); the script prints the median requests/s and p99 and the two ratios the
issue asks for: Envelope templated ÷ WireMock templated, and Envelope templated ÷ Envelope
untemplated.
"""
import argparse
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BODY = '{"order": {"id": 42, "items": [{"sku": "a"}, {"sku": "b"}]}, "customer": "Ann"}'
TEMPLATE = ('{"user": "{{request.pathSegments.[1]}}", "q": "{{request.query.q}}", "at": "{{now}}", '
            '"token": "{{randomValue length=12 type=\'ALPHANUMERIC\'}}", "order": {{jsonPath request.body \'$.order.id\'}} }')
PLAIN = '{"user": "ann", "q": "x", "at": "2026-12-02T00:00:00Z", "token": "abcdefghijkl", "order": 42}'


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline:
        done = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", url], capture_output=True, text=True)
        if done.stdout not in ("000", ""):
            return
        time.sleep(0.2)
    raise SystemExit(f"nothing answers {url}")


UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0}


def wrk(url, seconds, script):
    out = subprocess.run(["wrk", "-t2", "-c64", f"-d{seconds}s", "--latency", "-s", script, url],
                         check=True, capture_output=True, text=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return rate, float(p99.group(1)) * UNITS[p99.group(2)], int(errors.group(1)) if errors else 0


def median(runs):
    """The run with the median rate (its p99 and errors with it)."""
    return sorted(runs)[len(runs) // 2]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--envelope", required=True)
    parser.add_argument("--jar", required=True)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each row; the medians are reported")
    args = parser.parse_args()
    work = tempfile.mkdtemp()
    os.makedirs(f"{work}/mappings")
    os.makedirs(f"{work}/__files")
    stubs = [
        {"request": {"method": "POST", "urlPathPattern": "/templated/.*"},
         "response": {"body": TEMPLATE, "headers": {"Content-Type": "application/json"}, "transformers": ["response-template"]}},
        {"request": {"method": "POST", "urlPathPattern": "/plain/.*"},
         "response": {"body": PLAIN, "headers": {"Content-Type": "application/json"}}},
    ]
    json.dump({"mappings": stubs}, open(f"{work}/mappings/bench.json", "w"))
    script = f"{work}/post.lua"
    open(script, "w").write('wrk.method = "POST"\nwrk.body = %s\nwrk.headers["Content-Type"] = "application/json"\n' % json.dumps(BODY))
    envelope_port, wiremock_port = free_port(), free_port()
    path = "/templated/ann?q=x"
    # Envelope first, alone on the machine: a JVM that has just warmed up keeps compiling in
    # the background, which would take CPU from Envelope's rounds.
    envelope = subprocess.Popen([args.envelope, "serve", "--mocks", work, "--port", str(envelope_port), "--journal-size", "0"],
                                stdout=subprocess.DEVNULL)
    try:
        e_url = f"http://127.0.0.1:{envelope_port}"
        wait_http(e_url + "/__admin/mappings")
        print("envelope answers:", subprocess.run(["curl", "-s", "-X", "POST", "-d", BODY, e_url + path], capture_output=True, text=True).stdout)
        wrk(e_url + path, 3, script)
        templated, plain = [], []
        for round in range(args.rounds):
            templated.append(wrk(e_url + path, args.seconds, script))
            plain.append(wrk(e_url + "/plain/ann?q=x", args.seconds, script))
            print(f"round {round + 1}: templated {templated[-1][0]:,.0f} req/s, untemplated {plain[-1][0]:,.0f} req/s", flush=True)
    finally:
        envelope.terminate()
        envelope.wait()
    wiremock = subprocess.Popen(["java", "-jar", args.jar, "--port", str(wiremock_port), "--bind-address", "127.0.0.1", "--root-dir", work,
                                 "--global-response-templating", "--no-request-journal", "--disable-banner"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        w_url = f"http://127.0.0.1:{wiremock_port}"
        wait_http(w_url + "/__admin/mappings")
        print("wiremock answers:", subprocess.run(["curl", "-s", "-X", "POST", "-d", BODY, w_url + path], capture_output=True, text=True).stdout)
        # Warm up: the JVM compiles its hot paths in the first seconds.
        wrk(w_url + path, args.seconds, script)
        wired = [wrk(w_url + path, args.seconds, script) for _ in range(args.rounds)]
    finally:
        wiremock.terminate()
        wiremock.wait()
    rows = [("envelope serve, templated", *median(templated)), ("envelope serve, untemplated", *median(plain)),
            ("WireMock 2.35, templated", *median(wired))]
    print("| server | requests/s | p99 | non-2xx |")
    print("|---|---:|---:|---:|")
    for name, rate, p99, errors in rows:
        print(f"| {name} | {rate:,.0f} | {p99:.2f} ms | {errors} |")
    print(f"\n(medians of {args.rounds} rounds; Envelope's rows alternate, WireMock runs after them, warmed up)")
    print(f"\nEnvelope templated ÷ WireMock templated: {rows[0][1] / rows[2][1]:.1f}×")
    print(f"Envelope templated ÷ Envelope untemplated: {rows[0][1] / rows[1][1]:.2f}×")


main()
