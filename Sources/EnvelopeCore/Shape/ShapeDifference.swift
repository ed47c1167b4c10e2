/// One structural difference between two answers at one place.
public struct ShapeDifference: Sendable, Hashable, CustomStringConvertible {
    /// What changed.
    public enum Kind: String, Sendable, Hashable {
        /// The key is in the new answer and not in the old one.
        case keyAdded = "key-added"
        /// The key was in the old answer and is not in the new one.
        case keyRemoved = "key-removed"
        /// The value has other non-null types.
        case typeChanged = "type-changed"
        /// The value is null somewhere in the new answer, and never was in the old one.
        case nullAdded = "null-added"
        /// The value was null somewhere in the old answer, and never is in the new one.
        case nullRemoved = "null-removed"
        /// The key is in every object of the old answer that could hold it, and missing from
        /// some of the new answer's: it became optional.
        case keySometimesAbsent = "key-sometimes-absent"
        /// The key was missing from some objects of the old answer, and is in every one of
        /// the new answer's.
        case keyAlwaysPresent = "key-always-present"
        /// A string the new answer has at a place whose old strings look like an enum (a few
        /// values, repeated, or an enum in the contract); only when values are compared.
        case enumValueAdded = "enum-value-added"
        /// The answers' HTTP statuses differ (``AnswerShape``).
        case statusChanged = "status-changed"
        /// The answers' `Content-Type` headers differ (``AnswerShape``).
        case contentTypeChanged = "content-type-changed"
        /// The old answer's body is JSON and the new one's is not, or is empty
        /// (``AnswerShape``).
        case bodyNotJSON = "body-not-json"
    }

    /// What changed.
    public var kind: Kind
    /// The place, a JSON Pointer with `*` for array elements.
    public var pointer: String
    /// The kinds in the old answer (empty when the place did not exist).
    public var old: ShapeKinds
    /// The kinds in the new answer (empty when the place does not exist).
    public var new: ShapeKinds
    /// How often the key turned up in the old answer (nil for the root and array elements).
    public var oldPresence: ShapePresence?
    /// How often the key turns up in the new answer (nil for the root and array elements).
    public var newPresence: ShapePresence?
    /// For the kinds about values rather than types: the old side in words (`200`,
    /// `application/json`, the old strings of an enum: `"active", "closed"`).
    public var oldValue: String?
    /// The new side in words (`404`, `text/html`, the added strings: `"paused"`).
    public var newValue: String?
    /// For ``Kind/enumValueAdded``, the strings the new answer added, sorted.
    public var addedValues: [String] = []

    /// Creates a difference.
    public init(kind: Kind, pointer: String, old: ShapeKinds, new: ShapeKinds,
                oldPresence: ShapePresence? = nil, newPresence: ShapePresence? = nil,
                oldValue: String? = nil, newValue: String? = nil) {
        self.kind = kind
        self.pointer = pointer
        self.old = old
        self.new = new
        self.oldPresence = oldPresence
        self.newPresence = newPresence
        self.oldValue = oldValue
        self.newValue = newValue
    }

    /// The old side in words, whatever the kind: the value, the presence or the types
    /// (`absent` where the place did not exist).
    public var oldText: String {
        switch kind {
        case .enumValueAdded, .statusChanged, .contentTypeChanged, .bodyNotJSON: return oldValue ?? "none"
        case .keySometimesAbsent, .keyAlwaysPresent: return oldPresence?.description ?? "present"
        default: return old.isEmpty ? "absent" : old.description
        }
    }

    /// The new side in words, like ``oldText``.
    public var newText: String {
        switch kind {
        case .enumValueAdded, .statusChanged, .contentTypeChanged, .bodyNotJSON: return newValue ?? "none"
        case .keySometimesAbsent, .keyAlwaysPresent: return newPresence?.description ?? "present"
        default: return new.isEmpty ? "absent" : new.description
        }
    }

    /// What the difference means, in words: `was string, now string or null`.
    public var explanation: String {
        switch kind {
        case .keyAdded: return "new key (\(new))"
        case .keyRemoved: return "key gone (was \(old))"
        case .typeChanged, .nullAdded, .nullRemoved: return "was \(old), now \(new)"
        case .keySometimesAbsent, .keyAlwaysPresent:
            return "was \(oldPresence?.description ?? "present"), now \(newPresence?.description ?? "present")"
        case .enumValueAdded: return "new value \(newText) (was \(oldText))"
        case .statusChanged, .contentTypeChanged, .bodyNotJSON: return "was \(oldText), now \(newText)"
        }
    }

    /// `POINTER  KIND  EXPLANATION`.
    public var description: String {
        "\(pointer.isEmpty ? "(root)" : pointer)  \(kind.rawValue)  \(explanation)"
    }
}

