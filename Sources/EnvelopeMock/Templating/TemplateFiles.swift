import EnvelopeCore
import Synchronization

/// The body files a templated `bodyFileName` picks per request, each read and compiled the
/// first time its name comes up (one table per generation of stubs, so a reload reads them
/// again).
final class TemplateFiles: Sendable {
    /// A body file: its text, and its template when it has tags.
    struct File: Sendable {
        var text: String
        var template: CompiledTemplate?
    }

    /// Why a rendered name gives no body.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    private let table = Mutex<[String: Result<File, Problem>]>([:])

    func template(named name: String, in bodyFiles: BodyFiles) -> Result<File, Problem> {
        if let cached = table.withLock({ $0[name] }) { return cached }
        let result = load(name, bodyFiles)
        table.withLock { table in
            // Names come from requests: keep the table bounded.
            if table.count >= 4096 { table.removeAll() }
            table[name] = result
        }
        return result
    }

    private func load(_ name: String, _ bodyFiles: BodyFiles) -> Result<File, Problem> {
        let scalars = name.unicodeScalars
        let components = scalars.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        if name.isEmpty || scalars.first == "/" || scalars.first == "\\" || scalars.first == "~" || scalars.contains("\u{0}")
            || components.contains(where: { $0.elementsEqual("..".unicodeScalars) }) {
            return .failure(Problem(description: "the templated bodyFileName gave '\(name)', which is not a relative path inside __files/"))
        }
        switch bodyFiles.bytes(of: name) {
        case .found(let bytes):
            let text = String(decoding: bytes, as: UTF8.self)
            guard TemplateParser.hasTags(text) else { return .success(File(text: text, template: nil)) }
            do {
                return .success(File(text: text, template: try CompiledTemplate(text)))
            } catch {
                let location = bytes.withUnsafeBufferPointer { SourceLocation.locate(offset: error.offset, in: $0) }
                return .failure(Problem(description: "\(bodyFiles.path(of: name)):\(location): invalid response template: \(error.reason)"))
            }
        case .notFound:
            return .failure(Problem(description: "the templated bodyFileName gave '\(name)', which is not found (looked for \(bodyFiles.path(of: name)))"))
        case .outside:
            return .failure(Problem(description: "the templated bodyFileName gave '\(name)', which leads outside __files/"))
        }
    }
}
