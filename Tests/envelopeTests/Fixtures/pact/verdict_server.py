"""A provider for the verdict cases (verdicts.json): writes their pact and serves their answers.

    python3 verdict_server.py CASES_FILE PACT_FILE

Each case becomes the interaction "case N: NAME" (a GET of /case/N whose pact answer is the
case's `expected` body with its `rules` as body matching rules); the server answers that path
with the case's `actual` body. Prints its port, then serves until its standard input closes.
"""
import http.server
import json
import sys
import threading

cases_file, pact_file = sys.argv[1:3]
with open(cases_file, encoding="utf-8") as file:
    cases = json.load(file)

interactions = []
for index, case in enumerate(cases):
    response = {"status": 200, "headers": {"Content-Type": "application/json"}, "body": case["expected"]}
    if "rules" in case:
        response["matchingRules"] = {"body": case["rules"]}
    interactions.append({
        "description": f"case {index}: {case['name']}",
        "request": {"method": "GET", "path": f"/case/{index}"},
        "response": response,
    })
with open(pact_file, "w", encoding="utf-8") as file:
    json.dump({
        "consumer": {"name": "app"},
        "provider": {"name": "api"},
        "interactions": interactions,
        "metadata": {"pactSpecification": {"version": "3.0.0"}},
    }, file, indent=1)


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        index = int(self.path.rsplit("/", 1)[-1])
        body = json.dumps(cases[index]["actual"]).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
server.shutdown()
