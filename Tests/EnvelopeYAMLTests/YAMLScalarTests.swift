import EnvelopeCore
@testable import EnvelopeYAML
import Testing

@Suite("YAML 1.2 core schema: plain scalars typed by their text")
struct YAMLScalarTests {
    @Test("null, Null, NULL, ~ and nothing are null; other spellings are strings")
    func nulls() throws {
        for text in ["null", "Null", "NULL", "~", ""] { #expect(try scalar(text) == .null, "\(text)") }
        for text in ["nULL", "nil", "None", "none"] { #expect(try scalar(text) == .string(text), "\(text)") }
    }

    @Test("true/True/TRUE and false/False/FALSE are booleans; 1.1's yes, no, on, off, y, n are strings")
    func booleans() throws {
        for text in ["true", "True", "TRUE"] { #expect(try scalar(text) == .bool(true)) }
        for text in ["false", "False", "FALSE"] { #expect(try scalar(text) == .bool(false)) }
        for text in ["yes", "Yes", "no", "NO", "on", "On", "off", "OFF", "y", "n", "Y", "N", "tRUE"] {
            #expect(try scalar(text) == .string(text), "\(text)")
        }
    }

    @Test("integers: decimal with sign and leading zeros, 0o octal and 0x hex, of any size, as JSON digits")
    func integers() throws {
        let cases: [(String, String)] = [
            ("0", "0"), ("42", "42"), ("-17", "-17"), ("+12", "12"), ("007", "7"), ("-000", "-0"),
            ("0o17", "15"), ("0o0", "0"), ("0x1F", "31"), ("0xff", "255"), ("0xFFFFFFFFFFFFFFFFFF", "4722366482869645213695"),
            ("123456789012345678901234567890", "123456789012345678901234567890"),
        ]
        for (text, json) in cases { #expect(try scalar(text) == .number(json), "\(text)") }
    }

    @Test("1.1-only integer forms are strings in 1.2: 0b binary, underscores, sexagesimal, signed hex; 012 is twelve, not octal ten")
    func integersOfYAML11() throws {
        for text in ["0b1010", "1_000", "190:20:30", "-0x1F", "0o", "0x", "0o8", "0xG"] { #expect(try scalar(text) == .string(text), "\(text)") }
        #expect(try scalar("012") == .number("12"))
    }

    @Test("floats: decimals with optional exponent, in JSON's spelling (.5 is 0.5, 1. is 1.0, + dropped, e lower case)")
    func floats() throws {
        let cases: [(String, String)] = [
            ("1.5", "1.5"), ("-0.25", "-0.25"), (".5", "0.5"), ("-.5", "-0.5"), ("1.", "1.0"), ("+1.5", "1.5"),
            ("1e3", "1e3"), ("1E+3", "1e+3"), ("2.5e-3", "2.5e-3"), ("00.5", "0.5"), ("6.02E23", "6.02e23"),
        ]
        for (text, json) in cases { #expect(try scalar(text) == .number(json), "\(text)") }
        for text in [".", "e5", "1e", "1.5.2", "1,5", "1e3.5", "--1"] { #expect(try scalar(text) == .string(text), "\(text)") }
    }

    @Test(".inf and .nan are refused at their place, since JSON has no text for them; quoted they are strings")
    func infinityAndNaN() throws {
        for text in [".inf", "-.inf", "+.Inf", ".INF", ".nan", ".NaN", ".NAN"] {
            #expect(yamlError("a: 1\nb: \(text)\n") == .notJSONNumber(text: text, at: SourceLocation(line: 2, column: 4, offset: 8)), "\(text)")
        }
        #expect(try scalar("\".inf\"") == .string(".inf"))
        #expect(try scalar(".Nan") == .string(".Nan"))
    }

    @Test("quoted and block scalars are strings whatever their text")
    func quotedScalarsAreStrings() throws {
        #expect(try scalar("\"true\"") == .string("true"))
        #expect(try scalar("'12'") == .string("12"))
        #expect(try scalar("''") == .string(""))
        #expect(try scalar("\"null\"") == .string("null"))
        #expect(try yamlValue("v: |\n  42\n")["v"] == .string("42\n"))
    }

    @Test("1.1 timestamps and other words stay strings")
    func otherStrings() throws {
        for text in ["2001-12-14", "2001-12-14t21:59:43.10-05:00", "hello world", "1.0.0", "v1", "a#b"] {
            #expect(try scalar(text) == .string(text), "\(text)")
        }
    }
}
