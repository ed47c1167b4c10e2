"""A provider-state endpoint that records the calls it gets, one JSON body a line.

    python3 state_server.py LOG_FILE [STATUS]

Prints its port, then answers every POST with STATUS (200 unless given) after appending the
request's body to LOG_FILE. Stops when its standard input closes.
"""
import http.server
import sys
import threading

log_file = sys.argv[1]
status = int(sys.argv[2]) if len(sys.argv) > 2 else 200


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        with open(log_file, "a", encoding="utf-8") as log:
            log.write(f"{self.path} {self.headers.get('Content-Type')} {body.decode()}\n")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *arguments):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
server.shutdown()
