import EnvelopeCore
import EnvelopeTesting
import Foundation
import Testing

/// Seed 000's model types, copied as the blog post has them (in a namespace, because the
/// seed's `Result<T>` would otherwise hide Swift's own `Result` in this test target).
enum Seed000 {
    struct Root<T: Codable>: Codable {
        var result: Result<T>?
        var nowDate: [String:String]?
        var resultMessage: ResultMessage?
    }

    struct Result<T: Codable>: Codable{
        var list: [T]?
        var totalCount: Int?
    }

    struct ResultMessage: Codable {
        let code:Int?
        let msg:String?
        let service: String?
    }

    struct MenuItem: Codable {
        let MENU_NM: String?
        let ICON_NM: String?
        let ACT_URL: String?
        let HOCHUL_GB: String?
        let MENU_ID: String?
        let MENU_ID2: String?
        let MENU_SEQ: Int?
        let DEL_POSSIBLE_YN: String?
    }
}

/// The menu item as the app really relies on it (what `Contracts/hanyang-menu.json` says).
struct StrictMenuItem: Codable {
    enum Opening: String, Codable, CaseIterable { case L, U }
    let MENU_NM: String
    let ICON_NM: String
    let ACT_URL: String?
    let HOCHUL_GB: Opening
    let MENU_ID: String
    let MENU_ID2: String
    let MENU_SEQ: Int
    let DEL_POSSIBLE_YN: String
}

/// An enum with no stand-in case: the audit cannot make one, so it must stop there.
struct OpaqueOpeningItem: Codable {
    enum Opening: String, Codable { case L, U }
    let HOCHUL_GB: Opening
}

func seedAnswer() throws -> Data {
    try Data(contentsOf: packageRoot.appendingPathComponent("Mocks/__files/hanyang-menu.json"))
}

