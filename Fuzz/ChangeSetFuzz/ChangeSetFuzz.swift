// The ChangeSet fuzz target: random insert, union and contains sequences checked against Set<Int>.
// Built with -sanitize=fuzzer and -D FUZZING it is a libFuzzer target (scripts/fuzz.sh); built normally it replays
// Fixtures/fuzz/change-set, or the files it is given.

internal import FuzzSupport
internal import PureMVVM

/// Runs a random program of inserts, unions, rebuilds and membership tests on two change sets and on two
/// `Set<Int>`s side by side, and compares their counts after every step and, at the end, members, order, emptiness,
/// equality, hashing and description. Positions cover the inline word (0–63), the inline `.one`/`.two` forms past it, and the heap form.
@main
enum ChangeSetFuzz: FuzzTarget {
    static let target = "change-set"

    /// An output field at any position, so the fuzzer can reach every storage form.
    struct Field: OutputField, CustomStringConvertible {
        let index: Int
        init(raw index: Int) { self.index = index }
        init?(index: Int) {
            guard index >= 0 else { return nil }
            self.index = index
        }
        var description: String { "f\(index)" }
        /// Every position the fuzzer draws.
        static var allCases: [Self] { (0...100_000).map(Self.init(raw:)) }
    }

    struct Outputs: ViewOutputs {
        func hasChanged(_ field: Field, since old: Outputs) -> Bool { false }
    }

    /// Checks one input.
    ///
    /// - Parameter bytes: The fuzzer's input.
    /// - Returns: `nil` when the change sets behaved as `Set<Int>`, or what differed.
    static func check(_ bytes: [UInt8]) -> String? {
        var input = FuzzInput(bytes)
        var sets = [ChangeSet<Outputs>(), ChangeSet<Outputs>()]
        var references: [Set<Int>] = [[], []]
        var step = 0
        while !input.isEmpty {
            step += 1
            let operation = input.byte()
            let side = Int(operation >> 7)
            switch (operation & 0x7F) % 5 {
            case 0:
                let position = self.position(&input)
                sets[side].insert(Field(raw: position))
                references[side].insert(position)
            case 1:
                sets[side].formUnion(sets[1 - side])
                references[side].formUnion(references[1 - side])
            case 2:
                let position = input.byte() % 8 == 0 ? -input.int(in: 1...1000) : self.position(&input)
                if sets[side].contains(Field(raw: position)) != references[side].contains(position) {
                    return "step \(step): contains(\(position)) is \(!references[side].contains(position))"
                }
            case 3:
                let positions = (0..<input.int(in: 0...6)).map { _ in self.position(&input) }
                sets[side] = ChangeSet(positions.map(Field.init(raw:)))
                references[side] = Set(positions)
            default:
                sets[side] = ChangeSet()
                references[side] = []
            }
            if sets[side].count != references[side].count {
                return "step \(step): count \(sets[side].count), expected \(references[side].count)"
            }
        }
        return compare(sets, references).map { "after \(step) steps: \($0)" }
    }

    /// A position: mostly around the 64-bit boundary and a few past it, sometimes far out.
    private static func position(_ input: inout FuzzInput) -> Int {
        switch input.byte() % 4 {
        case 0: input.int(in: 0...63)
        case 1: input.int(in: 60...72)
        case 2: input.int(in: 64...80)
        default: input.int(in: 0...100_000)
        }
    }

    private static func compare(_ sets: [ChangeSet<Outputs>], _ references: [Set<Int>]) -> String? {
        for (set, reference) in zip(sets, references) {
            let members = set.map(\.index)
            if members != reference.sorted() { return "members \(members), expected \(reference.sorted())" }
            if set.count != reference.count { return "count \(set.count), expected \(reference.count)" }
            if set.underestimatedCount != reference.count { return "underestimatedCount \(set.underestimatedCount)" }
            if set.isEmpty != reference.isEmpty { return "isEmpty \(set.isEmpty) for \(reference.sorted())" }
            if set != ChangeSet(reference.map(Field.init(raw:))) { return "\(set) differs from the same set rebuilt" }
            if set.description != "[" + reference.sorted().map({ "f\($0)" }).joined(separator: ", ") + "]" {
                return "description \(set.description)"
            }
        }
        let equal = sets[0] == sets[1]
        if equal != (references[0] == references[1]) {
            return "\(sets[0]) == \(sets[1]) is \(equal), expected \(!equal)"
        }
        if equal && sets[0].hashValue != sets[1].hashValue { return "equal sets \(sets[0]) hash differently" }
        return nil
    }
}
