import EnvelopeCore

/// The report options every command that reports drift shares: `--format`, `--output` and
/// `--fail-on`, written once so their help reads the same everywhere.
extension ReportOutput {
    /// The three options; `failingOn` says what `--fail-on` counts (`findings`, `drift`, …).
    static func optionSpecs(failingOn counted: String = "findings") -> [OptionSpec] {
        [
            .value("--format", valueName: "format", help: "Report format: \(formats.joined(separator: ", ")).", default: "text", allowed: formats),
            .value("--output", short: "-o", valueName: "file", help: "Write the report to this file."),
            .value("--fail-on", valueName: "level", help: "Exit 1 on \(counted) at or above: breaking, warning, never.", default: "breaking",
                   allowed: FailLevel.allCases.map(\.rawValue)),
        ]
    }

    /// `--format` and `--output` as given.
    init(parsed: ParsedArguments) {
        self.init(format: parsed.value("--format") ?? "text", outputPath: parsed.value("--output"))
    }
}
