import LoginFeature
import TestSupport
import XCTest

@testable import login

/// The demo account's fallback checker for platforms without libxcrypt: the demo password only, nothing else.
final class DemoPasswordHasherTests: GuardedTestCase {
    func testOnlyTheDemoPasswordAgainstTheDemoHashPasses() {
        let hasher = DemoPasswordHasher()
        XCTAssertTrue(hasher.verify("balabala", against: DemoAccount.passwordHash))
        for password in ["", "balabal", "balabalA", "balabala ", "balabala" + String(repeating: "x", count: 256)] {
            XCTAssertFalse(hasher.verify(password, against: DemoAccount.passwordHash), password)
        }
        XCTAssertFalse(hasher.verify("balabala", against: "$y$j9T$other$hash"))
        XCTAssertThrowsError(try hasher.hash("balabala"))
        XCTAssertNoThrow(try hasher.checkHash(DemoAccount.passwordHash))
        XCTAssertThrowsError(try hasher.checkHash("$6$salt$hash"))
    }
}
