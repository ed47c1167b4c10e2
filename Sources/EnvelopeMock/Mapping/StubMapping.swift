import EnvelopeCore
import Foundation

/// One WireMock-style stub: which requests it answers (``RequestPattern``) and how
/// (``ResponseDefinition``).
public struct StubMapping: Sendable {
    /// `id` (or `uuid`) from the file, if any.
    public var id: String?
    /// `name` from the file, if any.
    public var name: String?
    /// 1 is the highest priority; a stub without `priority` has 5.
    public var priority: Int
    public var request: RequestPattern
    public var response: ResponseDefinition
    /// Where the stub was written down.
    public var source: MappingSource
    /// `scenarioName`, `requiredScenarioState`, `newScenarioState`; nil when the stub is not
    /// part of a scenario.
    public var scenario: ScenarioRule?
    /// Drift to inject into this stub's JSON answers (`metadata.envelope.inject`).
    public var injections: [DriftInjection]
    /// The stub's JSON object exactly as written, for the admin API.
    public var json: [UInt8]
    /// A stable identifier: `id` when the file gives one, else a UUID made at load time (the
    /// admin API needs one for every stub, as WireMock does).
    public internal(set) var identifier: String

    public static let defaultPriority = 5

    public init(id: String? = nil, name: String? = nil, priority: Int = StubMapping.defaultPriority,
                request: RequestPattern, response: ResponseDefinition, source: MappingSource,
                scenario: ScenarioRule? = nil, injections: [DriftInjection] = [], json: [UInt8] = Array("{}".utf8)) {
        self.id = id
        self.name = name
        self.priority = priority
        self.request = request
        self.response = response
        self.source = source
        self.scenario = scenario
        self.injections = injections
        self.json = json
        self.identifier = id ?? Self.randomIdentifier()
    }

    /// A random (version 4) UUID in lower case, for a stub that has no `id`.
    static func randomIdentifier() -> String {
        UUID().uuidString.lowercased()
    }

    /// `name`, else `id`, else the file name without `.json` (plus `#n` inside a `mappings` array).
    public var displayName: String {
        if let name, !name.isEmpty { return name }
        if let id, !id.isEmpty { return id }
        let file = source.file
        var base = file.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(file[file.utf8.index(after: $0)...]) } ?? file
        if base.hasSuffix(".json") { base.removeLast(5) }
        if let index = source.index { base += "#\(index + 1)" }
        return base
    }
}
