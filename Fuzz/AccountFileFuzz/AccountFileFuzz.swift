// The account file fuzz target: any bytes parsed, and what parses written back and read again unchanged.
// Built with -sanitize=fuzzer and -D FUZZING it is a libFuzzer target (scripts/fuzz.sh); built normally it replays
// Fixtures/fuzz/account-file, or the files it is given.

internal import Foundation  // the reference NFKD: Foundation's, with ICU (never `login`'s)
internal import FuzzSupport
internal import LoginFeature

/// Reads any bytes as an account file and checks that the parser agrees with ``ReferenceAccountParser`` (the
/// format's rules written plainly), that whatever parses is written back byte for byte and reads back equal, and
/// that adding and replacing an entry keeps every other line. The same bytes, read as a failure tally
/// (``FailureTally``), must read back equal from the text they are written as; and every entry's name must find
/// that entry as the same name (``AccountFile/entry(sameNameAs:)``), also upper-cased and in fullwidth forms, and
/// fold as Foundation's NFKD with letter case set aside does (``AccountNameFolding``).
@main
enum AccountFileFuzz: FuzzTarget {
    static let target = "account-file"

    /// Checks one input.
    ///
    /// - Parameter bytes: The fuzzer's input: the file's contents.
    /// - Returns: `nil` when every property held, or the first that did not.
    static func check(_ bytes: [UInt8]) -> String? {
        if let problem = checkTally(bytes) { return problem }
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
        if let problem = checkSameNames(file) { return problem }
        return nil
    }

    /// A tally that reads is written back as a text that reads back equal, and writes the same again.
    private static func checkTally(_ bytes: [UInt8]) -> String? {
        guard let text = String(validating: bytes, as: UTF8.self), let tally = try? FailureTally(parsing: text)
        else { return nil }
        guard let again = try? FailureTally(parsing: tally.text) else { return "a tally's text does not read back" }
        if again != tally || again.text != tally.text { return "a tally reads back differently" }
        return nil
    }

    /// Every entry is the same name as itself, as its upper-cased form and as its fullwidth form, found at its own
    /// line (or at an entry of the same name), and folds as the reference does.
    private static func checkSameNames(_ file: AccountFile) -> String? {
        for account in file.accounts.prefix(20) {
            guard let same = file.entry(sameNameAs: account.name), same.account.name == account.name else {
                return "\(account.name.debugDescription) is not the same name as itself"
            }
            // Upper-cased from the canonical decomposition: `uppercased()` maps scalars in the order they are
            // stored, and the iota subscript (U+0345) becomes the letter `Ι` there, taking the marks written after
            // it, which in canonical order belong to the letter before it (another name, by Unicode's D146).
            let upperName = account.name.decomposedStringWithCanonicalMapping.uppercased()
            guard let upper = file.entry(sameNameAs: upperName),
                AccountNameFolding.isSameName(upper.account.name, account.name)
            else { return "\(upperName.debugDescription) finds no entry of the same name" }
            let fullwidth = String(String.UnicodeScalarView(account.name.unicodeScalars.map(Self.fullwidth)))
            guard let wide = file.entry(sameNameAs: fullwidth),
                AccountNameFolding.isSameName(wide.account.name, account.name)
            else { return "\(fullwidth.debugDescription) finds no entry of the same name" }
            if let problem = checkFolding(account.name) { return problem }
        }
        return nil
    }

    /// A printable ASCII character's fullwidth form (`a` is `ａ`, U+FF41); any other scalar as it is.
    private static func fullwidth(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard (0x21...0x7E).contains(scalar.value), let wide = Unicode.Scalar(scalar.value + 0xFEE0) else {
            return scalar
        }
        return wide
    }

    /// A name's key is Foundation's NFKD of it with letter case set aside (upper, then lower, then NFKD again), up
    /// to canonical equivalence, for a name whose scalars are all of the table's Unicode version or earlier: Unicode's
    /// compatibility caseless match, which decomposes before case is set aside (D146).
    static func checkFolding(_ name: String) -> String? {
        guard name.unicodeScalars.allSatisfy({ ($0.properties.age?.major ?? .max) <= 14 }) else { return nil }
        let reference = name.decomposedStringWithCompatibilityMapping.uppercased().lowercased()
            .decomposedStringWithCompatibilityMapping
        guard AccountNameFolding.key(name) == reference else {
            return "\(name.debugDescription) folds to \(AccountNameFolding.key(name).debugDescription), NFKD and case "
                + "to \(reference.debugDescription)"
        }
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
