import EnvelopeCore
import Foundation
import Synchronization

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
    /// Drawn from a generator keyed once per process from the system's (getrandom): one
    /// system call per process rather than two per mapping (and `UUID()` opens, reads and
    /// closes /dev/urandom each time), a thousand mappings loaded at every start of `check`.
    /// Each draw takes the next value of a counter through a keyed bijection, so two stubs of
    /// one process never get the same 64 bits before the version and variant are written in.
    static func randomIdentifier() -> String {
        let draw = IdentifierSource.counter.add(1, ordering: .relaxed).oldValue
        let key = IdentifierSource.key
        var uuid: (UInt64, UInt64) = (IdentifierSource.mix(key.0 &+ draw &* 0x9E37_79B9_7F4A_7C15),
                                      IdentifierSource.mix(key.1 &+ draw &* 0xD1B5_4A32_D192_ED03))
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
        // The part after the last slash, by UTF-8: NSString's lastPathComponent took 14 k
        // instructions a call, half of lint's time on a thousand mappings no contract reaches.
        let file = source.file
        var base = file.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(file[file.utf8.index(after: $0)...]) } ?? file
        if base.hasSuffix(".json") { base.removeLast(5) }
        if let index = source.index { base += "#\(index + 1)" }
        return base
    }
}

/// The keyed generator behind ``StubMapping/randomIdentifier()``.
private enum IdentifierSource {
    /// Drawn from the system generator on first use.
    static let key: (UInt64, UInt64) = {
        var system = SystemRandomNumberGenerator()
        return (system.next(), system.next())
    }()
    /// How many identifiers have been drawn.
    static let counter = Atomic<UInt64>(0)

    /// SplitMix64's finalizer: a bijection of 64-bit values that spreads every input bit over
    /// the output.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
