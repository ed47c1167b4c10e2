#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every entry below a folder, straight from `readdir`.
///
/// Lists what `FileManager.default.enumerator(atPath:)` lists (checked side by side): files
/// and folders at every depth, hidden ones included, paths relative to the folder; symbolic
/// links are listed but not followed; a folder that cannot be read is listed and not entered;
/// an unreadable or missing top folder lists nothing. The enumerator bridged every name
/// through NSString and was a quarter of loading a thousand small mappings.
public enum DirectoryListing {
    /// One entry: its path relative to the listed folder, and whether `readdir` said it is a
    /// regular file (false also when it said nothing, or a symbolic link, which may still
    /// lead to one).
    public struct Entry: Sendable {
        /// The path relative to the listed folder.
        public var path: String
        /// Whether `readdir` said it is a regular file.
        public var isRegularFile: Bool
    }

    /// The entries directly inside `directory` (none of its subfolders' entries), in no
    /// particular order; nil when it cannot be opened.
    public static func entries(in directory: String) -> [Entry]? {
        guard let folder = opendir(directory) else { return nil }
        defer { closedir(folder) }
        var found: [Entry] = []
        while let entry = readdir(folder) {
            let name = name(of: entry)
            if name == "." || name == ".." { continue }
            found.append(Entry(path: name, isRegularFile: Int32(entry.pointee.d_type) == Int32(DT_REG)))
        }
        return found
    }

    /// An entry's name as `readdir` gave it.
    private static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeBytes(of: entry.pointee.d_name) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Everything below `directory`, in no particular order.
    static func entries(below directory: String) -> [Entry] {
        var found: [Entry] = []
        collect(directory, relative: "", into: &found)
        return found
    }

    /// Adds the entries of `path` (known as `relative` in the result) and of its subfolders.
    private static func collect(_ path: String, relative: String, into found: inout [Entry]) {
        guard let folder = opendir(path) else { return }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = name(of: entry)
            if name == "." || name == ".." { continue }
            let entryRelative = relative.isEmpty ? name : relative + "/" + name
            found.append(Entry(path: entryRelative, isRegularFile: Int32(entry.pointee.d_type) == Int32(DT_REG)))
            // The full path only for a folder or an entry of unknown type: most entries are
            // files, and the path was an allocation each.
            var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
            if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
                // Some file systems do not fill in the type: ask, without following links.
                var status = stat()
                isFolder = lstat(path + "/" + name, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
            }
            if isFolder { collect(path + "/" + name, relative: entryRelative, into: &found) }
        }
    }
}
