"""A small consumer test written with pact-python (Pact's Rust core): it describes a user
service, exercises Pact's mock server with requests, and writes the pact file.

    python3 consumer.py SPEC OUTDIR     (SPEC: V3 or V4)
"""
import sys

import requests
from pact import Pact, match

spec, out = sys.argv[1], sys.argv[2]
pact = Pact("UserApp", "UserService").with_specification(spec)

(
    pact.upon_receiving("get user 123")
    .given("user 123 exists", id=123)
    .with_request("GET", "/users/123")
    .with_header("Accept", "application/json")
    .will_respond_with(200)
    .with_header("Content-Type", "application/json")
    .with_body({
        "id": match.int(123),
        "name": match.str("alice"),
        "email": match.regex("alice@example.com", regex=r"^[^@]+@[^@]+$"),
        "tags": match.each_like("admin", min=1),
        "score": match.float(1.5),
        "active": match.bool(True),
        "plan": "pro",
    })
)
(
    pact.upon_receiving("get user 123 when there is none")
    .given("there are no users")
    .with_request("GET", "/users/123")
    .with_header("Accept", "application/json")
    .will_respond_with(404)
    .with_header("Content-Type", "application/json")
    .with_body({"error": match.str("not found")})
)
(
    pact.upon_receiving("list users")
    .with_request("GET", "/users")
    .with_query_parameter("page", match.regex("1", regex=r"^\d+$"))
    .will_respond_with(200)
    .with_header("Content-Type", "application/json")
    .with_body({"users": match.each_like({"id": match.int(7), "name": match.str("bob")}, min=1)})
)

with pact.serve(raises=False) as server:
    requests.get(f"{server.url}/users/123", headers={"Accept": "application/json"}, timeout=10)
    requests.get(f"{server.url}/users", params={"page": "1"}, timeout=10)
pact.write_file(out, overwrite=True)
