import Foundation

/// The file-system edge of the tool: the libraries take bytes, this reads and writes them.
enum FileSystem {
    /// Why a file could not be read or written.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads a whole file.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                throw Failure(description: isDirectory.boolValue ? "\(path) is a folder, not a file" : "\(path) cannot be opened (permissions?)")
            }
            throw Failure(description: "no such file: \(path)")
        }
        defer { try? handle.close() }
        do {
            return Array(try handle.readToEnd() ?? Data())
        } catch {
            throw Failure(description: "cannot read \(path): \(error.localizedDescription)")
        }
    }

    /// Reads standard input to its end.
    static func readStandardInput() -> [UInt8] {
        Array(FileHandle.standardInput.readDataToEndOfFile())
    }

    /// Writes a file atomically (a temporary file, then a rename), so a reader never sees
    /// half a report.
    static func write(_ text: String, to path: String) throws(Failure) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw Failure(description: "cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// The `*.json` files directly inside `directory`, sorted by name.
    static func jsonFiles(in directory: String) throws(Failure) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(description: "no such folder: \(directory)")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw Failure(description: "cannot list \(directory): \(error.localizedDescription)")
        }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
    }

    /// `directory/name`, without doubling the slash.
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
