import EnvelopeCore
import Foundation

/// Checks answers against contract files from a test suite, failing with the drift report
/// rather than "invalid".
///
/// Framework-neutral: ``requireConformance(_:to:status:headers:)`` throws, and a thrown error
/// fails an XCTest or Swift Testing test with its description.
public enum ContractConformance {
    /// Checks `body` (and, if given, status and headers) against the contract at
    /// `contractPath`; `$ref`s resolve relative to the contract's folder.
    public static func check(_ body: [UInt8], against contractPath: String, status: Int? = nil,
                             headers: [(name: String, value: String)] = []) throws -> ContractResult {
        let url = URL(fileURLWithPath: contractPath)
        let directory = url.deletingLastPathComponent()
        let contract = try ContractLoader.load(file: url.lastPathComponent) { path in
            Array(try Data(contentsOf: directory.appendingPathComponent(path)))
        }
        return validate(ObservedResponse(status: status, headers: headers, body: body), against: contract, source: contractPath)
    }

    /// Checks `body` (and, if given, status and headers) against a loaded contract.
    public static func check(_ body: [UInt8], against contract: Contract, status: Int? = nil,
                             headers: [(name: String, value: String)] = []) -> ContractResult {
        validate(ObservedResponse(status: status, headers: headers, body: body), against: contract, source: contract.file)
    }

    /// The drift report when `body` fails the contract at `failOn`, nil when it conforms; a
    /// contract that cannot be loaded is a failure too, described by its load error. What
    /// `expectConforms` and `assertConforms` fail with.
    public static func failureReport(_ body: [UInt8], to contract: ContractReference, status: Int? = nil,
                                     headers: [(name: String, value: String)] = [], failOn: FailLevel = .breaking) -> String? {
        let result: ContractResult
        switch contract {
        case .file(let path):
            do {
                result = try check(body, against: path, status: status, headers: headers)
            } catch {
                return "cannot check against \(path): \(error)"
            }
        case .loaded(let loaded):
            result = check(body, against: loaded, status: status, headers: headers)
        }
        let report = Report(results: [result], failOn: failOn)
        return report.exitCode == 0 ? nil : TextReporter().render(report)
    }

    /// Throws ``DriftReportError`` when `body` has findings at or above `failOn`.
    public static func requireConformance(_ body: [UInt8], to contractPath: String, status: Int? = nil,
                                          headers: [(name: String, value: String)] = [], failOn: FailLevel = .breaking) throws {
        let result = try check(body, against: contractPath, status: status, headers: headers)
        let report = Report(results: [result], failOn: failOn)
        if report.exitCode != 0 {
            throw DriftReportError(result: result, report: TextReporter().render(report))
        }
    }
}
