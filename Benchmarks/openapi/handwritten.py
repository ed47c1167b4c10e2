#!/usr/bin/env python3
"""Hand-written twins of imported contracts, for the row "check of imported contracts runs as
fast as of hand-written ones" (issue 23).

    python3 handwritten.py IMPORTED_CONTRACTS OUT_DIR

Each contract of IMPORTED_CONTRACTS (written by `envelope import openapi`, its body a `$ref`
into the document) is written to OUT_DIR with the same request and status, its body the schema
inlined and written in JSON Schema 2020-12 as a person would (3.0's `nullable` as a type with
null, a boolean `exclusiveMinimum` as the number form, annotations dropped), without `openapi`.
Contracts whose schema is recursive or uses `discriminator` (which has no plain 2020-12
spelling) are left out, from both sets: the script prints the names it kept, one a line.
"""
import json
import os
import sys
from urllib.parse import unquote

import yaml

ANNOTATIONS = {"example", "xml", "externalDocs", "deprecated", "readOnly", "writeOnly", "description", "title"}
cache = {}


class Skip(Exception):
    pass


def load(path):
    if path not in cache:
        with open(path) as handle:
            cache[path] = yaml.safe_load(handle) if path.endswith((".yaml", ".yml")) else json.load(handle)
    return cache[path]


def resolve(reference, base):
    file, _, fragment = reference.partition("#")
    path = os.path.normpath(os.path.join(os.path.dirname(base), unquote(file))) if file else base
    node = load(path)
    for token in [t.replace("~1", "/").replace("~0", "~") for t in unquote(fragment).split("/")[1:]]:
        node = node[int(token)] if isinstance(node, list) else node[token]
    return node, path


def inline(schema, base, seen):
    if isinstance(schema, list):
        return [inline(item, base, seen) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        key = (base, schema["$ref"])
        if key in seen:
            raise Skip("recursive")
        target, path = resolve(schema["$ref"], base)
        out = inline(target, path, seen | {key})
        if schema.get("nullable") is True:
            out = {"anyOf": [out, {"type": "null"}]}
        return out
    if "discriminator" in schema:
        raise Skip("discriminator")
    out = {}
    for key, value in schema.items():
        if key in ANNOTATIONS or key.startswith("x-") or key == "nullable":
            continue
        if key in ("exclusiveMinimum", "exclusiveMaximum"):
            bound = "minimum" if key == "exclusiveMinimum" else "maximum"
            if value is True and bound in schema:
                out[key] = schema[bound]
            continue
        if key in ("properties", "patternProperties"):
            out[key] = {name: inline(sub, base, seen) for name, sub in value.items()}
        elif key in ("items", "additionalProperties", "not", "allOf", "anyOf", "oneOf"):
            out[key] = inline(value, base, seen)
        else:
            out[key] = value
    if "minimum" in out and "exclusiveMinimum" in out:
        del out["minimum"]
    if "maximum" in out and "exclusiveMaximum" in out:
        del out["maximum"]
    if schema.get("nullable") is True:
        if "type" in out and "enum" not in out:
            out["type"] = [out["type"], "null"] if isinstance(out["type"], str) else out["type"] + ["null"]
        else:
            out = {"anyOf": [out, {"type": "null"}]}
    return out


def main():
    source, target = sys.argv[1], sys.argv[2]
    os.makedirs(target, exist_ok=True)
    for name in sorted(os.listdir(source)):
        with open(os.path.join(source, name)) as handle:
            contract = json.load(handle)
        body = contract["response"].get("body")
        if body is not None:
            try:
                contract["response"]["body"] = inline(body, os.path.join(source, name), frozenset())
            except (Skip, RecursionError):
                continue
        contract.pop("openapi", None)
        with open(os.path.join(target, name), "w") as handle:
            json.dump(contract, handle, indent=2)
        print(name[:-5])


main()
