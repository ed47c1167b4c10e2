#!/usr/bin/env python3
"""Side-by-side benchmark of `envelope proxy` against nginx as a reverse proxy (see README.md).

One upstream nginx serves the bundled hanyang-menu answer and a generated 50 MB answer of the
same shape. In front of it, on loopback: nginx #2 as a reverse proxy (`proxy_pass` to an
`upstream` block with `keepalive`), and `envelope proxy --upstream ... --contracts DIR` with a
contract for each path, so every answer is validated. Then, in one run:

1. wrk -t2 -c64 and -t1 -c1 against each proxy, alternating rounds: req/s, p50, p99, ratios;
2. curl fetching the 50 MB answer through each, alternating, median time, ratio;
3. 1,000,000 requests through envelope (wrk -t2 -c64 until a million are answered), the
   proxy's resident memory sampled every second; errors, and RSS at start, middle and end.

Each envelope's report (JSON) is read at the end: it must count every request as validated.
`--also NAME=PATH` puts another build in the same rounds (before/after a change). It is a
benchmark, not a test: nothing fails on a slow machine.
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
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SMALL_PATH = "/COMM/A202100004"
LARGE_PATH = "/COMM/A202100050"
CONTENT_TYPE = "application/json; charset=utf-8"
UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, timeout: float = 30) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"nothing listens on port {port}")


def fetch(url: str) -> bytes:
    return subprocess.run(["curl", "-s", "--max-time", "60", url], check=True, capture_output=True).stdout


def rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def parse_latency(text: str) -> float:
    m = re.match(r"([\d.]+)(us|ms|s)$", text)
    return float(m.group(1)) * UNITS[m.group(2)] if m else float("nan")


def wrk(url: str, threads: int, connections: int, seconds: int) -> dict:
    out = subprocess.run(["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", url],
                         check=True, capture_output=True, text=True).stdout
    result = {"raw": out, "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
              "requests": int(re.search(r"(\d+) requests in", out).group(1)), "errors": 0, "non2xx": 0, "timeouts": 0, "socket": 0}
    for pct in ("50", "99"):
        m = re.search(rf"^\s+{pct}%\s+(\S+)", out, re.M)
        result[f"p{pct}"] = parse_latency(m.group(1)) if m else float("nan")
    m = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if m:
        result["errors"] += int(m.group(1))
        result["non2xx"] = int(m.group(1))
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    if m:
        result["errors"] += sum(int(x) for x in m.groups())
        result["timeouts"] = int(m.group(4))
        result["socket"] = sum(int(x) for x in m.groups()[:3])
    return result


def median_of(runs: list) -> dict:
    """The median of each figure over several wrk runs; errors and requests are summed."""
    result = {key: statistics.median(run[key] for run in runs) for key in ("rps", "p50", "p99")}
    result["errors"] = sum(run["errors"] for run in runs)
    result["requests"] = sum(run["requests"] for run in runs)
    return result


def curl_time(url: str, expected_size: int) -> float:
    """Seconds for curl to fetch url to /dev/null, first byte of the request to last of the answer."""
    out = subprocess.run(["curl", "-s", "-o", "/dev/null", "--max-time", "120", "-w", "%{time_total} %{size_download} %{http_code}", url],
                         check=True, capture_output=True, text=True).stdout.split()
    if int(out[1]) != expected_size or out[2] != "200":
        raise SystemExit(f"{url}: got {out[1]} bytes, status {out[2]}; expected {expected_size} bytes, 200")
    return float(out[0])


class Server:
    def __init__(self, name, argv, port, stdout=None, cwd=None):
        self.name, self.port, self.argv = name, port, argv
        self.proc = subprocess.Popen(argv, stdout=stdout or subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def nginx_conf(root: str, port: int, body: str) -> str:
    return f"""worker_processes 1;
