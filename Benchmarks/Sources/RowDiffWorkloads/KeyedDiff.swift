/// The keyed diff a developer writes by hand for a table view: a dictionary of the old rows' indexes by ID, one
/// pass over the new rows for insertions and updates, and a set of the new IDs for deletions. No moves (a moved
/// row is left where the table has it).
struct KeyedDiff {
    var deletions: [Int] = []
    var insertions: [Int] = []
    var updates: [Int] = []

    init(old: [BenchRow], new: [BenchRow]) {
        var oldIndexByID: [Int: Int] = [:]
        oldIndexByID.reserveCapacity(old.count)
        for (index, row) in old.enumerated() { oldIndexByID[row.id] = index }
        var newIDs = Set<Int>(minimumCapacity: new.count)
        for (index, row) in new.enumerated() {
            newIDs.insert(row.id)
            if let oldIndex = oldIndexByID[row.id] {
                if old[oldIndex] != row { updates.append(index) }
            } else {
                insertions.append(index)
            }
        }
        for (index, row) in old.enumerated() where !newIDs.contains(row.id) { deletions.append(index) }
    }
}
