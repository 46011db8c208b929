import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// The tester works out which rows changed by itself, property by property, and checks the row changes each
/// reload tells the view; a slip in the rows' `==` or a hand-made reload is caught.
@MainActor
final class RowChecksTests: GuardedTestCase {
    /// What the contract check reports for a reload that closes ticket 2 of 3 (and so changes the open count),
    /// telling the view the given row changes: hand-made, as another diff could tell them.
    private func closingTicketTwo(_ rows: RowChanges) -> [TestFailure] {
        let old = TicketOutputs<Ticket>(tickets: .tickets(3), openCount: 3)
        var new = old
        new.tickets.update(Ticket(id: 2, title: "T2", status: "closed"))
        new.openCount = 2
        return reloading(from: old, to: new, telling: rows)
    }

    /// What the contract check reports for a reload of tickets and the open count from `old` to `new` that tells
    /// the view the given row changes.
    private func reloading(
        from old: TicketOutputs<Ticket>, to new: TicketOutputs<Ticket>, telling rows: RowChanges
    ) -> [TestFailure] {
        typealias Outputs = TicketOutputs<Ticket>
        let check = ContractCheck(layout: .of(old))
        let location = FailureLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        let names = ReloadNames(changes: ChangeSet<Outputs>([.tickets, .openCount]).positions, rowChanges: [rows])
        return FailureReporter.capture {
            check.check(
                [.init(names, outputs: new, viewModelOutputs: new)], from: old, to: new, event: { "closing" },
                at: location)
        }
    }

    private func closed<Row: TicketRow>(_ id: Int, in outputs: inout TicketOutputs<Row>) {
        guard var ticket = outputs.tickets[id: id] else { return }
        ticket.status = "closed"
        outputs.tickets.update(ticket)
    }

