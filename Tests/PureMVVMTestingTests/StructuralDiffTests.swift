import TestSupport
import XCTest

@testable import PureMVVMTesting

final class StructuralDiffTests: GuardedTestCase {
    struct Profile: Equatable {
        var name: String
        var badge: Int?
        var tags: [String]
        var state: State
        var address: Address
        var flags: Set<String>
    }

    struct Address: Equatable {
        var city: String
        var zip: String
        var country: String
        var street: String
    }

    enum State: Equatable {
        case idle
        case failed(reason: String, code: Int)
        case retrying(reason: String, code: Int)
    }

    let base = Profile(
        name: "dimsky",
        badge: nil,
        tags: ["a", "b"],
        state: .idle,
        address: Address(city: "Hangzhou", zip: "310000", country: "CN", street: "West Lake Rd"),
        flags: ["x"]
    )

    func testEqualValuesHaveNoDiff() {
        XCTAssertNil(StructuralDiff.render(expected: base, actual: base))
    }

    func testNestedFieldsOptionalsCollectionsAndEnums() {
        var changed = base
        changed.badge = 3
        changed.tags.append("c")
        changed.state = .failed(reason: "offline", code: 7)
        changed.address.zip = "310001"

        XCTAssertEqual(
            StructuralDiff.render(expected: base, actual: changed),
            """
              Profile(
                name: "dimsky"
            −   badge: nil
            +   badge: 3
                tags: [
                  [0]: "a"
                  [1]: "b"
            +     [2]: "c"
                ]
            −   state: .idle
            +   state: .failed(reason: "offline", code: 7)
                address: Address(
                  city: "Hangzhou"
            −     zip: "310000"
            +     zip: "310001"
                  country: "CN"
                  street: "West Lake Rd"
                )
                flags: Set<String>(["x"])
              )
            """
        )
    }

    func testLongRunsOfUnchangedFieldsAreCounted() {
        var changed = base
        changed.flags = ["y"]
        let diff = StructuralDiff.render(expected: base, actual: changed) ?? ""
        XCTAssertTrue(diff.contains("… (5 unchanged)"), diff)
    }

    /// Another case is another value, shown whole, though its payload has the same labels and values.
    func testAnotherCaseWithTheSamePayloadIsShownWhole() {
        XCTAssertEqual(
            StructuralDiff.render(
                expected: State.failed(reason: "offline", code: 7), actual: State.retrying(reason: "offline", code: 7)),
            """
            − .failed(reason: "offline", code: 7)
            + .retrying(reason: "offline", code: 7)
            """)
    }

    func testSameCaseDifferentPayloadDrillsIn() {
        let diff = StructuralDiff.render(
            expected: State.failed(reason: "offline", code: 7),
            actual: State.failed(reason: "offline", code: 8)
        )
        XCTAssertEqual(
            diff,
            """
              .failed(
                (
                  reason: "offline"
            −     code: 7
            +     code: 8
                )
              )
            """
        )
    }
}
