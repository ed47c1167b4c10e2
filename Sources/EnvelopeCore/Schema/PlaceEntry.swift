/// An entry of a ``PlaceTable``: something counted at one place of a document, known by the
/// hash of its wildcard path.
protocol PlaceEntry {
    /// The place's hash (a wildcard path hash, already well mixed).
    var hash: UInt64 { get }
}
