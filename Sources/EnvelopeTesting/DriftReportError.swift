import EnvelopeCore
import Foundation

/// An answer that drifted from its contract; the description is the drift report.
public struct DriftReportError: Error, CustomStringConvertible {
    /// The result, for assertions on single findings.
    public var result: ContractResult
    /// The text report.
    public var report: String

    /// The text report.
    public var description: String { report }
}
