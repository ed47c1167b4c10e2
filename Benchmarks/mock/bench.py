#!/usr/bin/env python3
"""Side-by-side benchmark of `envelope serve` (see run.sh for how to call it).

Serves the same hanyang-menu answer from envelope (one mapping, and 10,000 mappings), nginx
(one worker, access_log off, the body as a static file) and the Pact mock server (pact-python's
Rust core, one interaction), drives each with wrk, and prints requests/s, p50/p99 and the
ratios against the issue's goals. With --soak it also sends 1,000,000 requests to envelope and
reports errors and resident memory before and after. With --results FILE it appends the table
to FILE (Benchmarks/RESULTS.md).
"""
import argparse
import datetime
import json
import os
import platform
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PATH = "/COMM/A202100004"
CONTENT_TYPE = "application/json; charset=utf-8"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, timeout: float = 15) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"nothing listens on port {port}")


def fetch(url: str) -> bytes:
    return subprocess.run(["curl", "-s", "--max-time", "10", url], check=True, capture_output=True).stdout


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0}


def parse_latency(text: str) -> float:
    m = re.match(r"([\d.]+)(us|ms|s)$", text)
    return float(m.group(1)) * UNITS[m.group(2)] if m else float("nan")


def wrk(url: str, threads: int, connections: int, seconds: int) -> dict:
    out = subprocess.run(["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", url],
                         check=True, capture_output=True, text=True).stdout
    result = {"raw": out, "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
              "requests": int(re.search(r"(\d+) requests in", out).group(1)), "errors": 0}
    for pct in ("50", "99"):
        m = re.search(rf"^\s+{pct}%\s+(\S+)", out, re.M)
        result[f"p{pct}"] = parse_latency(m.group(1)) if m else float("nan")
    m = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if m:
        result["errors"] += int(m.group(1))
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    if m:
        result["errors"] += sum(int(x) for x in m.groups())
    return result


def median_of(runs: list) -> dict:
    """The median of each figure over several wrk runs; errors are summed."""
    result = {}
    for key in ("rps", "p50", "p99"):
        values = sorted(run[key] for run in runs)
        result[key] = values[len(values) // 2]
    result["errors"] = sum(run["errors"] for run in runs)
    result["requests"] = sum(run["requests"] for run in runs)
    return result


class Server:
    def __init__(self, name, argv, port, stdin=None, env=None, cwd=None):
        self.name, self.port = name, port
        self.proc = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=cwd)

    def stop(self):
        if self.proc.poll() is None:
            if self.proc.stdin:
                self.proc.stdin.close()
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def start_envelope(binary, mocks, extra=()):
    port = free_port()
    s = Server("envelope", [binary, "serve", "--mocks", mocks, "--port", str(port), *extra], port)
    wait_port(port)
    return s


def start_nginx(workdir, body_file):
    root = os.path.join(workdir, "nginx")
    os.makedirs(os.path.join(root, "html", "COMM"), exist_ok=True)
    os.makedirs(os.path.join(root, "logs"), exist_ok=True)
    shutil.copy(body_file, os.path.join(root, "html", "COMM", "A202100004"))
    port = free_port()
    conf = os.path.join(root, "nginx.conf")
    with open(conf, "w") as f:
        f.write(f"""worker_processes 1;
daemon off;
pid {root}/nginx.pid;
error_log {root}/logs/error.log;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  server {{
    listen 127.0.0.1:{port};
    root {root}/html;
    location / {{ default_type "{CONTENT_TYPE}"; }}
  }}
}}
""")
    s = Server("nginx", ["nginx", "-c", conf, "-p", root], port)
    wait_port(port)
    return s


def start_pact(workdir, body_file):
    port_file = os.path.join(workdir, "pact.port")
    proc = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(__file__), "pact_server.py"), body_file, port_file],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 30
    while time.time() < deadline and not (os.path.exists(port_file) and open(port_file).read().strip()):
        if proc.poll() is not None:
            return None
        time.sleep(0.1)
    s = Server.__new__(Server)
    s.name, s.proc, s.port = "pact", proc, int(open(port_file).read())
    wait_port(s.port)
    return s


