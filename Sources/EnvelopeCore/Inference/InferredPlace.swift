/// What the samples held at one place of the document (the root, `/result`, `/result/list/*`):
/// how often each JSON type occurred, which strings, which keys in how many objects, and the
/// merged elements of arrays.
///
/// Only counts and sets are kept, never the order things were seen in, which is what makes the
/// inferred schema independent of the order of samples and of array elements.
final class InferredPlace {
    /// Values seen here, of any type.
    var occurrences = 0
    var nulls = 0
    var booleans = 0
    var integers = 0
    var fractions = 0
    var strings = 0
    /// Strings seen outside an object this place's ancestors had already shown: the ones that
    /// count as evidence for an `enum`. The same organization inside 26 teams is one sample
    /// of its `login`, not 26.
    var evidenceStrings = 0
    var objects = 0
    var arrays = 0
    /// Distinct strings, kept until there are more than an enum may hold.
    var stringValues: Set<String> = []
    /// Whether ``stringValues`` stopped collecting because it grew too large.
    var stringValuesOverflowed = false
    /// The longest string seen, in characters.
    var longestString = 0
    /// How many strings matched each format.
    var formatMatches: [StringFormat: Int] = [:]
    /// The places of object members, by key.
    var properties: [String: InferredPlace] = [:]
    /// In how many of the ``objects`` each key appeared.
    var keyCounts: [String: Int] = [:]
    /// All elements of all arrays seen here, merged.
    var items: InferredPlace?
    /// Elements seen over every array here.
    var elementCount = 0
    /// The digests of the objects seen here, to notice one seen again.
    private var objectDigests: Set<UInt64> = []

    /// Records one value (and everything inside it). `repeated` says the value sits inside an
    /// object seen before at its place, so its strings are no new evidence.
    func add(_ node: JSONNode, options: InferenceOptions, fingerprints: ObjectFingerprints, repeated: Bool = false) {
        occurrences += 1
        switch node.kind {
        case .null: nulls += 1
        case .bool: booleans += 1
        case .number: if node.isInteger { integers += 1 } else { fractions += 1 }
        case .string:
            strings += 1
            if !repeated { evidenceStrings += 1 }
            let text = node.stringValue ?? ""
            longestString = max(longestString, text.count)
            if !stringValuesOverflowed {
                stringValues.insert(text)
                if stringValues.count > max(options.enumMaxValues, 0) {
                    stringValues = []
                    stringValuesOverflowed = true
                }
            }
            for format in StringFormat.allCases where format.matches(text) {
                formatMatches[format, default: 0] += 1
            }
        case .object:
            objects += 1
            let seenBefore = !objectDigests.insert(fingerprints.of(node)).inserted
            // A key written twice counts once: the last value is what a decoder sees.
            var seen: Set<String> = []
            for member in node.members.reversed() where seen.insert(member.key).inserted {
                keyCounts[member.key, default: 0] += 1
                let child = properties[member.key] ?? InferredPlace()
                properties[member.key] = child
                child.add(member.value, options: options, fingerprints: fingerprints, repeated: repeated || seenBefore)
            }
        case .array:
            arrays += 1
            let place = items ?? InferredPlace()
            items = place
            for element in node.elements {
                elementCount += 1
                place.add(element, options: options, fingerprints: fingerprints, repeated: repeated)
            }
        }
    }

    /// The non-null JSON Schema types seen here, in the documented order.
    var typeNames: [String] {
        var names: [String] = []
        if objects > 0 { names.append("object") }
        if arrays > 0 { names.append("array") }
        if strings > 0 { names.append("string") }
        if fractions > 0 { names.append("number") } else if integers > 0 { names.append("integer") }
        if booleans > 0 { names.append("boolean") }
        return names
    }

    /// Whether only objects (never null or another type) were seen here.
    var isObjectsOnly: Bool { objects > 0 && objects == occurrences }
}
