import Testing
@testable import EnvelopeMock

/// MockRequest finds the target's delimiters by UTF-8 byte. It must split every target as a
/// search by code point does (the delimiters are ASCII, which in UTF-8 is always a whole code
/// point): checked against that search, written out here as the reference.
@Suite("Request targets split by byte")
struct MockRequestSplittingTests {
    static let targets = [
        "/items/0", "/a?b=1&c", "/?\u{301}a=1", "/\u{301}?x=\u{301}", "http://h/x?y=1#f", "https://h?q=1", "http://h",
        "http://h#f", "http://h:80/p?z", "/p%20q?a+b=c%26d", "/a#b?c", "?x", "", "*", "/é?ü=ß&&x=", "/a?=v",
        "/a?&&", "/a?x=1&x=2", "/a?x==1", "http:/x", "https://", "/a?b#", "/😀/é?😀=1#😀", "HTTP://h/x",
    ]

    @Test("every target splits into the url, path, decoded path and query a code-point search gives")
    func matchesTheCodePointSearch() {
        for target in Self.targets {
            let request = MockRequest(method: "GET", target: target)
            let expected = Self.reference(target)
            #expect(request.url == expected.url, "\(target.debugDescription)")
            #expect(request.path == expected.path, "\(target.debugDescription)")
            #expect(request.decodedPath == expected.decodedPath, "\(target.debugDescription)")
            #expect(request.queryParameters.map { [$0.name, $0.value] } == expected.query.map { [$0.name, $0.value] }, "\(target.debugDescription)")
        }
    }

    /// The split as it was written over code points (session 5), kept as the reference.
    static func reference(_ target: String) -> (url: String, path: String, decodedPath: String, query: [(name: String, value: String)]) {
        var url = Substring(target).unicodeScalars
        if url.starts(with: "http://".unicodeScalars) || url.starts(with: "https://".unicodeScalars) {
            let schemeEnd = url.firstIndex(of: ":") ?? url.startIndex
            let afterScheme = url[(url.index(schemeEnd, offsetBy: 3, limitedBy: url.endIndex) ?? url.endIndex)...]
            if let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) {
                url = afterScheme[slash...]
                if url.first == "?" { url = Substring("/" + Substring(url)).unicodeScalars }
            } else {
                url = Substring("/").unicodeScalars
            }
        }
        if let hash = url.firstIndex(of: "#") { url = url[..<hash] }
        let pathPart: Substring
        var query: [(name: String, value: String)] = []
        if let question = url.firstIndex(of: "?") {
            pathPart = Substring(url[..<question])
            for pair in url[url.index(after: question)...].split(separator: "&", omittingEmptySubsequences: true) {
                if let equals = pair.firstIndex(of: "=") {
                    query.append((percentDecoded(Substring(pair[..<equals]), plusIsSpace: true),
                                  percentDecoded(Substring(pair[pair.index(after: equals)...]), plusIsSpace: true)))
                } else {
                    query.append((percentDecoded(Substring(pair), plusIsSpace: true), ""))
                }
            }
        } else {
            pathPart = Substring(url)
        }
        let decoded = pathPart.utf8.contains(UInt8(ascii: "%")) ? percentDecoded(pathPart, plusIsSpace: false) : String(pathPart)
        return (String(Substring(url)), String(pathPart), decoded, query)
    }
}
