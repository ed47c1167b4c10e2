/// Why a request could not be parsed, with the status the server answers before closing.
public struct HTTPParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 400, 413, 414, 431, 501 or 505.
    public var status: Int
    /// A short human-readable reason (sent as the plain-text body of the error answer).
    public var reason: String

    public init(status: Int, reason: String) {
        self.status = status
        self.reason = reason
    }

    public var description: String { "\(status) \(HTTPStatus.reasonPhrase(status)): \(reason)" }
}
