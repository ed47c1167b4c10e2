"""Sends the same requests to WireMock and to `envelope serve` on one mapping folder and
compares what they answer: status, the headers a case names, and the body, exactly, as
JSON, by shape (a regular expression both must match), by status alone, or as a difference
pinned on purpose (WireMock 2.35 against the WireMock 3 behaviour Envelope follows). A case
with "raw" lines sends them as the request head over a socket instead (HTTP/1.0, no Host).

Usage: compare.py WIREMOCK_URL ENVELOPE_URL CASES_JSON
Prints one line per case that does not hold, then a summary; exits 1 if any does not."""
import json
import re
import socket
import sys
from urllib.parse import urlsplit

import requests

BODY = '{"o":{"k":"v"},"arr":[1,"x"],"n":1.50,"s":"Ann"}'
HEADERS = {"X-Y": "hv", "Cookie": "session=abc; theme=dark", "Content-Type": "text/plain"}


def fetch(base, case):
    if "raw" in case:
        return fetch_raw(base, case)
    response = requests.post(base + case["path"], data=BODY, headers=HEADERS, timeout=30)
    return response.status_code, {name: response.headers.get(name) for name in case.get("headers", [])}, response.text


def fetch_raw(base, case):
    """Sends the case's head lines as they are and reads the answer until the server closes."""
    address = urlsplit(base)
    with socket.create_connection((address.hostname, address.port), timeout=30) as connection:
        connection.sendall(("\r\n".join(case["raw"]) + "\r\n\r\n").encode())
        data = b""
        while chunk := connection.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    fields = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    if fields.get("transfer-encoding") == "chunked":
        body = unchunked(body)
    return int(lines[0].split()[1]), {name: fields.get(name.lower()) for name in case.get("headers", [])}, body.decode()


def unchunked(body):
    out = b""
    while body:
        size, _, rest = body.partition(b"\r\n")
        length = int(size.split(b";")[0], 16)
        if length == 0:
            break
        out, body = out + rest[:length], rest[length + 2:]
    return out


def without_port(text, base):
    port = base.rsplit(":", 1)[1]
    return text.replace(":" + port, ":PORT").replace("|" + port + "|", "|PORT|") if text is not None else None


def check(case, wiremock, envelope, urls):
    expect = case["expect"]
    (w_status, w_headers, w_body), (e_status, e_headers, e_body) = wiremock, envelope
    if expect == "pinned":
        # WireMock 2.35 answers one way (often a 500 for a helper it lacks), Envelope the 3.x way.
        problems = []
        if not (w_body == case["wiremock"] or re.search(case["wiremock"], w_body) or (case["wiremock"].startswith("^$|") and w_status == 500)):
            problems.append(f"WireMock no longer answers {case['wiremock']!r}: {w_body[:120]!r}")
        if not (e_body == case["envelope"] or (case["envelope"].startswith("^") and re.search(case["envelope"], e_body))):
            problems.append(f"Envelope answers {e_body!r}, expected {case['envelope']!r}")
        return problems
    if w_status != e_status:
        return [f"status {w_status} (WireMock) vs {e_status} (Envelope)"]
    if expect == "status":
        return []
    if expect == "port":
        w_body, e_body = without_port(w_body, urls[0]), without_port(e_body, urls[1])
        w_headers = {k: without_port(v, urls[0]) for k, v in w_headers.items()}
        e_headers = {k: without_port(v, urls[1]) for k, v in e_headers.items()}
    if w_headers != e_headers:
        return [f"headers {w_headers} (WireMock) vs {e_headers} (Envelope)"]
    if expect == "shape":
        return [f"{who} body {body!r} does not match {case['pattern']!r}"
                for who, body in (("WireMock", w_body), ("Envelope", e_body)) if not re.search(case["pattern"], body)]
    if expect == "json":
        return [] if json.loads(w_body) == json.loads(e_body) else [f"JSON {w_body!r} (WireMock) vs {e_body!r} (Envelope)"]
    return [] if w_body == e_body else [f"body {w_body!r} (WireMock) vs {e_body!r} (Envelope)"]


def main():
    wiremock_url, envelope_url, cases_file = sys.argv[1:4]
    cases = json.load(open(cases_file))
    failed = 0
    for case in cases:
        problems = check(case, fetch(wiremock_url, case), fetch(envelope_url, case), (wiremock_url, envelope_url))
        for problem in problems:
            print(f"{case['name']}: {problem}")
        failed += bool(problems)
    print(f"{len(cases)} cases, {len(cases) - failed} hold, {failed} do not")
    sys.exit(1 if failed else 0)


main()
