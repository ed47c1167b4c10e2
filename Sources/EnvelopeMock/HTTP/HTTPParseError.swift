/// Why a request could not be parsed, with the status the server answers before closing.
struct HTTPParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 400, 413, 414, 431, 501 or 505.
    var status: Int
    /// A short human-readable reason (sent as the plain-text body of the error answer).
    var reason: String

    init(status: Int, reason: String) {
        self.status = status
        self.reason = reason
    }

    var description: String { "\(status) \(HTTPStatus.reasonPhrase(status)): \(reason)" }
}
