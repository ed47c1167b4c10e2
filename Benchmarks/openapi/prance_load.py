"""Loads and resolves an OpenAPI document with prance's ResolvingParser, as the peer of
`envelope import openapi`; prints the seconds it took. Recursive schemas (DigitalOcean's
apiTraceSpan/apiWorkflowSpan) stop prance unless a recursion_limit_handler is given, so one
that leaves the recursive reference in place is.

    python3 prance_load.py SPEC
"""
import sys
import time

from prance import ResolvingParser


def keep_reference(limit, ref_url, recursions):
    # What prance does at its recursion limit: leave the $ref unresolved rather than stop.
    return {"$ref": ref_url.fragment and "#" + ref_url.fragment or str(ref_url)}


def main():
    spec = sys.argv[1]
    start = time.perf_counter()
    parser = ResolvingParser(spec, backend="openapi-spec-validator", strict=False, lazy=True,
                             recursion_limit_handler=keep_reference)
    parser.parse()
    paths = parser.specification.get("paths", {})
    elapsed = time.perf_counter() - start
    print(f"{elapsed:.2f} s, {len(paths)} paths")


if __name__ == "__main__":
    main()
