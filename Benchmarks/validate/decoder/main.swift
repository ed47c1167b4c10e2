// Times Foundation on one file, in process: `JSONDecoder` decoding the seed's Codable model
// `Root<MenuItem>` (copied verbatim from the Hanyang app), or `JSONSerialization.jsonObject`.
//
// Build: swiftc -O -parse-as-library main.swift -o decoder-bench   (run.sh does it)
// usage: decoder-bench decoder|serialization FILE RUNS
// Prints one JSON line: {"tool": ..., "times": [seconds per run], "valid": bool}.
// The file is read once into `Data` (not timed); each run decodes it from scratch.
import Foundation

// The seed's model, as the app declares it.
struct Root<T: Codable>: Codable {
    var result: Result<T>?
    var nowDate: [String: String]?
    var resultMessage: ResultMessage?
}

struct Result<T: Codable>: Codable {
    var list: [T]?
    var totalCount: Int?
}

struct ResultMessage: Codable {
    let code: Int?
    let msg: String?
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

@main
struct DecoderBench {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 4, let runs = Int(arguments[3]) else {
            FileHandle.standardError.write("usage: decoder-bench decoder|serialization FILE RUNS\n".data(using: .utf8)!)
            exit(2)
        }
        let mode = arguments[1]
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
        var times: [Double] = []
        var valid = true
        let clock = ContinuousClock()
        for _ in 0..<runs {
            var ok = false
            let elapsed = try clock.measure {
                switch mode {
                case "decoder":
                    let root = try JSONDecoder().decode(Root<MenuItem>.self, from: data)
                    // What the app relies on (the contract's verdict), checked on the decoded value.
                    ok = root.result?.list?.allSatisfy { $0.DEL_POSSIBLE_YN != nil && $0.MENU_ID2 != nil } ?? false
                case "serialization":
                    let object = try JSONSerialization.jsonObject(with: data)
                    ok = object is [String: Any]
                default:
                    FileHandle.standardError.write("unknown mode \(mode)\n".data(using: .utf8)!)
                    exit(2)
                }
            }
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            valid = valid && ok
        }
        let tool = mode == "decoder" ? "JSONDecoder" : "JSONSerialization"
        print("{\"tool\": \"\(tool)\", \"times\": [\(times.map { String($0) }.joined(separator: ", "))], \"valid\": \(valid)}")
    }
}
