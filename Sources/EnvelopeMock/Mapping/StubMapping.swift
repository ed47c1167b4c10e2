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
    ///
    /// Made from the system generator (getrandom) rather than `UUID()`, which opens, reads and
    /// closes /dev/urandom each time: three system calls per mapping, a thousand mappings
    /// loaded at every start of `check`.
    static func randomIdentifier() -> String {
        // Two 64-bit draws: each draw is one getrandom call, whatever its width, so filling
        // the sixteen bytes one at a time made sixteen system calls per mapping.
        var generator = SystemRandomNumberGenerator()
        var uuid: (UInt64, UInt64) = (generator.next(), generator.next())
        withUnsafeMutableBytes(of: &uuid) { bytes in
            bytes[6] = bytes[6] & 0x0F | 0x40  // version 4: random
            bytes[8] = bytes[8] & 0x3F | 0x80  // variant 1: RFC 9562
        }
        // Written out by hand: `UUID.uuidString` formats through printf, and then lower-casing
        // made a second string; together a tenth of loading a mapping without an id.
        return withUnsafeBytes(of: &uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                let digits: StaticString = "0123456789abcdef"
                var position = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    text[position] = digits.utf8Start[Int(byte >> 4)]
                    text[position + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    position += 2
                }
                return position
            }
        }
    }

    /// `name`, else `id`, else the file name without `.json` (plus `#n` inside a `mappings` array).
    public var displayName: String {
        if let name, !name.isEmpty { return name }
        if let id, !id.isEmpty { return id }
        var base = (source.file as NSString).lastPathComponent
        if base.hasSuffix(".json") { base.removeLast(5) }
        if let index = source.index { base += "#\(index + 1)" }
        return base
    }
}