daemon off;
pid {root}/nginx.pid;
error_log {root}/error.log;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  client_body_temp_path {root}/client_temp;
  proxy_temp_path {root}/proxy_temp;
  fastcgi_temp_path {root}/fastcgi_temp;
  uwsgi_temp_path {root}/uwsgi_temp;
  scgi_temp_path {root}/scgi_temp;
{body}
}}
"""


def start_upstream(workdir: str, small: str, large: str) -> Server:
    root = os.path.join(workdir, "upstream")
    os.makedirs(os.path.join(root, "html", "COMM"), exist_ok=True)
    shutil.copy(small, os.path.join(root, "html", "COMM", os.path.basename(SMALL_PATH)))
    shutil.copy(large, os.path.join(root, "html", "COMM", os.path.basename(LARGE_PATH)))
    port = free_port()
    conf = os.path.join(root, "nginx.conf")
    with open(conf, "w") as f:
        f.write(nginx_conf(root, port, f"""  keepalive_requests 100000000;
  server {{
    listen 127.0.0.1:{port};
    root {root}/html;
    location / {{ default_type "{CONTENT_TYPE}"; }}
  }}"""))
    s = Server("upstream nginx", ["nginx", "-c", conf, "-p", root], port)
    wait_port(port)
    return s


def start_nginx_proxy(workdir: str, upstream_port: int) -> Server:
    root = os.path.join(workdir, "proxy-nginx")
    os.makedirs(root, exist_ok=True)
    port = free_port()
    conf = os.path.join(root, "nginx.conf")
    with open(conf, "w") as f:
        f.write(nginx_conf(root, port, f"""  keepalive_requests 100000000;
  upstream app {{
    server 127.0.0.1:{upstream_port};
    keepalive 64;
    keepalive_requests 100000000;
  }}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }}
  }}"""))
    s = Server("nginx proxy_pass", ["nginx", "-c", conf, "-p", root], port)
    wait_port(port)
    return s


def make_contracts(workdir: str) -> str:
    """The bundled hanyang-menu contract and its schemas, plus the same contract for the 50 MB path."""
    folder = os.path.join(workdir, "Contracts")
    os.makedirs(folder)
    shutil.copytree(os.path.join(ROOT, "Contracts", "schemas"), os.path.join(folder, "schemas"))
    with open(os.path.join(ROOT, "Contracts", "hanyang-menu.json")) as f:
        contract = json.load(f)
    with open(os.path.join(folder, "hanyang-menu.json"), "w") as f:
        json.dump(contract, f, indent=2)
    contract["contract"] = "hanyang-menu-50mb"
    contract["summary"] = "The hanyang-menu answer grown to 50 MB (Benchmarks/validate/generate.py)"
    contract["request"]["path"] = LARGE_PATH
    with open(os.path.join(folder, "hanyang-menu-50mb.json"), "w") as f:
        json.dump(contract, f, indent=2)
    return folder


def start_envelope(name: str, binary: str, upstream_port: int, contracts: str, workdir: str) -> Server:
    port = free_port()
    report = os.path.join(workdir, f"report-{len(os.listdir(workdir))}.json")
    argv = [os.path.abspath(binary), "proxy", "--upstream", f"http://127.0.0.1:{upstream_port}", "--port", str(port),
            "--contracts", contracts, "--format", "json", "--output", report]
    s = Server(name, argv, port, cwd=workdir)
    s.report = report
    wait_port(port)
    return s


def validated_requests(server: Server) -> dict:
    """What an envelope proxy's JSON report says it saw: requests per contract, all counted."""
    server.stop()
    with open(server.report) as f:
        coverage = json.load(f)["coverage"]
    return {"requests": coverage["requests"], "uncovered": coverage["uncoveredRequests"],
            "contracts": {entry["contract"]: entry["requests"] for entry in coverage["exercised"]}}


class RSSSampler(threading.Thread):
    """Samples a process's VmRSS every second until stopped."""

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.pid, self.samples, self.done = pid, [], threading.Event()

    def run(self):
        while not self.done.is_set():
            self.samples.append((time.time(), rss_kb(self.pid)))
            self.done.wait(1.0)

    def stop(self):
        self.done.set()
        self.join()
        self.samples.append((time.time(), rss_kb(self.pid)))


def throughput(servers: dict, rounds: int, seconds: int) -> dict:
    samples = {name: ([], []) for name in servers}
    for round_ in range(rounds):
        for name, s in servers.items():
            url = f"http://127.0.0.1:{s.port}{SMALL_PATH}"
            many = wrk(url, 2, 64, seconds)
            one = wrk(url, 1, 1, seconds)
            samples[name][0].append(many)
            samples[name][1].append(one)
            print(f"round {round_ + 1}: {name:26} -c64 {many['rps']:>9.0f} req/s  p50 {many['p50']:.3f} ms  p99 {many['p99']:.3f} ms"
                  f"   -c1 {one['rps']:>7.0f} req/s  p50 {one['p50'] * 1000:.0f} us  p99 {one['p99'] * 1000:.0f} us"
                  f"   errors {many['errors'] + one['errors']}", flush=True)
    return {name: (median_of(many), median_of(one)) for name, (many, one) in samples.items()}


def large_answer(servers: dict, rounds: int, size: int) -> dict:
    times = {name: [] for name in servers}
    for round_ in range(rounds):
        for name, s in servers.items():
            times[name].append(curl_time(f"http://127.0.0.1:{s.port}{LARGE_PATH}", size))
        print(f"50 MB round {round_ + 1}: " + "  ".join(f"{name} {times[name][-1] * 1000:.0f} ms" for name in servers), flush=True)
    return {name: statistics.median(values) for name, values in times.items()}


