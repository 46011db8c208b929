/// One run of a ``LinearPattern`` over a text's units: the set of instructions every live path is at, advanced
/// one unit at a time, with each set met kept as a state of a lazily built DFA.
///
/// A set moves to the next on a unit by testing each of its instructions and adding every instruction reachable
/// without consuming (where the assertions hold at the next place): Thompson's simulation, at most (2 ×
/// instructions + 1) steps per unit. The sets met are numbered, and the move of a set on an ASCII unit, at a place
/// of a given kind (what the assertions can see there), is remembered, so most units cost one look-up. The
/// cache never changes an answer, and is bounded (``maximumStates``): past it, it starts again empty, so the work
/// stays linear in the text, whatever the pattern. A short text (``cachedFrom`` units or fewer) is matched
/// without it: building states would cost more than it saves.
struct PatternSimulation {
    /// The most sets kept as states before the cache starts again.
    static let maximumStates = 2_000
    /// The fewest units for which the moves are remembered.
    static let cachedFrom = 64

    private let instructions: [LinearPattern.Instruction]
    private let tests: [PatternUnitTest]
    private let asciiMatches: [ASCIISet]
    private let ignoresCase: Bool
    /// The bits of a place's kind that the program's assertions read (``placeKind(_:)``); 0 without assertions.
    private let kindMask: Int
    private let units: [PatternUnit]
    private let scope: PatternMatch
    private let matchIndex: Int

    /// The members of each state (a set of instruction indices), and whether it holds the match instruction.
    private var states: [[Int]] = []
    private var isMatch: [Bool] = []
    private var stateNumbers: [[Int]: Int] = [:]
    /// Per state, the transition blocks made so far: a place kind and where its 128 entries start in
    /// ``transitions``.
    private var blocks: [[(kind: Int, start: Int)]] = []
    /// The next state for each ASCII code, in blocks of 128; -1 when not known yet.
    private var transitions: [Int] = []

    private var scratch: ThreadSet
    private var stack: [Int] = []
    private(set) var steps = 0

    init(pattern: LinearPattern, units: [PatternUnit], scope: PatternMatch) {
        instructions = pattern.instructions
        tests = pattern.tests
        asciiMatches = pattern.asciiMatches
        ignoresCase = pattern.ignoresCase
        kindMask = pattern.instructions.reduce(0) { mask, instruction in
            guard case .assertion(let assertion) = instruction else { return mask }
            return mask | Self.bits(read: assertion)
        }
        self.units = units
        self.scope = scope
        matchIndex = pattern.instructions.count - 1
        scratch = ThreadSet(capacity: pattern.instructions.count)
    }

    /// Runs to the answer.
    ///
    /// - Returns: Whether it matched, and the steps taken: each unit counts one, and each instruction visited or
    ///   tested in a move not remembered yet counts one, so at most (units + 1) × (2 × instructions + 2).
    mutating func run() -> (matches: Bool, steps: Int) {
        if units.count < Self.cachedFrom { return runWithoutCache() }
        scratch.removeAll()
        addThread(0, at: 0)
        var state = intern()
        var place = 0
        while true {
            if isMatch[state], scope != .wholeText || place == units.count { return (true, steps) }
            guard place < units.count else { return (false, steps) }
            if states[state].isEmpty && scope != .anywhere { return (false, steps) }
            steps += 1
            let unit = units[place]
            let kind = kindMask == 0 ? 0 : placeKind(place + 1) & kindMask
            if unit.code >= 0 {
                let block = transitionBlock(state, kind)
                let known = transitions[block + unit.code]
                if known >= 0 {
                    state = known
                } else {
                    let next = move(state, on: unit, to: place + 1)
                    if states.count > Self.maximumStates {
                        state = restart(with: next)
                    } else {
                        transitions[transitionBlock(state, kind) + unit.code] = next
                        state = next
                    }
                }
            } else {
                state = move(state, on: unit, to: place + 1)
                if states.count > Self.maximumStates { state = restart(with: state) }
            }
            place += 1
        }
    }

    /// Thompson's simulation itself, each move computed: for short texts.
    private mutating func runWithoutCache() -> (matches: Bool, steps: Int) {
        let matchIndex = matchIndex
        scratch.removeAll()
        addThread(0, at: 0)
        var current = scratch
        var place = 0
        while true {
            if current.contains(matchIndex), scope != .wholeText || place == units.count { return (true, steps) }
            guard place < units.count else { return (false, steps) }
            if current.count == 0 && scope != .anywhere { return (false, steps) }
            steps += 1
            let unit = units[place]
            var lowercased: String?
            scratch.removeAll()
            for member in 0..<current.count {
                let index = current[member]
                steps += 1
                guard case .unit(let test) = instructions[index] else { continue }
                if accepts(test, unit, &lowercased) { addThread(index + 1, at: place + 1) }
            }
            if scope == .anywhere { addThread(0, at: place + 1) }
            swap(&current, &scratch)
            place += 1
        }
    }

    /// Whether a unit test accepts a unit: its ASCII set for an ASCII unit, else the test itself.
    private func accepts(_ test: Int, _ unit: PatternUnit, _ lowercased: inout String?) -> Bool {
        if unit.code >= 0 { return asciiMatches[test].contains(unit.code) }
        if ignoresCase && lowercased == nil { lowercased = unit.asCharacter.lowercased() }
        return PatternUnit.test(tests[test], accepts: unit.asCharacter, lowercased: lowercased)
    }

