import Gallery
import TestSupport
import XCTest

@testable import login

/// The acceptance suite: every transcript in Fixtures/transcripts, through the whole program, with each of the
/// gallery's seven login patterns. A failure names the pattern and the transcript.
@MainActor
final class TranscriptTests: GuardedTestCase {
    func testEveryTranscriptWithEveryPattern() async throws {
        let transcripts = try TranscriptRunner.all()
        XCTAssertGreaterThanOrEqual(transcripts.count, 16, "transcripts went missing")
        XCTAssertEqual(LoginPattern.allCases.count, 7)
        for pattern in LoginPattern.allCases {
            for transcript in transcripts {
                guard await TranscriptRunner.check(transcript, pattern: pattern) else {
                    return XCTFail("Stopped after a run that did not end: the others would wait as long.")
                }
            }
        }
    }

    /// The orders screen's sessions (Fixtures/transcripts/orders), with the toolkit's own login pattern only: what
    /// follows the sign-in is the same whichever pattern signed in (the test above shows it for the home screen).
    func testEveryOrdersTranscript() async throws {
        let transcripts = try TranscriptRunner.all(in: "transcripts/orders")
        XCTAssertGreaterThanOrEqual(transcripts.count, 4, "transcripts went missing")
        for transcript in transcripts {
            guard await TranscriptRunner.check(transcript, pattern: .mvvm) else {
                return XCTFail("Stopped after a run that did not end: the others would wait as long.")
            }
        }
    }
}
