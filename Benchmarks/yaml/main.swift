// Times EnvelopeYAML on a folder of YAML files: every .yaml and .yml file under the folder is
// read into memory once (untimed), then all are parsed into JSON documents per run.
//
//   Benchmarks/yaml/run.sh FOLDER [RUNS]
import Foundation

@main
struct YAMLBench {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("usage: yaml-bench FOLDER [RUNS]\n".utf8))
            exit(2)
        }
        let folder = URL(fileURLWithPath: arguments[1])
        let runs = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
        var files: [(String, [UInt8])] = []
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "yaml" || url.pathExtension == "yml" else { continue }
            files.append((url.path, [UInt8](try Data(contentsOf: url))))
        }
        let bytes = files.reduce(0) { $0 + $1.1.count }
        var times: [Double] = []
        var values = 0
        var failures: [String] = []
        for _ in 0..<runs {
            values = 0
            failures = []
            let start = DispatchTime.now().uptimeNanoseconds
            for (path, text) in files {
                do {
                    values += try YAMLDocument.parse(text).valueCount
                } catch {
                    failures.append("\(path):\(error)")
                }
            }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        times.sort()
        print("\(files.count) files, \(bytes) bytes, \(values) values, \(failures.count) refused")
        print(String(format: "parse all: min %.1f ms, median %.1f ms over %d runs (%.1f MB/s at the median)",
                     times[0], times[times.count / 2], runs, Double(bytes) / 1e6 / (times[times.count / 2] / 1e3)))
        for failure in failures.prefix(10) { print("  refused: \(failure)") }
    }
}
