internal import LoginFeature

/// The account file's format written as plainly as possible, scalar by scalar, to check ``AccountFile``'s
/// parser against: the size limit, UTF-8, then each `\n`-separated line in order (a trailing `\r` refused; blank,
/// whitespace-only and `#` lines kept; otherwise `name:hash` with exactly one `:`, a usable name and a hash of
/// printable ASCII), and no name twice.
enum ReferenceAccountParser {
    /// Parses a file.
    ///
    /// - Parameter bytes: The file's contents.
    /// - Returns: The lines, or the error the parser must report.
    static func parse(_ bytes: [UInt8]) -> Result<[AccountFile.Line], AccountFileError> {
        if bytes.count > AccountFile.maximumBytes {
            return .failure(AccountFileError(.tooLarge(maximumBytes: AccountFile.maximumBytes)))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(AccountFileError(.notUTF8)) }
        var rawLines: [[Unicode.Scalar]] = [[]]
        for scalar in text.unicodeScalars {
            if scalar == "\n" { rawLines.append([]) } else { rawLines[rawLines.count - 1].append(scalar) }
        }
        if rawLines.last?.isEmpty == true { rawLines.removeLast() }
        var lines: [AccountFile.Line] = []
        var firstLines: [String: Int] = [:]
        for (offset, raw) in rawLines.enumerated() {
            let number = offset + 1
            switch parseLine(raw) {
            case .failure(let error): return .failure(AccountFileError(error.reason, line: number))
            case .success(let line):
                if case .entry(let account) = line {
                    if let first = firstLines[account.name] {
                        return .failure(AccountFileError(.duplicateName(account.name, firstLine: first), line: number))
                    }
                    firstLines[account.name] = number
                }
                lines.append(line)
            }
        }
        return .success(lines)
    }

    private static func parseLine(_ raw: [Unicode.Scalar]) -> Result<AccountFile.Line, AccountFileError> {
        let text = String(String.UnicodeScalarView(raw))
        if raw.last == "\r" { return .failure(AccountFileError(.carriageReturn)) }
        let content = raw.drop { $0 == " " || $0 == "\t" }
        if content.isEmpty || content.first == "#" { return .success(AccountFile.Line.other(text)) }
        guard let colon = raw.firstIndex(of: ":") else { return .failure(AccountFileError(.missingSeparator)) }
        let name = String(String.UnicodeScalarView(raw[..<colon]))
        let hash = raw[(colon + 1)...]
        if hash.contains(":") { return .failure(AccountFileError(.extraSeparator)) }
        if let problem = nameProblem(name) { return .failure(AccountFileError(.invalidName(problem))) }
        if hash.isEmpty { return .failure(AccountFileError(.emptyHash)) }
        let printable = hash.allSatisfy { (scalar: Unicode.Scalar) in (0x21...0x7E).contains(scalar.value) }
        guard printable else { return .failure(AccountFileError(.invalidHashCharacters)) }
        let account = Account(name: name, passwordHash: String(String.UnicodeScalarView(hash)))
        return .success(AccountFile.Line.entry(account))
    }

    private static func nameProblem(_ name: String) -> AccountFileError.NameProblem? {
        if name.isEmpty { return .empty }
        if name.unicodeScalars.first == "#" { return .startsWithCommentSign }
        for scalar in name.unicodeScalars {
            if scalar == ":" { return .containsColon }
            if scalar.properties.isWhitespace { return .containsWhitespace }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: return .containsControlCharacter
            default: break
            }
            // A character that shows as nothing (issue 40's F5): Unicode's default ignorable code points, the
            // variation selectors among them, and the four Hangul fillers, named here as the spec names them.
            let hangulFillers: Set<Unicode.Scalar> = ["\u{115F}", "\u{1160}", "\u{3164}", "\u{FFA0}"]
            if scalar.properties.isDefaultIgnorableCodePoint || hangulFillers.contains(scalar) {
                return .containsInvisibleCharacter(scalar)
            }
        }
        return nil
    }
}
