/// The email address syntax of ``ValidationRule/email(message:)``: WHATWG HTML's "valid email address", the one
/// browsers check for `<input type="email">`.
///
/// In: a local part of one or more ASCII letters, digits and ``localPartPunctuation``; `@`; a domain of one or
/// more labels separated by dots, each 1 to 63 ASCII letters, digits or hyphens, not starting or ending with a
/// hyphen (`dimsky@example.com`, `first.last+tag@mail.example.org`, `dimsky@localhost`, punycode labels such
/// as `xn--fiqs8s`). Out: quoted local parts (`"a b"@example.com`), IP-address literals (`a@[127.0.0.1]`),
/// comments, non-ASCII text anywhere (internationalised domain names must be given in punycode), and any
/// whitespace. Like the WHATWG definition, there is no overall length limit (add
/// ``ValidationRule/maximumLength(_:in:message:)``, 254 in RFC 5321) and no check that the domain exists.
enum EmailSyntax {
    static let localPartPunctuation = Set(".!#$%&'*+/=?^_`{|}~-".utf8)

    static func isValid(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")) else { return false }
        let local = bytes[..<at]
        guard !local.isEmpty, local.allSatisfy({ isAlphanumeric($0) || localPartPunctuation.contains($0) }) else {
            return false
        }
        bytes = bytes[bytes.index(after: at)...]
        guard !bytes.isEmpty else { return false }
        for label in bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard (1...63).contains(label.count),
                label.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "-") }),
                label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-")
            else { return false }
        }
        return true
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: false
        }
    }
}
