import Foundation

/// A stored expectation for running `login` through pipes: Fixtures/end-to-end/*.case, format in that folder's
/// README: a header (arguments, standard input, exit status, the least time it takes), then the exact standard
/// output and error.
struct PipeCase {
    struct ParseError: Error, CustomStringConvertible {
        let file: String
        let reason: String
        var description: String { "\(file): \(reason)" }
    }

    let file: URL
    let headerLines: [String]
    let arguments: [String]
    /// Environment variables added to the run's (`environment: LANG=zh_CN.UTF-8`); none by default.
    let environment: [String: String]
    let input: [UInt8]
    let exitStatus: Int32
    /// The least time the run takes: the real failure delay it waits through (`waits: 250ms`); zero by default.
    let minimumDuration: Duration
    let standardOutput: String
    let standardError: String

    /// What `{Fixtures}` stands for: a copy of the repository's `Fixtures/accounts` in a folder of the run's own,
    /// since signing in writes a failure tally beside an account file.
    let fixtures: URL

    var name: String { file.lastPathComponent }

    static let outputMarker = "--- stdout\n"
    static let errorMarker = "--- stderr\n"

    /// Reads a case.
    ///
    /// - Parameters:
    ///   - file: The case's file.
    ///   - fixtures: What `{Fixtures}` stands for.
    init(contentsOf file: URL, fixtures: URL) throws {
        self.file = file
        self.fixtures = fixtures
        let text = try String(contentsOf: file, encoding: .utf8)
        func fail(_ reason: String) -> ParseError { ParseError(file: file.lastPathComponent, reason: reason) }
        // Each section is the exact output, which always ends with a newline unless it is empty, so the next
        // marker starts a line.
        guard let output = text.range(of: "\n" + Self.outputMarker),
            let error = text.range(
                of: "\n" + Self.errorMarker, range: text.index(before: output.upperBound)..<text.endIndex)
        else { throw fail("expected a '--- stdout' line, then a '--- stderr' line") }
        headerLines = text[..<output.lowerBound].components(separatedBy: "\n")
        standardOutput = error.lowerBound < output.upperBound ? "" : String(text[output.upperBound...error.lowerBound])
        standardError = String(text[error.upperBound...])
        var arguments: [String] = []
        var environment: [String: String] = [:]
        var input: [UInt8] = []
        var exitStatus: Int32?
        var minimumDuration = Duration.zero
        for line in headerLines where !line.hasPrefix("#") && !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw fail("header line '\(line)' is not 'key: value'") }
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            switch line[..<colon] {
            case "arguments":
                arguments = value.split(separator: " ").map {
                    $0.replacingOccurrences(of: "{Fixtures}", with: fixtures.path)
                }
            case "environment":
                for assignment in value.split(separator: " ") {
                    guard let equals = assignment.firstIndex(of: "=") else { throw fail("environment: NAME=VALUE") }
                    environment[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
                }
            case "stdin": input = try Self.unescape(String(value), fail)
            case "exit": exitStatus = Int32(value)
            case "waits":
                if value.hasSuffix("ms"), let milliseconds = Int(value.dropLast(2)) {
                    minimumDuration = .milliseconds(milliseconds)
                } else if value.hasSuffix("s"), let seconds = Int(value.dropLast()) {
                    minimumDuration = .seconds(seconds)
                } else {
                    throw fail("'waits:' takes whole seconds or milliseconds, such as '1s' or '250ms'")
                }
            case let key: throw fail("unknown header key '\(key)'")
            }
        }
        guard let exitStatus else { throw fail("no 'exit:' line") }
        self.arguments = arguments
        self.environment = environment
        self.input = input
        self.exitStatus = exitStatus
        self.minimumDuration = minimumDuration
    }

    /// The file's text with recorded results.
    func recorded(_ result: PipedProcess.Result) -> String {
        let header = headerLines.map { line in
            line.hasPrefix("exit:") ? "exit: \(Self.exitCode(result.status))" : line
        }
        return header.joined(separator: "\n") + "\n" + Self.outputMarker + shown(result.output)
            + Self.errorMarker + shown(result.errors)
    }

    /// Output as stored: the fixtures folder as `{Fixtures}`.
    func shown(_ output: String) -> String {
        output.replacingOccurrences(of: fixtures.path, with: "{Fixtures}")
    }

    static func exitCode(_ status: ExitStatus) -> Int32 {
        if case .exited(let code) = status { return code }
        return -1
    }

    /// `\n`, `\\` and `\xHH` (a raw byte) in a `stdin:` value.
    private static func unescape(_ value: String, _ fail: (String) -> ParseError) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var scalars = Array(value.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else {
                bytes += Array(String(scalar).utf8)
                continue
            }
            switch scalars.popFirst() {
            case "n": bytes.append(10)
            case "\\": bytes.append(UInt8(ascii: "\\"))
            case "x":
                guard let byte = UInt8(String(String.UnicodeScalarView(scalars.prefix(2))), radix: 16) else {
                    throw fail("\\x needs two hex digits")
                }
                bytes.append(byte)
                scalars = scalars.dropFirst(2)
            default: throw fail("stdin: unknown escape")
            }
        }
        return bytes
    }
}
