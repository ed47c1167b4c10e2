"""The record spec's defaults and keys through a server's /__admin/recordings API: repeats
left to the default, outputFormat IDS, transformers, filters.ids, an ignored filter key and
the specs refused. Prints one line per check; run against envelope serve and WireMock's jar
alike with the server's URL and the upstream's (nginx)."""
import json
import sys

import requests

base, upstream = sys.argv[1], sys.argv[2]
admin = base + "/__admin/recordings"


def shape(mapping):
    """What both servers must agree on for a recorded mapping."""
    request, response = mapping["request"], mapping["response"]
    path = (request.get("url") or request.get("urlPath")).split("?")[0]
    return [request["method"], path, response["status"], mapping.get("scenarioName"), mapping.get("requiredScenarioState"),
            mapping.get("newScenarioState"), response.get("transformers"), response.get("transformerParameters")]


# repeatsAsScenarios left out: WireMock's default, repeats become a scenario.
print("start", requests.post(admin + "/start", json={"targetBaseUrl": upstream}).status_code)
for key in ["a", "b"]:
    requests.get(base + "/echo?key=1", headers={"X-Api-Key": key})
requests.get(base + "/v1/search/news.json?query=swift")
stopped = requests.post(admin + "/stop").json()
print("stop keys", sorted(stopped))
for mapping in stopped["mappings"]:
    print("default", json.dumps(shape(mapping)))

# outputFormat IDS answers the ids only; the spec's transformers name stub-mapping
# transformers, which neither server has: the mappings do not carry them.
spec = {"targetBaseUrl": upstream, "outputFormat": "IDS", "repeatsAsScenarios": False,
        "transformers": ["response-template"], "transformerParameters": {"team": "core"}}
print("start", requests.post(admin + "/start", json=spec).status_code)
for key in ["c", "d"]:
    requests.get(base + "/echo?key=2", headers={"X-Api-Key": key})
stopped = requests.post(admin + "/stop")
ids = stopped.json()["ids"]
print("stop", stopped.status_code, sorted(stopped.json()), len(ids))
for stub_id in ids:
    found = requests.get(base + "/__admin/mappings/" + stub_id)
    print("by id", found.status_code, json.dumps(shape(found.json())))

# filters.ids: only those journal entries are recorded; ids in any case; other keys ignored.
events = requests.get(base + "/__admin/requests").json()["requests"]
wanted = [event["id"] for event in events if event["request"]["url"] == "/v1/search/news.json?query=swift"]
print("journal", len(events), len(wanted))
snapshot = requests.post(admin + "/snapshot", json={"persist": False, "filters": {"ids": wanted}})
print("snapshot ids", snapshot.status_code, [shape(m)[:3] for m in snapshot.json()["mappings"]])
upper = requests.post(admin + "/snapshot", json={"persist": False, "outputFormat": "ids",
                                                 "filters": {"ids": [w.upper() for w in wanted], "notAFilter": 1}})
print("snapshot upper", upper.status_code, sorted(upper.json()), len(upper.json()["ids"]))
for filters in [{"ids": []}, {"method": "POST"}, {"ids": wanted, "urlPath": "/echo"}, {"ids": None}]:
    answer = requests.post(admin + "/snapshot", json={"persist": False, "repeatsAsScenarios": False, "filters": filters})
    print("snapshot", json.dumps(filters).replace(json.dumps(wanted), "[wanted]"), answer.status_code, len(answer.json()["mappings"]))

# What the spec refuses: a key it does not have, a format, ids that are not UUIDs, wrong types.
for bad in [{"bogusKey": 1}, {"captureAllHeaders": True}, {"outputFormat": "WHAT"}, {"filters": {"ids": ["not-a-uuid"]}},
            {"filters": {"ids": wanted[0]}}, {"transformers": "response-template"}, {"transformerParameters": [1]}]:
    refused = requests.post(admin + "/snapshot", json=bad)
    print("refused", json.dumps(bad).replace(wanted[0], "ID"), refused.status_code, [e["code"] for e in refused.json()["errors"]])
refused = requests.post(admin + "/start", json={"targetBaseUrl": upstream, "bogusKey": 1})
print("start refused", refused.status_code, requests.get(admin + "/status").json()["status"])
