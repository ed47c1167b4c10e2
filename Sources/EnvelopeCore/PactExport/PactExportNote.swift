/// Something a contract says that the exported pact cannot say (or says more strictly): one
/// line on standard error per contract and place, so nothing is lost without a word.
public struct PactExportNote: Sendable, Hashable, CustomStringConvertible {
    /// The contract's name.
    public var contract: String
    /// Where in the answer body (a JSON Pointer, `*` for every array element), or a word
    /// for another part of the answer (`status`, `header Content-Type`).
    public var place: String
    /// What Pact does instead: `exclusiveMinimum 0 is not checked`.
    public var message: String

    /// Creates a note.
    public init(contract: String, place: String, message: String) {
        self.contract = contract
        self.place = place
        self.message = message
    }

    /// `orders  /items/*/price  exclusiveMinimum 0 is not checked by Pact`.
    public var description: String {
        "\(contract)  \(place.isEmpty ? "(body)" : place)  \(message)"
    }
}
