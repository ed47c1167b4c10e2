/// Hop-by-hop header fields (RFC 9110 §7.6.1): they describe one connection, not the message,
/// so a proxy passes on neither those of the request nor those of the answer. Allocation-free:
/// this runs for every header of every forwarded request and answer.
extension MockHeader {
    /// The names, compared without case; any `Proxy-*` too.
    static let hopByHopNames = ["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade"]

    /// Bit `n` is set when a name in ``hopByHopNames`` has `n` bytes: most header names have
    /// another length and need no comparison at all.
    private static let hopByHopLengths: UInt64 = hopByHopNames.reduce(0) { $0 | 1 << UInt64($1.utf8.count) }

    /// Whether this header is hop-by-hop: one of ``hopByHopNames``, any `Proxy-*`, or one that
    /// `connectionOptions` (``connectionOptions(of:)`` of its message) names.
    package func isHopByHop(connectionOptions: [Substring]) -> Bool {
        let length = name.utf8.count
        if length < 64, Self.hopByHopLengths & (1 << UInt64(length)) != 0,
           Self.hopByHopNames.contains(where: { asciiCaseInsensitiveEquals(name, $0) }) {
            return true
        }
        if asciiCaseInsensitiveHasPrefix(name, "proxy-") { return true }
        return connectionOptions.contains { asciiCaseInsensitiveEquals($0, name) }
    }

    /// The tokens of every `Connection` header in `headers`, less `keep-alive` (hop-by-hop
    /// already, and what is usually sent: then the list stays empty). Read as bytes: every
    /// delimiter is ASCII.
    package static func connectionOptions(of headers: [MockHeader]) -> [Substring] {
        var options: [Substring] = []
        for header in headers where header.hasName("Connection") {
            let value = header.value
            var start = value.utf8.startIndex
            while start < value.utf8.endIndex {
                let end = value.utf8[start...].firstIndex(of: UInt8(ascii: ",")) ?? value.utf8.endIndex
                let option = value[start..<end].trimmingOWS()
                if !option.isEmpty, !asciiCaseInsensitiveEquals(option, "keep-alive") { options.append(option) }
                start = end < value.utf8.endIndex ? value.utf8.index(after: end) : end
            }
        }
        return options
    }
}
