import XCTest

@testable import login

/// Every transcript in Fixtures/transcripts, through the whole program with the MVVM screen.
@MainActor
final class TranscriptTests: XCTestCase {
    func testEveryTranscriptWithTheMVVMScreen() async throws {
        let transcripts = try TranscriptRunner.all()
        XCTAssertGreaterThanOrEqual(transcripts.count, 12, "transcripts went missing")
        for transcript in transcripts {
            await TranscriptRunner.check(transcript, screen: "MVVM", makeScreen: MVVMLoginScreen.factory)
        }
    }
}
