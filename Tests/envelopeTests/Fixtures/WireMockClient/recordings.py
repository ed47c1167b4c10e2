"""Records through a server's /__admin/recordings API (python requests; the PyPI `wiremock`
client has no recordings resource) and reads the result back with the `wiremock` client,
printing one line per check. Run against envelope serve and WireMock's jar alike: the
arguments are the server's URL and the upstream's (nginx)."""
import json
import sys

import requests
from wiremock.constants import Config
from wiremock.resources.mappings.resource import Mappings

base, upstream = sys.argv[1], sys.argv[2]
Config.base_url = base + "/__admin"
admin = base + "/__admin/recordings"
auth = {"Authorization": "Bearer s3cret-token"}


def shape(mapping):
    """What both servers must agree on for a recorded mapping."""
    request = mapping["request"]
    path = (request.get("url") or request.get("urlPath")).split("?")[0]
    return [request["method"], path, mapping["response"]["status"], mapping.get("scenarioName"),
            mapping.get("requiredScenarioState"), mapping.get("newScenarioState"),
            request.get("bodyPatterns"), sorted(request.get("headers", {}))]


print("status", requests.get(admin + "/status").json()["status"])
spec = {"targetBaseUrl": upstream, "repeatsAsScenarios": True, "captureHeaders": {"Authorization": {}}}
print("start", requests.post(admin + "/start", json=spec).status_code)
print("status", requests.get(admin + "/status").json()["status"])
for key in ["a1", "b2"]:
    requests.get(base + "/echo?key=1", headers={**auth, "X-Api-Key": key})
requests.get(base + "/v1/search/news.json?query=swift", headers=auth)
requests.post(base + "/echo", json={"x": 1, "list": [1, 2]}, headers=auth)
stopped = requests.post(admin + "/stop")
mappings = stopped.json()["mappings"]
print("stop", stopped.status_code, len(mappings))
for mapping in mappings:
    print("mapping", json.dumps(shape(mapping)))
print("status", requests.get(admin + "/status").json()["status"])
print("stop again", requests.post(admin + "/stop").status_code)

# The recorded stubs answer now, through the wiremock client's models too.
recorded = [m for m in Mappings.retrieve_all_mappings().mappings if m.scenario_name]
print("client scenario", sorted((m.required_scenario_state, m.new_scenario_state) for m in recorded))
print("replay", [requests.get(base + "/echo?key=1", headers={**auth, "X-Api-Key": "zz"}).json()["echo"] for _ in range(3)])
print("no auth", requests.get(base + "/echo?key=1").status_code)

snapshot = requests.post(admin + "/snapshot", json={"persist": False, "filters": {"urlPath": "/v1/search/news.json"}})
print("snapshot", snapshot.status_code, [shape(m)[:3] for m in snapshot.json()["mappings"]])
