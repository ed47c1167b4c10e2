"""A large answer, a client that reads it slowly through a proxy, and a second client.

Serves GET /big (64 MB of pseudo-random bytes with Content-Length) and GET /small on a free
loopback port and prints "upstream PORT". Then reads one line, "URL PID", of the proxy in
front of it (envelope proxy, or envelope serve with a proxyBaseUrl stub) and:

1. asks the proxy for /small (warming it up) and notes the proxy's resident memory;
2. asks for /big on a socket with a small receive buffer and reads it 4 KB at a time, each
   read after a whole /small exchange of a second client on its own connection, noting the
   proxy's resident memory as it goes;
3. reads the rest of /big at full speed.

It prints one line of JSON: the resident memory before and at its peak during the slow reads
(kB), the bytes read slowly, the /small answers the second client got, and whether /big
arrived whole (length and SHA-256). Nothing is timed: the slow reads are paced by the second
client's exchanges. It ends when its standard input closes.
"""
import hashlib
import http.client
import json
import random
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BIG = random.Random(22).randbytes(1 << 20) * 64
BIG_SHA = hashlib.sha256(BIG).hexdigest()
SLOW_READS = 512


class Upstream(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        body = BIG if self.path == "/big" else b'{"small": true}'
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream" if self.path == "/big" else "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        view = memoryview(body)
        for start in range(0, len(body), 1 << 16):
            self.wfile.write(view[start:start + (1 << 16)])

    def log_message(self, *args):
        pass


def resident_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def small(connection):
    connection.request("GET", "/small")
    answer = connection.getresponse()
    return answer.status == 200 and answer.read() == b'{"small": true}'


def read_head(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            raise SystemExit("the proxy closed the connection before the head of /big")
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":", 1)[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:"))
    return length, rest


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Upstream)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print("upstream", server.server_address[1], flush=True)
    url, pid = sys.stdin.readline().split()
    host, port = url.removeprefix("http://").split(":")

    other = http.client.HTTPConnection(host, int(port))
    answered = int(small(other))
    before = resident_kb(pid)
    slow = socket.socket()
    slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16 * 1024)
    slow.connect((host, int(port)))
    slow.sendall(b"GET /big HTTP/1.1\r\nHost: " + host.encode() + b"\r\n\r\n")
    length, body = read_head(slow)
    received = [body]
    count = len(body)
    peak = before
    for _ in range(SLOW_READS):
        answered += int(small(other))
        chunk = slow.recv(4096)
        if not chunk:
            break
        received.append(chunk)
        count += len(chunk)
        peak = max(peak, resident_kb(pid))
    slowly = count
    while count < length:
        chunk = slow.recv(1 << 20)
        if not chunk:
            break
        received.append(chunk)
        count += len(chunk)
    whole = b"".join(received)
    print(json.dumps({"before": before, "peak": peak, "slowly": slowly, "answered": answered, "length": len(whole),
                      "expectedLength": len(BIG), "intact": hashlib.sha256(whole).hexdigest() == BIG_SHA}), flush=True)
    sys.stdin.read()


main()
