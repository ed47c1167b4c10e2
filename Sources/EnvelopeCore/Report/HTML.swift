/// What every HTML report shares (`--format html` of `check`, `validate`, `lint`, `record`,
/// `proxy` and `diff`): escaping, and the page around the sections. The page is one self-contained
/// file: its style is inline, it loads nothing (no script, font, image or link elsewhere), and
/// it reads with JavaScript off, folding with `<details>`.
enum HTML {
    /// `text` safe as element content and inside a quoted attribute: `&`, `<`, `>`, `"` and
    /// `'` escaped, and control characters (which HTML cannot carry) shown as their symbols
    /// (`␀`, `␛`), so an answer's bytes can never become markup.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case "\r": out += "␍"
            case "\u{7F}": out += "␡"
            default:
                if scalar.value < 0x20, let picture = Unicode.Scalar(0x2400 + scalar.value) {
                    out.unicodeScalars.append(picture)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// The whole document: `title` in the head (escaped here), then `sections` (markup) in
    /// order inside `<main>`.
    static func document(title: String, sections: [String]) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="generator" content="envelope">
            <title>\(escape(title))</title>
            <style>
            \(stylesheet)</style>
            </head>
            <body>
            <main>

            """
        for section in sections where !section.isEmpty {
            out += section
            if !section.hasSuffix("\n") { out += "\n" }
        }
        out += "</main>\n</body>\n</html>\n"
        return out
    }

    /// One statistic of a summary: a label over a number, with an id the tests (and scripts
    /// reading the page) can find it by, and a tone (`bad`, `warn`, `good`) when it matters.
    static func statistic(_ label: String, _ value: String, id: String, tone: String? = nil) -> String {
        let toneClass = tone.map { " \($0)" } ?? ""
        return "<div class=\"stat\(toneClass)\"><dt>\(escape(label))</dt><dd id=\"\(escape(id))\">\(escape(value))</dd></div>"
    }

    /// A small coloured label: `breaking`, `ok`, `unexpected-null`.
    static func badge(_ text: String, tone: String) -> String {
        "<span class=\"badge \(tone)\">\(escape(text))</span>"
    }

    /// The section of files that did not load (and `lint`'s warnings about files), one card
    /// per file, each problem with its line:column; empty when there are none.
    static func problemSection(_ problems: [FileProblem], redactor: Redactor) -> String {
        guard !problems.isEmpty else { return "" }
        var order: [String] = []
        for problem in problems where !order.contains(problem.file) { order.append(problem.file) }
        let broken = problems.contains { $0.level == .error }
        var out = "<section class=\"problems\" id=\"problems\">\n"
        let warned = problems.contains { $0.level == .warning }
        let heading = broken ? (warned ? "Files that did not load, and warnings about files" : "Files that did not load") : "Warnings about files"
        out += "<h2>\(heading)</h2>\n"
        for file in order {
            let mine = problems.filter { $0.file == file }
            let failed = mine.contains { $0.level == .error }
            out += "<div class=\"card problem-file \(failed ? "bad" : "warn")\" data-file=\"\(escape(redactor.redact(file)))\">\n"
            out += "<h3><code>\(escape(redactor.redact(file)))</code> \(failed ? badge("did not load", tone: "bad") : badge("warning", tone: "warn"))</h3>\n<ul>\n"
            for problem in mine {
                let place = problem.location.map { "<span class=\"where\">\($0)</span> " } ?? ""
                let mark = problem.level == .error ? "<span class=\"mark bad\" aria-label=\"error\">✗</span>" : "<span class=\"mark warn\" aria-label=\"warning\">!</span>"
                out += "<li class=\"problem \(problem.level.rawValue)\">\(mark) \(place)<span class=\"message\">\(escape(redactor.redact(problem.message)))</span></li>\n"
            }
            out += "</ul>\n</div>\n"
        }
        return out + "</section>\n"
    }
}
