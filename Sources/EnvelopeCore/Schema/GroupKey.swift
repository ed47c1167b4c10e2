/// A group of violations: a kind at one wildcard place.
struct GroupKey: Hashable {
    var kind: DriftKind
    var place: UInt64
}
