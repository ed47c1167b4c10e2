#if canImport(Testing)
import EnvelopeCore
import Foundation
import Testing

/// Records a Swift Testing issue carrying the drift report when `data` does not conform to
/// `contract` (a path, or a loaded `Contract` as `.loaded(contract)`).
///
/// ```swift
/// @Test func menuAnswerConforms() async throws {
///     let (data, _) = try await URLSession.shared.data(from: menuURL)
///     expectConforms(data, to: "Contracts/hanyang-menu.json")
/// }
/// ```
/// - Returns: whether it conforms, for tests that go on only if it does.
@discardableResult
public func expectConforms(_ data: Data, to contract: ContractReference, status: Int? = nil, headers: [(name: String, value: String)] = [],
                           failOn: FailLevel = .breaking, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
    expectConforms(Array(data), to: contract, status: status, headers: headers, failOn: failOn, sourceLocation: sourceLocation)
}

/// `expectConforms` for the bytes of an answer (as `HTTPResponse.body` holds them).
@discardableResult
public func expectConforms(_ body: [UInt8], to contract: ContractReference, status: Int? = nil, headers: [(name: String, value: String)] = [],
                           failOn: FailLevel = .breaking, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
    guard let report = ContractConformance.failureReport(body, to: contract, status: status, headers: headers, failOn: failOn) else { return true }
    Issue.record(Comment(rawValue: "the answer drifted from its contract:\n" + report), sourceLocation: sourceLocation)
    return false
}
#endif
