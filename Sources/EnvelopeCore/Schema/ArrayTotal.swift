/// How many elements were validated at one array place, and the path to its first array.
struct ArrayTotal: PlaceEntry {
    var hash: UInt64
    var count: Int
    var steps: [TapeStep]
}
