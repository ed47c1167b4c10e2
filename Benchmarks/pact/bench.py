#!/usr/bin/env python3
"""Verifying a provider against a pact of 1,000 interactions (issue 25):
`envelope check --pact` against pact-python's verifier (Pact's Rust core), whole process each.

    python3 Benchmarks/pact/bench.py ENVELOPE [RUNS]

Writes a project of N contracts and mocks into a temporary folder (GET /items/K, an object of
eight fields with an array of three), exports the pact with `envelope export pact`, serves the
same answers as static files from nginx (the provider: one worker, keep-alive), then times,
alternating, RUNS runs of

    envelope check --pact pact.json --base-url URL
    python3 Tests/envelopeTests/Fixtures/pactout/pact_verify.py pact.json URL items-api

and prints each time, the medians and their ratio. Both must pass every interaction.
"""
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VERIFY = os.path.join(ROOT, "Tests/envelopeTests/Fixtures/pactout/pact_verify.py")
COUNT = int(os.environ.get("COUNT", "1000"))

CONTRACT = {
    "type": "object",
    "required": ["id", "name", "state", "price", "tags", "lines"],
    "properties": {
        "id": {"type": "integer", "minimum": 1},
        "name": {"type": "string"},
        "state": {"enum": ["new", "paid", "shipped"]},
        "price": {"type": "number"},
        "code": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]+$"},
        "note": {"type": ["string", "null"]},
        "tags": {"type": "array", "items": {"type": "string"}},
        "lines": {"type": "array", "minItems": 1, "items": {
            "type": "object", "required": ["sku", "count"],
            "properties": {"sku": {"type": "string"}, "count": {"type": "integer"}}}},
    },
}


def write_project(folder: str) -> None:
    os.makedirs(os.path.join(folder, "Contracts"))
    os.makedirs(os.path.join(folder, "Mocks/mappings"))
    for k in range(COUNT):
        name = f"item-{k:04d}"
        contract = {"contract": name, "request": {"method": "GET", "path": f"/items/{k}"},
                    "response": {"status": 200, "headers": {"Content-Type": {"pattern": "^application/json"}}, "body": CONTRACT}}
        body = {"id": k + 1, "name": f"item {k}", "state": "paid", "price": 9.5 + k, "code": f"ABC-{k}", "note": None,
                "tags": ["a", "b"], "lines": [{"sku": f"s-{k}-{j}", "count": j + 1} for j in range(3)]}
        mapping = {"request": {"method": "GET", "urlPath": f"/items/{k}"},
                   "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "jsonBody": body}}
        with open(os.path.join(folder, "Contracts", name + ".json"), "w") as f:
            json.dump(contract, f)
        with open(os.path.join(folder, "Mocks/mappings", name + ".json"), "w") as f:
            json.dump(mapping, f)


def start_nginx(folder: str):
    """nginx serving each mock's body at its path, on a free loopback port."""
    html = os.path.join(folder, "html/items")
    os.makedirs(html)
    for name in os.listdir(os.path.join(folder, "Mocks/mappings")):
        with open(os.path.join(folder, "Mocks/mappings", name)) as f:
            mapping = json.load(f)
        with open(os.path.join(html, mapping["request"]["urlPath"].rsplit("/", 1)[1]), "w") as f:
            json.dump(mapping["response"]["jsonBody"], f)
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    config = os.path.join(folder, "nginx.conf")
    with open(config, "w") as f:
        f.write(f"""daemon off; master_process off; worker_processes 1; pid {folder}/nginx.pid;
error_log {folder}/error.log warn; events {{ worker_connections 256; }}
http {{ access_log off; client_body_temp_path {folder}/tb; proxy_temp_path {folder}/tp;
  fastcgi_temp_path {folder}/tf; uwsgi_temp_path {folder}/tu; scgi_temp_path {folder}/ts;
  default_type application/json; server {{ listen 127.0.0.1:{port}; root {folder}/html; }} }}
""")
    server = subprocess.Popen(["nginx", "-p", folder, "-c", config, "-e", f"{folder}/error.log"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port)).close()
            break
        except OSError:
            time.sleep(0.025)
    return server, f"http://127.0.0.1:{port}"


def timed(command, cwd):
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{command[0]} failed ({result.returncode}):\n{result.stdout.decode()[-2000:]}\n{result.stderr.decode()[-2000:]}")
    return elapsed


def main() -> None:
    envelope = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    with tempfile.TemporaryDirectory() as folder:
        write_project(folder)
        subprocess.run([envelope, "export", "pact", "--consumer", "shop-app", "--provider", "items-api",
                        "--output", "pact.json"], cwd=folder, check=True, stderr=subprocess.DEVNULL)
        serve, url = start_nginx(folder)
        try:
            check = [envelope, "check", "--pact", "pact.json", "--base-url", url]
            verify = [sys.executable, VERIFY, "pact.json", url, "items-api"]
            os.environ["PACT_DO_NOT_TRACK"] = "true"
            ours, theirs = [], []
            for _ in range(runs):
                ours.append(timed(check, folder))
                theirs.append(timed(verify, folder))
        finally:
            serve.terminate()
            serve.wait()
    print(f"{COUNT} interactions, {runs} runs each, alternating")
    print("envelope check --pact:", ", ".join(f"{t:.3f}" for t in ours), f"s; median {statistics.median(ours):.3f} s")
    print("pact-python Verifier: ", ", ".join(f"{t:.3f}" for t in theirs), f"s; median {statistics.median(theirs):.3f} s")
    print(f"ratio (pact-python / envelope, medians): {statistics.median(theirs) / statistics.median(ours):.1f}x")


if __name__ == "__main__":
    main()
