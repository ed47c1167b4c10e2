"""An upstream that misbehaves on purpose, for envelope proxy's tests.

Listens on 127.0.0.1 on a free port and prints "PORT <n>" once it accepts connections.
Exits when its standard input closes (the test process is gone). By path:

  /hang      reads the request and never answers
  /reset     reads the request and resets the connection (RST)
  /garbage   answers bytes that are not HTTP, then closes
  /echo      answers 200 with a JSON body naming the request's method, headers and body
  /reason    answers "HTTP/1.1 200 Fine Thanks" with hop-by-hop headers a proxy must drop
  /chunked   answers a chunked body in three chunks
  /large     answers LARGE (a JSON array of about 50 MB) with Content-Length, in 1 MB writes
  /large-chunked   the same body chunked, 1 MB a chunk, without Content-Length
  /large-cut       announces LARGE's length, sends its first 8 MB and resets the connection
  anything else: 404
"""
import json
import socket
import struct
import sys
import threading


def read_request(conn):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, target, _ = lines[0].split(" ", 2)
    headers = [tuple(part.strip() for part in line.split(":", 1)) for line in lines[1:] if ":" in line]
    length = next((int(value) for name, value in headers if name.lower() == "content-length"), 0)
    while len(rest) < length:
        chunk = conn.recv(65536)
        if not chunk:
            break
        rest += chunk
    return method, target, headers, rest[:length]


_large = []


def large():
    """LARGE: made on first use, so the other tests do not wait for it."""
    if not _large:
        _large.append(("[" + ",".join('{"n": %d, "name": "item %d"}' % (n, n) for n in range(1_330_000)) + "]").encode())
    return _large[0]


def answer(conn, status_line, headers, body):
    head = status_line + "\r\n" + "".join(f"{name}: {value}\r\n" for name, value in headers) + "\r\n"
    conn.sendall(head.encode("latin-1") + body)


def serve(conn):
    try:
        while True:
            request = read_request(conn)
            if request is None:
                return
            method, target, headers, body = request
            path = target.split("?", 1)[0]
            LARGE = large() if path.startswith("/large") else b""
            if path == "/hang":
                threading.Event().wait()
            elif path == "/reset":
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                conn.close()
                return
            elif path == "/garbage":
                conn.sendall(b"\x00\x01 this is not HTTP \xff\xfe\r\n\r\n")
                conn.close()
                return
            elif path == "/echo":
                echoed = json.dumps({"method": method, "target": target, "headers": [[n, v] for n, v in headers],
                                     "body": body.decode("utf-8", "replace")}).encode()
                answer(conn, "HTTP/1.1 200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(echoed)))], echoed)
            elif path == "/reason":
                text = b'{"fine": true}'
                answer(conn, "HTTP/1.1 200 Fine Thanks",
                       [("Content-Type", "application/json"), ("Connection", "keep-alive, X-Hop"), ("X-Hop", "dropped"),
                        ("Keep-Alive", "timeout=5"), ("Proxy-Authenticate", "Basic"), ("X-Second", "b"), ("X-First", "a"),
                        ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2"), ("Content-Length", str(len(text)))], text)
            elif path == "/chunked":
                answer(conn, "HTTP/1.1 200 OK", [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")],
                       b'5\r\n{"a":\r\n3\r\n [1\r\n2\r\n]}\r\n0\r\n\r\n')
            elif path == "/large":
                answer(conn, "HTTP/1.1 200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(LARGE)))], b"")
                for start in range(0, len(LARGE), 1 << 20):
                    conn.sendall(LARGE[start:start + (1 << 20)])
            elif path == "/large-chunked":
                answer(conn, "HTTP/1.1 200 OK", [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")], b"")
                for start in range(0, len(LARGE), 1 << 20):
                    piece = LARGE[start:start + (1 << 20)]
                    conn.sendall(b"%x\r\n" % len(piece) + piece + b"\r\n")
                conn.sendall(b"0\r\n\r\n")
            elif path == "/large-cut":
                answer(conn, "HTTP/1.1 200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(LARGE)))],
                       LARGE[:8 << 20])
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                conn.close()
                return
            else:
                answer(conn, "HTTP/1.1 404 Not Found", [("Content-Type", "text/plain"), ("Content-Length", "10")], b"not found\n")
    except OSError:
        pass
    finally:
        try:
            conn.close()
        except OSError:
            pass


def main():
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    print("PORT", listener.getsockname()[1], flush=True)

    def accept():
        while True:
            conn, _ = listener.accept()
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    sys.stdin.read()


main()
