/// What a contract requires of the answer.
public struct ResponseExpectation: Sendable {
    /// The status code, if the contract names one.
    public var status: Int?
    /// Header rules, in order.
    public var headers: [HeaderExpectation]
    /// The body schema's index in ``Contract/schema``, if the contract has one.
    public var body: Int?
    /// The latency budget in seconds (`"slow": 800` is written in milliseconds): an answer
    /// slower than this is a `slow-answer` finding.
    public var slow: Double? = nil
}
