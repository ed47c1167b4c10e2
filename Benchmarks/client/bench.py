#!/usr/bin/env python3
"""envelope check over 1,000 generated contracts against its in-process mock, next to one curl
process fetching the same 1,000 URLs from the same mock server (`envelope serve`), sequential
and --parallel, in one run. Also envelope check against curl's server (no mock to load or run
in process) and the bundled examples' wall time. The commands run in turn, one round after
another, so that a slow phase of the machine falls on all of them alike; the medians and the
ratios to curl that the goals are stated in are printed.

Usage: python3 Benchmarks/client/bench.py [--envelope [NAME=]PATH ...] [--runs N]
Build first: make release (swift build -c release --static-swift-stdlib; the default binary is
.build/release/envelope)
"""
import argparse, json, os, shutil, socket, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COUNT = 1000


def generate(directory):
    """1,000 contracts, each with its own mapping answering a small JSON list (~600 bytes)."""
    contracts = os.path.join(directory, "Contracts")
    mappings = os.path.join(directory, "Mocks", "mappings")
    os.makedirs(contracts)
    os.makedirs(mappings)
    os.makedirs(os.path.join(directory, "Mocks", "__files"))
    schema = {"type": "object", "required": ["id", "items"], "properties": {
        "id": {"type": "integer"},
        "items": {"type": "array", "items": {"type": "object", "required": ["name", "price"], "properties": {
            "name": {"type": "string"}, "price": {"type": "number"}, "tags": {"type": "array", "items": {"type": "string"}}}}}}}
    for n in range(COUNT):
        name = f"c{n:04d}"
        with open(os.path.join(contracts, name + ".json"), "w") as f:
            json.dump({"contract": name, "request": {"path": f"/items/{n}"},
                       "response": {"status": 200, "headers": {"Content-Type": {"pattern": "^application/json"}}, "body": schema}}, f)
        body = {"id": n, "items": [{"name": f"item {n}-{i}", "price": i * 1.5, "tags": ["a", "b"]} for i in range(8)]}
        with open(os.path.join(mappings, name + ".json"), "w") as f:
            json.dump({"request": {"method": "GET", "urlPath": f"/items/{n}"},
                       "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "jsonBody": body}}, f)


def timed_in_turn(commands, runs):
    """Median wall time of each of `commands` ((argv, kwargs) pairs), in seconds, over `runs`
    rounds that run every command once, in turn: a slow phase of the machine then falls on
    all of them alike, not on whichever happened to be running (the ratios are what count)."""
    times = [[] for _ in commands]
    for _ in range(runs):
        for position, (command, kwargs) in enumerate(commands):
            start = time.perf_counter()
            done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kwargs)
            times[position].append(time.perf_counter() - start)
            if done.returncode not in (0, 1):
                sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.decode()}")
    return [statistics.median(t) for t in times]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--envelope", action="append", metavar="[NAME=]PATH",
                        help="a build to time; repeat to time several builds in the same rounds (the first one serves curl)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    builds = []
    for given in args.envelope or [os.path.join(ROOT, ".build", "release", "envelope")]:
        name, _, path = given.rpartition("=")
        builds.append((name or "envelope", os.path.abspath(path)))
    directory = tempfile.mkdtemp(prefix="envelope-bench-")
    try:
        generate(directory)
        contracts, mocks = os.path.join(directory, "Contracts"), os.path.join(directory, "Mocks")
        port = free_port()
        server = subprocess.Popen([builds[0][1], "serve", "--mocks", mocks, "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            for _ in range(200):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            config = os.path.join(directory, "urls.txt")
            with open(config, "w") as f:
                for n in range(COUNT):
                    f.write(f'url = "http://127.0.0.1:{port}/items/{n}"\noutput = "/dev/null"\n')
            labelled = [("curl, one process, 1,000 URLs from envelope serve, sequential", ["curl", "-s", "-K", config], {}),
                        ("curl, one process, 1,000 URLs from envelope serve, --parallel --parallel-max 8",
                         ["curl", "-s", "--parallel", "--parallel-max", "8", "-K", config], {})]
            for name, envelope in builds:
                for jobs in (1, 8):
                    labelled.append((f"{name}: check, 1,000 contracts, in-process mock, --jobs {jobs}",
                                     [envelope, "check", "--contracts", contracts, "--mocks", mocks, "--jobs", str(jobs)], {}))
                # The same server as curl's: no mappings to load and no server in the process.
                labelled.append((f"{name}: check, 1,000 contracts, against curl's server, --jobs 1",
                                 [envelope, "check", "--contracts", contracts, "--base-url", f"http://127.0.0.1:{port}", "--jobs", "1"], {}))
                labelled.append((f"{name}: check, the 4 bundled examples", [envelope, "check"], {"cwd": ROOT}))
            medians = timed_in_turn([(command, kwargs) for _, command, kwargs in labelled], args.runs)
            time_of = {label: seconds for (label, _, _), seconds in zip(labelled, medians)}
        finally:
            server.terminate()
            server.wait()

        print(f"median of {args.runs} rounds, every command once a round, in turn; wall time including process start")
        print("| what | wall time | per request |")
        print("|------|----------:|------------:|")
        for label, seconds in time_of.items():
            per = seconds / (4 if "bundled" in label else COUNT)
            print(f"| {label} | {seconds * 1000:.1f} ms | {per * 1e6:.0f} µs |")
        sequential = time_of[labelled[0][0]]
        print()
        print("| build | --jobs 1 ÷ curl sequential (goal ≤ 1.5×) | --jobs 8 ÷ --jobs 1 (goal ≤ 1.0×) | bundled examples (goal < 150 ms) |")
        print("|---|---:|---:|---:|")
        for name, _ in builds:
            one = time_of[f"{name}: check, 1,000 contracts, in-process mock, --jobs 1"]
            eight = time_of[f"{name}: check, 1,000 contracts, in-process mock, --jobs 8"]
            bundled = time_of[f"{name}: check, the 4 bundled examples"]
            print(f"| {name} | {one / sequential:.2f}× | {eight / one:.2f}× | {bundled * 1000:.1f} ms |")
    finally:
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