extension JSONShape {
    /// How `new` differs from `self` (the old, recorded answer), ordered by place.
    ///
    /// Only the topmost difference on a path is reported: a key that is gone is one
    /// difference, not one per key inside it. Places below an array that was empty on either
    /// side are not compared, since an empty list says nothing about its elements. A key on
    /// both sides that is in every object of one and missing from some of the other's is a
    /// difference too (after any type difference at the same place).
    ///
    /// With `comparingValues`, a place whose strings look like an enum on the old side also
    /// reports strings the new side added (``ShapeDifference/Kind/enumValueAdded``): both
    /// sides hold at most ``enumValueLimit`` distinct strings there, and on the old side a
    /// value repeats or the place is one of `enumPlaces` (an enum in the contract). Values
    /// that are all different (names, ids) are not an enum, so they are never compared.
    public func differences(to new: JSONShape, comparingValues: Bool = false, enumPlaces: Set<String> = []) -> [ShapeDifference] {
        var result: [ShapeDifference] = []
        let pointers = Set(places.keys).union(new.places.keys).sorted { Self.pointerOrder($0, $1) }
        for pointer in pointers {
            guard comparable(pointer, with: new) else { continue }
            let before = places[pointer] ?? []
            let after = new.places[pointer] ?? []
            let oldPresence = presence(at: pointer), newPresence = new.presence(at: pointer)
            func difference(_ kind: ShapeDifference.Kind) -> ShapeDifference {
                ShapeDifference(kind: kind, pointer: pointer, old: before, new: after, oldPresence: oldPresence, newPresence: newPresence)
            }
            if before.isEmpty {
                result.append(difference(.keyAdded))
                continue
            }
            if after.isEmpty {
                result.append(difference(.keyRemoved))
                continue
            }
            let oldTypes = before.subtracting(.null), newTypes = after.subtracting(.null)
            if oldTypes != newTypes && !oldTypes.isEmpty && !newTypes.isEmpty {
                result.append(difference(.typeChanged))
            } else if after.contains(.null) && !before.contains(.null) {
                result.append(difference(.nullAdded))
            } else if before.contains(.null) && !after.contains(.null) {
                result.append(difference(.nullRemoved))
            }
            if let oldPresence, let newPresence, oldPresence.isEverywhere != newPresence.isEverywhere {
                result.append(difference(oldPresence.isEverywhere ? .keySometimesAbsent : .keyAlwaysPresent))
            }
            if comparingValues, let added = addedEnumValues(at: pointer, in: new, enumPlaces: enumPlaces) {
                var change = difference(.enumValueAdded)
                change.oldValue = Self.quotedList(strings[pointer] ?? [])
                change.newValue = Self.quotedList(Set(added))
                change.addedValues = added
                result.append(change)
            }
        }
        return result
    }

    /// The strings `new` has at `pointer` that `self` never had there, sorted, when the
    /// place looks like an enum on both sides; nil when it does not or nothing was added.
    private func addedEnumValues(at pointer: String, in new: JSONShape, enumPlaces: Set<String>) -> [String]? {
        guard let before = strings[pointer], let after = new.strings[pointer], !before.isEmpty else { return nil }
        let repeats = (stringCounts[pointer] ?? 0) > before.count
        guard repeats || enumPlaces.contains(pointer) else { return nil }
        let added = after.subtracting(before)
        return added.isEmpty ? nil : added.sorted(by: ByteOrder.precedes)
    }

    /// `"active", "closed"`: strings as JSON, in byte order.
    static func quotedList(_ values: Set<String>) -> String {
        values.sorted(by: ByteOrder.precedes).map { JSONValue.string($0).serialized() }.joined(separator: ", ")
    }

    /// Whether `pointer` should be compared: its parent exists, with the same container kind,
    /// on both sides, and an array parent had elements on both sides.
    private func comparable(_ pointer: String, with new: JSONShape) -> Bool {
        // By code point: a "/" followed by a combining mark is one Character.
        let scalars = pointer.unicodeScalars
        guard !pointer.isEmpty, let slash = scalars.lastIndex(of: "/") else { return true }
        let parent = String(Substring(scalars[..<slash]))
        let isElement = Substring(scalars[scalars.index(after: slash)...]) == "*"
        let container: ShapeKinds = isElement ? .array : .object
        guard let before = places[parent], let after = new.places[parent],
              before.contains(container), after.contains(container) else { return false }
        if isElement && !(populatedArrays.contains(parent) && new.populatedArrays.contains(parent)) { return false }
        return comparable(parent, with: new)
    }

    /// Orders pointers token by token, so `/a/b` sorts right after `/a` and before `/a-b`.
    static func pointerOrder(_ a: String, _ b: String) -> Bool {
        let left = a.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false).map(Substring.init)
        let right = b.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false).map(Substring.init)
        for (x, y) in zip(left, right) where !x.utf8.elementsEqual(y.utf8) {
            return ByteOrder.precedes(String(x), String(y))
        }
        return left.count < right.count
    }
}