@Suite("DriftAudit of Decodable types")
struct DriftAuditTests {
    @Test("the seed's Root<MenuItem> on the seed's answer: DEL_POSSIBLE_YN never present in 9 of 9, nothing else")
    func seedTypes() throws {
        let audit = DriftAudit.audit(Seed000.Root<Seed000.MenuItem>.self, from: try seedAnswer())
        #expect(audit.findings == [
            DriftFinding(kind: .optionalNeverPresent, pointer: "/result/list/*/DEL_POSSIBLE_YN", severity: .warning, count: 9, total: 9,
                         expected: "String? (optional), present at least sometimes", actual: "absent in all 9", keyword: "Decodable",
                         locations: audit.findings.first?.locations ?? []),
        ])
        #expect(audit.findings.first?.location?.description == "5:13")
        #expect(audit.report == """
            Root<MenuItem>  Decodable audit
              ! /result/list/*/DEL_POSSIBLE_YN  optional-never-present  9 of 9  (warning)
                  expected String? (optional), present at least sometimes, found absent in all 9 at 5:13
            
            """)
        #expect(audit.stoppedAt == nil)
        #expect(audit.decodes)
        let menu = try #require(audit.value?.result?.list)
        #expect(menu.count == 9)
        #expect(menu[3].MENU_ID2 == nil)
        #expect(menu[8].MENU_NM == "학교식단")
        #expect(audit.value?.nowDate?["yyyy"] == "2021")
    }

    @Test("a strict model gets every problem at once: missing keys, nulls, an unknown enum value, grouped over the list")
    func strictModel() throws {
        let audit = DriftAudit.audit(Seed000.Root<StrictMenuItem>.self, from: try seedAnswer())
        let summary = audit.findings.map { "\($0.kind.rawValue) \($0.pointer) \($0.count)/\($0.total) \($0.indices) \($0.expected) | \($0.actual) @\($0.location?.description ?? "-")" }
        #expect(summary == [
            "missing-key /result/list/*/DEL_POSSIBLE_YN 9/9 [0, 1, 2, 3, 4, 5, 6, 7, 8] String (required) | absent @5:13",
            "unexpected-null /result/list/*/MENU_ID2 4/9 [3, 6, 7, 8] string (String) | null @34:29",
            "enum-violation /result/list/*/HOCHUL_GB 1/9 [7] one of L, U | \"A\" @73:30",
        ])
        #expect(!audit.decodes)
        #expect(audit.report.contains("✗ /result/list/*/MENU_ID2         unexpected-null  4 of 9 (#3, #6, #7, #8)"))
    }

    @Test("an enum without CaseIterable borrows a value decoded earlier; with none yet, the audit stops there and says so")
    func standInsForOpaqueEnums() throws {
        let seed = DriftAudit.audit(Seed000.Root<OpaqueOpeningItem>.self, from: try seedAnswer())
        #expect(seed.stoppedAt == nil)
        #expect(seed.findings.filter { $0.severity == .breaking }.map { "\($0.pointer) \($0.indices)" } == ["/result/list/*/HOCHUL_GB [7]"])

        struct Menu<T: Codable>: Codable { var list: [T] }
        let json = #"{"list": [{"HOCHUL_GB": "A", "MENU_NM": "x"}, {"HOCHUL_GB": "L"}], "extra": 1}"#
        let audit = DriftAudit.audit(Menu<OpaqueOpeningItem>.self, from: Data(json.utf8))
        #expect(audit.stoppedAt == "/list/0/HOCHUL_GB")
        #expect(audit.value == nil)
        #expect(audit.findings.map(\.kind) == [.enumViolation])
        // Keys of the objects that stopped are unchecked, not unknown: no unknown-key noise.
        #expect(!audit.findings.contains { $0.kind == .unknownKey })
        #expect(audit.report.contains("decoding stopped at /list/0/HOCHUL_GB"))
    }

    @Test("with unreadKeys: .listed, keys the type never reads are unknown-key warnings, per element")
    func unknownKeysListed() throws {
        struct Slim: Codable { let MENU_NM: String }
        let audit = DriftAudit.audit(Seed000.Root<Slim>.self, from: try seedAnswer(), unreadKeys: .listed)
        #expect(audit.findings.map(\.pointer) == ["/result/list/*/ACT_URL", "/result/list/*/HOCHUL_GB", "/result/list/*/ICON_NM",
                                                  "/result/list/*/MENU_SEQ", "/result/list/*/MENU_ID", "/result/list/*/MENU_ID2"])
        #expect(audit.findings.allSatisfy { $0.kind == .unknownKey && $0.severity == .warning && $0.count == 9 })
        #expect(audit.decodes)
    }

    @Test("a model that reads 8 of 28 keys gets its real findings first and one line for the 20 keys it never reads")
    func unreadKeysSummedUp() throws {
        struct Partial: Codable {
            let k01, k02, k03, k04, k05, k06, k07, k08: String
        }
        struct Page: Codable { let items: [Partial] }
        func item(_ index: Int) -> String {
            let members = (1...28).map { key in
                let value = index == 1 && key == 3 ? "null" : index == 2 && key == 5 ? "5" : "\"v\""
                return "\"k" + (key < 10 ? "0" : "") + "\(key)\": \(value)"
            }
            return "{" + members.joined(separator: ", ") + "}"
        }
        let json = "{\"items\": [\n" + (0..<3).map(item).joined(separator: ",\n") + "\n]}"
        let audit = DriftAudit.audit(Page.self, from: Data(json.utf8))
        #expect(audit.findings.map { "\($0.kind.rawValue) \($0.pointer) \($0.count)/\($0.total)" } == [
            "unexpected-null /items/*/k03 1/3",
            "type-mismatch /items/*/k05 1/3",
            "unknown-key /items/* 20/28",
        ])
        #expect(audit.report == """
            Page  Decodable audit
              ✗ /items/*/k03  unexpected-null  1 of 3 (#1)
                  expected string (String), found null at 3:33
              ✗ /items/*/k05  type-mismatch    1 of 3 (#2)
                  expected string (String), found 5 at 4:57
              ! /items/*      unknown-key      20 of 28  (warning)
                  expected only keys the type reads, found 20 keys the type never reads: k09, k10, k11, k12, k13, k14, k15, k16, k17, k18, … and 10 more (unreadKeys: .listed lists each) at 2:105

            """)
        let listed = DriftAudit.audit(Page.self, from: Data(json.utf8), unreadKeys: .listed)
        #expect(listed.findings.count == 22)
        #expect(listed.findings.prefix(2).map(\.kind) == [.unexpectedNull, .typeMismatch])
        #expect(listed.findings.dropFirst(2).map(\.pointer) == (9...28).map { "/items/*/k\($0 < 10 ? "0" : "")\($0)" })
    }

    @Test("unread keys at several places are summed up under the root; one unread key, or ignored ones, stay as they are")
    func unreadKeysElsewhere() throws {
        struct Inner: Codable { let a: Int }
        struct Outer: Codable { let inner: Inner }
        let spread = DriftAudit.audit(Outer.self, from: Data(#"{"inner": {"a": 1, "b": 2}, "c": 3}"#.utf8))
        #expect(spread.findings.map { "\($0.pointer) \($0.count)/\($0.total) \($0.actual)" } == [
            " 2/4 2 keys the type never reads: inner/b, c (unreadKeys: .listed lists each)",
        ])
        let single = DriftAudit.audit(Outer.self, from: Data(#"{"inner": {"a": 1, "b": 2}}"#.utf8))
        #expect(single.findings.map { "\($0.kind.rawValue) \($0.pointer) \($0.actual)" } == ["unknown-key /inner/b 2"])
        let ignored = DriftAudit.audit(Outer.self, from: Data(#"{"inner": {"a": 1, "b": 2}, "c": 3}"#.utf8),
                                       policy: SeverityPolicy(overrides: [.unknownKey: .ignore]))
        #expect(ignored.findings.isEmpty)
    }

    @Test("type mismatches in nested arrays and dictionaries carry their full pointer")
    func nestedContainers() throws {
        struct Matrix: Codable {
            var rows: [[Int]]
            var labels: [String: [Double]]
        }
        let json = #"{"rows": [[1, 2], [3, "4"], [5.5]], "labels": {"a": [1.5], "b": [true, 2]}}"#
        let audit = DriftAudit.audit(Matrix.self, from: Data(json.utf8))
        let summary = audit.findings.map { "\($0.kind.rawValue) \($0.pointer) \($0.count)/\($0.total) \($0.actual)" }
        #expect(summary == [
            "type-mismatch /rows/*/* 1/5 \"4\"",
            "constraint-violation /rows/*/* 1/5 5.5",
            "type-mismatch /labels/b/* 1/2 true",
        ])
    }

    @Test("a custom init(from:) is followed key by key, and its own refusals are reported")
    func customInit() throws {
        struct Blog: Codable {
            var title: String
            var postdate: String
            enum CodingKeys: String, CodingKey { case title, postdate }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                title = try container.decode(String.self, forKey: .title).replacingOccurrences(of: "<b>", with: "")
                postdate = try container.decode(String.self, forKey: .postdate)
                guard postdate.count == 8 else {
                    throw DecodingError.dataCorruptedError(forKey: .postdate, in: container, debugDescription: "postdate is not yyyyMMdd")
                }
            }
        }
        struct Page<Item: Codable>: Codable { var items: [Item] }
        let json = #"{"items": [{"title": "<b>Swift</b>", "postdate": "20210411"}, {"title": 3, "postdate": "2021"}]}"#
        let audit = DriftAudit.audit(Page<Blog>.self, from: Data(json.utf8))
        let summary = audit.findings.map { "\($0.kind.rawValue) \($0.pointer) \($0.indices) \($0.expected) | \($0.actual)" }
        #expect(summary == [
            "constraint-violation /items/* [1] a value Blog.init(from:) accepts | object (2 keys) (postdate is not yyyyMMdd)",
            "type-mismatch /items/*/title [1] string (String) | 3",
        ])
    }

    @Test("an answer that is not JSON is one not-json finding")
    func notJSON() {
        let audit = DriftAudit.audit(Seed000.Root<Seed000.MenuItem>.self, from: Data("<!DOCTYPE html>".utf8))
        #expect(audit.findings.map(\.kind) == [.notJSON])
        #expect(audit.value == nil)
    }
}
