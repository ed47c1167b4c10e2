#!/usr/bin/env python3
"""The OpenAPI document written out as JSON, file for file, with imported contracts pointing
at it, for the row "check of imported contracts runs as fast as of hand-written ones" (issue
23): checking these against the same mocks separates the cost of reading YAML (libyaml) from
the cost of the OpenAPI translation and of `$ref`s across files.

    python3 json_twin.py SPEC_DIR JSON_DIR IMPORTED_CONTRACTS OUT_CONTRACTS

Every .yaml/.yml file under SPEC_DIR is written to JSON_DIR at the same place, named .json,
its `$ref`s to YAML files renamed the same way; every contract of IMPORTED_CONTRACTS is
written to OUT_CONTRACTS with its `openapi` document and body `$ref` moved from SPEC_DIR to
JSON_DIR. The YAML is read by PyYAML, as handwritten.py reads it.
"""
import json
import os
import re
import sys

import yaml

YAML_FILE = re.compile(r"\.ya?ml(?=$|#)")


def renamed(reference):
    return YAML_FILE.sub(".json", reference, count=1)


def rewrite(value):
    if isinstance(value, dict):
        return {key: renamed(item) if key == "$ref" and isinstance(item, str) else rewrite(item) for key, item in value.items()}
    if isinstance(value, list):
        return [rewrite(item) for item in value]
    return value


def main(spec_dir, json_dir, contracts, out_contracts):
    for folder, _, files in os.walk(spec_dir):
        for name in files:
            if not name.endswith((".yaml", ".yml")):
                continue
            source = os.path.join(folder, name)
            target = os.path.join(json_dir, os.path.relpath(source, spec_dir))
            target = target[: target.rindex(".")] + ".json"
            if os.path.exists(target):
                sys.exit(f"{target} is there already: two documents would share one name")
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(source) as handle:
                document = rewrite(yaml.safe_load(handle))
            with open(target, "w") as handle:
                json.dump(document, handle, indent=1, default=str, ensure_ascii=False)
    spec_name, json_name = os.path.basename(spec_dir.rstrip("/")), os.path.basename(json_dir.rstrip("/"))
    os.makedirs(out_contracts, exist_ok=True)
    for name in sorted(os.listdir(contracts)):
        with open(os.path.join(contracts, name)) as handle:
            contract = json.load(handle)
        places = [(contract, "openapi")] + ([(contract["response"]["body"], "$ref")] if "body" in contract["response"] else [])
        for holder, key in places:
            holder[key] = renamed(holder[key].replace(f"../{spec_name}/", f"../{json_name}/", 1))
        with open(os.path.join(out_contracts, name), "w") as handle:
            json.dump(contract, handle, indent=2)


if __name__ == "__main__":
    main(*sys.argv[1:5])
