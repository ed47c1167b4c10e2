import EnvelopeCore
import EnvelopeMock
import Foundation

/// Writing a recorded mapping, or saying why not: an answer that looks like an error, or an
/// existing mock without `--force`.
extension RecordCommand {
    /// Prints one line of what record did. It goes to standard output unless that carries a
    /// machine-read report (`--format json` without `--output`), which it must not corrupt.
    func say(_ text: String) {
        if check.output.format != "text" && check.output.outputPath == nil {
            Terminal.writeStandardError(text)
        } else {
            Terminal.writeStandardOutput(text)
        }
    }

    /// Writes `mapping` unless `refusals` say the answer is an error and `--allow-errors` is not
    /// given, or a mock exists and may not be replaced. Returns false when it was not written
    /// for one of those reasons (the run then exits 1).
    func record(_ mapping: RecordedMapping, refusals: [RecordingRefusal], redactor: Redactor) throws(CommandFailure) -> Bool {
        guard refusals.isEmpty || allowErrors else {
            let mappingPath = FileSystem.join(mocksDirectory, "mappings/\(mapping.name).json")
            let kept = FileSystem.exists(mappingPath) ? "\(mappingPath) left as it was" : "nothing written"
            say(redactor.redact("\(mapping.name)  not recorded: \(refusals.map(\.reason).joined(separator: "; ")); \(kept) (give --allow-errors to record such an answer)\n"))
            return false
        }
        return try write(mapping, redactor: redactor)
    }

    /// Writes the mapping (and body file), unless one exists and `--force` is not given: then
    /// prints how the new answer's structure differs from the recorded one. Returns false when
    /// an existing mock was left alone although the structure changed.
    func write(_ mapping: RecordedMapping, redactor: Redactor) throws(CommandFailure) -> Bool {
        let mappingPath = FileSystem.join(mocksDirectory, "mappings/\(mapping.name).json")
        let exists = FileSystem.exists(mappingPath)
        if exists && !force { return compare(mapping, with: mappingPath, redactor: redactor) }
        let replaced = exists ? Self.bodyFileName(ofMapping: mappingPath) : nil
        let file = bodyFileName(for: mapping, replacing: replaced)
        let text = redactor.redact(mapping.text(bodyFile: file) + "\n")
        do {
            if let file { try FileSystem.write(bytes: mapping.body, to: bodyFilePath(file)) }
            try FileSystem.write(bytes: Array(text.utf8), to: mappingPath)
        } catch {
            throw .badInput(error.description)
        }
        var line = "\(mapping.name)  wrote \(mappingPath)\(file.map { " and \(bodyFilePath($0))" } ?? "")"
        if let replaced, replaced != file { line += removeBodyFile(replaced, keptFor: mappingPath) }
        say(line + "\n")
        return true
    }

    /// The body file to write: with `--body-files`, or when the mapping being replaced had its
    /// body in one (`replacing`), `NAME.json` (`NAME.txt` for a body that is not JSON), or the
    /// replaced file's own name when it is safe and its extension still fits; nil for inline.
    func bodyFileName(for mapping: RecordedMapping, replacing replaced: String?) -> String? {
        guard bodyFiles || mapping.wantsBodyFile || replaced != nil else { return nil }
        let isJSON = (try? JSONDocument.parse(mapping.body)) != nil
        if let replaced, Self.isInsideBodyFolder(replaced), replaced.hasSuffix(".json") == isJSON { return replaced }
        return "\(mapping.name).\(isJSON ? "json" : "txt")"
    }

    /// Removes the body file `name` that a rewritten mapping no longer names, unless another
    /// mapping file mentions it; returns what to add to the "wrote" line.
    func removeBodyFile(_ name: String, keptFor mappingPath: String) -> String {
        let path = bodyFilePath(name)
        guard Self.isInsideBodyFolder(name), FileSystem.isFile(path) else { return "" }
        let mappings = FileSystem.join(mocksDirectory, "mappings")
        let quoted = Array(JSONValue.quoted(name).utf8)
        let others = ((try? FileSystem.entries(below: mappings)) ?? []).map { FileSystem.join(mappings, $0) }.filter { $0 != mappingPath }
        // A plain search for the quoted name: a mapping that mentions it may use it, so it stays.
        if others.contains(where: { other in (try? FileSystem.read(other))?.contains(quoted) ?? false }) {
            return "; kept \(path), which another mapping names"
        }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            return "; could not remove \(path) (\(error.localizedDescription))"
        }
        return "; removed \(path)"
    }

    /// `MOCKS/__files/NAME`.
    func bodyFilePath(_ name: String) -> String { FileSystem.join(mocksDirectory, "__files/\(name)") }

    /// The `bodyFileName` of the mapping file at `path`, if it is a single mapping with one.
    static func bodyFileName(ofMapping path: String) -> String? {
        guard let bytes = try? FileSystem.read(path), let document = try? JSONDocument.parse(bytes),
              case .object(let members) = document.root.value,
              case .object(let response)? = members.first(where: { $0.key == "response" })?.value,
              case .string(let name)? = response.first(where: { $0.key == "bodyFileName" })?.value else { return nil }
        return name
    }

    /// Whether a body file name stays below `__files/` (no absolute path, no `..`), so record
    /// may write or remove it.
    static func isInsideBodyFolder(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("/") && !name.split(separator: "/").contains("..")
    }

    /// Prints how `mapping`'s structure differs from the mock at `mappingPath`, which is kept.
    /// Returns true when the structure is the same.
    func compare(_ mapping: RecordedMapping, with mappingPath: String, redactor: Redactor) -> Bool {
        let differences: [ShapeDifference]
        do {
            let stubs = try MockMappings.parse(try FileSystem.read(mappingPath), file: mappingPath,
                                               bodyFiles: MockFolder.bodyFiles(of: mocksDirectory))
            let old = try JSONDocument.parse(stubs.first?.response.body ?? [])
            let new = try JSONDocument.parse(mapping.body)
            differences = JSONShape(old.root).differences(to: JSONShape(new.root))
        } catch {
            say(redactor.redact("\(mapping.name)  \(mappingPath) exists and cannot be compared with the new answer (\(error)); not overwritten, give --force to replace it\n"))
            return false
        }
        if differences.isEmpty {
            say("\(mapping.name)  \(mappingPath): same structure as recorded; kept (give --force to rewrite it)\n")
            return true
        }
        let text = "\(mapping.name)  \(mappingPath): the answer's structure changed; not overwritten (give --force to replace it)\n"
            + ShapeDifferenceTable.lines(differences, indent: "    ", detail: \.explanation)
        say(redactor.redact(text))
        return false
    }
}
