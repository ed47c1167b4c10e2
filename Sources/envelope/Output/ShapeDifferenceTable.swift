import EnvelopeCore

/// Shape differences as aligned lines, `place  kind  detail`, as `record` (a changed answer)
/// and `check --compare-mocks` (a stale mock) print them.
enum ShapeDifferenceTable {
    /// One line per difference after `indent`, places and kinds padded to one column each;
    /// `detail` says what changed.
    static func lines(_ differences: [ShapeDifference], indent: String, detail: (ShapeDifference) -> String) -> String {
        let places = differences.map { $0.pointer.isEmpty ? "(root)" : $0.pointer }
        let placeWidth = places.map(\.count).max() ?? 0
        let kindWidth = differences.map(\.kind.rawValue.count).max() ?? 0
        var text = ""
        for (difference, place) in zip(differences, places) {
            let kind = difference.kind.rawValue
            text += indent + place + String(repeating: " ", count: placeWidth - place.count) + "  "
                + kind + String(repeating: " ", count: kindWidth - kind.count) + "  " + detail(difference) + "\n"
        }
        return text
    }
}
