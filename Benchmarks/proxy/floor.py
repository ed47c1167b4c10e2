#!/usr/bin/env python3
"""What the issue-22 throughput floor leaves a libcurl-based proxy, measured (see README.md).

The machine's cores are shared by wrk, the upstream nginx and the proxy, so when the run is
CPU-bound its rate is cores ÷ (wrk's + the upstream's + the proxy's CPU per request). nginx
`proxy_pass` spends `n` per request; for a proxy to reach 0.8× nginx's rate it may spend at
most `n + 0.25 × (wrk + upstream + n)`. This script measures each term under `wrk -t2 -c64`
through nginx `proxy_pass` (every process's user+sys time from /proc), then the CPU a bare
libcurl multi loop needs per request against the same upstream (`libcurl_floor.c`: 64
keep-alive transfers in flight, easy handles reused, bodies discarded, no server side, no
validation), and `envelope proxy`'s own CPU per request when a build is given. It is a
benchmark, not a test.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (the servers and wrk runner of the side-by-side benchmark)

TICKS = os.sysconf("SC_CLK_TCK")


def process_tree(pid: int) -> list:
    """pid and every descendant (nginx's workers, envelope's threads share the pid)."""
    found, frontier = [pid], [pid]
    while frontier:
        parent = frontier.pop()
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) == parent:
                    found.append(int(entry))
                    frontier.append(int(entry))
    return found


def cpu_seconds(pids: list) -> float:
    total = 0
    for pid in pids:
        try:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def thread_cpu(pid: int) -> dict:
    """CPU seconds of each thread of pid, summed by thread name."""
    names = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            name = open(f"/proc/{pid}/task/{task}/comm").read().strip()
            fields = open(f"/proc/{pid}/task/{task}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        names[name] = names.get(name, 0) + (int(fields[11]) + int(fields[12])) / TICKS
    return names


def measure(url: str, servers: dict, seconds: int) -> dict:
    """CPU per request (µs) of wrk and of each server while wrk -t2 -c64 drives url."""
    trees = {name: process_tree(server.proc.pid) for name, server in servers.items()}
    before = {name: cpu_seconds(pids) for name, pids in trees.items()}
    children = os.times()
    result = bench.wrk(url, 2, 64, seconds)
    after_children = os.times()
    requests = result["requests"]
    wrk_cpu = (after_children.children_user - children.children_user) + (after_children.children_system - children.children_system)
    row = {"requests": requests, "rps": result["rps"], "errors": result["errors"], "wrk": wrk_cpu * 1e6 / requests}
    for name, pids in trees.items():
        row[name] = (cpu_seconds(pids) - before[name]) * 1e6 / requests
    return row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--envelope", help="release build of envelope (also measure envelope proxy's CPU per request)")
    ap.add_argument("--seconds", type=int, default=10)
    ap.add_argument("--requests", type=int, default=500_000, help="requests for the bare libcurl loop")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="envelope-proxyfloor-")
    os.chmod(work, 0o755)
    floor_binary = os.path.join(work, "libcurl_floor")
    subprocess.run(["cc", "-O2", os.path.join(os.path.dirname(os.path.abspath(__file__)), "libcurl_floor.c"), "-lcurl", "-o", floor_binary],
                   check=True)
    small = os.path.join(bench.ROOT, "Mocks", "__files", "hanyang-menu.json")
    large = os.path.join(work, "unused.json")
    open(large, "w").write("{}")
    servers = []
    try:
        upstream = bench.start_upstream(work, small, large)
        proxy = bench.start_nginx_proxy(work, upstream.port)
        servers += [upstream, proxy]
        bench.wrk(f"http://127.0.0.1:{proxy.port}{bench.SMALL_PATH}", 2, 64, 2)  # warm up
        row = measure(f"http://127.0.0.1:{proxy.port}{bench.SMALL_PATH}", {"upstream": upstream, "nginx proxy": proxy}, args.seconds)
        print(f"wrk -t2 -c64 through nginx proxy_pass: {row['rps']:,.0f} req/s, {row['errors']} errors; CPU per request: "
              f"wrk {row['wrk']:.1f} µs, upstream nginx {row['upstream']:.1f} µs, nginx proxy {row['nginx proxy']:.1f} µs")
        budget = row["nginx proxy"] + 0.25 * (row["wrk"] + row["upstream"] + row["nginx proxy"])
        print(f"0.8× nginx's rate leaves a proxy at most {budget:.1f} µs of CPU per request")
        bare = subprocess.run([floor_binary, f"http://127.0.0.1:{upstream.port}{bench.SMALL_PATH}", str(args.requests), "64"],
                              check=True, capture_output=True, text=True).stdout.strip()
        print(f"a bare libcurl multi loop against the upstream: {bare}")
        if args.envelope:
            contracts = bench.make_contracts(work)
            envelope = bench.start_envelope("envelope proxy", os.path.abspath(args.envelope), upstream.port, contracts, work)
            servers.append(envelope)
            bench.wrk(f"http://127.0.0.1:{envelope.port}{bench.SMALL_PATH}", 2, 64, 2)
            threads = thread_cpu(envelope.proc.pid)
            row = measure(f"http://127.0.0.1:{envelope.port}{bench.SMALL_PATH}", {"upstream": upstream, "envelope proxy": envelope}, args.seconds)
            spent = {name: (cpu - threads.get(name, 0)) * 1e6 / row["requests"] for name, cpu in thread_cpu(envelope.proc.pid).items()}
            print(f"wrk -t2 -c64 through envelope proxy: {row['rps']:,.0f} req/s, {row['errors']} errors; CPU per request: "
                  f"wrk {row['wrk']:.1f} µs, upstream nginx {row['upstream']:.1f} µs, envelope proxy {row['envelope proxy']:.1f} µs")
            print("envelope proxy's threads, CPU per request: " + ", ".join(f"{name} {us:.1f} µs" for name, us in sorted(spent.items(), key=lambda kv: -kv[1]) if us >= 0.05))
        print(f"load average {os.getloadavg()[0]:.2f}")
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
