/// What an endpoint should answer: the request that asks, and the status, headers and body
/// schema of the answer.
public struct Contract: Sendable {
    /// The contract's name (`hanyang-menu`).
    public var name: String
    /// One line on what the endpoint is.
    public var summary: String?
    /// The contract file, relative to the contracts folder.
    public var file: String
    /// The request to send.
    public var request: ContractRequest
    /// What the answer must be.
    public var response: ResponseExpectation
    /// The contract's own severity settings (`"drift": {"unknown-key": "ignore"}`).
    public var drift: SeverityPolicy
    /// The compiled body schema and everything it refers to.
    public var schema: CompiledSchema
    /// Where `response` is written in the contract file, for annotations.
    public var responseLocation: SourceLocation
    /// For a contract that describes a URL (a deep link) rather than an HTTP exchange: its
    /// scheme, host, path and query schema. Nil for HTTP contracts.
    public var url: URLContract? = nil
    /// The OpenAPI document the contract names in `"openapi"` (relative to the contract's
    /// folder), whose split-off files its `$ref`s may reach; `lint` lints it too.
    public var openAPIDocument: String? = nil
}
