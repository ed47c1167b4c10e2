"""Adds, replaces and imports stubs through a server's admin API and prints what each
answers, one line per check. Run against a server started with --global-response-templating
(envelope serve and WireMock's jar alike): every stub is a template, whichever way it came.
The argument is the server's URL."""
import sys

import requests

base = sys.argv[1]
admin = base + "/__admin/mappings"
stub_id = "5a0e8f0e-0000-4000-8000-000000000024"


def show(label, response):
    print(label, response.status_code, repr(response.text), response.headers.get("X-Echo"))


created = requests.post(admin, json={
    "id": stub_id, "request": {"urlPath": "/posted"},
    "response": {"body": "path {{request.path}} q {{request.query.a}}", "headers": {"X-Echo": "{{request.method}}"}}})
print("post", created.status_code)
show("posted", requests.get(base + "/posted?a=5"))

replaced = requests.put(admin + "/" + stub_id, json={
    "request": {"urlPath": "/posted"}, "response": {"jsonBody": {"method": "{{request.method}}", "n": 1}}})
print("put", replaced.status_code)
# WireMock sends jsonBody compacted, Envelope as written: the JSON is compared, not its text.
answer = requests.get(base + "/posted")
print("replaced", answer.status_code, answer.json())

imported = requests.post(admin + "/import", json={"mappings": [
    {"request": {"urlPath": "/imported"}, "response": {"body": "{{upper request.query.who}} {{size request.pathSegments}}"}}]})
print("import", imported.status_code)
show("imported", requests.get(base + "/imported?who=ana"))

# The stubs are listed as they were written: global templating adds no transformers.
listed = requests.get(admin).json()["mappings"]
print("listed", sorted(m["request"]["urlPath"] for m in listed), [m["response"].get("transformers") for m in listed])
