import EnvelopeCore
import Foundation

/// Where and how a report is written: the chosen format to `--output` or standard output,
/// and the text report on standard output as well when the file gets another format (so a CI
/// log still reads well).
struct ReportOutput {
    /// The formats `--format` accepts.
    static let formats = ["text", "json", "junit", "github", "markdown", "html"]

    var format: String
    var outputPath: String?
    /// Whether the command has written the report's load problems to standard error already,
    /// as a compiler prints them; the text report on standard output then only counts them,
    /// so a terminal shows each once (a file given with `--output` still lists them).
    var problemsOnStandardError = false

    /// Renders `report` and writes it.
    func write(_ report: Report) throws(CommandFailure) {
        try write(report) { useColor, toStandardOutput in
            TextReporter(useColor: useColor, listsProblems: !(problemsOnStandardError && toStandardOutput)).render(report)
        }
    }

    /// Renders `report` and writes it, with `text` (given whether to colour it and whether it
    /// goes to standard output) as its text form, for a command whose text report says more
    /// than the results (`lint`).
    func write(_ report: Report, text: (_ useColor: Bool, _ toStandardOutput: Bool) -> String) throws(CommandFailure) {
        let colorOnTerminal = Terminal.wantsColor(fileDescriptor: STDOUT_FILENO)
        var rendered: String
        switch format {
        case "json": rendered = JSONReporter().render(report)
        case "junit": rendered = JUnitReporter().render(report)
        case "github": rendered = GitHubReporter().render(report)
        case "markdown": rendered = MarkdownReporter().render(report)
        case "html": rendered = HTMLReporter().render(report)
        default: rendered = text(outputPath == nil && colorOnTerminal, outputPath == nil)
        }
        // The last line of defence: no secret leaves in any format, whatever the reporter quoted.
        rendered = report.redactor.redact(rendered)
        if format == "html" { rendered = report.redactor.adding(report.redactor.secrets.map(HTMLReporter.escaped)).redact(rendered) }
        guard let outputPath else {
            Terminal.writeStandardOutput(rendered)
            return
        }
        do {
            try FileSystem.write(rendered, to: outputPath)
        } catch {
            throw .badInput(error.description)
        }
        if format != "text" {
            Terminal.writeStandardOutput(report.redactor.redact(text(colorOnTerminal, true)))
        }
    }
}
