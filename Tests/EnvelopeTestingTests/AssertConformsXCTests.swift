import EnvelopeCore
import EnvelopeTesting
import Foundation
import XCTest

/// `assertConforms` from an XCTest suite: a conforming answer passes; the failure text for a
/// drifted one (what `XCTFail` receives) is the drift report.
final class AssertConformsXCTests: XCTestCase {
    func testConformingAnswerPasses() throws {
        let body = #"{"lastBuildDate": "x", "total": 0, "start": 1, "display": 0, "items": []}"#
        assertConforms(Data(body.utf8), to: .file(packageRoot.appendingPathComponent("Contracts/naver-news.json").path))
    }

    func testDriftedAnswerFailsWithTheDriftReport() throws {
        let body = Array(try Data(contentsOf: packageRoot.appendingPathComponent("Mocks/__files/hanyang-menu.json")))
        let report = ContractConformance.failureReport(body, to: .file(packageRoot.appendingPathComponent("Contracts/hanyang-menu.json").path))
        XCTAssertEqual(report?.contains("✗ /result/list/*/DEL_POSSIBLE_YN  missing-key      9 of 9"), true)
    }
}
