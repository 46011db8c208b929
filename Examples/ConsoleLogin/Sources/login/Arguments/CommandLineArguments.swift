internal import LoginFeature

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// The process's arguments as the bytes the system gave, checked to be UTF-8 before they become `String`s.
///
/// Swift's `CommandLine.arguments` repairs bytes that are not UTF-8 into U+FFFD, so a path with such a byte would
/// silently name another file; `login` refuses such an argument instead
/// (``LoginSafetyWords/argumentNotUTF8(position:shown:)``).
enum CommandLineArguments {
    /// The arguments after the program name, as bytes.
    static var process: [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
        }
    }

    /// Whether the arguments ask for help (`--help` or `-h`, of any command), which needs no terminal, no thread
    /// and no file: the resource limits are not checked for it.
    ///
    /// - Parameter arguments: The arguments' bytes.
    /// - Returns: Whether they parse to a help command.
    static func asksForHelp(_ arguments: [[UInt8]]) -> Bool {
        guard case .success(let decoded) = decode(arguments), let command = try? ArgumentParser.parse(decoded) else {
            return false
        }
        if case .help = command { return true }
        return false
    }

    /// An argument that is not UTF-8.
    struct NotUTF8: Error, Equatable {
        /// Its position, from 1 (the first argument after the program name).
        var position: Int
        /// The argument with its valid characters as they are and every other byte as `\xHH`.
        var shown: String
    }

    /// The arguments as text.
    ///
    /// - Parameter arguments: The arguments' bytes.
    /// - Returns: The arguments, or the first one that is not UTF-8.
    static func decode(_ arguments: [[UInt8]]) -> Result<[String], NotUTF8> {
        var decoded: [String] = []
        for (index, bytes) in arguments.enumerated() {
            guard let text = UTF8Text.string(validating: bytes) else {
                return .failure(NotUTF8(position: index + 1, shown: shown(bytes)))
            }
            decoded.append(text)
        }
        return .success(decoded)
    }

    /// Bytes shown as text, each byte that is not part of a UTF-8 character as `\xHH`.
    private static func shown(_ bytes: [UInt8]) -> String {
        var text = ""
        var rest = bytes[...]
        while let first = rest.first {
            var decoder = UTF8()
            var iterator = rest.makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                text.unicodeScalars.append(scalar)
                rest = rest.dropFirst(String(scalar).utf8.count)
            } else {
                let hex = String(first, radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" : "") + hex
                rest = rest.dropFirst()
            }
        }
        return text
    }
}