    func testRightRowChangesPass() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(TicketsViewModel<Ticket>(), spy: ReloadSpy())
            tester.send({ $0.ticketDidClose(2, arriving: 4) }) {
                self.closed(2, in: &$0)
                $0.tickets.append(Ticket(id: 4, title: "T4", status: "open"))
            }
            tester.send { $0.refreshDidPull() }
        }
        XCTAssertEqual(reports.messages, [])
    }

    /// Rows whose bytes differ are compared property by property: a title in a new string buffer of the same text
    /// is no change, and the reload that does not name the rows is right.
    func testRowsWithOtherBytesButTheSameValuesAreNotAChange() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(TicketsViewModel<Ticket>(), spy: ReloadSpy())
            tester.send({ $0.titlesDidLengthen() }) { outputs in
                for id in 1...3 {
                    guard var ticket = outputs.tickets[id: id] else { continue }
                    ticket.title = "Ticket number \(id) of the queue"
                    outputs.tickets.update(ticket)
                }
            }
            tester.send { $0.titlesDidReloadAsCopies() }
        }
        XCTAssertEqual(reports.messages, [])
    }

    /// Rows read through `Mirror` (a property holds a class instance), not where they lie, are compared property
    /// by property too: a closed ticket is a change, a title in a new string buffer of the same text is not.
    func testRowsReadThroughMirrorAreComparedPropertyByProperty() async {
        let sample = OwnedTicket(id: 1, title: "T1", status: "open")
        XCTAssertNil(RowComparison.for(OwnedTicket.self, sample: sample).isChangedWhereTheyLie)
        XCTAssertNotNil(
            RowComparison.for(Ticket.self, sample: Ticket(id: 1, title: "T1", status: "open")).isChangedWhereTheyLie)
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(TicketsViewModel<OwnedTicket>(), spy: ReloadSpy())
            tester.send({ $0.ticketDidClose(2) }) {
                self.closed(2, in: &$0)
                $0.openCount = 2
            }
            tester.send({ $0.titlesDidLengthen() }) { outputs in
                for id in 1...3 {
                    guard var ticket = outputs.tickets[id: id] else { continue }
                    ticket.title = "Ticket number \(id) of the queue"
                    outputs.tickets.update(ticket)
                }
            }
            tester.send { $0.titlesDidReloadAsCopies() }
        }
        XCTAssertEqual(reports.messages, [])
    }

    /// A row the tester cannot take apart (a property that is not `Equatable`) is compared with its own `==`: a
    /// change it sees is a change, and the reload that names it is right.
    func testARowTheTesterCannotTakeApartIsComparedWithItsOwnEquality() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(TicketsViewModel<TaggedTicket>(), spy: ReloadSpy())
            tester.send({ $0.ticketDidClose(2) }) {
                self.closed(2, in: &$0)
                $0.openCount = 2
            }
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testARowEqualityThatIgnoresAPropertyFailsWhenOnlyThatChanged() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(TicketsViewModel<StatusBlindTicket>(), spy: ReloadSpy())
            tester.send({ $0.ticketDidClose(2) }) {
                self.closed(2, in: &$0)
                $0.openCount = 2
            }
        }
        assertOneFailure(
            reports,
            containing: "`ticketDidClose(2)` sent reloadViews([openCount]), which does not name tickets, though "
                + "tickets changed (the row with ID 2: status: \"open\" → \"closed\"): "
                + "TicketOutputs<StatusBlindTicket>.hasChanged(.tickets, since:) says it did not.",
            "StatusBlindTicket's == says the row with ID 2 did not change, though status: \"open\" → \"closed\"; "
                + "make StatusBlindTicket's == compare `status`, or let Swift synthesise it.")
    }

    func testARowEqualityThatIgnoresAPropertyFailsWhenTheReloadMissesTheRow() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(TicketsViewModel<StatusBlindTicket>(), spy: ReloadSpy())
            tester.send({ $0.ticketDidClose(2, arriving: 4) }) {
                self.closed(2, in: &$0)
                $0.tickets.append(StatusBlindTicket(id: 4, title: "T4", status: "open"))
            }
        }
        assertOneFailure(
            reports,
            containing: """
                `ticketDidClose(2, arriving: 4)` sent reloadViews([tickets]), whose row changes of tickets (inserted \
                [3]) do not name the row with ID 2 (at 1), though it changed (status: "open" → "closed"). \
                StatusBlindTicket's == says the row with ID 2 did not change, though status: "open" → "closed".
                To fix: make StatusBlindTicket's == compare `status`, or let Swift synthesise it.
                """)
    }

    func testARowEqualityThatIgnoresAPropertyFailsWhenASetOfTheRowsMissesTheRow() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(TicketsViewModel<StatusBlindTicket>(), spy: ReloadSpy())
            tester.send({ $0.ticketDidCloseSettingTheRows(2, arriving: 4) }) {
                self.closed(2, in: &$0)
                $0.tickets.append(StatusBlindTicket(id: 4, title: "T4", status: "open"))
            }
        }
        assertOneFailure(
            reports,
            containing: """
                `ticketDidCloseSettingTheRows(2, arriving: 4)` sent reloadViews([tickets]), whose row changes of \
                tickets (inserted [3]) do not name the row with ID 2 (at 1), though it changed (status: "open" → \
                "closed").
                """)
    }

    func testARowEqualityThatMakesUpAChangeFails() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(TicketsViewModel<TouchyTicket>(), spy: ReloadSpy())
            tester.send({ $0.ticketDidClose(1) }) {
                self.closed(1, in: &$0)
                $0.openCount = 2
            }
            tester.send { $0.refreshDidPull() }
        }
        assertOneFailure(
            reports,
            containing: "`refreshDidPull()` sent reloadViews([tickets]), which names tickets, but tickets did not "
                + "change",
            "To fix: TouchyTicket's == says the row with ID 1 changed, though every stored property is equal; make "
                + "TouchyTicket's == compare its stored properties and nothing else, or let Swift synthesise it.")
    }

    /// One row named though it did not change is one too many: the check does not wait for a second.
    func testOneRowNamedThoughItDidNotChangeFails() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(TicketsViewModel<TouchyTicket>(), spy: ReloadSpy())
            tester.send({ $0.ticketDidClose(1) }) {
                self.closed(1, in: &$0)
                $0.openCount = 2
            }
            tester.send({ $0.ticketDidClose(2) }) {
                self.closed(2, in: &$0)
                $0.openCount = 1
            }
        }
        assertOneFailure(
            reports,
            containing: "`ticketDidClose(2)` sent reloadViews([tickets, openCount]), whose row changes of tickets "
                + "(updated [0, 1]) name the row with ID 1 (at 0) as updated, though it did not change.")
    }

    /// A row deleted and inserted again in one reload is named (UIKit redraws it), as an updated one is. The
    /// toolkit's diff names a kept row that changed as updated, never so; this checks the rule on the check
    /// itself, with the row changes another diff could tell a view.
    func testARowDeletedAndInsertedAgainCountsAsNamed() async {
        let reports = closingTicketTwo
        XCTAssertEqual(reports(RowChanges(deletions: [1], insertions: [1])).messages, [])
        XCTAssertEqual(reports(RowChanges(updates: [1])).messages, [])
        assertOneFailure(reports(RowChanges()), containing: "do not name the row with ID 2 (at 1), though it changed")
    }

    /// Rows that keep their IDs and order are checked without working out every row's ID: the row changes must still
    /// name the row that changed and no other, and delete nothing.
    func testRowChangesOfRowsInPlaceMustNameTheRightRowAndDeleteNothing() async {
        let reports = { (rows: RowChanges) in self.closingTicketTwo(rows).messages }
        XCTAssertEqual(reports(RowChanges(updates: [1])), [])
        let wrongRow = reports(RowChanges(updates: [0]))
        XCTAssertTrue(
            wrongRow.contains { $0.contains("do not name the row with ID 2 (at 1), though it changed") }, "\(wrongRow)")
        XCTAssertTrue(
            wrongRow.contains { $0.contains("name the row with ID 1 (at 0) as updated, though it did not change") },
            "\(wrongRow)")
        let deleting = reports(RowChanges(deletions: [2], updates: [1]))
        XCTAssertTrue(
            deleting.contains { $0.contains("turn the old rows' IDs [1, 2, 3] into [1, 2]") }, "\(deleting)")
    }

    /// Row changes with deletions and insertions but no moves are checked without working out every row's ID when
    /// the rows they keep pair up in order; changes that do not fit, or name the wrong rows, still fail.
    func testRowChangesThatInsertOrDeleteMustFitAndNameTheChangedRows() async {
        let old = TicketOutputs<Ticket>(tickets: .tickets(3), openCount: 3)
        var arriving = old  // ticket 2 closed, ticket 4 arrives at the end, closed
        arriving.tickets.update(Ticket(id: 2, title: "T2", status: "closed"))
        arriving.tickets.append(Ticket(id: 4, title: "T4", status: "closed"))
        arriving.openCount = 2
        let reports = { (rows: RowChanges) in self.reloading(from: old, to: arriving, telling: rows).messages }
        XCTAssertEqual(reports(RowChanges(insertions: [3], updates: [1])), [])
        let noInsertion = reports(RowChanges(updates: [1]))
        XCTAssertTrue(
            noInsertion.contains { $0.contains("turn the old rows' IDs [1, 2, 3] into [1, 2, 3], not the new rows' ") },
            "\(noInsertion)")
        let twice = reports(RowChanges(insertions: [3, 3], updates: [1]))
        XCTAssertTrue(twice.contains { $0.contains("do not fit the rows") }, "\(twice)")
        let outOfRange = reports(RowChanges(insertions: [4], updates: [1]))
        XCTAssertTrue(outOfRange.contains { $0.contains("do not fit the rows") }, "\(outOfRange)")
        let belowRange = reports(RowChanges(deletions: [0], insertions: [-1, 3], updates: [1]))
        XCTAssertTrue(belowRange.contains { $0.contains("do not fit the rows") }, "\(belowRange)")
        let unnamed = reports(RowChanges(insertions: [3]))
        XCTAssertTrue(
            unnamed.contains { $0.contains("do not name the row with ID 2 (at 1), though it changed") }, "\(unnamed)")
        let reinserted = reports(RowChanges(deletions: [0], insertions: [0, 3], updates: [1]))
        XCTAssertTrue(
            reinserted.contains { $0.contains("name the row with ID 1 (at 0) as deleted and inserted, though it") },
            "\(reinserted)")
        var leaving = old  // ticket 2 leaves
        leaving.tickets.remove(id: 2)
        leaving.openCount = 2
        let deleting = { (rows: RowChanges) in self.reloading(from: old, to: leaving, telling: rows).messages }
        XCTAssertEqual(deleting(RowChanges(deletions: [1])), [])
        for wrong in [RowChanges(deletions: [0]), RowChanges(deletions: [0], updates: [0])] {
            let wrongRow = deleting(wrong)
            XCTAssertTrue(
                wrongRow.contains {
                    $0.contains("turn the old rows' IDs [1, 2, 3] into [2, 3], not the new rows' [1, 3]")
                }, "\(wrong): \(wrongRow)")
        }
        var leavingTwo = leaving  // tickets 2 and 3 leave
        leavingTwo.tickets.remove(id: 3)
        leavingTwo.openCount = 1
        let deletedTwice = reloading(from: old, to: leavingTwo, telling: RowChanges(deletions: [1, 1])).messages
        XCTAssertTrue(deletedTwice.contains { $0.contains("do not fit the rows") }, "\(deletedTwice)")
        let moving = closingTicketTwo(RowChanges(moves: [.init(from: 0, to: 2)], updates: [1])).messages
        XCTAssertTrue(
            moving.contains { $0.contains("turn the old rows' IDs [1, 2, 3] into [2, 3, 1]") }, "\(moving)")
    }

    /// Row changes with moves go to the full reckoning, which refuses every change that names a row or a
    /// position twice, or one out of range.
    func testRowChangesWithMovesThatDoNotFitTheRowsFail() async {
        let misfits: [RowChanges] = [
            RowChanges(moves: [.init(from: 3, to: 0)]),
            RowChanges(moves: [.init(from: 0, to: 3)]),
            RowChanges(moves: [.init(from: 0, to: 2), .init(from: 0, to: 1)]),
            RowChanges(deletions: [0], insertions: [0], moves: [.init(from: 0, to: 2)]),
            RowChanges(deletions: [2], insertions: [2], moves: [.init(from: 0, to: 2)]),
            RowChanges(moves: [.init(from: 0, to: 2), .init(from: 1, to: 2)]),
            RowChanges(moves: [.init(from: 0, to: 2)], updates: [3]),
        ]
        for changes in misfits {
            let messages = closingTicketTwo(changes).messages
            XCTAssertTrue(messages.contains { $0.contains("do not fit the rows") }, "\(changes): \(messages)")
        }
        let fitting = closingTicketTwo(RowChanges(moves: [.init(from: 0, to: 2)], updates: [1])).messages
        XCTAssertFalse(fitting.contains { $0.contains("do not fit the rows") }, "\(fitting)")
        // Ticket 2 leaves, but the changes only move ticket 1: one old row is left with no place.
        let old = TicketOutputs<Ticket>(tickets: .tickets(3), openCount: 3)
        var leaving = old
        leaving.tickets.remove(id: 2)
        leaving.openCount = 2
        let leftOver = reloading(from: old, to: leaving, telling: RowChanges(moves: [.init(from: 0, to: 1)])).messages
        XCTAssertTrue(leftOver.contains { $0.contains("do not fit the rows") }, "\(leftOver)")
        // The one row that left, deleted twice: the rows it leaves are right, but no batch update takes it.
        let deletedTwice = reloading(from: old, to: leaving, telling: RowChanges(deletions: [1, 1])).messages
        XCTAssertTrue(deletedTwice.contains { $0.contains("do not fit the rows") }, "\(deletedTwice)")
    }

    func testAWrongExpectationAboutARowFailsEvenWhenTheRowsEqualityCannotTell() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(TicketsViewModel<StatusBlindTicket>(), spy: ReloadSpy())
            tester.send({ $0.ticketDidClose(2, arriving: 4) }) {
                $0.tickets.append(StatusBlindTicket(id: 4, title: "T4", status: "open"))
            }
        }
        let messages = reports.failures.messages
        XCTAssertTrue(
            messages.contains { $0.contains("the outputs are not what the test expected") && $0.contains("closed") },
            "\(messages)")
    }

    func testHandMadeRowChangesFromTheWrongEarlierRowsFail() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(HandMadeTicketsViewModel(), spy: ReloadSpy())
            tester.send({ $0.ticketDidArrive(10) }) {
                $0.tickets.insert(Ticket(id: 10, title: "T10", status: "open"), at: 0)
                $0.openCount = 4
            }
            tester.send({ $0.ticketDidArriveComparedWithTheFirstOutputs(11) }) {
                $0.tickets.insert(Ticket(id: 11, title: "T11", status: "open"), at: 0)
                $0.openCount = 5
            }
        }
        assertOneFailure(
            reports,
            containing: "`ticketDidArriveComparedWithTheFirstOutputs(11)` sent reloadViews([tickets, openCount]), "
                + "whose row changes of tickets (inserted [0, 1]) do not fit the rows",
            "To fix: reload through OutputStore.update(notifying:_:) or set(_:to:field:notifying:)")
    }

    func testRowChangesThatFitButGiveTheWrongOrderFail() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(HandMadeTicketsViewModel(), spy: ReloadSpy())
            tester.send({ $0.ticketsDidSwapSayingNothing() }) { $0.tickets.insert($0.tickets.remove(at: 0), at: 1) }
        }
        assertOneFailure(
            reports,
            containing: "`ticketsDidSwapSayingNothing()` sent reloadViews([tickets]), whose row changes of tickets",
            "turn the old rows' IDs")
    }

    /// A reload that another call follows in the same input is checked as one alone: its row changes are kept
    /// with it.
    func testTheRowChangesOfAReloadThatAnotherCallFollowsAreChecked() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(HandMadeTicketsViewModel(), spy: ReloadSpy())
            tester.send({ $0.ticketsDidSwapSayingNothingThenRedraw() }) {
                $0.tickets.insert($0.tickets.remove(at: 0), at: 1)
            }
        }
        let messages = reports.messages
        XCTAssertTrue(messages.contains { $0.contains("sent 2 reloads") }, "\(messages)")
        XCTAssertTrue(
            messages.contains {
                $0.contains(
                    "`ticketsDidSwapSayingNothingThenRedraw()` sent reloadViews([tickets]), whose row changes of "
                        + "tickets (no row changed) turn the old rows' IDs [1, 2, 3] into [1, 2, 3], not the new rows' "
                        + "[2, 1, 3]")
            }, "\(messages)")
    }

    func testAFullReloadIsAlwaysRight() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(HandMadeTicketsViewModel(), spy: ReloadSpy())
            tester.send({ $0.ticketDidArriveRedrawingAll(10) }) {
                $0.tickets.insert(Ticket(id: 10, title: "T10", status: "open"), at: 0)
                $0.openCount = 4
            }
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testTheReferenceNamesEachKindOfChange() throws {
        let old: Rows<Ticket> = .tickets(4)
        var new = old
        new.remove(id: 1)
        new.insert(Ticket(id: 9, title: "T9", status: "open"), at: 0)
        new.update(Ticket(id: 3, title: "T3", status: "closed"))
        let reference = try XCTUnwrap(RowsReference(old: old, new: new))
        // IDs are matched as numbers (an old row's position, or one past the old rows), and shown as themselves.
        XCTAssertEqual(reference.oldIDs, [0, 1, 2, 3])
        XCTAssertEqual(reference.newIDs, [4, 1, 2, 3])
        XCTAssertEqual(reference.deleted.map(reference.describe), ["1"])
        XCTAssertEqual(reference.inserted.map(reference.describe), ["9"])
        XCTAssertEqual(reference.kept.filter(\.changed).map { reference.describe($0.id) }, ["3"])
        XCTAssertEqual(
            reference.kept.first { reference.describe($0.id) == "3" }?.differences, ["status: \"open\" → \"closed\""])
        XCTAssertEqual(
            reference.summary,
            "the row with ID 3: status: \"open\" → \"closed\"; deleted the rows with IDs [1]; "
                + "inserted the rows with IDs [9]")
        XCTAssertFalse(reference.isEqual)
        XCTAssertEqual(RowsReference(old: old, new: Rows(Array(old)))?.isEqual, true)
        XCTAssertNil(reference.ownEqualitySlip)
    }

    /// A kept row with the same bytes is the same value, so it did not change, whatever its `==` says: even a row
    /// the tester cannot take apart, which is otherwise judged by its `==`.
    func testTheReferenceTakesARowWithTheSameBytesAsUnchangedWhateverItsOwnEqualitySays() throws {
        let old = Rows([TouchyTaggedTicket(id: 1, title: "T1", status: "closed")])
        let new = Rows(Array(old))
        XCTAssertFalse(old[id: 1] == new[id: 1], "its == makes up a change")
        let reference = try XCTUnwrap(RowsReference(old: old, new: new))
        XCTAssertEqual(reference.kept.map(\.changed), [false])
        let compared = try XCTUnwrap(RowsReference(old: old, new: new, comparingEveryRow: true))
        XCTAssertEqual(compared.kept.map(\.changed), [true], "compared anyway, its == decides")
    }

    func testTheReferenceSeesRowsThatOnlyMoved() throws {
        let old: Rows<Ticket> = .tickets(4)
        let new = Rows([old[3], old[0], old[1], old[2]])
        let reference = try XCTUnwrap(RowsReference(old: old, new: new))
        XCTAssertEqual(reference.newIDs, [3, 0, 1, 2])
        XCTAssertEqual(reference.deleted, [])
        XCTAssertEqual(reference.inserted, [])
        XCTAssertEqual(reference.kept.filter(\.changed).count, 0)
        XCTAssertEqual(reference.summary, "moved rows")
        XCTAssertFalse(reference.isEqual)
        XCTAssertEqual(reference.list(reference.newIDs), "[4, 1, 2, 3]")
    }

    /// The full reckoning numbers each new row after the old row with its ID, found by the ID's hash value: rows
    /// whose IDs hash alike are told apart by their IDs, and each row no old row has gets a number of its own.
    func testEachNewRowIsNumberedAfterTheOldRowWithItsIDThoughTheirIDsHashAlike() throws {
        let old = Rows((0..<5).map { CollidingRow(id: CollidingID(value: $0)) })
        let (nine, eight) = (CollidingRow(id: CollidingID(value: 9)), CollidingRow(id: CollidingID(value: 8)))
        let new = Rows([old[4], old[0], nine, old[2], eight])
        let numbers = try XCTUnwrap(new.idNumbers(since: old))
        XCTAssertEqual(numbers.old, [0, 1, 2, 3, 4])
        XCTAssertEqual(numbers.new, [4, 0, 7, 2, 9])  // 9 and 8 are new: five old rows, plus their own positions
        XCTAssertNil(new.idNumbers(since: Rows<Ticket>.tickets(2)))
        // Many rows, whose slots in the table run into each other: every old row found, every new one not.
        let tickets: Rows<Ticket> = .tickets(200)
        let reversed = Rows(tickets.reversed().filter { $0.id % 3 != 0 } + Rows<Ticket>.tickets(250).suffix(50))
        let ticketNumbers = try XCTUnwrap(reversed.idNumbers(since: tickets))
        XCTAssertEqual(
            ticketNumbers.new,
            reversed.indices.map { position in
                tickets.index(forID: reversed[position].id) ?? tickets.count + position
            })
        XCTAssertEqual(try XCTUnwrap(Rows<Ticket>().idNumbers(since: Rows<Ticket>())).new, [])
        XCTAssertEqual(try XCTUnwrap(tickets.idNumbers(since: Rows<Ticket>())).new, Array(0..<200))
    }

    func testRowsOfAnotherTypeHaveNoReference() {
        let tickets: Rows<Ticket> = .tickets(2)
        let others = Rows([OtherRow(id: 1), OtherRow(id: 2)])
        XCTAssertNil(RowsReference(old: tickets, new: others))
        XCTAssertNil(RowsReference(old: others, new: tickets))
    }
}

/// A row type other than `Ticket`, with the same IDs.
private struct OtherRow: Identifiable, Equatable, Sendable {
    var id: Int
}

/// An ID whose every value has the same hash value.
private struct CollidingID: Hashable, Sendable {
    var value: Int

    func hash(into hasher: inout Hasher) {
        hasher.combine(0)
    }
}

/// A row whose IDs all hash alike.
private struct CollidingRow: Identifiable, Equatable, Sendable {
    var id: CollidingID
}
