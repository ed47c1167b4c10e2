#if canImport(Glibc)
import Glibc

/// The C library's function `name`, as a Swift function of `type` (which must be its C
/// signature), or nil when the library has no such function. For GNU extensions that the
/// Glibc module does not import (they need _GNU_SOURCE).
func libc<Function>(_ name: String, as type: Function.Type) -> Function? {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
    return unsafeBitCast(symbol, to: type)
}
#endif
