"""Loads and resolves an OpenAPI document with prance's ResolvingParser, as the peer of
`envelope import openapi`; prints the seconds it took. Only loading and resolving is timed:
the validation prance runs afterwards is switched off (openapi-spec-validator stops on
DigitalOcean's document anyway, at a $ref it cannot follow). Recursive schemas
(DigitalOcean's apiTraceSpan/apiWorkflowSpan) stop prance unless a recursion_limit_handler is
given: prance's own keep_ref_on_recursion leaves the recursive $ref in place.

    python3 prance_load.py SPEC
"""
import sys
import time

import prance
from prance.util.resolver import keep_ref_on_recursion


def main():
    spec = sys.argv[1]
    prance.BaseParser._validate_openapi_spec_validator = lambda self, version: None
    start = time.perf_counter()
    parser = prance.ResolvingParser(spec, backend="openapi-spec-validator", strict=False,
                                    recursion_limit_handler=keep_ref_on_recursion)
    elapsed = time.perf_counter() - start
    print(f"{elapsed:.2f} s, {len(parser.specification.get('paths', {}))} paths")


if __name__ == "__main__":
    main()
