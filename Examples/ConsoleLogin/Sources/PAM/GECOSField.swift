/// The full name in a passwd entry's GECOS field (passwd(5)): the first of its comma-separated fields, as finger(1)
/// and chfn(1) read it: `Ada Lovelace,Room 101,555-0100,` is "Ada Lovelace".
///
/// - An `&` stands for the account name with its first letter in upper case (`& Smith` for `john` is
///   "John Smith"), as in finger(1).
/// - Spaces and tabs around the name are dropped; an empty name (an empty field, or `,,,` as adduser writes for a
///   user without one) is none.
///
/// With nss-pam-ldapd the field is the directory's `gecos`, or its `cn` without one (nslcd's default map); sssd
/// reads `gecos` and falls back to `cn` too. The text comes from outside the program: the view sanitises it.
enum GECOSField {
    /// The full name in a GECOS field.
    ///
    /// - Parameters:
    ///   - field: The whole GECOS field.
    ///   - accountName: The account's name, for `&`.
    /// - Returns: The full name, or `nil` when the field has none.
    static func fullName(in field: String, accountName: String) -> String? {
        let first = field.prefix { $0 != "," }
        var name = ""
        for character in first {
            if character == "&" {
                name += accountName.prefix(1).uppercased() + accountName.dropFirst()
            } else {
                name.append(character)
            }
        }
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let trimmed = name.drop(while: isBlank).reversed().drop(while: isBlank).reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }
}
