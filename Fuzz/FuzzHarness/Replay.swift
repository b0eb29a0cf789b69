import Foundation

/// The `main` of a fuzz target built without libFuzzer (a plain `swift build`): runs the
/// entry once over each file named on the command line (directories: each file inside), so
/// the seeds and regression files can be replayed, under any sanitizer, without libFuzzer.
public enum Replay {
    public static func run(_ entry: (UnsafeBufferPointer<UInt8>) -> Int32) {
        let arguments = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("-") }
        guard !arguments.isEmpty else {
            FileHandle.standardError.write(Data("usage: \(CommandLine.arguments[0]) FILE-OR-DIRECTORY...\n".utf8))
            exit(64)
        }
        var count = 0
        let clock = ContinuousClock()
        let started = clock.now
        for path in arguments.flatMap(files(at:)) {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                exit(1)
            }
            let one = clock.now
            _ = Array(data).withUnsafeBufferPointer(entry)
            print("\(path): \(clock.now - one)")
            count += 1
        }
        print("replayed \(count) inputs in \(clock.now - started)")
    }

    static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [path]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { "\(path)/\($0)" }.flatMap(files(at:))
    }
}
