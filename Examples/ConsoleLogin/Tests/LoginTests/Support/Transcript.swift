import Foundation
import TestSupport

/// A console transcript file in Fixtures/transcripts/: a header (comments, the arguments, the environment
/// variables, the exit status, the delays the failure policy asked for) and, after `---`, the exact screen with
/// typed input marked
/// (see ``TranscriptMarkup``). Format: Fixtures/transcripts/README.md.
struct Transcript {
    struct ParseError: Error, CustomStringConvertible {
        let file: String
        let reason: String
        var description: String { "\(file): \(reason)" }
    }

    let file: URL
    /// The header lines as written, for re-recording.
    let headerLines: [String]
    /// The arguments after `login`, with `{Fixtures}` replaced by the fixtures folder.
    let arguments: [String]
    /// The environment variables the program sees (`environment: LANG=zh_CN.UTF-8`); none by default.
    let environment: [String: String]
    let exitStatus: Int32
    let delays: [Duration]
    /// The expected screen, with reads marked.
    let screen: String

    var name: String { file.lastPathComponent }

    init(contentsOf file: URL) throws {
        self.file = file
        let text = try String(contentsOf: file, encoding: .utf8)
        guard let separator = text.range(of: "\n---\n") else {
            throw ParseError(file: file.lastPathComponent, reason: "no '---' line between the header and the screen")
        }
        headerLines = text[..<separator.lowerBound].components(separatedBy: "\n")
        screen = String(text[separator.upperBound...])
        var arguments: [String] = []
        var environment: [String: String] = [:]
        var exitStatus: Int32?
        var delays: [Duration] = []
        for line in headerLines where !line.hasPrefix("#") && !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else {
                throw ParseError(file: file.lastPathComponent, reason: "header line '\(line)' is not 'key: value'")
            }
            let key = line[..<colon]
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "arguments":
                arguments = value.split(separator: " ").map {
                    $0.replacingOccurrences(of: "{Fixtures}", with: Paths.fixtures.path)
                }
            case "environment":
                for assignment in value.split(separator: " ") {
                    guard let equals = assignment.firstIndex(of: "=") else {
                        throw ParseError(file: file.lastPathComponent, reason: "an environment entry is NAME=VALUE")
                    }
                    environment[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
                }
            case "exit":
                exitStatus = Int32(value)
            case "delays":
                delays = try value.split(separator: " ").map { word in
                    guard word.hasSuffix("s"), let seconds = Int(word.dropLast()) else {
                        throw ParseError(file: file.lastPathComponent, reason: "a delay is whole seconds, as 2s")
                    }
                    return .seconds(seconds)
                }
            default:
                throw ParseError(file: file.lastPathComponent, reason: "unknown header key '\(key)'")
            }
        }
        guard let exitStatus else { throw ParseError(file: file.lastPathComponent, reason: "no 'exit:' line") }
        self.arguments = arguments
        self.environment = environment
        self.exitStatus = exitStatus
        self.delays = delays
    }

    /// The file's text with the recorded screen, exit status and delays, for re-recording.
    func recorded(screen: String, exitStatus: Int32, delays: [Duration]) -> String {
        var header = headerLines.filter { !$0.hasPrefix("exit:") && !$0.hasPrefix("delays:") }
        header.append("exit: \(exitStatus)")
        if !delays.isEmpty { header.append("delays: " + delays.map(Self.format).joined(separator: " ")) }
        return header.joined(separator: "\n") + "\n---\n" + screen
    }

    static func format(_ delay: Duration) -> String { "\(delay.components.seconds)s" }
}
