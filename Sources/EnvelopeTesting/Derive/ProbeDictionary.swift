import EnvelopeCore
import Foundation

/// `[String: Value]`: an object of values.
protocol ProbeDictionary {
    static func probeValue(_ probe: SchemaProbe) throws -> JSONValue
}
