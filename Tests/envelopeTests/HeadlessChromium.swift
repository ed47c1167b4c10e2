import Foundation
import Testing

/// Debian's `chromium`, headless, for the tests that open an HTML report as a reader's browser
/// would. `make test` installs it when missing.
enum HeadlessChromium {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The DOM Chromium builds from `page`, serialized. (JavaScript stays on: `--dump-dom`
    /// serializes with it; the pages have no script, which the tests check.) Its profile goes in
    /// a folder of its own under `scratch`, so parallel runs do not share one; `--no-sandbox`
    /// because CI runs the tests as root.
    static func dumpDOM(of page: URL, scratch: URL) throws -> String {
        let profile = scratch.appendingPathComponent("chromium-profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
                             "--dump-dom", page.absoluteString]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        let dom = String(decoding: outData, as: UTF8.self)
        guard process.terminationStatus == 0, dom.contains("</html>") else {
            throw Failure(description: "chromium --dump-dom \(page.path) exited \(process.terminationStatus) (is Debian's chromium installed? make test installs it):\n"
                + String(decoding: errData, as: UTF8.self))
        }
        return dom
    }
}

/// A serialized DOM read with a few string searches: enough to find elements by tag and
/// attribute and to read their text, without an HTML parser.
struct DOMText {
    /// The markup, without the style sheet (whose text is no element).
    var html: String

    init(html: String) {
        self.html = html.replacingOccurrences(of: "(?s)<style>.*?</style>", with: "<style></style>", options: .regularExpression)
    }

    /// An element: its attributes (entities decoded) and its inner markup.
    struct Element {
        var attributes: [String: String]
        var inner: String
        /// The text a reader sees: the markup without tags, entities decoded.
        var text: String { DOMText.decode(inner.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)) }
    }

    /// Every `<tag …>` element (outermost first, in document order) whose class list holds
    /// `className`, with nested elements of the same tag inside its inner markup.
    func elements(_ tag: String, class className: String? = nil) -> [Element] {
        var found: [Element] = []
        var searchStart = html.startIndex
        while let open = html.range(of: "<\(tag)", range: searchStart..<html.endIndex) {
            searchStart = open.upperBound
            guard let next = html[open.upperBound...].first, next == " " || next == ">" else { continue }
            guard let tagEnd = html.range(of: ">", range: open.upperBound..<html.endIndex) else { break }
            let attributes = Self.attributes(String(html[open.upperBound..<tagEnd.lowerBound]))
            if let className, !(attributes["class"] ?? "").split(separator: " ").contains(Substring(className)) { continue }
            guard let close = closing(tag, after: tagEnd.upperBound) else { continue }
            found.append(Element(attributes: attributes, inner: String(html[tagEnd.upperBound..<close.lowerBound])))
        }
        return found
    }

    /// The `</tag>` that closes an element whose content starts at `start`: each `<tag` met
    /// before an end tag nests one level deeper.
    private func closing(_ tag: String, after start: String.Index) -> Range<String.Index>? {
        var depth = 1
        var position = start
        while let end = html.range(of: "</\(tag)>", range: position..<html.endIndex) {
            var scan = position
            while let open = html.range(of: "<\(tag)", range: scan..<end.lowerBound) {
                scan = open.upperBound
                if let after = html[open.upperBound...].first, after == " " || after == ">" { depth += 1 }
            }
            depth -= 1
            if depth == 0 { return end }
            position = end.upperBound
        }
        return nil
    }

    /// The element with `id`, if there is one.
    func element(id: String) -> Element? {
        for tag in ["dd", "code", "details", "section", "header"] {
            if let element = elements(tag).first(where: { $0.attributes["id"] == id }) { return element }
        }
        return nil
    }

    static func attributes(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        let pattern = try? NSRegularExpression(pattern: #"([A-Za-z][A-Za-z0-9_:-]*)(?:="([^"]*)")?"#)
        let range = NSRange(text.startIndex..., in: text)
        for match in pattern?.matches(in: text, range: range) ?? [] {
            guard let name = Range(match.range(at: 1), in: text) else { continue }
            let value = Range(match.range(at: 2), in: text).map { decode(String(text[$0])) } ?? ""
            out[String(text[name])] = value
        }
        return out
    }

    /// Text with the entities a serializer writes decoded.
    static func decode(_ text: String) -> String {
        var out = text
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", "\u{A0}")] {
            out = out.replacingOccurrences(of: entity, with: character)
        }
        return out.replacingOccurrences(of: "&amp;", with: "&")
    }
}
