import EnvelopeCore
import Foundation

/// Finds everything a `Decodable` type would trip over in an answer, not just the first thing.
///
/// `JSONDecoder` stops at the first problem (and a forced `try` crashes on it). The audit decodes with
/// a decoder that records each problem, stands in a value and carries on, then reports:
///
/// - keys the type requires but the data lacks (`missing-key`),
/// - nulls where the type is not optional (`unexpected-null`),
/// - values of another JSON type (`type-mismatch`), raw values no enum case has
///   (`enum-violation`), values a custom `init(from:)` refused (`constraint-violation`),
/// - optional keys that never appear (`optional-never-present`, a warning),
/// - keys the data has but the type never reads (`unknown-key`, a warning): after the other
///   findings, summed up in one finding unless `unreadKeys: .listed` asks for one per key.
///
/// Each finding has the JSON Pointer of the place, grouped over arrays (`/result/list/*/...`
/// with `9 of 9`). It works through generics, nested arrays and dictionaries,
/// `RawRepresentable` enums and custom `init(from:)`: whatever the type asks the decoder for
/// is what gets checked.
///
/// ```swift
/// let audit = DriftAudit.audit(Root<MenuItem>.self, from: data)
/// #expect(audit.findings.isEmpty, "\(audit.report)")
/// ```
public enum DriftAudit {
    /// Audits decoding `type` from `data`. Never throws: an answer that is not JSON is a
    /// `not-json` finding.
    ///
    /// - Parameters:
    ///   - policy: severities by kind (the defaults make `unknown-key` and
    ///     `optional-never-present` warnings and everything else breaking; `ignore` drops a kind).
    ///   - unreadKeys: whether keys the type never reads are summed up in one finding (the
    ///     default) or listed one finding each.
    ///   - userInfo: handed to the type's `init(from:)` as `decoder.userInfo`.
    public static func audit<T: Decodable>(_ type: T.Type, from data: Data, policy: SeverityPolicy = SeverityPolicy(),
                                           unreadKeys: UnreadKeys = .summarized,
                                           userInfo: [CodingUserInfoKey: Any] = [:]) -> DriftAuditResult<T> {
        audit(type, from: Array(data), policy: policy, unreadKeys: unreadKeys, userInfo: userInfo)
    }

    /// Audits decoding `type` from the bytes of a JSON answer.
    public static func audit<T: Decodable>(_ type: T.Type, from bytes: [UInt8], policy: SeverityPolicy = SeverityPolicy(),
                                           unreadKeys: UnreadKeys = .summarized,
                                           userInfo: [CodingUserInfoKey: Any] = [:]) -> DriftAuditResult<T> {
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes)
        } catch {
            let finding = DriftFinding(kind: .notJSON, pointer: "", severity: policy.severity(of: .notJSON),
                                       expected: "a JSON body", actual: error.message, locations: error.location.map { [$0] } ?? [])
            return DriftAuditResult(typeName: AuditScalar.swiftName(T.self), value: nil,
                                    findings: finding.severity == .ignore ? [] : [finding], stoppedAt: "")
        }
        let recorder = AuditRecorder(document: document, userInfo: userInfo)
        let decoder = AuditDecoder(recorder: recorder, node: document.root, path: [], codingPath: [], typeName: AuditScalar.swiftName(T.self))
        var value: T?
        var stoppedAt: String?
        do {
            value = try decoder.decode(T.self, from: document.root, path: [], codingPath: [])
        } catch let abort as AuditAbort {
            stoppedAt = abort.pointer
        } catch {
            stoppedAt = ""
        }
        recorder.finish()
        return DriftAuditResult(typeName: AuditScalar.swiftName(T.self), value: stoppedAt == nil ? value : nil,
                                findings: arrange(group(recorder, policy: policy), unreadKeys: unreadKeys, recorder: recorder),
                                stoppedAt: stoppedAt)
    }

    /// Groups the recorder's problems into findings: one per kind and wildcard pointer,
    /// counted over array elements, ordered by where each first occurs in the answer (as
    /// the contract validator orders its findings).
    static func group(_ recorder: AuditRecorder, policy: SeverityPolicy) -> [DriftFinding] {
        struct Group {
            var first: AuditRecorder.Problem
            var order: Int
            var elements: Set<[PathComponent]> = []
            var indices: Set<Int> = []
            var offsets: [Int] = []
        }
        var groups: [String: Group] = [:]
        for (position, problem) in recorder.problems.enumerated() where policy.severity(of: problem.kind) != .ignore {
            let key = problem.kind.rawValue + " " + problem.path.wildcardPointer
            var group = groups[key] ?? Group(first: problem, order: position)
            group.elements.insert(elementPath(of: problem.path))
            if let index = problem.path.lastIndex { group.indices.insert(index) }
            if group.offsets.count < DriftFinding.locationLimit { group.offsets.append(problem.offset) }
            groups[key] = group
        }
        let ordered = groups.values.sorted {
            $0.first.offset != $1.first.offset ? $0.first.offset < $1.first.offset : $0.order < $1.order
        }
        var locations = recorder.document.locations(ofOffsets: ordered.flatMap(\.offsets))[...]
        return ordered.map { group in
            let places = Array(locations.prefix(group.offsets.count))
            locations = locations.dropFirst(group.offsets.count)
            let element = elementPath(of: group.first.path)
            let total = element.isEmpty ? 1 : recorder.arrayTotals[element.wildcardPointer] ?? 1
            let neverPresent = group.first.kind == .optionalNeverPresent
            let count = neverPresent ? total : group.elements.count
            return DriftFinding(kind: group.first.kind, pointer: group.first.path.wildcardPointer,
                                severity: policy.severity(of: group.first.kind), count: count, total: max(total, count),
                                indices: neverPresent ? [] : Array(group.indices.sorted().prefix(DriftFinding.indexLimit)),
                                expected: group.first.expected, actual: group.first.actual, keyword: "Decodable", locations: places)
        }
    }

    /// The path up to and including its innermost array index: the element a problem is in.
    static func elementPath(of path: [PathComponent]) -> [PathComponent] {
        guard let last = path.lastIndex(where: { if case .index = $0 { true } else { false } }) else { return [] }
        return Array(path[...last])
    }

    /// A short excerpt of a value: scalars as written (cut at 40 characters), containers by size.
    static func excerpt(_ node: JSONNode) -> String {
        switch node.kind {
        case .object: return node.count == 0 ? "{}" : "object (\(counted(node.count, "key")))"
        case .array: return node.count == 0 ? "[]" : "array (\(counted(node.count, "item")))"
        default:
            let text = node.rawText
            return text.count > 40 ? String(text.prefix(39)) + "…" : text
        }
    }

    /// A decoding error in a few words (its debug description, without the coding path).
    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
             DecodingError.valueNotFound(_, let context), DecodingError.keyNotFound(_, let context):
            return context.debugDescription
        default:
            return "\(error)"
        }
    }
}
