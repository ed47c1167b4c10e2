"""The reference verdicts for OpenAPIReferenceTests: openapi-core (PyPI `openapi-core`)
validates answers against the schemas of an OpenAPI document, as a response of an operation.

Usage: python3 reference_verdicts.py DOCUMENT.json < cases.json
cases.json is a list of {"schema": NAME, "answer": VALUE}; NAME is a schema of the document's
components. Prints a JSON list: for each case, true when openapi-core accepts the answer.
Each schema is given an operation of its own (GET /NAME, 200, application/json) that answers
with it, since openapi-core validates answers of operations.

Or: python3 reference_verdicts.py --loads DOCUMENT (JSON or YAML, its $refs to other files
followed) prints true when openapi-core loads the document, false when it refuses it.
"""
import json
import sys

from openapi_core import OpenAPI
from openapi_core.testing import MockRequest, MockResponse
from openapi_core.validation.response.exceptions import ResponseValidationError
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError


def loads(path):
    try:
        OpenAPI.from_file_path(path)
        return True
    except OpenAPIValidationError:
        return False


def main():
    if sys.argv[1] == "--loads":
        json.dump(loads(sys.argv[2]), sys.stdout)
        return
    with open(sys.argv[1], encoding="utf-8") as handle:
        document = json.load(handle)
    cases = json.load(sys.stdin)
    paths = {}
    for name in document["components"]["schemas"]:
        schema = {"$ref": "#/components/schemas/" + name}
        content = {"application/json": {"schema": schema}}
        paths["/" + name] = {"get": {"responses": {"200": {"description": "ok", "content": content}}}}
    document["paths"] = paths
    api = OpenAPI.from_dict(document)
    verdicts = []
    for case in cases:
        request = MockRequest("http://localhost", "get", "/" + case["schema"])
        response = MockResponse(json.dumps(case["answer"]).encode(), status_code=200, content_type="application/json")
        try:
            api.validate_response(request, response)
            verdicts.append(True)
        except ResponseValidationError:
            verdicts.append(False)
    json.dump(verdicts, sys.stdout)


main()
