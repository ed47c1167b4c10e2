/// Contract names for operations: the `operationId`, else the method and path
/// (`get-pets-petId`), made safe as a file name and unique.
enum OpenAPINaming {
    /// The name of `operation`, before it is made unique.
    static func name(of operation: OpenAPIImportedOperation) -> String {
        if let id = operation.operationID, !slug(id).isEmpty { return slug(id) }
        return slug(operation.method.lowercased() + "-" + operation.path)
    }

    /// `text` with every run of characters other than letters, digits, `.`, `_` and `-`
    /// turned into one `-`, trimmed of `-` and `.` at its ends.
    static func slug(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "." || scalar == "-" {
                out.unicodeScalars.append(scalar)
            } else if !out.hasSuffix("-") {
                out += "-"
            }
        }
        while let last = out.last, last == "-" || last == "." { out.removeLast() }
        while let first = out.first, first == "-" || first == "." { out.removeFirst() }
        return out
    }

    /// `name`, or `name-2`, `name-3`… when it is taken; the result is added to `used`.
    static func unique(_ name: String, among used: inout Set<String>) -> String {
        var candidate = name
        var number = 2
        while used.contains(candidate) {
            candidate = "\(name)-\(number)"
            number += 1
        }
        used.insert(candidate)
        return candidate
    }
}
