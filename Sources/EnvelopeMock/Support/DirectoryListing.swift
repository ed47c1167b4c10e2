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
enum DirectoryListing {
    /// The relative paths of everything below `directory`, in no particular order.
    static func entries(below directory: String) -> [String] {
        var found: [String] = []
        collect(directory, relative: "", into: &found)
        return found
    }

    /// Adds the entries of `path` (known as `relative` in the result) and of its subfolders.
    private static func collect(_ path: String, relative: String, into found: inout [String]) {
        guard let folder = opendir(path) else { return }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let entryPath = path + "/" + name
            let entryRelative = relative.isEmpty ? name : relative + "/" + name
            found.append(entryRelative)
            var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
            if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
                // Some file systems do not fill in the type: ask, without following links.
                var status = stat()
                isFolder = lstat(entryPath, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
            }
            if isFolder { collect(entryPath, relative: entryRelative, into: &found) }
        }
    }
}
