import Foundation

/// One request the server answered, as kept in the ``RequestJournal``.
public struct JournalEntry: Sendable {
    /// A sequence number, unique for the server's life.
    public var sequence: UInt64
    /// The request as received.
    public var request: MockRequest
    /// Seconds since 1970 when it was answered.
    public var loggedAt: Double
    /// The status sent (404 for unmatched requests; 0 for a fault).
    public var status: Int
    /// The stub that answered, nil when none matched.
    public var stubIdentifier: String?
    /// The upstream's answer as received, when the request was forwarded and the upstream
    /// answered it (what `/__admin/recordings/snapshot` turns into mappings).
    public var proxied: UpstreamResponse?

    /// Whether a stub answered.
    public var wasMatched: Bool { stubIdentifier != nil }

    /// A UUID-shaped id made from the sequence number (WireMock's journal ids are UUIDs).
    public var id: String {
        let hex = String(sequence, radix: 16)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    }
}
