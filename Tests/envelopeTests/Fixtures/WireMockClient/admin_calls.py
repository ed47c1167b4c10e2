"""Drives `envelope serve` with the PyPI `wiremock` client (and `requests` where the client
has no call), printing one line per check. The first argument is the server's URL."""
import sys
import time
import datetime

import requests
from wiremock.constants import Config
from wiremock.resources.mappings import Mapping, MappingRequest, MappingResponse
from wiremock.resources.mappings.resource import Mappings
from wiremock.resources.near_misses import NearMissMatchPatternRequest, NearMissMatchRequest
from wiremock.resources.near_misses.resource import NearMisses
from wiremock.resources.requests.resource import Requests
from wiremock.resources.settings import GlobalSetting
from wiremock.resources.settings.resource import GlobalSettings

base = sys.argv[1]
Config.base_url = base + "/__admin"

Mappings.create_mapping(Mapping(
    request=MappingRequest(method="GET", url_path="/team/a"),
    response=MappingResponse(status=200, body="a"),
    metadata={"team": "a", "tags": ["x"]},
))
Mappings.create_mapping(Mapping(
    request=MappingRequest(method="GET", url_path="/team/b"),
    response=MappingResponse(status=200, body="b"),
    metadata={"team": "b"},
))

requests.get(base + "/team/a")
time.sleep(0.05)
middle = datetime.datetime.now(datetime.timezone.utc).isoformat().replace("+00:00", "Z")
time.sleep(0.05)
requests.get(base + "/team/b")
requests.get(base + "/team/c")

# The client's calls share one default `parameters` dict (a Python mutable default), so a
# limit or since given once sticks to later calls: each call gets its own dict.
every = Requests.get_all_received_requests(parameters={})
print("all", every.meta.total, [r.request.url for r in every.requests])
print("limit", [r.request.url for r in Requests.get_all_received_requests(limit=1, parameters={}).requests])
print("since", [r.request.url for r in Requests.get_all_received_requests(since=middle, parameters={}).requests])

print("count", Requests.get_matching_request_count(NearMissMatchPatternRequest(url_path_pattern="/team/.*", method="GET")).count)
print("find", [r.url for r in Requests.get_matching_requests(NearMissMatchPatternRequest(url_path="/team/b", method="GET")).requests])

misses = NearMisses.find_nearest_misses_by_request(NearMissMatchRequest(url="/team/c", method="GET"))
# The client's NearMissMatch has no stubMapping field: read the stubs with requests.
raw = requests.post(base + "/__admin/near-misses/request", json={"url": "/team/c", "method": "GET"}).json()
print("near request", sorted(m["stubMapping"]["response"]["body"] for m in raw["nearMisses"]), misses.near_misses[0].match_result.distance > 0)
misses = NearMisses.find_nearest_misses_by_request_pattern(NearMissMatchPatternRequest(url_path="/team/d", method="GET"))
print("near pattern", len(misses.near_misses), [m.request.url for m in misses.near_misses])

found = requests.post(base + "/__admin/mappings/find-by-metadata", json={"matchesJsonPath": {"expression": "$.team", "equalTo": "a"}}).json()
print("find-by-metadata", found["meta"]["total"], [m["response"]["body"] for m in found["mappings"]])
Mappings.delete_mapping_by_metadata({"matchesJsonPath": {"expression": "$.team", "equalTo": "b"}})
print("after remove-by-metadata", requests.get(base + "/team/b").status_code, requests.get(base + "/team/a").text)

removed = requests.post(base + "/__admin/requests/remove", json={"urlPath": "/team/c"}).json()
print("remove", [e["request"]["url"] for e in removed["serveEvents"]], Requests.get_all_received_requests(parameters={}).meta.total)
print("bad since", requests.get(base + "/__admin/requests?since=yesterday").status_code)

GlobalSettings.update_global_settings(GlobalSetting(fixed_delay=300))
started = time.monotonic()
answer = requests.get(base + "/team/a")
print("global delay", answer.text, time.monotonic() - started >= 0.3, requests.get(base + "/__admin/settings").json())
settings = {"fixedDelay": 0, "delayDistribution": {"type": "uniform", "lower": 200, "upper": 201}}
print("settings", requests.post(base + "/__admin/settings", json=settings).status_code)
started = time.monotonic()
requests.get(base + "/team/a")
print("global distribution", time.monotonic() - started >= 0.2, requests.get(base + "/__admin/settings").json()["settings"]["delayDistribution"])
print("bad settings", requests.post(base + "/__admin/settings", json={"fixedDelay": "soon"}).status_code,
      requests.post(base + "/__admin/settings", json={"delay": 1}).json()["errors"][0]["title"].split(";")[0])

Mappings.persist_mappings()
print("saved")