def many_mappings(workdir, count):
    """The bundled Mocks plus count-1 other stubs with their own paths, one file each."""
    mocks = os.path.join(workdir, "Mocks-10k")
    shutil.copytree(os.path.join(ROOT, "Mocks"), mocks)
    folder = os.path.join(mocks, "mappings", "generated")
    os.makedirs(folder)
    methods = ["GET", "POST", "PUT", "DELETE"]
    for i in range(count - len(os.listdir(os.path.join(ROOT, "Mocks", "mappings")))):
        stub = {"request": {"method": methods[i % 4], "urlPath": f"/COMM/B{i:09d}"},
                "response": {"status": 200, "jsonBody": {"id": i}}}
        with open(os.path.join(folder, f"{i:05d}.json"), "w") as f:
            json.dump(stub, f)
    return mocks


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--envelope", required=True, help="release build of envelope")
    ap.add_argument("--seconds", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3, help="interleaved repetitions; medians are reported")
    ap.add_argument("--soak", action="store_true", help="also send 1,000,000 requests and watch memory")
    ap.add_argument("--results", help="append the table to this Markdown file")
    ap.add_argument("--also", action="append", default=[], metavar="NAME=PATH",
                    help="another build of envelope to serve the same mocks in the same rounds (e.g. before=old/envelope)")
    ap.add_argument("--quick", action="store_true", help="only nginx and the builds on the bundled mocks (no 10,000 mappings, no Pact)")
    args = ap.parse_args()
    body_file = os.path.join(ROOT, "Mocks", "__files", "hanyang-menu.json")
    expected = open(body_file, "rb").read()
    load_start = os.getloadavg()[0]
    workdir = tempfile.mkdtemp(prefix="envelope-bench-")
    os.chmod(workdir, 0o755)  # nginx workers run as an unprivileged user and must read the files
    servers = {}
    rows = []
    soak = None
    try:
        servers["nginx"] = start_nginx(workdir, body_file)
        servers["envelope"] = start_envelope(args.envelope, os.path.join(ROOT, "Mocks"))
        for given in args.also:
            name, _, path = given.partition("=")
            servers[f"envelope ({name})"] = start_envelope(os.path.abspath(path), os.path.join(ROOT, "Mocks"))
        if not args.quick:
            servers["envelope, 10,000 mappings"] = start_envelope(args.envelope, many_mappings(workdir, 10_000))
            servers["envelope --workers 2"] = start_envelope(args.envelope, os.path.join(ROOT, "Mocks"), ("--workers", "2"))
            pact = start_pact(workdir, body_file)
            if pact:
                servers["Pact mock server"] = pact
        for name, s in servers.items():
            got = fetch(f"http://127.0.0.1:{s.port}{PATH}")
            if got != expected and (not got.startswith(b"{") or json.loads(got) != json.loads(expected)):
                raise SystemExit(f"{name} does not serve the same body: {got[:200]!r}")
        # Rounds interleave the servers, so a burst of other work on the machine hits them
        # alike; each figure is the median over the rounds (errors are summed).
        samples = {name: ([], []) for name in servers}
        for round_ in range(args.rounds):
            for name, s in servers.items():
                url = f"http://127.0.0.1:{s.port}{PATH}"
                many = wrk(url, 2, 64, args.seconds)
                one = wrk(url, 1, 1, args.seconds) if s.name != "pact" else None
                samples[name][0].append(many)
                if one:
                    samples[name][1].append(one)
                print(f"round {round_ + 1}: {name:28} {many['rps']:>10.0f} req/s  p50 {many['p50']:.3f} ms  p99 {many['p99']:.3f} ms"
                      + (f"   -c1: p50 {one['p50'] * 1000:.0f} us  p99 {one['p99'] * 1000:.0f} us" if one else "")
                      + f"   errors {many['errors'] + (one['errors'] if one else 0)}", flush=True)
        for name in servers:
            many_runs, one_runs = samples[name]
            rows.append((name, median_of(many_runs), median_of(one_runs) if one_runs else None))
        if args.soak:
            s = servers["envelope"]
            pid = s.proc.pid
            url = f"http://127.0.0.1:{s.port}{PATH}"
            start_rss = rss_kb(pid)
            rate = dict((n, m) for n, m, _ in rows)["envelope"]["rps"]
            total, errors, seconds = 0, 0, 0
            # wrk runs for a time, not a count: repeat until a million requests are answered.
            while total < 1_000_000:
                chunk = max(5, int((1_000_000 - total) / rate * 1.1) + 1)
                result = wrk(url, 2, 64, chunk)
                total += result["requests"]
                errors += result["errors"]
                seconds += chunk
                rate = max(1.0, result["rps"])
            end_rss = rss_kb(pid)
            soak = {"requests": total, "errors": errors, "seconds": seconds,
                    "rps": total / seconds, "start_rss": start_rss, "end_rss": end_rss}
            print(f"soak: {total:,} requests in {seconds} s, {errors} errors, "
                  f"RSS {start_rss / 1024:.1f} MiB -> {end_rss / 1024:.1f} MiB", flush=True)
    finally:
        for s in servers.values():
            s.stop()
        shutil.rmtree(workdir, ignore_errors=True)

    load_end = os.getloadavg()[0]
    by = {name: (many, one) for name, many, one in rows}
    nginx_many, nginx_one = by["nginx"]
    env_many, env_one = by["envelope"]
    big_many, big_one = by.get("envelope, 10,000 mappings", (None, None))
    lines = []
    lines.append("| server | req/s (-c64) | p50 | p99 | -c1 p50 | -c1 p99 | errors |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|")
    for name, many, one in rows:
        c1 = f"{one['p50'] * 1000:.0f} µs | {one['p99'] * 1000:.0f} µs" if one else "– | –"
        lines.append(f"| {name} | {many['rps']:,.0f} | {many['p50']:.2f} ms | {many['p99']:.2f} ms | {c1} | "
                     f"{many['errors'] + (one['errors'] if one else 0)} |")
    ratios = []
    ratios.append(("req/s, envelope / nginx", env_many["rps"] / nginx_many["rps"], "≥ 0.8"))
    if "Pact mock server" in by:
        ratios.append(("req/s, envelope / Pact", env_many["rps"] / by["Pact mock server"][0]["rps"], "≥ 4"))
    ratios.append(("p99 (-c64), envelope / nginx", env_many["p99"] / nginx_many["p99"], "≤ 1.5"))
    ratios.append(("p50 (-c1), envelope / nginx", env_one["p50"] / nginx_one["p50"], "≤ 1.5"))
    if big_many:
        ratios.append(("p50 (-c1), 10,000 mappings / 1", big_one["p50"] / env_one["p50"], "≤ 1.2"))
        ratios.append(("req/s, 10,000 mappings / 1", big_many["rps"] / env_many["rps"], "(≥ 0.83)"))
    for name, many, one in rows:
        if name.startswith("envelope ("):
            ratios.append((f"req/s, {name} / nginx", many["rps"] / nginx_many["rps"], "≥ 0.8"))
            ratios.append((f"p99 (-c64), {name} / nginx", many["p99"] / nginx_many["p99"], "≤ 1.5"))
    lines.append("")
    lines.append("| ratio | measured | goal |")
    lines.append("|---|---:|---:|")
    for label, value, goal in ratios:
        lines.append(f"| {label} | {value:.2f} | {goal} |")
    if soak:
        lines.append("")
        lines.append(f"Soak: {soak['requests']:,} requests to envelope in {soak['seconds']} s ({soak['rps']:,.0f} req/s), "
                     f"{soak['errors']} errors; resident memory {soak['start_rss'] / 1024:.1f} MiB at the start, "
                     f"{soak['end_rss'] / 1024:.1f} MiB at the end.")
    table = "\n".join(lines)
    print()
    print(table)
    if args.results:
        header = not os.path.exists(args.results)
        with open(args.results, "a") as f:
            if header:
                f.write("# Benchmark results\n\nFigures from the scripts under `Benchmarks/`, newest sections last.\n")
            wrk_version = subprocess.run(["wrk", "-v"], capture_output=True, text=True).stdout.split()[0:2]
            nginx_version = subprocess.run(["nginx", "-v"], capture_output=True, text=True).stderr.strip()
            f.write(f"\n## Mock server: envelope serve vs nginx and the Pact mock server "
                    f"({datetime.date.today().isoformat()})\n\n")
            f.write("Command: `Benchmarks/mock/run.sh" + (" --soak" if soak else "") + "` "
                    f"(wrk -t2 -c64 -d{args.seconds}s, and -t1 -c1 -d{args.seconds}s for latency; GET {PATH}, "
                    f"{len(expected):,} bytes of JSON; {args.rounds} interleaved rounds, medians shown).\n")
            f.write(f"Machine: {os.cpu_count()} cores, {platform.system()} {platform.release()}; wrk shares the cores with "
                    f"the server. {' '.join(wrk_version)}; {nginx_version} (1 worker, access_log off); "
                    "envelope release build, default settings (1 event loop on 2 cores, request journal on). "
                    f"Load average {load_start:.1f} at the start and {load_end:.1f} at the end (other work on the "
                    "machine shows up as noise in every row alike; compare the ratios within one run).\n\n")
            f.write(table + "\n")


if __name__ == "__main__":
    main()
