/// One HTTP interaction of a pact: a request the consumer sends and the answer it expects,
/// under provider states.
public struct PactInteraction: Sendable {
    /// `description`: what the consumer does, unique in the file by Pact's rules.
    public var description: String
    /// V4's `key`, if written.
    public var key: String?
    /// V4's `pending`: a failure of this interaction should not fail a verification.
    public var pending: Bool
    /// V4's `comments.text` lines (and `testname`, as `testname: NAME`).
    public var comments: [String]
    /// The provider states (V2's one `providerState` is a state without params).
    public var providerStates: [PactProviderState]
    /// The request.
    public var request: PactRequest
    /// The expected answer.
    public var response: PactResponse
    /// Where the interaction is in the file.
    public var location: SourceLocation
    /// Its JSON Pointer (`/interactions/3`).
    public var pointer: String

    /// Creates an interaction from its parts.
    public init(description: String, key: String? = nil, pending: Bool = false, comments: [String] = [],
                providerStates: [PactProviderState] = [], request: PactRequest, response: PactResponse,
                location: SourceLocation, pointer: String) {
        self.description = description
        self.key = key
        self.pending = pending
        self.comments = comments
        self.providerStates = providerStates
        self.request = request
        self.response = response
        self.location = location
        self.pointer = pointer
    }
}

/// A provider state: its name and, from V3 on, its parameters.
public struct PactProviderState: Sendable, Hashable {
    /// The state's name (`"an order 42 exists"`).
    public var name: String
    /// `params`, an object (empty when none).
    public var params: [JSONValue.Member]

    /// Creates a state.
    public init(name: String, params: [JSONValue.Member] = []) {
        self.name = name
        self.params = params
    }
}

/// An interaction Envelope does not import: a message (V3 `messages`, V4
/// `Asynchronous/Messages`, `Synchronous/Messages`) or one a plugin defines.
public struct PactUnsupportedInteraction: Sendable {
    /// Its `description`.
    public var description: String
    /// What it is: `Asynchronous/Messages`, `a message`, `a plugin interaction (protobuf)`.
    public var kind: String
    /// Where it is in the file.
    public var location: SourceLocation
}
