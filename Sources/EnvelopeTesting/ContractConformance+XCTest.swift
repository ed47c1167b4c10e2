#if canImport(XCTest)
import EnvelopeCore
import Foundation
import XCTest

/// Fails the current XCTest test with the drift report when `data` does not conform to
/// `contract` (a path, or a loaded `Contract` as `.loaded(contract)`).
///
/// ```swift
/// func testMenuAnswerConforms() throws {
///     assertConforms(try Data(contentsOf: answerURL), to: "Contracts/hanyang-menu.json")
/// }
/// ```
public func assertConforms(_ data: Data, to contract: ContractReference, status: Int? = nil, headers: [(name: String, value: String)] = [],
                           failOn: FailLevel = .breaking, file: StaticString = #filePath, line: UInt = #line) {
    if let report = ContractConformance.failureReport(Array(data), to: contract, status: status, headers: headers, failOn: failOn) {
        XCTFail("the answer drifted from its contract:\n" + report, file: file, line: line)
    }
}
#endif
