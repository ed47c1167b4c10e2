#!/usr/bin/env python3
"""Two rows of issue 24 (see README.md), side by side with the peers, in one run:

1. start-up: a generated folder of 3,000 recorded-style mappings (one file each, bodies in
   `__files/` by `bodyFileName`, a third in two-step scenarios, a third matching POST bodies
   with `equalToJson`); the time from starting the process to the first answered request
   (polled every 2 ms), for `envelope serve` and WireMock's standalone jar on the same folder;
   medians of several runs.
2. a catch-all `proxyBaseUrl` stub in `envelope serve` in front of nginx, against nginx
   `proxy_pass` (upstream block with `keepalive 64`) in front of the same nginx, wrk -t2 -c64,
   alternating rounds; req/s, p99 and the ratio.

It is a benchmark, not a test: nothing fails on a slow machine.
"""
import argparse
import datetime
import http.client
import json
import os
import platform
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "proxy"))
from bench import free_port, nginx_conf, wait_port, wrk, median_of, Server  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def wiremock_jar() -> str:
    import wiremock
    return os.path.join(os.path.dirname(wiremock.__file__), "server", "wiremock-standalone-2.35.1.jar")


def make_folder(folder: str, count: int) -> None:
    """`count` mappings as a recording writes them, with their body files."""
    os.makedirs(os.path.join(folder, "mappings"))
    os.makedirs(os.path.join(folder, "__files"))
    for i in range(count):
        uid = f"00000000-0000-4000-8000-{i:012d}"
        items = [{"id": i * 10 + k, "name": f"item {k} of {i}", "price": k * 1.25, "tags": ["a", "b"]} for k in range(12)]
        body_file = f"body-{i}.json"
        with open(os.path.join(folder, "__files", body_file), "w") as f:
            json.dump({"id": i, "items": items, "total": len(items)}, f)
        response = {"status": 200, "bodyFileName": body_file, "headers": {"Content-Type": "application/json"}}
        mapping = {"id": uid, "name": f"mapping-{i}", "response": response, "uuid": uid, "persistent": True}
        kind = i % 3
        if kind == 0:
            mapping["request"] = {"url": f"/items/{i}", "method": "GET"}
        elif kind == 1:
            mapping["request"] = {"url": f"/orders/{i}", "method": "POST", "bodyPatterns": [
                {"equalToJson": json.dumps({"order": i, "lines": [1, 2, 3]}), "ignoreArrayOrder": True, "ignoreExtraElements": True}]}
        else:
            step = i // 3 % 2
            name = f"scenario-{i // 6}-cart"
            mapping["request"] = {"url": f"/cart/{i // 6}", "method": "GET"}
            mapping["scenarioName"] = name
            mapping["requiredScenarioState"] = "Started" if step == 0 else f"{name}-2"
            if step == 0:
                mapping["newScenarioState"] = f"{name}-2"
        with open(os.path.join(folder, "mappings", f"mapping-{i}-{uid}.json"), "w") as f:
            json.dump(mapping, f, indent=2)


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds the process has used so far."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def first_answer(argv: list, port: int, path: str, cwd: str) -> tuple:
    """Seconds from starting `argv` to a 200 for GET `path`, and the CPU seconds it used by then."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
    try:
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", path)
                status = conn.getresponse().status
                conn.close()
                if status == 200:
                    return time.monotonic() - start, cpu_seconds(proc.pid)
            except OSError:
                pass
            if proc.poll() is not None:
                raise SystemExit(f"{argv[0]} exited before answering")
            time.sleep(0.002)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def startup_row(envelope: str, workdir: str, runs: int, jar_runs: int) -> dict:
    folder = os.path.join(workdir, "startup")
    make_folder(folder, 3000)
    ours, theirs = [], []
    for round_ in range(max(runs, jar_runs)):
        if round_ < runs:
            port = free_port()
            ours.append(first_answer([envelope, "serve", "--mocks", folder, "--port", str(port)], port, "/items/0", workdir))
        if round_ < jar_runs:
            port = free_port()
            theirs.append(first_answer(["java", "-jar", wiremock_jar(), "--port", str(port), "--bind-address", "127.0.0.1",
                                        "--root-dir", folder], port, "/items/0", workdir))
    return {"envelope": ours, "wiremock": theirs}


def proxy_row(envelope: str, workdir: str, rounds: int, seconds: int) -> dict:
    upstream_root = os.path.join(workdir, "upstream")
    os.makedirs(os.path.join(upstream_root, "html"))
    # The bundled hanyang-menu answer (3,026 bytes), as in Benchmarks/proxy.
    shutil.copy(os.path.join(ROOT, "Mocks", "__files", "hanyang-menu.json"), os.path.join(upstream_root, "html", "menu.json"))
    upstream_port = free_port()
    conf = os.path.join(upstream_root, "nginx.conf")
    with open(conf, "w") as f:
        f.write(nginx_conf(upstream_root, upstream_port, f"""  keepalive_requests 100000000;
  server {{ listen 127.0.0.1:{upstream_port}; root {upstream_root}/html; location / {{ default_type application/json; }} }}"""))
    upstream = Server("upstream", ["nginx", "-c", conf, "-p", upstream_root], upstream_port)
    wait_port(upstream_port)
    proxy_root = os.path.join(workdir, "proxy-nginx")
    os.makedirs(proxy_root)
    nginx_port = free_port()
    conf = os.path.join(proxy_root, "nginx.conf")
    with open(conf, "w") as f:
        f.write(nginx_conf(proxy_root, nginx_port, f"""  keepalive_requests 100000000;
  upstream app {{ server 127.0.0.1:{upstream_port}; keepalive 64; keepalive_requests 100000000; }}
  server {{ listen 127.0.0.1:{nginx_port};
    location / {{ proxy_pass http://app; proxy_http_version 1.1; proxy_set_header Connection ""; }} }}"""))
    nginx = Server("nginx proxy_pass", ["nginx", "-c", conf, "-p", proxy_root], nginx_port)
    wait_port(nginx_port)
    mocks = os.path.join(workdir, "proxy-mocks")
    os.makedirs(os.path.join(mocks, "mappings"))
    with open(os.path.join(mocks, "mappings", "proxy.json"), "w") as f:
        json.dump({"request": {"urlPattern": ".*"}, "response": {"proxyBaseUrl": f"http://127.0.0.1:{upstream_port}"}}, f)
    envelope_port = free_port()
    ours = Server("envelope serve", [envelope, "serve", "--mocks", mocks, "--port", str(envelope_port), "--journal-size", "0"], envelope_port)
    wait_port(envelope_port)
    results = {"envelope": [], "nginx": []}
    try:
        for name, port in (("envelope", envelope_port), ("nginx", nginx_port)):
            wrk(f"http://127.0.0.1:{port}/menu.json", 2, 64, 2)  # warm-up
        for _ in range(rounds):
            for name, port in (("envelope", envelope_port), ("nginx", nginx_port)):
                results[name].append(wrk(f"http://127.0.0.1:{port}/menu.json", 2, 64, seconds))
    finally:
        for server in (ours, nginx, upstream):
            server.stop()
    return {name: median_of(runs) for name, runs in results.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--envelope", default=os.path.join(ROOT, ".build", "release", "envelope"))
    parser.add_argument("--runs", type=int, default=7, help="start-up runs of envelope serve")
    parser.add_argument("--jar-runs", type=int, default=3, help="start-up runs of WireMock's jar")
    parser.add_argument("--rounds", type=int, default=3, help="wrk rounds per proxy")
    parser.add_argument("--seconds", type=int, default=5, help="seconds per wrk round")
    parser.add_argument("--only", choices=["startup", "proxy"])
    args = parser.parse_args()
    args.envelope = os.path.abspath(args.envelope)
    print(f"# {datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='seconds')} {platform.node()} "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as workdir:
        os.chmod(workdir, 0o755)  # nginx workers run as an unprivileged user and must read the answer (else: 403s)
        if args.only in (None, "startup"):
            row = startup_row(args.envelope, workdir, args.runs, args.jar_runs)
            print("start-up, 3,000 mappings, to the first answer (wall; CPU user+system of the server):")
            medians = {}
            for name, label in (("envelope", "envelope serve"), ("wiremock", "WireMock 2.35 ")):
                walls, cpus = [r[0] for r in row[name]], [r[1] for r in row[name]]
                medians[name] = statistics.median(walls)
                print(f"  {label}  median {medians[name]:.3f} s, CPU {statistics.median(cpus):.2f} s  "
                      f"runs {', '.join(f'{w:.3f}' for w in walls)}")
            print(f"  WireMock / envelope: {medians['wiremock'] / medians['envelope']:.1f}x")
        if args.only in (None, "proxy"):
            row = proxy_row(args.envelope, workdir, args.rounds, args.seconds)
            e, n = row["envelope"], row["nginx"]
            print(f"proxy stub vs nginx proxy_pass, wrk -t2 -c64 {args.seconds}s x {args.rounds} (medians):")
            print(f"  envelope proxyBaseUrl  {e['rps']:.0f} req/s  p99 {e['p99']:.2f} ms  errors {e['errors']}")
            print(f"  nginx proxy_pass       {n['rps']:.0f} req/s  p99 {n['p99']:.2f} ms  errors {n['errors']}")
            print(f"  envelope / nginx: {e['rps'] / n['rps']:.2f}x req/s")


if __name__ == "__main__":
    main()
