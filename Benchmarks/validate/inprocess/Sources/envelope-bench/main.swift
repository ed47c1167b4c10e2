// Times `envelope validate`'s work on one file in process, like decoder/main.swift times
// JSONDecoder: the file is read once into memory (not timed); each run parses it, validates
// it against the contract, groups the findings and renders the text report, from scratch.
// A run of a file under 20 MB repeats that work enough times to make 20 MB and reports the
// time per repetition: a single millisecond is too short to time on a shared machine (the
// first repetitions of a process also pay for warming up).
//
// Build: swift build -c release --static-swift-stdlib --package-path Benchmarks/validate/inprocess
//        (run.sh does it)
// usage: envelope-bench CONTRACT FILE RUNS
// Prints one JSON line: {"tool": ..., "times": [seconds per run], "valid": bool}.
//
// usage: envelope-bench load CONTRACT COUNT
// Loads (parses and compiles) the contract COUNT times from bytes in memory, keeping every
// result as `check` does, and prints one JSON line with the time per load: the cost of the
// contract side of `check` without files or threads (run it under callgrind to see where).
import EnvelopeCore
import Foundation

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "load", let count = Int(arguments[3]), count > 0 {
    let path = arguments[2]
    let name = (path as NSString).lastPathComponent
    let folder = (path as NSString).deletingLastPathComponent
    var kept: [Contract] = []
    kept.reserveCapacity(count)
    let elapsed: Duration
    do {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        elapsed = try ContinuousClock().measure {
            for _ in 0..<count {
                kept.append(try ContractLoader.load(file: name, read: { file in
                    file == name ? bytes : [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.isEmpty ? file : folder + "/" + file)))
                }))
            }
        }
    } catch {
        FileHandle.standardError.write(Data("\(path): \(error)\n".utf8))
        exit(2)
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print("{\"tool\": \"contract loading (EnvelopeCore in process)\", \"loads\": \(kept.count), \"seconds_per_load\": \(seconds / Double(count))}")
    exit(0)
}
guard arguments.count == 4, let runs = Int(arguments[3]), runs > 0 else {
    FileHandle.standardError.write(Data("usage: envelope-bench CONTRACT FILE RUNS\n".utf8))
    exit(2)
}
let contractPath = arguments[1], filePath = arguments[2]
let folder = (contractPath as NSString).deletingLastPathComponent
let contract: Contract
do {
    contract = try ContractLoader.load(file: (contractPath as NSString).lastPathComponent, read: { path in
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.isEmpty ? path : folder + "/" + path)))
    })
} catch {
    FileHandle.standardError.write(Data("\(contractPath): \(error)\n".utf8))
    exit(2)
}
let body = SharedBytes([UInt8](try Data(contentsOf: URL(fileURLWithPath: filePath))))

let repetitions = max(1, (20_000_000 + body.count - 1) / max(1, body.count))
var times: [Double] = []
var valid = true
var reportBytes = 0
let clock = ContinuousClock()
for _ in 0..<runs {
    var allValid = true
    let elapsed = clock.measure {
        for _ in 0..<repetitions {
            let checked = validate(ObservedResponse(status: nil, body: body), against: contract, source: filePath)
            reportBytes = TextReporter().render(Report(results: [checked], failOn: .breaking)).utf8.count
            allValid = allValid && checked.valid
        }
    }
    times.append((Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) / Double(repetitions))
    valid = valid && allValid
}
// The report's size keeps the rendering from being optimized away and shows it was made.
print("{\"tool\": \"envelope (EnvelopeCore in process)\", \"times\": [\(times.map { String($0) }.joined(separator: ", "))], \"valid\": \(valid), \"report_bytes\": \(reportBytes), \"repetitions\": \(repetitions)}")
