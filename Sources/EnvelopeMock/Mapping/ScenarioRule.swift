/// A stub's part in a WireMock scenario: a named state machine that starts in `Started`.
public struct ScenarioRule: Hashable, Sendable {
    /// The state every scenario starts in (and returns to on reset).
    public static let started = "Started"

    /// `scenarioName`.
    public var name: String
    /// `requiredScenarioState`: the stub only matches in this state; nil matches in any state.
    public var requiredState: String?
    /// `newScenarioState`: the state the scenario moves to when this stub answers.
    public var newState: String?

    public init(name: String, requiredState: String? = nil, newState: String? = nil) {
        self.name = name
        self.requiredState = requiredState
        self.newState = newState
    }
}
