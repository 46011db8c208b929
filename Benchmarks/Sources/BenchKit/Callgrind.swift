internal import Foundation

/// Instruction and allocation counts of one program run under `valgrind --tool=callgrind`.
///
/// Instructions are callgrind's total `Ir` (instructions executed, in every library). Allocations are the calls
/// into the C allocator's entry points (`malloc`, `calloc`, `realloc`, `posix_memalign`, `aligned_alloc`,
/// `memalign`, `valloc`), summed over every call site in the call graph callgrind records: Swift's
/// `swift_allocObject` and `swift_slowAlloc`, Foundation and the C++ runtime all end in one of them.
struct CallgrindCounts: Hashable, Sendable {
    /// Instructions executed.
    var instructions: UInt64
    /// Calls into the C allocator.
    var allocations: UInt64

    /// The functions whose calls count as allocations.
    static let allocators: Set<String> = [
        "malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign", "valloc",
        "__libc_malloc", "__libc_calloc", "__libc_realloc", "__libc_memalign",
    ]

    /// Reads the counts from a callgrind output file.
    ///
    /// - Parameter text: The file's contents, with or without name compression.
    /// - Returns: The counts, or `nil` when the file has no totals line.
    init?(parsing text: String) {
        var names: [Substring: Substring] = [:]
        var callee: Substring = ""
        var allocations: UInt64 = 0
        var instructions: UInt64?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("cfn=") || line.hasPrefix("fn=") {
                let name = Self.name(in: line.drop { $0 != "=" }.dropFirst(), names: &names)
                if line.hasPrefix("cfn=") { callee = name }
            } else if line.hasPrefix("calls=") {
                if Self.allocators.contains(String(callee)),
                    let count = UInt64(line.dropFirst("calls=".count).prefix { $0.isNumber })
                {
                    allocations += count
                }
            } else if line.hasPrefix("totals:") || line.hasPrefix("summary:") {
                instructions = UInt64(line.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces))
            }
        }
        guard let instructions else { return nil }
        self.init(instructions: instructions, allocations: allocations)
    }

    init(instructions: UInt64, allocations: UInt64) {
        self.instructions = instructions
        self.allocations = allocations
    }

    /// Resolves callgrind's name compression (`(12) malloc` defines id 12, a later `(12)` refers to it) and drops
    /// the `'2` suffix callgrind gives recursion levels.
    private static func name(in field: Substring, names: inout [Substring: Substring]) -> Substring {
        var name = field
        if field.hasPrefix("("), let close = field.firstIndex(of: ")") {
            let id = field[...close]
            let rest = field[field.index(after: close)...].drop { $0 == " " }
            if rest.isEmpty {
                name = names[id] ?? ""
            } else {
                names[id] = rest
                name = rest
            }
        }
        if let quote = name.lastIndex(of: "'"), name[name.index(after: quote)...].allSatisfy(\.isNumber) {
            name = name[..<quote]
        }
        return name
    }

    /// A copy of an executable without its DWARF sections, for valgrind to run.
    ///
    /// Valgrind 3.19 (Debian 12's) cannot read the DWARF 5 that Swift 6.3's compiler writes and gives up on the
    /// whole run; without debug sections it reads the symbol table, which is all the function-level counts need.
    /// The code is byte for byte the same, so are the instructions. Falls back to the executable itself when
    /// `objcopy` is missing.
    ///
    /// - Parameter executable: The path of the executable.
    /// - Returns: The path of the stripped copy, in a temporary directory.
    static func strippedCopy(of executable: String) -> String {
        guard let objcopy = ChildProcess.find("objcopy") else { return executable }
        let copy = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "bench-\(ProcessInfo.processInfo.processIdentifier)-\(URL(fileURLWithPath: executable).lastPathComponent)"
            ).path
        guard let result = try? ChildProcess.run([objcopy, "--strip-debug", executable, copy]), result.status == 0
        else { return executable }
        return copy
    }

    /// Runs a program under callgrind and reads its counts.
    ///
    /// - Parameters:
    ///   - valgrind: The path of `valgrind`.
    ///   - arguments: The program and its arguments.
    ///   - environment: Variables added to the environment.
    ///   - streams: What the program's standard streams are; an empty input by default.
    ///   - exitStatus: The status the program must end with.
    /// - Returns: The counts and how the program ended: its output (on a terminal where lines were typed, also
    ///   what it showed for them).
    /// - Throws: ``ChildProcess/Failure`` when valgrind fails, the program ends with another status, or no counts
    ///   are written.
    static func run(
        valgrind: String,
        _ arguments: [String],
        environment: [String: String],
        streams: ChildProcess.Streams = .emptyInput,
        exitStatus: Int32 = 0
    ) throws -> (counts: CallgrindCounts, result: ChildProcess.Result) {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "bench-callgrind-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).out"
            ).path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try ChildProcess.run(
            [
                valgrind, "--tool=callgrind", "-q", "--callgrind-out-file=\(file)", "--compress-strings=no",
                "--compress-pos=no",
            ] + arguments,
            environment: environment,
            streams: streams,
            timeout: .seconds(600)
        )
        guard result.status == exitStatus else {
            throw ChildProcess.Failure(
                description: "callgrind run of \(arguments) exited with \(result.status), not \(exitStatus)")
        }
        guard let text = try? String(contentsOfFile: file, encoding: .utf8), let counts = CallgrindCounts(parsing: text)
        else { throw ChildProcess.Failure(description: "callgrind wrote no counts to \(file)") }
        return (counts, result)
    }
}
