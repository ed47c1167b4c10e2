/// Decoding and encoding of JSON string literals.
enum JSONString {
    /// Decodes a validated string literal, quotes included, into a Swift string.
    static func decode(_ literal: UnsafeBufferPointer<UInt8>, hasEscapes: Bool) -> String {
        guard literal.count >= 2, let base = literal.baseAddress else { return "" }
        let body = UnsafeBufferPointer(start: base + 1, count: literal.count - 2)
        guard hasEscapes else { return String(decoding: body, as: UTF8.self) }
        return String(decoding: unescape(body), as: UTF8.self)
    }

    /// Decodes the escapes of a validated string body into UTF-8 bytes.
    static func unescape(_ body: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var i = 0
        while i < body.count {
            let c = body[i]
            guard c == UInt8(ascii: "\\"), i + 1 < body.count else {
                out.append(c)
                i += 1
                continue
            }
            let e = body[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex(body, i)
                i += 4
                if scalar >= 0xD800, scalar <= 0xDBFF, i + 6 <= body.count {
                    let low = hex(body, i + 2)
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                appendUTF8(scalar, to: &out)
            default: out.append(e)
            }
        }
        return out
    }

    private static func hex(_ body: UnsafeBufferPointer<UInt8>, _ start: Int) -> UInt32 {
        var value: UInt32 = 0
        for k in start..<min(start + 4, body.count) {
            let c = body[k]
            let digit: UInt32 = switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(c - UInt8(ascii: "a") + 10)
            default: UInt32(c &- UInt8(ascii: "A") &+ 10) & 0xF
            }
            value = value << 4 | digit
        }
        return value
    }

    private static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        out.append(contentsOf: String(value).utf8)
    }

    /// Writes `string` as a JSON string literal, quotes included.
    static func encode(_ string: String, into out: inout String) {
        out.append("\"")
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case "\u{08}": out.append("\\b")
            case "\u{0C}": out.append("\\f")
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16, uppercase: true)
                out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out.append("\"")
    }
}
