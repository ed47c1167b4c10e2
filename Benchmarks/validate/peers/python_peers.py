#!/usr/bin/env python3
"""Times a Python JSON Schema validator on one file: json.loads + validate, in process.

usage: python_peers.py jsonschema-rs|fastjsonschema SCHEMA FILE RUNS

Prints one JSON line: {"tool": ..., "times": [seconds per run], "valid": bool}.
The file is read once (not timed); each run parses the bytes with the standard library's
json.loads and validates the result, timed with time.perf_counter.
"""
import json
import sys
import time


def main():
    tool, schema_path, file_path, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    with open(schema_path, "rb") as f:
        schema = json.loads(f.read())
    if tool == "jsonschema-rs":
        import jsonschema_rs
        validator = jsonschema_rs.validator_for(schema)
        check = validator.is_valid
    elif tool == "fastjsonschema":
        import fastjsonschema
        # fastjsonschema knows drafts 4 to 2019-09; every keyword of this schema means the
        # same there, and $ref "#/$defs/..." resolves as a JSON pointer.
        schema = dict(schema)
        schema["$schema"] = "https://json-schema.org/draft/2019-09/schema"
        compiled = fastjsonschema.compile(schema)

        def check(instance):
            try:
                compiled(instance)
                return True
            except fastjsonschema.JsonSchemaException:
                return False
    else:
        sys.exit("unknown tool " + tool)
    with open(file_path, "rb") as f:
        data = f.read()
    times = []
    valid = True
    for _ in range(runs):
        start = time.perf_counter()
        instance = json.loads(data)
        ok = check(instance)
        times.append(time.perf_counter() - start)
        valid = valid and ok
        del instance
    print(json.dumps({"tool": tool, "times": times, "valid": valid}))


if __name__ == "__main__":
    main()
