"""Pact's own verifier (pact-python's v3 API, on Pact's Rust core) run against a provider.

    python3 pact_verify.py PACT_FILE BASE_URL PROVIDER [STATE_CHANGE_URL]

Exit 0 when every interaction passes, 1 with Pact's report when one fails.
"""
import sys
from urllib.parse import urlparse

from pact import Verifier

pact_file, base_url, provider = sys.argv[1:4]
state_url = sys.argv[4] if len(sys.argv) > 4 else None
host = urlparse(base_url).hostname
verifier = Verifier(provider, host=host).add_transport(url=base_url).add_source(pact_file)
if state_url:
    verifier.state_handler(state_url, teardown=True, body=True)
try:
    verifier.verify()
except Exception as error:  # the verifier raises when an interaction fails
    print(verifier.output(strip_ansi=True))
    print(f"pact verification failed: {error}")
    sys.exit(1)
print(verifier.output(strip_ansi=True))
print("pact verification passed")
