import EnvelopeCore
import Foundation

/// `Optional`, whose schema is its wrapped type's plus null.
protocol ProbeWrapper {
    static func probeWrapped(_ probe: SchemaProbe) throws -> JSONValue
}
