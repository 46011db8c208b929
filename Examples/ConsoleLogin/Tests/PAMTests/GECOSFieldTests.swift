import TestSupport
import XCTest

@testable import PAM

#if canImport(Glibc)
    import Glibc
#endif

/// The full name in a passwd entry's GECOS field, as the home screen greets a user signed in through PAM.
final class GECOSFieldTests: GuardedTestCase {
    func testTheFullNameIsTheFirstFieldWithoutTheSpacesAroundIt() {
        let cases: [(field: String, fullName: String?)] = [
            ("Ada Lovelace", "Ada Lovelace"),
            ("Ada Lovelace,Room 101,555-0100,555-0199", "Ada Lovelace"),
            ("  Ada Lovelace\t,Room 101", "Ada Lovelace"),
            ("Lovelace, Ada", "Lovelace"),  // a comma ends the name, as finger(1) reads it
            ("林 达", "林 达"),
            (",,,", nil),  // adduser's entry for a user without a full name
            ("", nil),
            (" \t ,Room 101", nil),
            ("\u{1B}[2JMallory", "\u{1B}[2JMallory"),  // kept as it came: the view sanitises it
        ]
        for (field, fullName) in cases {
            XCTAssertEqual(GECOSField.fullName(in: field, accountName: "ada"), fullName, field.debugDescription)
        }
    }

    func testAnAmpersandIsTheAccountNameCapitalised() {
        XCTAssertEqual(GECOSField.fullName(in: "& Smith,,,", accountName: "john"), "John Smith")
        XCTAssertEqual(GECOSField.fullName(in: "&", accountName: "élodie"), "Élodie")
        XCTAssertEqual(GECOSField.fullName(in: "Room &,&", accountName: "x"), "Room X", "only in the first field")
    }

    func testTheSystemsAccountDatabaseGivesRootsFullNameAndNoneForAnUnknownName() throws {
        #if os(Linux)
            // root is in every passwd file; its GECOS field, read with the plain getpwnam, is what to expect.
            let root = try XCTUnwrap(getpwnam("root"), "no root in the account database")
            let gecos = try XCTUnwrap(root.pointee.pw_gecos)
            let expected = GECOSField.fullName(in: String(cString: gecos), accountName: "root")
            XCTAssertEqual(PAMTransaction.fullName(of: "root"), expected)
            XCTAssertNil(PAMTransaction.fullName(of: "no-such-user.puremvvm"))
        #else
            throw XCTSkip("Linux-PAM is used on Linux only")
        #endif
    }
}
