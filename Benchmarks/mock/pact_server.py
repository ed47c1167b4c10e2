#!/usr/bin/env python3
"""Serves one Pact interaction (GET /COMM/A202100004 -> the hanyang-menu body) with the
Pact mock server from PyPI's pact-python (its Rust core, pact_ffi) until stdin closes.

    pact_server.py BODY_FILE PORT_FILE

Writes the server's port to PORT_FILE once it listens.
"""
import sys

from pact import Pact


def main() -> None:
    body_file, port_file = sys.argv[1], sys.argv[2]
    with open(body_file, "rb") as f:
        body = f.read().decode("utf-8")
    pact = Pact("envelope-bench-app", "hanyang").with_specification("V4")
    (
        pact.upon_receiving("the main menu")
        .with_request("GET", "/COMM/A202100004")
        .will_respond_with(200)
        .with_body(body, content_type="application/json; charset=utf-8")
    )
    # raises=False: wrk's requests are all the same interaction, repeated; Pact would
    # otherwise fail the "test" on exit for the extra calls. verbose=False keeps logs quiet.
    with pact.serve(addr="127.0.0.1", raises=False, verbose=False) as server:
        with open(port_file, "w") as f:
            f.write(str(server.port))
        sys.stdin.read()


if __name__ == "__main__":
    main()
