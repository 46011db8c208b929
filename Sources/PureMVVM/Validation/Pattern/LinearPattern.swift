/// A pattern compiled to a Thompson automaton and matched by following every path at once, one unit of the text at
/// a time (a Pike VM without captures): the work is at most the text's length times the program's size, on any
/// text, so a pattern such as `(a+)+b` answers on 100,000 characters at once, where the time Swift's backtracking
/// engine takes grows exponentially with the text (the Validation article gives the times).
///
/// Programs are bounded too: a quantifier repeats at most 1,000 times and a program has at most
/// ``maximumInstructions`` instructions. Units are characters (grapheme clusters), as in Swift `Regex`, or
/// Unicode scalars for a pattern in the `u` option. Each unit test also knows, once, which ASCII units it accepts,
/// so an ASCII unit is tested with one bit.
///
/// `package`, for the package's fuzz target (`PatternFuzz`), which compares it with Swift `Regex` and counts its
/// work; apps use ``ValidationRule/pattern(_:match:message:)-(String,_,_)``.
package struct LinearPattern: Sendable {
    /// The largest program compiled; a larger pattern is refused.
    package static let maximumInstructions = 20_000

    /// One instruction of the automaton.
    enum Instruction: Sendable {
        /// Consumes one unit that the test at this index of ``tests`` accepts, then goes on to the next
        /// instruction.
        case unit(Int)
        /// Goes on at both instructions.
        case split(Int, Int)
        /// Goes on at an instruction.
        case jump(Int)
        /// Goes on to the next instruction where the assertion holds.
        case assertion(PatternAssertion)
        /// The pattern matched.
        case match
    }

    /// The program; the last instruction is the one ``Instruction/match``.
    let instructions: [Instruction]

    /// The number of instructions.
    package var instructionCount: Int { instructions.count }

    /// Whether units are Unicode scalars (for the fuzz target, which counts them).
    package var matchesScalarsForFuzzing: Bool { matchesScalars }
    /// The unit tests the ``Instruction/unit(_:)`` instructions name.
    let tests: [PatternUnitTest]
    /// For each test, the ASCII units it accepts.
    let asciiMatches: [ASCIISet]
    /// Whether units are Unicode scalars rather than characters.
    let matchesScalars: Bool
    /// Whether a test needs a unit's lower-case form.
    let ignoresCase: Bool

    /// Compiles a pattern.
    ///
    /// - Parameter pattern: The pattern (Swift `Regex` syntax, the regular subset: see ``PatternParser``).
    /// - Throws: ``InvalidPatternError`` for a pattern that is malformed, outside the regular subset, or too large.
    package init(_ pattern: String) throws(InvalidPatternError) {
        let parsed = try PatternParser.parse(pattern)
        var compiler = Compiler()
        guard compiler.emit(parsed.node), compiler.append(.match) else {
            throw InvalidPatternError(
                pattern: pattern,
                reason: "the pattern is too large: it compiles to more than \(Self.maximumInstructions) "
                    + "instructions (repeat less, or split it into several rules)")
        }
        instructions = compiler.instructions
        tests = compiler.tests
        asciiMatches = compiler.tests.map { test in
            var set = ASCIISet()
            for byte in UInt8(0)..<0x80 {
                let character = Character(Unicode.Scalar(byte))
                let lowercased = parsed.ignoresCase ? character.lowercased() : nil
                if PatternUnit.test(test, accepts: character, lowercased: lowercased) { set.insert(byte) }
            }
            return set
        }
        matchesScalars = parsed.matchesScalars
        ignoresCase = parsed.ignoresCase
    }

    /// Whether the pattern matches a text in a scope.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - scope: The whole text, its start, or any part.
    package func matches(_ text: String, _ scope: PatternMatch) -> Bool {
        run(text, scope).matches
    }

    /// Matches and counts the work (``PatternSimulation/run()``): at most (the text's units + 1) × (2 × the
    /// instructions + 2) steps.
    ///
    /// - Returns: Whether it matched, and the steps taken.
    package func run(_ text: String, _ scope: PatternMatch) -> (matches: Bool, steps: Int) {
        let units = PatternUnit.units(of: text, scalars: matchesScalars)
        var simulation = PatternSimulation(pattern: self, units: units, scope: scope)
        return simulation.run()
    }

    // MARK: Compiling

    /// Turns a node into instructions: Thompson's construction.
    private struct Compiler {
        var instructions: [Instruction] = []
        var tests: [PatternUnitTest] = []

        /// Appends an instruction; `false` past the limit.
        mutating func append(_ instruction: Instruction) -> Bool {
            guard instructions.count < LinearPattern.maximumInstructions else { return false }
            instructions.append(instruction)
            return true
        }

        /// Emits a node's instructions; `false` past the limit.
        mutating func emit(_ node: PatternNode) -> Bool {
            switch node {
            case .empty:
                return true
            case .unit(let test):
                tests.append(test)
                return append(.unit(tests.count - 1))
            case .assertion(let assertion):
                return append(.assertion(assertion))
            case .concatenation(let parts):
                for part in parts where !emit(part) { return false }
                return true
            case .alternation(let branches):
                // split L1, L2; L1: branch; jump end; L2: split …; last branch; end:
                var jumps: [Int] = []
                for (index, branch) in branches.enumerated() {
                    guard index < branches.count - 1 else {
                        guard emit(branch) else { return false }
                        break
                    }
                    let split = instructions.count
                    guard append(.split(split + 1, 0)), emit(branch) else { return false }
                    jumps.append(instructions.count)
                    guard append(.jump(0)) else { return false }
                    instructions[split] = .split(split + 1, instructions.count)
                }
                for jump in jumps { instructions[jump] = .jump(instructions.count) }
                return true
            case .repetition(let body, let minimum, let maximum):
                for _ in 0..<minimum where !emit(body) { return false }
                guard let maximum else {
                    // L: split body, end; body; jump L; end:
                    let split = instructions.count
                    guard append(.split(split + 1, 0)), emit(body), append(.jump(split)) else { return false }
                    instructions[split] = .split(split + 1, instructions.count)
                    return true
                }
                // Each optional copy: split body, end; body; every split skips to the end.
                var splits: [Int] = []
                for _ in minimum..<max(maximum, minimum) {
                    splits.append(instructions.count)
                    guard append(.split(0, 0)), emit(body) else { return false }
                }
                for split in splits { instructions[split] = .split(split + 1, instructions.count) }
                return true
            }
        }
    }
}

/// A set of ASCII units, as two 64-bit words.
struct ASCIISet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    mutating func insert(_ byte: UInt8) {
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }

    func contains(_ byte: Int) -> Bool {
        byte < 64 ? low >> UInt64(byte) & 1 != 0 : high >> UInt64(byte - 64) & 1 != 0
    }
}
