internal import FuzzSupport
internal import LoginFeature

/// Reads any bytes as an account file and checks that the parser agrees with ``ReferenceAccountParser`` (the
/// format's rules written plainly), that whatever parses is written back byte for byte and reads back equal, and
/// that adding and replacing an entry keeps every other line.
enum AccountFileFuzz {
    static let target = "account-file"

    /// Checks one input.
    ///
    /// - Parameter bytes: The fuzzer's input: the file's contents.
    /// - Returns: `nil` when every property held, or the first that did not.
    static func check(_ bytes: [UInt8]) -> String? {
        let expected = ReferenceAccountParser.parse(bytes)
        let file: AccountFile
        do {
            file = try AccountFile(bytes: bytes)
        } catch {
            guard case .failure(let expectedError) = expected, expectedError == error else {
                return "refused with \"\(error)\", expected \(expected)"
            }
            if error.description.isEmpty { return "an error without a description" }
            return nil
        }
        guard case .success(let expectedLines) = expected, expectedLines == file.lines else {
            return "read \(file.lines.count) lines, expected \(expected)"
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        if file.text != text {
            return "written back as \(file.text.debugDescription), expected \(text.debugDescription)"
        }
        if let problem = checkUpdates(file) { return problem }
        return nil
    }

    private static func checkUpdates(_ file: AccountFile) -> String? {
        var updated = file
        let names = Set(file.accounts.map(\.name))
        if names.count != file.accounts.count { return "a name with two entries was accepted" }
        let newName = "fuzz.new" + String(names.count)
        guard !names.contains(newName) else { return nil }
        do {
            guard try updated.setPasswordHash("$y$j9T$new$hash", for: newName) == .added else {
                return "a new name was not added"
            }
            if let first = file.accounts.first {
                guard try updated.setPasswordHash("$6$salt$replaced", for: first.name) == .replaced else {
                    return "an existing name was not replaced"
                }
            }
        } catch {
            return "setting a valid entry failed: \(error)"
        }
        let reread: AccountFile
        do {
            reread = try AccountFile(bytes: Array(updated.text.utf8))
        } catch {
            return "an updated file does not read back: \(error)"
        }
        if reread != updated { return "an updated file reads back differently" }
        if reread.lines.count != file.lines.count + 1 { return "an update changed the number of lines" }
        for (old, new) in zip(file.lines, reread.lines) {
            switch (old, new) {
            case (.other(let a), .other(let b)) where a == b: continue
            case (.entry(let a), .entry(let b)) where a.name == b.name: continue
            default: return "an update moved or changed another line"
            }
        }
        if reread.account(named: newName)?.passwordHash != "$y$j9T$new$hash" { return "the new entry is missing" }
        return nil
    }
}
