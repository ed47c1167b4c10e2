import Testing
@testable import EnvelopeMock

@Suite("HTTP request parser")
struct HTTPRequestParserTests {
    let parser = HTTPRequestParser()

    func parse(_ text: String) -> HTTPParseResult { parser.parse(Array(text.utf8)) }

    func status(_ text: String) -> Int? {
        if case .failure(let error) = parse(text) { return error.status }
        return nil
    }

    @Test("parses the request line, headers and a Content-Length body")
    func basic() throws {
        let text = "POST /a?b=1 HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nX-A:  spaced value \t\r\n\r\nhelloGET"
        guard case .complete(let request, let consumed) = parse(text) else {
            Issue.record("not complete")
            return
        }
        #expect(request.method == "POST")
        #expect(request.target == "/a?b=1")
        #expect(request.versionMinor == 1)
        #expect(request.headerValue("x-a") == "spaced value")
        #expect(request.body == Array("hello".utf8))
        #expect(request.keepAlive)
        #expect(consumed == text.utf8.count - 3)
    }

    @Test("reports incomplete heads and bodies without consuming")
    func incomplete() {
        if case .incomplete = parse("GET / HTTP/1.1\r\nHost: x\r\n") {} else { Issue.record("head") }
        if case .awaitingBody(let expects) = parse("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\nhe") {
            #expect(expects)
        } else {
            Issue.record("body")
        }
    }

    @Test("keep-alive follows the version and the Connection header")
    func keepAlive() {
        func keepAlive(_ text: String) -> Bool? {
            if case .complete(let request, _) = parse(text) { return request.keepAlive }
            return nil
        }
        #expect(keepAlive("GET / HTTP/1.1\r\nHost: x\r\n\r\n") == true)
        #expect(keepAlive("GET / HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\n") == false)
        #expect(keepAlive("GET / HTTP/1.0\r\n\r\n") == false)
        #expect(keepAlive("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n") == true)
    }

    @Test("decodes chunked bodies")
    func chunked() {
        let text = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: t\r\n\r\n"
        guard case .complete(let request, let consumed) = parse(text) else {
            Issue.record("not complete")
            return
        }
        #expect(request.body == Array("hello world".utf8))
        #expect(consumed == text.utf8.count)
        let cut = String(text.dropLast(3))
        if case .awaitingBody = parse(cut) {} else { Issue.record("cut chunked body should await more") }
    }

    @Test("rejects malformed requests with 400 and the right status for limits")
    func malformed() {
        #expect(status("GET /\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\n\r\n") == 400)  // no Host
        #expect(status("G(T / HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost : x\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n") == 400)
        #expect(status("GET / HTTP/2.0\r\nHost: x\r\n\r\n") == 505)
        #expect(status("GET / HTTP/1.1\r\nHost: x\r\nX: a\u{1}b\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "a", count: 17_000)) == 431)
        #expect(status("GET /" + String(repeating: "a", count: 17_000)) == 414)
        #expect(status("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999999\r\n\r\n") == 413)
    }

    @Test("a Host whose port is not a number up to 65535 is a 400, in HTTP/1.0 too; other Host forms pass")
    func hostPorts() {
        for host in ["x:abc", "x:80a", "x:65536", "x:-1", "[::1]:b", "x:123456"] {
            #expect(status("GET / HTTP/1.0\r\nHost: \(host)\r\n\r\n") == 400, "\(host)")
            #expect(status("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n") == 400, "\(host)")
        }
        for host in ["x", "x:8080", "x:", "[::1]", "[::1]:65535", "127.0.0.1:1"] {
            if case .complete = parse("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n") {} else { Issue.record("\(host) should parse") }
        }
    }

    @Test("never traps on arbitrary bytes")
    func randomBytes() {
        let seed: UInt64 = 0x5EED_0F_B17E5
        var generator = SplitMix64(seed: seed)
        let alphabet = Array("GET /HTP1.\r\n: \tHost-Content-Length0123456789abchunked;".utf8) + [0, 0x7F, 0xFF]
        for round in 0..<5_000 {
            let count = Int.random(in: 0...200, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            switch parser.parse(bytes) {
            case .complete(_, let consumed): #expect(consumed > 0 && consumed <= bytes.count, "seed \(seed), round \(round)")
            default: break
            }
        }
    }
}

@Suite("Answer heads and header names")
struct AnswerHeadTests {
    @Test("a prepared answer's head has the status line, the stub's headers in order without framing ones, and the length")
    func preparedHead() {
        let response = PreparedResponse(status: 201, reason: "Made", headers: [
            MockHeader(name: "Content-Type", value: "application/json; charset=utf-8"),
            MockHeader(name: "content-length", value: "999"),
            MockHeader(name: "X-Menu", value: "학사"),
            MockHeader(name: "TRANSFER-ENCODING", value: "chunked"),
            MockHeader(name: "Connection", value: "close"),
            MockHeader(name: "keep-alive", value: "timeout=5"),
        ], body: Array("{}".utf8))
        #expect(String(decoding: response.head, as: UTF8.self)
            == "HTTP/1.1 201 Made\r\nContent-Type: application/json; charset=utf-8\r\nX-Menu: 학사\r\nContent-Length: 2\r\n")
        let empty = PreparedResponse(status: 204, headers: [], body: Array("x".utf8))
        #expect(String(decoding: empty.head, as: UTF8.self) == "HTTP/1.1 204 No Content\r\n")
        #expect(empty.body.isEmpty)
    }

    @Test("header names compare without regard to ASCII case, and only ASCII case")
    func caseInsensitiveNames() {
        #expect(asciiCaseInsensitiveEquals("Content-Length", "content-LENGTH"))
        #expect(asciiCaseInsensitiveEquals("", ""))
        #expect(!asciiCaseInsensitiveEquals("Content-Length", "Content-Lengths"))
        #expect(!asciiCaseInsensitiveEquals("X-A", "X-B"))
        #expect(!asciiCaseInsensitiveEquals("é", "É"))
        #expect(asciiCaseInsensitiveEquals("x-a-header-name-longer-than-fifteen", "X-A-HEADER-NAME-LONGER-THAN-FIFTEEN"))
        let copied = String("__Content-Type".dropFirst(2))
        #expect(asciiCaseInsensitiveEquals(copied, "content-type"))
    }
}