def soak(server: Server, total_wanted: int, rate: float) -> dict:
    url = f"http://127.0.0.1:{server.port}{SMALL_PATH}"
    sampler = RSSSampler(server.proc.pid)
    sampler.start()
    started = time.time()
    total, errors, seconds = 0, 0, 0
    kinds = {"non2xx": 0, "timeouts": 0, "socket": 0}
    # wrk runs for a time, not a count: repeat until enough requests are answered.
    while total < total_wanted:
        chunk = max(5, int((total_wanted - total) / max(rate, 1.0) * 1.05) + 1)
        result = wrk(url, 2, 64, chunk)
        total += result["requests"]
        errors += result["errors"]
        for kind in kinds:
            kinds[kind] += result[kind]
        seconds += chunk
        rate = result["rps"]
        print(f"soak: {total:,} requests, {errors} errors, RSS {rss_kb(server.proc.pid) / 1024:.1f} MiB", flush=True)
    elapsed = time.time() - started
    sampler.stop()
    rss = [kb for _, kb in sampler.samples]
    return {"requests": total, "errors": errors, "kinds": kinds, "seconds": elapsed, "rps": total / elapsed, "start": rss[0],
            "middle": rss[len(rss) // 2], "end": rss[-1], "max": max(rss), "after_warmup": rss[min(len(rss) - 1, 10)]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--envelope", required=True, help="release build of envelope")
    ap.add_argument("--also", action="append", default=[], metavar="NAME=PATH", help="another build in the same rounds")
    ap.add_argument("--seconds", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds of wrk; medians are reported")
    ap.add_argument("--large-rounds", type=int, default=7, help="alternating curl fetches of the 50 MB answer")
    ap.add_argument("--large-size", default="50MB")
    ap.add_argument("--soak", type=int, default=1_000_000, help="requests to send through envelope (0: none)")
    ap.add_argument("--skip", action="append", default=[], choices=["throughput", "large"])
    ap.add_argument("--results", help="write the tables to this Markdown file (a fragment for RESULTS.md)")
    args = ap.parse_args()
    for tool in ("wrk", "nginx", "curl"):
        if not shutil.which(tool):
            raise SystemExit(f"{tool} not found (Debian: apt-get install wrk nginx curl)")

    small = os.path.join(ROOT, "Mocks", "__files", "hanyang-menu.json")
    load_start = os.getloadavg()[0]
    workdir = tempfile.mkdtemp(prefix="envelope-proxybench-")
    os.chmod(workdir, 0o755)  # nginx workers run as an unprivileged user and must read the files
    large = os.path.join(workdir, "hanyang-50mb.json")
    subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "validate", "generate.py"), "--size", args.large_size,
                    "--variant", "valid", large], check=True, stdout=subprocess.DEVNULL)
    os.chmod(large, 0o644)
    large_size = os.path.getsize(large)
    servers, rows, big, soaked, counts = {}, {}, {}, None, {}
    try:
        upstream = start_upstream(workdir, small, large)
        contracts = make_contracts(workdir)
        servers["nginx proxy_pass"] = start_nginx_proxy(workdir, upstream.port)
        servers["envelope proxy"] = start_envelope("envelope proxy", args.envelope, upstream.port, contracts, workdir)
        for given in args.also:
            name, _, path = given.partition("=")
            servers[f"envelope proxy ({name})"] = start_envelope(name, os.path.abspath(path), upstream.port, contracts, workdir)
        expected = open(small, "rb").read()
        for name, s in servers.items():
            if fetch(f"http://127.0.0.1:{s.port}{SMALL_PATH}") != expected:
                raise SystemExit(f"{name} does not pass the hanyang-menu answer through unchanged")
        if "throughput" not in args.skip:
            rows = throughput(servers, args.rounds, args.seconds)
        if "large" not in args.skip:
            big = large_answer({"upstream directly": upstream, **servers}, args.large_rounds, large_size)
        if args.soak:
            rate = rows["envelope proxy"][0]["rps"] if rows else 5000
            soaked = soak(servers["envelope proxy"], args.soak, rate)
            print(f"soak: {soaked['requests']:,} requests in {soaked['seconds']:.0f} s, {soaked['errors']} errors ({soaked['kinds']['non2xx']} non-2xx, {soaked['kinds']['timeouts']} timeouts, {soaked['kinds']['socket']} socket), RSS "
                  f"{soaked['start'] / 1024:.1f} / {soaked['middle'] / 1024:.1f} / {soaked['end'] / 1024:.1f} MiB (max "
                  f"{soaked['max'] / 1024:.1f})", flush=True)
        for name, s in servers.items():
            if name.startswith("envelope"):
                counts[name] = validated_requests(s)
    finally:
        for s in list(servers.values()) + [locals().get("upstream")]:
            if s:
                s.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    load_end = os.getloadavg()[0]

    lines = []
    if rows:
        lines += ["| proxy | req/s (-c64) | p50 | p99 | -c1 req/s | -c1 p50 | -c1 p99 | errors |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
        for name, (many, one) in rows.items():
            lines.append(f"| {name} | {many['rps']:,.0f} | {many['p50']:.2f} ms | {many['p99']:.2f} ms | {one['rps']:,.0f} | "
                         f"{one['p50'] * 1000:.0f} µs | {one['p99'] * 1000:.0f} µs | {many['errors'] + one['errors']} |")
        lines.append("")
    if big:
        lines += ["| 50 MB answer through | median (curl, to /dev/null) |", "|---|---:|"]
        lines += [f"| {name} | {seconds * 1000:.0f} ms |" for name, seconds in big.items()]
        lines.append("")
    ratios = []
    for name in [n for n in servers if n.startswith("envelope")]:
        label = "" if name == "envelope proxy" else f" {name[len('envelope proxy '):]}"
        if rows:
            (nm, n1), (em, e1) = rows["nginx proxy_pass"], rows[name]
            ratios.append((f"req/s (-c64), envelope{label} / nginx", f"{em['rps'] / nm['rps']:.2f}×", "≥ 0.8×", em["rps"] / nm["rps"] >= 0.8))
            ratios.append((f"p99 (-c64), envelope{label} / nginx", f"{em['p99'] / nm['p99']:.2f}×", "≤ 1.5×", em["p99"] / nm["p99"] <= 1.5))
            ratios.append((f"req/s (-c1), envelope{label} / nginx", f"{e1['rps'] / n1['rps']:.2f}×", "≥ 0.8×", e1["rps"] / n1["rps"] >= 0.8))
            ratios.append((f"p99 (-c1), envelope{label} / nginx", f"{e1['p99'] / n1['p99']:.2f}×", "≤ 1.5×", e1["p99"] / n1["p99"] <= 1.5))
            delta = (e1["p50"] - n1["p50"]) * 1000
            ratios.append((f"p50 (-c1), envelope{label} − nginx", f"{delta:+.0f} µs", "≤ +200 µs", delta <= 200))
        if big:
            ratio = big[name] / big["nginx proxy_pass"]
            ratios.append((f"50 MB time, envelope{label} / nginx", f"{ratio:.2f}×", "≤ 1.3×", ratio <= 1.3))
    if ratios:
        lines += ["| row | measured | floor | holds |", "|---|---:|---:|:---:|"]
        lines += [f"| {label} | {value} | {floor} | {'yes' if ok else '**no**'} |" for label, value, floor, ok in ratios]
        lines.append("")
    if soaked:
        lines.append(f"Soak: {soaked['requests']:,} requests through envelope proxy in {soaked['seconds']:.0f} s "
                     f"({soaked['rps']:,.0f} req/s, wrk -t2 -c64), {soaked['errors']} errors ({soaked['kinds']['non2xx']} non-2xx answers, {soaked['kinds']['timeouts']} wrk timeouts, {soaked['kinds']['socket']} socket errors); resident memory "
                     f"{soaked['start'] / 1024:.1f} MiB at the start, {soaked['after_warmup'] / 1024:.1f} MiB after 10 s, "
                     f"{soaked['middle'] / 1024:.1f} MiB in the middle, {soaked['end'] / 1024:.1f} MiB at the end "
                     f"(highest {soaked['max'] / 1024:.1f} MiB).")
    for name, seen in counts.items():
        lines.append(f"{name}'s report: {seen['requests']:,} requests validated "
                     f"({', '.join(f'{c} {n:,}' for c, n in seen['contracts'].items())}; {seen['uncovered']} without a contract).")
    table = "\n".join(lines)
    print()
    print(table)
    if args.results:
        wrk_version = " ".join(subprocess.run(["wrk", "-v"], capture_output=True, text=True).stdout.split()[0:2])
        nginx_version = subprocess.run(["nginx", "-v"], capture_output=True, text=True).stderr.strip()
        with open(args.results, "w") as f:
            f.write(f"Run {datetime.datetime.now().isoformat(timespec='minutes')}: `Benchmarks/proxy/bench.py --seconds {args.seconds} "
                    f"--rounds {args.rounds} --large-rounds {args.large_rounds} --soak {args.soak}"
                    + "".join(f" --also {a}" for a in args.also) + "`. "
                    f"Machine: {os.cpu_count()} cores, {platform.system()} {platform.release()}, shared by wrk, curl, both nginx "
                    f"and the proxies; {wrk_version}; {nginx_version} (1 worker each, access_log off). Load average "
                    f"{load_start:.1f} at the start, {load_end:.1f} at the end. Only the ratios carry over to other machines.\n\n")
            f.write(table + "\n")


if __name__ == "__main__":
    main()
