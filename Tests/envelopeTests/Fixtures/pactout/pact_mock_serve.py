"""Pact's own mock server (pact_ffi, Pact's Rust core, as pact-python ships it) serving a pact file.

    python3 pact_mock_serve.py PACT_FILE

First Pact's model reader parses the whole file (pactffi_parse_pact_json). pact_ffi has no call
that starts a mock server from a file, so the pact is then built through its handle API from the
file's parts as written (each request, each response's status, headers, body and matching rules,
unchanged); the mock server is started on a free port, every interaction's request is sent with
python requests, and each answer must have the file's status and body. Exit 0 when Pact's mock
server matched every request and every answer is the file's.
"""
import json
import sys

import pact_ffi
import requests
from pact_ffi.ffi import ffi, lib

REQUEST, RESPONSE = pact_ffi.InteractionPart.REQUEST, pact_ffi.InteractionPart.RESPONSE

path = sys.argv[1]
text = open(path, encoding="utf-8").read()
model = lib.pactffi_parse_pact_json(text.encode("utf-8"))
if model == ffi.NULL:
    print("Pact's model reader refused the file")
    sys.exit(1)
lib.pactffi_pact_model_delete(model)
document = json.loads(text)
version = document["metadata"]["pactSpecification"]["version"]
v4 = version.startswith("4")


def body_of(part):
    body = part.get("body")
    if v4 and isinstance(body, dict):
        return body.get("content"), body.get("contentType")
    return body, None


def headers_of(part):
    for name, value in (part.get("headers") or {}).items():
        for index, single in enumerate(value if isinstance(value, list) else [value]):
            yield name, index, single


handle = pact_ffi.new_pact(document["consumer"]["name"], document["provider"]["name"])
pact_ffi.with_specification(handle, pact_ffi.PactSpecification.V4 if v4 else pact_ffi.PactSpecification.V3)
for interaction in document["interactions"]:
    item = pact_ffi.new_interaction(handle, interaction["description"])
    for state in interaction.get("providerStates", []):
        pact_ffi.given(item, state["name"])
    request, response = interaction["request"], interaction["response"]
    pact_ffi.with_request(item, request["method"], request["path"])
    for name, values in (request.get("query") or {}).items():
        for index, value in enumerate(values):
            pact_ffi.with_query_parameter_v2(item, name, index, value)
    for name, index, value in headers_of(request):
        pact_ffi.with_header_v2(item, REQUEST, name, index, value)
    content, content_type = body_of(request)
    if content is not None:
        pact_ffi.with_body(item, REQUEST, content_type or "application/json", json.dumps(content))
    pact_ffi.response_status(item, response["status"])
    for name, index, value in headers_of(response):
        pact_ffi.with_header_v2(item, RESPONSE, name, index, value)
    content, content_type = body_of(response)
    if content is not None:
        pact_ffi.with_body(item, RESPONSE, content_type or "application/json", json.dumps(content))
    if "matchingRules" in response:
        pact_ffi.with_matching_rules(item, RESPONSE, json.dumps(response["matchingRules"]))

server = pact_ffi.create_mock_server_for_transport(handle, "127.0.0.1", 0, "http", None)
base = f"http://127.0.0.1:{server.port}"
failures = []
for interaction in document["interactions"]:
    request, response = interaction["request"], interaction["response"]
    headers = {name: value for name, _, value in headers_of(request)}
    content, _ = body_of(request)
    params = [(name, value) for name, values in (request.get("query") or {}).items() for value in values]
    answer = requests.request(request["method"], base + request["path"], params=params, headers=headers,
                              data=None if content is None else json.dumps(content))
    expected, _ = body_of(response)
    got = answer.json() if expected is not None else None
    if answer.status_code != response["status"] or got != expected:
        failures.append(f"{interaction['description']}: {answer.status_code} {answer.text[:200]}")
    print(f"{interaction['description']}: {answer.status_code} from Pact's mock server")
matched = pact_ffi.mock_server_matched(server)
if not matched:
    failures.append("mismatches: " + json.dumps(pact_ffi.mock_server_mismatches(server)))
for failure in failures:
    print(failure)
print("served by Pact's mock server" if not failures else "Pact's mock server did not serve the file")
sys.exit(1 if failures else 0)
