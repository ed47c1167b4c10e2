import EnvelopeCore
import Foundation

/// Arrays and sets: an array of elements.
protocol ProbeSequence {
    static func probeElement(_ probe: SchemaProbe) throws -> JSONValue
}
