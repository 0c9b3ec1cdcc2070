import Foundation
import SpecgenFuzzing

#if FUZZING
    /// libFuzzer's driver, from `libclang_rt.fuzzer_no_main` (which `Benchmarks/fuzz.sh` links): it parses libFuzzer's
    /// options and calls `callback` with each input.
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    private nonisolated(unsafe) var fuzzTarget = FuzzTarget.generator
#endif

/// `specgen-fuzz <generator|mock|decoding|importer|diff|mutation|stability> <file>...` runs a target once on each file, to replay an input. Built
/// by `Benchmarks/fuzz.sh` with `-D FUZZING`, `specgen-fuzz <target> <libFuzzer options and corpus folders>` fuzzes
/// the target.
@main
enum SpecgenFuzz {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            print("usage: specgen-fuzz <generator|mock|decoding|importer|diff|mutation|stability> <file>...")
            exit(2)
        }
        #if FUZZING
            fuzzTarget = target
            var argc = CommandLine.argc - 1
            var argv = [CommandLine.unsafeArgv[0]] + (2..<Int(CommandLine.argc)).map { CommandLine.unsafeArgv[$0] }
            argv.append(nil)
            let status = argv.withUnsafeMutableBufferPointer { buffer in
                var pointer = buffer.baseAddress
                return withUnsafeMutablePointer(to: &pointer) { argvPointer in
                    runDriver(&argc, argvPointer) { data, size in
                        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
                        fuzzTarget.run(bytes)
                        return 0
                    }
                }
            }
            exit(status)
        #else
            for path in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else {
                    print("\(path): cannot read")
                    exit(1)
                }
                target.run(Array(data))
                print("\(path): ok")
            }
        #endif
    }
}