    // MARK: Moves

    /// The state after a state consumes a unit, its sets reachable at the next place added (and the start, when
    /// matching anywhere).
    private mutating func move(_ state: Int, on unit: PatternUnit, to place: Int) -> Int {
        scratch.removeAll()
        let members = states[state]
        var lowercased: String?
        for index in members {
            steps += 1
            guard case .unit(let test) = instructions[index] else { continue }
            if accepts(test, unit, &lowercased) { addThread(index + 1, at: place) }
        }
        if scope == .anywhere { addThread(0, at: place) }
        return intern()
    }

    /// Adds an instruction to ``scratch``, with every instruction reachable from it without consuming a unit.
    private mutating func addThread(_ start: Int, at place: Int) {
        stack.append(start)
        while let index = stack.popLast() {
            guard scratch.insert(index) else { continue }
            steps += 1
            switch instructions[index] {
            case .jump(let target):
                stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assertion(let assertion):
                if holds(assertion, at: place) { stack.append(index + 1) }
            case .unit, .match:
                break
            }
        }
    }

    /// The state of the set in ``scratch`` (only the instructions that consume or match: the others are
    /// passed through), numbered when new.
    private mutating func intern() -> Int {
        var members: [Int] = []
        for member in 0..<scratch.count {
            let index = scratch[member]
            switch instructions[index] {
            case .unit, .match: members.append(index)
            default: break
            }
        }
        members.sort()
        if let known = stateNumbers[members] { return known }
        let number = states.count
        stateNumbers[members] = number
        isMatch.append(members.last == matchIndex)
        states.append(members)
        blocks.append([])
        return number
    }

    /// Forgets every state but one, when the cache is full.
    private mutating func restart(with state: Int) -> Int {
        let members = states[state]
        states = [members]
        isMatch = [members.last == matchIndex]
        stateNumbers = [members: 0]
        blocks = [[]]
        transitions = []
        return 0
    }

    /// Where the transitions of a state at a place kind start, made when new.
    private mutating func transitionBlock(_ state: Int, _ kind: Int) -> Int {
        for block in blocks[state] where block.kind == kind { return block.start }
        let start = transitions.count
        transitions.append(contentsOf: repeatElement(-1, count: 128))
        blocks[state].append((kind, start))
        return start
    }

    // MARK: Places

    /// The bits of a place's kind an assertion reads.
    private static func bits(read assertion: PatternAssertion) -> Int {
        switch assertion {
        case .startOfText: 1
        case .endOfText: 2
        case .startOfLine(let multiline): multiline ? 1 | 4 : 1
        case .endOfLine(let multiline): multiline ? 2 | 8 : 2
        case .endOfTextBeforeFinalNewline: 2 | 8 | 256
        case .wordBoundary(_, let asciiWords): asciiWords ? 64 | 128 : 16 | 32
        }
    }

    /// What the assertions can see at a place, as bits: the same kind, the same answers.
    private func placeKind(_ place: Int) -> Int {
        let isStart = place == 0
        let isEnd = place == units.count
        var kind = 0
        if isStart { kind |= 1 }
        if isEnd { kind |= 2 }
        if !isStart && units[place - 1].isNewline { kind |= 4 }
        if !isEnd && units[place].isNewline { kind |= 8 }
        if !isStart && units[place - 1].isWord(asciiOnly: false) { kind |= 16 }
        if !isEnd && units[place].isWord(asciiOnly: false) { kind |= 32 }
        if !isStart && units[place - 1].isWord(asciiOnly: true) { kind |= 64 }
        if !isEnd && units[place].isWord(asciiOnly: true) { kind |= 128 }
        if place == units.count - 1 { kind |= 256 }
        return kind
    }

    /// Whether an assertion holds at a place (between the unit before it and the unit at it).
    private func holds(_ assertion: PatternAssertion, at place: Int) -> Bool {
        let kind = placeKind(place)
        let isStart = kind & 1 != 0
        let isEnd = kind & 2 != 0
        switch assertion {
        case .startOfText: return isStart
        case .endOfText: return isEnd
        case .startOfLine(let multiline): return isStart || (multiline && kind & 4 != 0)
        case .endOfLine(let multiline): return isEnd || (multiline && kind & 8 != 0)
        case .endOfTextBeforeFinalNewline: return isEnd || (kind & 256 != 0 && kind & 8 != 0)
        case .wordBoundary(let isNegated, let asciiWords):
            let before = kind & (asciiWords ? 64 : 16) != 0
            let after = kind & (asciiWords ? 128 : 32) != 0
            return (before != after) != isNegated
        }
    }
}

/// A set of instruction indices with constant-time insert, look-up and clear, its members in insertion order (a
/// sparse set).
struct ThreadSet {
    private var dense: [Int]
    private var sparse: [Int]
    private(set) var count = 0

    init(capacity: Int) {
        dense = Array(repeating: 0, count: capacity)
        sparse = Array(repeating: 0, count: capacity)
    }

    subscript(member: Int) -> Int { dense[member] }

    func contains(_ index: Int) -> Bool {
        let slot = sparse[index]
        return slot < count && dense[slot] == index
    }

    /// Inserts an index; `false` when it was there.
    mutating func insert(_ index: Int) -> Bool {
        if contains(index) { return false }
        sparse[index] = count
        dense[count] = index
        count += 1
        return true
    }

    mutating func removeAll() {
        count = 0
    }
}
